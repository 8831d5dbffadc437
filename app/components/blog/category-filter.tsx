import { Link } from "react-router";
import { cn } from "#app/lib/cn.ts";
import type { BlogCategory } from "./blog-types.ts";

const PILL =
  "inline-flex h-9 items-center rounded-full border px-4 font-medium text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * Category filters as plain links (`/blog?category=guides`): the server applies them, so they work
 * without JavaScript, can be shared and bookmarked, and the back button behaves.
 */
export function CategoryFilter({
  categories,
  activeSlug,
}: {
  categories: readonly BlogCategory[];
  activeSlug: string | null;
}) {
  const options = [{ slug: null, label: "All posts" }, ...categories];
  return (
    <nav aria-label="Blog categories">
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const isActive = option.slug === activeSlug;
          return (
            <li key={option.slug ?? "all"}>
              <Link
                to={option.slug ? `/blog?category=${option.slug}` : "/blog"}
                preventScrollReset
                aria-current={isActive ? "page" : undefined}
                className={cn(
                  PILL,
                  isActive
                    ? "border-primary bg-primary text-primary-foreground"
                    : "bg-background text-muted-foreground hover:bg-accent hover:text-accent-foreground",
                )}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
