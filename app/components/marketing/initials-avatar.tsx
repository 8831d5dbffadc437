import { cn } from "#app/lib/cn.ts";
import { initialsOf } from "#app/lib/initials.ts";

/** A person's initials in a tinted circle: no stock photos on the public site. */
export function InitialsAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary",
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
