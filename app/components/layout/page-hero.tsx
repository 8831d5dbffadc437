import type { ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";

/** The opening block of a public page: an eyebrow, the page's headline and a lead paragraph. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("relative overflow-hidden border-b", className)}>
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]"
      />
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
        {eyebrow ? <p className="font-semibold text-primary text-sm uppercase tracking-wide">{eyebrow}</p> : null}
        <h1 className="mt-2 text-balance font-bold text-4xl tracking-tight sm:text-5xl">{title}</h1>
        {lead ? <p className="mx-auto mt-6 max-w-2xl text-pretty text-lg text-muted-foreground">{lead}</p> : null}
        {children ? <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
