/**
 * One KPI: its label, its value for the chosen range and the change against the previous period.
 *
 * Props:
 * - `label`: "Spend", "ROAS"… also the tile's accessible name (role="group").
 * - `current`, `previous`: the range's and the previous period's raw numbers (null: not available).
 * - `format`: turns either into text ("$12,340.00", "3.42×"), in the reader's locale
 *   (`useMetricFormat()`). The previous figure is shown as "vs $10,100.00".
 * - `goodDirection`: "higher" | "lower" | "neutral"; lower is better for CPA and CPC.
 * - `secondary`: an optional line under the value (e.g. "CTR 2.31%"), or several.
 * - `icon`: an optional lucide icon shown top right.
 * - `className`: extra classes on the card.
 */
import type { LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { GoodDirection } from "./delta.ts";
import { DeltaIndicator } from "./delta-indicator.tsx";

export interface KpiTileProps {
  label: string;
  current: number | null;
  previous: number | null;
  format: (value: number | null) => string;
  goodDirection: GoodDirection;
  secondary?: string | readonly string[];
  icon?: LucideIcon;
  className?: string;
}

export function KpiTile({
  label,
  current,
  previous,
  format,
  goodDirection,
  secondary,
  icon: Icon,
  className,
}: KpiTileProps) {
  const { t } = useTranslation("analytics");
  const value = format(current);
  return (
    <Card role="group" aria-label={label} className={cn("gap-2 px-4 py-4 sm:px-5", className)}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm leading-tight">{label}</p>
        {Icon ? <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" /> : null}
      </div>
      <p
        title={value}
        className={cn(
          "truncate font-semibold tabular-nums tracking-tight",
          // A longer figure ("379,2 k $US", "173,6 mil US$") steps down a size or two rather than being cut.
          value.length > 11 ? "text-lg" : value.length > 9 ? "text-xl" : "text-2xl",
        )}
      >
        {value}
      </p>
      <div className="flex min-h-4 flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs">
        <DeltaIndicator current={current} previous={previous} goodDirection={goodDirection} />
        <span className="text-muted-foreground tabular-nums">{t("compare.versus", { value: format(previous) })}</span>
      </div>
      {(typeof secondary === "string" ? [secondary] : (secondary ?? [])).map((line) => (
        <p key={line} className="text-muted-foreground text-xs tabular-nums">
          {line}
        </p>
      ))}
    </Card>
  );
}
