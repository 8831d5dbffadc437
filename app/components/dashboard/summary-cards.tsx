import { BarChart3, DollarSign, Plug } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DeltaIndicator } from "#app/components/analytics/delta-indicator.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Card, CardContent, CardDescription, CardHeader } from "#app/components/ui/card.tsx";
import type { CurrencyTotals } from "#core/analytics/analytics-types.ts";

/**
 * The spec's three cards: managed campaigns, total spend over the chosen range (one line per
 * currency, never added up; the first against the previous period) and connected platforms.
 */
export function SummaryCards({
  campaigns,
  platforms,
  totals,
  rangeLabel,
}: {
  campaigns: number;
  platforms: number;
  totals: CurrencyTotals[];
  rangeLabel: string;
}) {
  const { t } = useTranslation("dashboard");
  const format = useMetricFormat();
  const [first, ...others] = totals;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SummaryCard
        title={t("summary.campaigns")}
        icon={BarChart3}
        value={format.number(campaigns)}
        hint={t("summary.campaignsHint")}
      />
      <Card role="group" aria-label={t("summary.totalSpend")} className="gap-3">
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          <CardDescription>{t("summary.totalSpend")}</CardDescription>
          <DollarSign aria-hidden="true" className="size-4 text-muted-foreground" />
        </CardHeader>
        <CardContent>
          <p className="font-semibold text-3xl tabular-nums tracking-tight">
            {format.money(first?.current.spendMinor ?? 0, first?.currency ?? "USD")}
          </p>
          {others.map((total) => (
            <p key={total.currency} className="font-medium text-lg text-muted-foreground tabular-nums">
              {format.money(total.current.spendMinor, total.currency)}
            </p>
          ))}
          <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-muted-foreground text-xs">
            {rangeLabel}
            {first ? (
              <DeltaIndicator
                current={first.current.spendMinor}
                previous={first.previous.spendMinor}
                goodDirection="neutral"
              />
            ) : null}
          </p>
        </CardContent>
      </Card>
      <SummaryCard
        title={t("summary.platforms")}
        icon={Plug}
        value={format.number(platforms)}
        hint={t("summary.platformsHint")}
      />
    </div>
  );
}

function SummaryCard({
  title,
  icon: Icon,
  value,
  hint,
}: {
  title: string;
  icon: typeof BarChart3;
  value: string;
  hint: string;
}) {
  return (
    <Card role="group" aria-label={title} className="gap-3">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardDescription>{title}</CardDescription>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <p className="font-semibold text-3xl tabular-nums tracking-tight">{value}</p>
        <p className="mt-1 text-muted-foreground text-xs">{hint}</p>
      </CardContent>
    </Card>
  );
}
