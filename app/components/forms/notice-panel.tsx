import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";

const TONES = {
  success: "bg-success/10 text-success",
  warning: "bg-warning/15 text-foreground",
  error: "bg-destructive/10 text-destructive",
} as const;

/**
 * A page that reports one outcome (a confirmed subscription, an expired link): an icon, the
 * page's h1, a lead paragraph and what to do next.
 */
export function NoticePanel({
  icon: Icon,
  tone,
  title,
  lead,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]"
      />
      <div className="mx-auto flex min-h-[60svh] max-w-xl flex-col items-center justify-center gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
        <span className={cn("inline-flex size-14 items-center justify-center rounded-full", TONES[tone])}>
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <div className="grid gap-3">
          <h1 className="text-balance font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
          <div className="text-pretty text-lg text-muted-foreground">{lead}</div>
        </div>
        {children}
      </div>
    </section>
  );
}
