import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import {
  formatCompactMoney,
  formatMoneyOrDash,
  formatNumber,
  formatPercent,
  formatRoas,
} from "#app/components/analytics/format-metrics.ts";
import { KpiTile } from "#app/components/analytics/kpi-tile.tsx";
import { Card } from "#app/components/ui/card.tsx";
import type { BlendedRoas, CurrencyTotals } from "#core/analytics/analytics-types.ts";

/**
 * The KPI tiles of the reporting currency against the previous period, with the blended ROAS
 * (store revenue over all ad spend) beside the platforms' own ROAS.
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
  const { current, previous, currency } = totals;
  const money = (minor: number | null) => formatMoneyOrDash(minor, currency);
  return (
    <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-6">
      <KpiTile
        label="Revenue"
        current={current.revenueMinor}
        previous={previous.revenueMinor}
        format={(value) => formatCompactMoney(value, currency)}
        goodDirection="higher"
      />
      <KpiTile
        label="ROAS"
        current={current.roas}
        previous={previous.roas}
        format={formatRoas}
        goodDirection="higher"
        secondary="Reported by the platforms"
      />
      <BlendedRoasTile blended={blended} hasStore={hasStore} />
      <KpiTile
        label="Conversions"
        current={current.conversions}
        previous={previous.conversions}
        format={formatNumber}
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
        label="Clicks"
        current={current.clicks}
        previous={previous.clicks}
        format={formatNumber}
        goodDirection="higher"
        secondary={`CTR ${formatPercent(current.ctr)} · CPC ${money(current.cpcMinor)}`}
      />
    </section>
  );
}

function BlendedRoasTile({ blended, hasStore }: { blended: BlendedRoas | null; hasStore: boolean }) {
  if (!hasStore || !blended)
    return (
      <Card role="group" aria-label="Blended ROAS" className="gap-2 border-dashed px-4 py-4 sm:px-5">
        <div className="flex items-center justify-between gap-2">
          <p className="truncate text-muted-foreground text-sm">Blended ROAS</p>
          <ShoppingBag aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </div>
        <p className="font-semibold text-2xl text-muted-foreground tabular-nums">—</p>
        <p className="text-muted-foreground text-xs">
          <Link to="/integrations#integrations-e-commerce" className="text-primary underline-offset-4 hover:underline">
            Connect Shopify or WooCommerce
          </Link>{" "}
          to see blended ROAS
        </p>
      </Card>
    );
  return (
    <KpiTile
      label="Blended ROAS"
      icon={ShoppingBag}
      current={blended.roas}
      previous={blended.previousRoas}
      format={formatRoas}
      goodDirection="higher"
      secondary={`${formatCompactMoney(blended.storeRevenueMinor, blended.currency)} store revenue ÷ ${formatCompactMoney(blended.adSpendMinor, blended.currency)} ad spend`}
    />
  );
}
