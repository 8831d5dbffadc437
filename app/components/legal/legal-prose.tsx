import { Prose } from "#app/components/content/prose.tsx";

const TABLE_REGION_CLASSES =
  "legal-table mt-6 overflow-x-auto rounded-lg border focus-visible:outline-2 focus-visible:outline-ring";

/**
 * Legal text. Its tables (plans, retention periods, cookies) are wider than a phone, so each sits
 * in a region that scrolls sideways, takes keyboard focus to do so, and is named by the heading
 * above it.
 */
export function withScrollableTables(html: string): string {
  let headingId: string | undefined;
  return html.replace(/<h[2-4] id="([^"]+)"|<table>|<\/table>/g, (match, id: string | undefined) => {
    if (id) {
      headingId = id;
      return match;
    }
    if (match === "</table>") return "</table></div>";
    const name = headingId ? `aria-labelledby="${headingId}"` : 'aria-label="Table"';
    return `<div class="${TABLE_REGION_CLASSES}" tabindex="0" role="region" ${name}><table>`;
  });
}

export function LegalProse({ html, className }: { html: string; className?: string }) {
  return (
    <Prose
      html={withScrollableTables(html)}
      className={[
        "[&_.legal-table>table]:mt-0 [&_.legal-table>table]:min-w-[36rem] [&_.legal-table_th]:bg-muted/50",
        "[&_.legal-table_tr:last-child>td]:border-b-0",
        className ?? "",
      ].join(" ")}
    />
  );
}
