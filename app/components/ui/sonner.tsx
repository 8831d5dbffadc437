import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

export type { ToasterProps };

/**
 * Toast colours follow the design tokens, so they switch with the light/dark theme. The error and success
 * texts mix in the foreground: bare --destructive and --success fall short of 4.5:1 on their own tint
 * (success in light mode, destructive in dark), and the mix darkens them in light mode, lightens them in dark.
 */
const tokenStyle = {
  "--normal-bg": "var(--popover)",
  "--normal-text": "var(--popover-foreground)",
  "--normal-border": "var(--border)",
  "--normal-bg-hover": "var(--accent)",
  "--normal-border-hover": "var(--border)",
  "--border-radius": "var(--radius)",
  "--error-bg": "color-mix(in oklab, var(--destructive) 12%, var(--popover))",
  "--error-border": "color-mix(in oklab, var(--destructive) 40%, var(--popover))",
  "--error-text": "color-mix(in oklab, var(--destructive) 65%, var(--popover-foreground))",
  "--success-bg": "color-mix(in oklab, var(--success) 12%, var(--popover))",
  "--success-border": "color-mix(in oklab, var(--success) 40%, var(--popover))",
  "--success-text": "color-mix(in oklab, var(--success) 65%, var(--popover-foreground))",
  "--warning-bg": "color-mix(in oklab, var(--warning) 14%, var(--popover))",
  "--warning-border": "color-mix(in oklab, var(--warning) 45%, var(--popover))",
  "--warning-text": "var(--popover-foreground)",
  "--info-bg": "color-mix(in oklab, var(--primary) 10%, var(--popover))",
  "--info-border": "color-mix(in oklab, var(--primary) 35%, var(--popover))",
  "--info-text": "var(--popover-foreground)",
} as React.CSSProperties;

/**
 * App-wide toast outlet. Pass the resolved app theme ("light" | "dark") or "system"; rich colours make
 * `toast.error` (destructive) and `toast.success` stand out.
 */
export function Toaster({ theme = "system", style, ...props }: ToasterProps) {
  return (
    <Sonner
      theme={theme}
      className="toaster group"
      position="bottom-right"
      richColors
      closeButton
      style={{ ...tokenStyle, ...style }}
      {...props}
    />
  );
}
