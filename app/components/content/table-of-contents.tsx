import { cn } from "#app/lib/cn.ts";
import type { MarkdownHeading } from "#core/content/markdown.ts";

/**
 * An "On this page" list of links to a document's headings (plain anchors: they work without
 * JavaScript). Second-level headings are always listed; deeper ones only on wide screens, where
 * the list sits beside the text instead of above it.
 */
export function TableOfContents({
  headings,
  label = "On this page",
  maxDepth = 3,
  className,
}: {
  headings: readonly MarkdownHeading[];
  label?: string;
  maxDepth?: number;
  className?: string;
}) {
  const entries = headings.filter((heading) => heading.depth >= 2 && heading.depth <= maxDepth);
  if (entries.length === 0) return null;
  return (
    <nav aria-labelledby="toc-heading" className={cn("text-sm", className)}>
      <h2 id="toc-heading" className="font-semibold text-foreground">
        {label}
      </h2>
      <ol className="mt-3 space-y-1 border-l">
        {entries.map((heading) => (
          <li key={heading.id} className={heading.depth > 2 ? "hidden lg:block" : undefined}>
            <a
              href={`#${heading.id}`}
              className={cn(
                "-ml-px block border-l border-transparent py-1 lg:py-0.5 text-muted-foreground hover:border-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
                heading.depth > 2 ? "pl-7" : "pl-4",
              )}
            >
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
