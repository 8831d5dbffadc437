/** "$195.00 → $234.00 +20%": a daily budget's move, up in green, down in amber. */
import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { cn } from "#app/lib/cn.ts";

export function BudgetChange({
  beforeMinor,
  afterMinor,
  currency,
  className,
}: {
  beforeMinor: number;
  afterMinor: number;
  currency: string;
  className?: string;
}) {
  const { t } = useTranslation("optimizer");
  const format = useMetricFormat();
  const change = beforeMinor > 0 ? (afterMinor - beforeMinor) / beforeMinor : null;
  const isUp = afterMinor > beforeMinor;
  const Icon = isUp ? ArrowUpRight : ArrowDownRight;
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5 tabular-nums", className)}>
      <span className="text-muted-foreground">{format.money(beforeMinor, currency)}</span>
      <ArrowRight aria-label={t("budget.to")} className="size-3.5 text-muted-foreground" />
      <span className="font-semibold">{format.money(afterMinor, currency)}</span>
      {change === null ? null : (
        <span
          className={cn(
            "inline-flex items-center gap-0.5 rounded-md px-1.5 py-0.5 font-medium text-xs",
            isUp
              ? "bg-success/12 text-emerald-800 dark:text-emerald-300"
              : "bg-warning/15 text-amber-800 dark:text-amber-300",
          )}
        >
          <Icon aria-hidden="true" className="size-3" />
          {format.change(change)}
        </span>
      )}
    </span>
  );
}
