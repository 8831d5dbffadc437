import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { cn } from "#app/lib/cn.ts";
import type { BlogPostSummary } from "./blog-types.ts";
import { CategoryBanner } from "./category-icon.tsx";
import { PostMeta } from "./post-meta.tsx";

/**
 * A post in a listing. The whole card is clickable through the title link's stretched hit area,
 * so screen readers hear one link with the post's title, not a wall of card text.
 */
export function PostCard({
  post,
  headingLevel = 3,
  isFeatured = false,
  className,
}: {
  post: BlogPostSummary;
  headingLevel?: 2 | 3;
  isFeatured?: boolean;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md",
        isFeatured && "md:flex-row",
        className,
      )}
    >
      <CategoryBanner
        category={post.category.slug}
        className={cn("h-36 shrink-0 border-b", isFeatured && "md:h-auto md:w-2/5 md:border-r md:border-b-0")}
      />
      <div className={cn("flex flex-1 flex-col gap-3 p-6", isFeatured && "md:p-8")}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{post.category.label}</Badge>
          {isFeatured ? <Badge>Featured</Badge> : null}
        </div>
        <Heading
          className={cn(
            "text-balance font-semibold tracking-tight",
            isFeatured ? "text-2xl sm:text-3xl" : "text-lg leading-snug",
          )}
        >
          <Link
            to={`/blog/${post.slug}`}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-primary"
          >
            {post.title}
          </Link>
        </Heading>
        <p className={cn("text-pretty text-muted-foreground", isFeatured ? "text-base" : "text-sm")}>
          {post.description}
        </p>
        <PostMeta post={post} isStacked={!isFeatured} className="mt-auto pt-2" />
      </div>
    </article>
  );
}
