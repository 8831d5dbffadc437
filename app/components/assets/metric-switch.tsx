import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import { CHART_KEYS } from "./catalog-keys.ts";
import type { ChartMetric } from "./chart-metrics.ts";

/** Which metric a chart draws: a row of toggle buttons. */
export function MetricSwitch({
  metrics,
  value,
  onChange,
  label,
}: {
  metrics: readonly ChartMetric[];
  value: ChartMetric;
  onChange: (metric: ChartMetric) => void;
  label: string;
}) {
  const { t } = useTranslation("assets");
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-1 rounded-lg bg-muted p-1">
      <legend className="sr-only">{label}</legend>
      {metrics.map((metric) => (
        <button
          key={metric}
          type="button"
          aria-pressed={value === metric}
          onClick={() => onChange(metric)}
          className={cn(
            "rounded-md px-2.5 py-1 font-medium text-xs transition-colors",
            value === metric
              ? "bg-background text-foreground shadow-sm"
              : "text-muted-foreground hover:text-foreground",
          )}
        >
          {t(CHART_KEYS[metric])}
        </button>
      ))}
    </fieldset>
  );
}
