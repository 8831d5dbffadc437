import type { ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";

/** A titled block of a content page: its h2 names the section for assistive technology too. */
export function ContentSection({
  id,
  title,
  lead,
  children,
  className,
  isTinted = false,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
  /** A muted band, to separate sections on long pages. */
  isTinted?: boolean;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn("scroll-mt-16 py-16 sm:py-20", isTinted && "border-y bg-muted/30", className)}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <h2 id={`${id}-heading`} className="text-balance font-bold text-3xl tracking-tight">
            {title}
          </h2>
          {lead ? <p className="mt-4 text-pretty text-lg text-muted-foreground">{lead}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
