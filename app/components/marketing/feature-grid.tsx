import { cn } from "../../lib/cn.ts";
import { PRODUCT_FEATURES } from "../../lib/marketing-content.ts";
import { Card, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";

/** The six product features as cards; used on the landing and features pages. */
export function FeatureGrid({ className }: { className?: string }) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2 lg:grid-cols-3", className)}>
      {PRODUCT_FEATURES.map(({ title, description, icon: Icon }) => (
        <li key={title} className="flex">
          <Card className="w-full">
            <CardHeader>
              <span className="mb-2 inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <CardTitle>
                <h3 className="text-lg">{title}</h3>
              </CardTitle>
              <CardDescription className="text-pretty">{description}</CardDescription>
            </CardHeader>
          </Card>
        </li>
      ))}
    </ul>
  );
}
