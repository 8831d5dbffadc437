import { ShoppingBag } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { KpiTile } from "#app/components/analytics/kpi-tile.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Card } from "#app/components/ui/card.tsx";
import type { BlendedRoas, CurrencyTotals } from "#core/analytics/analytics-types.ts";

/**
 * The KPI tiles of the reporting currency against the previous period, with the blended ROAS (the
 * store revenue the connected platforms claim over their ad spend, the unattributed rest beside it)
 * next to the platforms' own ROAS.
 */
export function KpiGrid({
  totals,
  blended,
  hasStore,
}: {
  totals: CurrencyTotals;
  blended: BlendedRoas | null;
  hasStore: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const format = useMetricFormat();
  const { current, previous, currency } = totals;
  const money = (minor: number | null) => format.moneyOrDash(minor, currency);
  return (
    <section aria-label={t("kpis.label")} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-6">
      <KpiTile
        label={t("kpis.revenue")}
        current={current.revenueMinor}
        previous={previous.revenueMinor}
        format={(value) => format.compactMoney(value, currency)}
        goodDirection="higher"
      />
      <KpiTile
        label="ROAS"
        current={current.roas}
        previous={previous.roas}
        format={format.roas}
        goodDirection="higher"
        secondary={t("kpis.roasHint")}
      />
      <BlendedRoasTile blended={blended} hasStore={hasStore} />
      <KpiTile
        label={t("kpis.conversions")}
        current={current.conversions}
        previous={previous.conversions}
        format={format.number}
        goodDirection="higher"
      />
      <KpiTile
        label="CPA"
        current={current.cpaMinor}
        previous={previous.cpaMinor}
        format={money}
        goodDirection="lower"
      />
      <KpiTile
        label={t("kpis.clicks")}
        current={current.clicks}
        previous={previous.clicks}
        format={format.number}
        goodDirection="higher"
        // CTR and CPC read the same in every language.
        secondary={`CTR ${format.percent(current.ctr)} · CPC ${money(current.cpcMinor)}`}
      />
    </section>
  );
}

function BlendedRoasTile({ blended, hasStore }: { blended: BlendedRoas | null; hasStore: boolean }) {
  const { t } = useTranslation("dashboard");
  const format = useMetricFormat();
  if (!hasStore || !blended)
    return (
      <Card role="group" aria-label={t("kpis.blendedRoas")} className="gap-2 border-dashed px-4 py-4 sm:px-5">
        <div className="flex items-center justify-between gap-2">
          <p className="text-muted-foreground text-sm leading-tight">{t("kpis.blendedRoas")}</p>
          <ShoppingBag aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </div>
        <p className="font-semibold text-2xl text-muted-foreground tabular-nums">—</p>
        <p className="text-muted-foreground text-xs">
          <Trans
            t={t}
            i18nKey="kpis.blendedConnect"
            components={{
              anchor: (
                <Link
                  to="/integrations#integrations-e-commerce"
                  className="text-primary underline-offset-4 hover:underline"
                />
              ),
            }}
          />
        </p>
      </Card>
    );
  return (
    <KpiTile
      label={t("kpis.blendedRoas")}
      icon={ShoppingBag}
      current={blended.roas}
      previous={blended.previousRoas}
      format={format.roas}
      goodDirection="higher"
      secondary={[
        t("kpis.blendedHint", {
          attributedRevenue: format.compactMoney(blended.attributedRevenueMinor, blended.currency),
          adSpend: format.compactMoney(blended.adSpendMinor, blended.currency),
        }),
        t("kpis.blendedUnattributed", {
          unattributedRevenue: format.compactMoney(blended.unattributedRevenueMinor, blended.currency),
          storeRevenue: format.compactMoney(blended.storeRevenueMinor, blended.currency),
        }),
      ]}
    />
  );
}
