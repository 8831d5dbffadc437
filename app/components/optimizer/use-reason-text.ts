/**
 * A recommendation's reasons in plain words, from their codes and numbers: "Saturated: the next
 * $100 buys 0.8 conversions here against 3.1 on Brand Search – Texas."
 */
import { useTranslation } from "react-i18next";
import { platformName } from "#app/components/analytics/platform-label.tsx";
import type { Recommendation, RecommendationReason } from "#core/optimizer/optimizer-types.ts";
import type { OutcomeFormat } from "./use-outcome-format.ts";

const BOUND_KEYS = {
  min: "reasons.boundedMin",
  max: "reasons.boundedMax",
  platform_min: "reasons.boundedPlatformMin",
  change: "reasons.boundedChange",
} as const;

export function useReasonText(out: OutcomeFormat) {
  const { t } = useTranslation("optimizer");
  const buys = (value: number) =>
    out.objective === "revenue"
      ? t("reasons.buysRevenue", { value: out.amount(value) })
      : t("reasons.buysConversions", { value: out.amount(value), count: value });
  return (reason: RecommendationReason, recommendation: Pick<Recommendation, "platform">): string => {
    switch (reason.code) {
      case "saturated":
        return t("reasons.saturated", {
          step: out.money(reason.stepMinor),
          here: buys(reason.marginalHere),
          best: out.amount(reason.marginalBest),
          campaign: reason.bestCampaignName,
        });
      case "room_to_grow":
        return t("reasons.roomToGrow", {
          step: out.money(reason.stepMinor),
          here: buys(reason.marginalHere),
          average: out.amount(reason.marginalAverage),
        });
      case "below_target":
        return reason.kind === "cpa"
          ? t("reasons.belowTargetCpa", { marginal: out.money(reason.marginal), target: out.money(reason.target) })
          : t("reasons.belowTargetRoas", {
              marginal: out.efficiency("roas", reason.marginal),
              target: out.efficiency("roas", reason.target),
            });
      case "learning":
        return t("reasons.learning");
      case "bounded":
        return t(BOUND_KEYS[reason.limit], { amount: out.money(reason.amountMinor) });
      case "little_history":
        return t("reasons.littleHistory", {
          count: reason.historyDays,
          platform: platformName(recommendation.platform),
        });
    }
  };
}
