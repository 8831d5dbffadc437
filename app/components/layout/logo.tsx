import { cn } from "#app/lib/cn.ts";

/** The Adhelm mark: a helm wheel whose spokes end in a rising bar chart. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-7 shrink-0", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <circle cx="16" cy="16" r="8.5" fill="none" strokeWidth="2.4" className="stroke-primary-foreground" />
      <path
        d="M12 20v-3M16 20v-6M20 20v-9"
        strokeWidth="2.4"
        strokeLinecap="round"
        className="stroke-primary-foreground"
      />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold text-lg tracking-tight", className)}>
      <LogoMark />
      <span>Adhelm</span>
    </span>
  );
}
