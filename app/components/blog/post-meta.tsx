import { formatLongDate } from "#app/components/content/format-date.ts";
import { cn } from "#app/lib/cn.ts";
import type { BlogPostSummary } from "./blog-types.ts";

/**
 * Author, date and reading time. Stacked on cards, where a wrapped line would leave a dangling
 * separator; on one line in a post's header, with the date and reading time kept together.
 */
export function PostMeta({
  post,
  isStacked = false,
  className,
}: {
  post: Pick<BlogPostSummary, "author" | "date" | "readingMinutes">;
  isStacked?: boolean;
  className?: string;
}) {
  return (
    <p
      className={cn(
        "flex text-muted-foreground text-sm",
        isStacked ? "flex-col gap-0.5" : "flex-wrap items-center gap-x-2 gap-y-1",
        className,
      )}
    >
      <span>By {post.author}</span>
      {isStacked ? null : (
        <span aria-hidden="true" className="hidden sm:inline">
          ·
        </span>
      )}
      <span className="whitespace-nowrap">
        <time dateTime={post.date}>{formatLongDate(post.date)}</time>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        {post.readingMinutes} min read
      </span>
    </p>
  );
}
