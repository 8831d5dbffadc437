import { useTranslation } from "react-i18next";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import type { LibraryMetrics } from "#core/assets/library-types.ts";
import { FIGURE_KEYS } from "./catalog-keys.ts";

/** The library's figures, in the order the table shows them; `sort` names its sort key. */
export const CREATIVE_FIGURES = [
  { key: "spend", sort: "spend" },
  { key: "impressions", sort: "impressions" },
  { key: "ctr", sort: "ctr" },
  { key: "cpc", sort: "cpc" },
  { key: "cpa", sort: "cpa" },
  { key: "roas", sort: "roas" },
  { key: "hookRate", sort: "hook_rate" },
] as const;
export type CreativeFigure = (typeof CREATIVE_FIGURES)[number]["key"];

/** A creative's figures as text in the reader's locale and the ad account's currency ("—" when there is none). */
export function useCreativeFigures() {
  const { t } = useTranslation("assets");
  const format = useMetricFormat();
  const value = (metrics: LibraryMetrics | null, figure: CreativeFigure): string => {
    if (!metrics) return "—";
    switch (figure) {
      case "spend":
        return format.money(metrics.spendMinor, metrics.currency);
      case "impressions":
        return format.number(metrics.impressions);
      case "ctr":
        return format.percent(metrics.ctr);
      case "cpc":
        return format.moneyOrDash(metrics.cpcMinor, metrics.currency);
      case "cpa":
        return format.moneyOrDash(metrics.cpaMinor, metrics.currency);
      case "roas":
        return format.roas(metrics.roas);
      case "hookRate":
        return format.percent(metrics.hookRate, "ratio");
    }
  };
  /** Shorter, for a card: compact money and counts, one decimal for rates. */
  const compact = (metrics: LibraryMetrics | null, figure: CreativeFigure): string => {
    if (!metrics) return "—";
    if (figure === "spend") return wholeMoney(format.locale, metrics.spendMinor, metrics.currency);
    if (figure === "impressions") return format.compactNumber(metrics.impressions);
    if (figure === "ctr") return format.percent(metrics.ctr, "ratio");
    return value(metrics, figure);
  };
  const label = (figure: CreativeFigure) => t(FIGURE_KEYS[figure]);
  return { value, compact, label, format };
}

/** An amount without its cents ("$4,170", "4.170 €"), for a card's narrow cell. */
function wholeMoney(locale: string, amountMinor: number, currency: string): string {
  const digits =
    new Intl.NumberFormat(locale, { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(Math.round(amountMinor / 10 ** digits));
}
