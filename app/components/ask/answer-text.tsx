/**
 * An answer's text as the model or the catalogue wrote it: paragraphs, "- " lists, and Markdown
 * links. Only links into the app (a path starting with "/") become links; anything else stays text,
 * so an answer can never send the reader somewhere else.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";

const LINK = /\[([^\]\n]{1,200})\]\(([^)\s]{1,500})\)/g;

function isAppPath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//");
}

function inline(text: string, keyPrefix: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = "", href = ""] = match;
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      isAppPath(href) ? (
        <Link
          key={`${keyPrefix}-${start}`}
          to={href}
          className="font-medium text-primary underline underline-offset-4 hover:no-underline"
        >
          {label}
        </Link>
      ) : (
        label
      ),
    );
    last = start + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function AnswerText({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/).filter((block) => block.trim() !== "");
  return (
    <div className="flex flex-col gap-2 break-words leading-relaxed">
      {blocks.map((block, blockIndex) => {
        const lines = block.split("\n");
        const items = lines.filter((line) => /^\s*[-*•]\s+/.test(line));
        const prose = lines.filter((line) => !/^\s*[-*•]\s+/.test(line));
        const key = `block-${blockIndex}`;
        return (
          <div key={key} className="flex flex-col gap-1.5">
            {prose.length > 0 ? <p>{inline(prose.join(" "), key)}</p> : null}
            {items.length > 0 ? (
              <ul className="ml-5 list-disc space-y-1 marker:text-muted-foreground">
                {items.map((item, itemIndex) => (
                  <li key={itemIndex}>{inline(item.replace(/^\s*[-*•]\s+/, ""), `${key}-${itemIndex}`)}</li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
