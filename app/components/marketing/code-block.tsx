import { cn } from "#app/lib/cn.ts";

/**
 * Preformatted code that scrolls on small screens. The scrolling box is a named, focusable
 * region, so keyboard users can scroll it and screen readers say what it holds.
 */
export function CodeBlock({ code, label, className }: { code: string; label: string; className?: string }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      className={cn(
        "overflow-auto rounded-lg border bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      <pre className="w-fit min-w-full p-4 font-mono text-[13px] text-foreground leading-relaxed">
        <code>{code}</code>
      </pre>
    </section>
  );
}
