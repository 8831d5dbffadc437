import { cn } from "#app/lib/cn.ts";

/**
 * Typography for HTML rendered from our own Markdown (blog posts, docs). The project has no
 * typography plugin, so the element styles live here, on semantic tokens for light and dark.
 */
const PROSE_CLASSES = [
  "max-w-none text-pretty text-base leading-7 text-foreground",
  "[&>*:first-child]:mt-0",
  "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-balance [&_h2]:font-bold [&_h2]:text-2xl [&_h2]:tracking-tight",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-24 [&_h3]:font-semibold [&_h3]:text-xl [&_h3]:tracking-tight",
  "[&_h4]:mt-6 [&_h4]:scroll-mt-24 [&_h4]:font-semibold",
  "[&_p]:mt-5 [&_ul]:mt-5 [&_ol]:mt-5 [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6",
  "[&_li]:mt-2 [&_li]:pl-1 [&_li>p]:mt-2 [&_strong]:font-semibold [&_strong]:text-foreground",
  // Links inside text are underlined: colour alone must not be the only cue (WCAG 1.4.1).
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:decoration-2",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground",
  "[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.875em] [&_:not(pre)>code]:break-words",
  "[&_pre]:mt-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:bg-muted [&_pre]:p-4 [&_pre]:font-mono [&_pre]:text-sm [&_pre]:leading-6",
  "[&_pre:focus-visible]:outline-2 [&_pre:focus-visible]:outline-ring",
  "[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-left [&_table]:text-sm",
  "[&_th]:border-b [&_th]:px-3 [&_th]:py-2 [&_th]:align-bottom [&_th]:font-semibold",
  "[&_td]:border-b [&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_td]:break-words",
  "[&_hr]:my-10",
].join(" ");

/** Code blocks can scroll sideways on a phone; a keyboard user must be able to focus them to scroll. */
function makeCodeBlocksFocusable(html: string): string {
  return html.replaceAll("<pre>", '<pre tabindex="0">');
}

export function Prose({ html, className }: { html: string; className?: string }) {
  return (
    <div className={cn(PROSE_CLASSES, className)} dangerouslySetInnerHTML={{ __html: makeCodeBlocksFocusable(html) }} />
  );
}
