import { Check, type LucideIcon } from "lucide-react";
import { Card } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { PRODUCT_FEATURES } from "#app/lib/marketing-content.ts";
import { IconCardHeader } from "./icon-card-header.tsx";

export interface IconCardItem {
  title: string;
  description: string;
  icon: LucideIcon;
}

/** Cards with an icon, a title and a line of text, in a grid (features, benefits, values). */
export function IconCardGrid({ items, className }: { items: readonly IconCardItem[]; className?: string }) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2", className)}>
      {items.map(({ title, description, icon }) => (
        <li key={title} className="flex">
          <Card className="w-full transition-shadow hover:shadow-md">
            <IconCardHeader icon={icon} title={title} description={description} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The six product features as cards; used on the landing and features pages. */
export function FeatureGrid({ className }: { className?: string }) {
  return <IconCardGrid items={PRODUCT_FEATURES} className={cn("lg:grid-cols-3", className)} />;
}

/** The six features as wide cards, each with how it works in Adhelm; for the features page. */
export function FeatureDetailList({ className }: { className?: string }) {
  return (
    <ul className={cn("grid gap-6", className)}>
      {PRODUCT_FEATURES.map(({ title, description, icon, howItWorks }) => (
        <li key={title}>
          <Card className="gap-0 md:grid md:grid-cols-[1fr_1.3fr] md:py-0">
            <div className="md:py-8">
              <IconCardHeader icon={icon} title={title} description={description} />
            </div>
            <div className="mx-6 mt-6 border-t pt-6 md:m-0 md:rounded-r-xl md:border-t-0 md:border-l md:bg-muted/30 md:px-8 md:py-8">
              <p className="font-medium text-sm">How it works in Adhelm</p>
              <ul className="mt-3 grid gap-3 text-muted-foreground text-sm">
                {howItWorks.map((step) => (
                  <li key={step} className="flex gap-2.5">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                    <span className="text-pretty">{step}</span>
                  </li>
                ))}
              </ul>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
