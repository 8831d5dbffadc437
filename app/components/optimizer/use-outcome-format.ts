/**
 * How the optimizer's figures read, in the reader's locale: an outcome is conversions, or revenue
 * in the campaigns' currency (minor units), per day, as the objective says; CPA is money per
 * conversion, ROAS a ratio.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import type { Interval, OptimizerObjective } from "#core/optimizer/optimizer-types.ts";

const PER_DAY = { conversions: "units.conversionsPerDay", revenue: "units.revenuePerDay" } as const;
const UNIT_LABEL = { conversions: "units.conversionsLabel", revenue: "units.revenueLabel" } as const;

/** Adapts the decimals to the size: 0.07, 3.4, 27. */
function digitsFor(value: number): number {
  const size = Math.abs(value);
  return size < 1 ? 2 : size < 10 ? 1 : 0;
}

export function useOutcomeFormat(objective: OptimizerObjective, currency: string | null) {
  const { t } = useTranslation("optimizer");
  const format = useMetricFormat();
  return useMemo(() => {
    const money = (amountMinor: number) => format.money(Math.round(amountMinor), currency ?? "USD");
    const compactMoney = (amountMinor: number) => format.compactMoney(Math.round(amountMinor), currency ?? "USD");
    const amount = (value: number, digits = digitsFor(value)) => {
      if (objective === "revenue") return compactMoney(value);
      return format.number(value, digits);
    };
    const signed = (value: number, digits = digitsFor(value)) =>
      `${value < 0 ? "−" : "+"}${amount(Math.abs(value), digits)}`;
    return {
      objective,
      money,
      compactMoney,
      /** "3.4" conversions or "$1,234" revenue. */
      amount,
      /** An axis tick: "1.5K", "$4K", "0". */
      tick: (value: number) =>
        objective === "revenue" ? format.axisMoney(value, currency ?? "USD") : format.compactNumber(value),
      /** "+0.40", "−$12". */
      signed,
      /** "3.4 conversions/day", "$1,234 revenue/day". */
      perDay: (value: number) => t(PER_DAY[objective], { value: amount(value), count: value }),
      /** The unit alone, for headings and axes: "Conversions per day". */
      unitLabel: t(UNIT_LABEL[objective]),
      /** "0.07 to 0.73" (signed when `isSigned`). */
      range: (interval: Pick<Interval, "low" | "high">, isSigned = false) => {
        // Both ends with the same decimals, as the larger one needs.
        const digits = digitsFor(Math.max(Math.abs(interval.low), Math.abs(interval.high)));
        const show = isSigned ? signed : amount;
        return t("units.range", { low: show(interval.low, digits), high: show(interval.high, digits) });
      },
      /** CPA as money, ROAS as "3.42×"; "—" when unknown. */
      efficiency: (metric: "cpa" | "roas", value: number | null) =>
        value == null || !Number.isFinite(value) ? "—" : metric === "cpa" ? money(value) : format.roas(value),
      percent: format.percent,
      change: (fraction: number) => format.change(fraction),
      shortDate: format.shortDate,
    };
  }, [objective, currency, format, t]);
}

export type OutcomeFormat = ReturnType<typeof useOutcomeFormat>;

/** The confidence's word: how well the data pin a campaign's curve down. */
export function confidenceLevel(confidence: number): "high" | "medium" | "low" {
  return confidence >= 0.7 ? "high" : confidence >= 0.4 ? "medium" : "low";
}
