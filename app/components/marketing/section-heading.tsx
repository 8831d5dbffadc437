import type { ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";

/** The heading block that opens every section of the public pages: eyebrow, h2 and lead. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  className,
}: {
  /** The h2's id, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto max-w-2xl text-center", className)}>
      {eyebrow ? <p className="font-semibold text-primary text-sm uppercase tracking-wide">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-balance font-bold text-3xl tracking-tight sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-4 text-pretty text-lg text-muted-foreground">{lead}</p> : null}
    </div>
  );
}
