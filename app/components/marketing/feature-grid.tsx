import { cn } from "../../lib/cn.ts";
import { PRODUCT_FEATURES } from "../../lib/marketing-content.ts";
import { Card } from "../ui/card.tsx";
import { IconCardHeader } from "./icon-card-header.tsx";

/** The six product features as cards; used on the landing and features pages. */
export function FeatureGrid({ className }: { className?: string }) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2 lg:grid-cols-3", className)}>
      {PRODUCT_FEATURES.map(({ title, description, icon }) => (
        <li key={title} className="flex">
          <Card className="w-full">
            <IconCardHeader icon={icon} title={title} description={description} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
