import { cn } from "#app/lib/cn.ts";

const METHOD_STYLES: Record<string, string> = {
  GET: "bg-primary/10 text-primary",
  POST: "bg-success/15 text-foreground",
  PUT: "bg-warning/20 text-foreground",
  PATCH: "bg-warning/20 text-foreground",
  DELETE: "bg-destructive/10 text-destructive",
};

/** An HTTP method as a small coloured label, the same on the /api page and in the reference. */
export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex w-fit shrink-0 rounded-md px-2 py-1 font-mono font-semibold text-xs",
        METHOD_STYLES[method] ?? "bg-muted text-foreground",
        className,
      )}
    >
      {method}
    </span>
  );
}
