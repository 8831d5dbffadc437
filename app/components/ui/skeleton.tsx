import type * as React from "react";
import { cn } from "#app/lib/cn.ts";

/** Loading placeholder. Mark the loading region with aria-busy; the skeleton itself is hidden from assistive tech. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-accent motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
