import { BookOpen, ChartLine, Layers, type LucideIcon, Zap } from "lucide-react";
import { cn } from "#app/lib/cn.ts";
import type { BlogCategorySlug } from "./blog-types.ts";

const CATEGORY_ICONS: Record<BlogCategorySlug, LucideIcon> = {
  guides: BookOpen,
  measurement: ChartLine,
  automation: Zap,
  platforms: Layers,
};

/** A decorative banner standing in for a cover image: the category's icon on a soft tint. */
export function CategoryBanner({ category, className }: { category: BlogCategorySlug; className?: string }) {
  const Icon = CATEGORY_ICONS[category];
  return (
    <div
      aria-hidden="true"
      className={cn(
        "flex items-center justify-center bg-[radial-gradient(ellipse_at_top_left,var(--color-accent),transparent_70%)] bg-primary/5",
        className,
      )}
    >
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-background/80 text-primary shadow-sm ring-1 ring-border">
        <Icon className="size-7" />
      </span>
    </div>
  );
}
