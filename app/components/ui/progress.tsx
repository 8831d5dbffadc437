import { Progress as ProgressPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "#app/lib/cn.ts";

/**
 * Determinate progress bar (role="progressbar" with aria-valuenow/valuemax from radix). Give it an
 * accessible name with `aria-label` or `aria-labelledby`. Omit `value` (or pass null) for indeterminate.
 */
export function Progress({
  className,
  value,
  max = 100,
  ...props
}: React.ComponentProps<typeof ProgressPrimitive.Root>) {
  const safeMax = max > 0 ? max : 100;
  // Radix logs an error for out-of-range values, so clamp instead of passing them through.
  const clamped = value == null || Number.isNaN(value) ? null : Math.min(Math.max(value, 0), safeMax);
  const percent = clamped == null ? 0 : (clamped / safeMax) * 100;
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={clamped}
      max={safeMax}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-primary/20", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="h-full w-full flex-1 bg-primary transition-transform duration-300 motion-reduce:transition-none"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
