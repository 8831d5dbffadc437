/**
 * optimizer_recommendations: the optimizer's open recommendations (the optimizer page's list),
 * each with the predicted effect and its 80% interval.
 */
import { z } from "zod";
import type { Interval } from "#core/optimizer/optimizer-types.ts";
import type { AssistantTool } from "../assistant-tool.ts";
import type { AssistantToolDeps } from "../assistant-tool-deps.ts";
import { CAMPAIGN_PAGE, moneyOf, ratioOf } from "./tool-values.ts";

const input = z
  .object({ limit: z.number().int().min(1).max(50).default(20).describe("The largest predicted gains first.") })
  .strict();
type Input = z.infer<typeof input>;

/** An outcome interval: money for a revenue objective, conversions otherwise. */
function intervalOf(interval: Interval, currency: string | null) {
  const value = (amount: number) => (currency ? moneyOf(amount, currency) : ratioOf(amount, 3));
  return { mean: value(interval.mean), low80: value(interval.low), high80: value(interval.high) };
}

export function optimizerRecommendationsTool(deps: AssistantToolDeps): AssistantTool<Input> {
  return {
    name: "optimizer_recommendations",
    description:
      "Lists the optimizer's current (open) budget recommendations: each campaign's current and recommended daily budget, the predicted daily outcome before and after with 80% intervals, the predicted change, the efficiency (CPA or ROAS) before and after, the confidence and the reasons.",
    input: input as z.ZodType<Input>,
    permission: "workspace.read",
    proposes: false,
    async run(actor, raw) {
      const query = input.parse(raw);
      const recommendations = (await deps.modules().optimizer.listRecommendations(actor)).slice(0, query.limit);
      const rows = recommendations.map((recommendation) => {
        // A revenue objective predicts money (minor units); a conversions objective predicts conversions.
        const outcomeCurrency = recommendation.objective === "revenue" ? recommendation.currency : null;
        return {
          recommendationId: recommendation.id,
          campaignId: recommendation.campaignId,
          campaignName: recommendation.campaignName,
          platform: recommendation.platform,
          currency: recommendation.currency,
          objective: recommendation.objective,
          currentDailyBudget: moneyOf(recommendation.currentBudgetMinor, recommendation.currency),
          recommendedDailyBudget: moneyOf(recommendation.recommendedBudgetMinor, recommendation.currency),
          predictedDailyOutcomeBefore: intervalOf(recommendation.predictedBefore, outcomeCurrency),
          predictedDailyOutcomeAfter: intervalOf(recommendation.predictedAfter, outcomeCurrency),
          predictedDailyChange: intervalOf(recommendation.predictedDelta, outcomeCurrency),
          efficiency: {
            metric: recommendation.efficiency.metric,
            before:
              recommendation.efficiency.metric === "cpa"
                ? moneyOf(recommendation.efficiency.before, recommendation.currency)
                : ratioOf(recommendation.efficiency.before),
            after:
              recommendation.efficiency.metric === "cpa"
                ? moneyOf(recommendation.efficiency.after, recommendation.currency)
                : ratioOf(recommendation.efficiency.after),
          },
          confidence: ratioOf(recommendation.confidence, 2),
          exploration: recommendation.exploration,
          reasons: recommendation.reasons.map((reason) => reason.code),
          createdAt: recommendation.createdAt,
        };
      });
      return {
        data: { recommendations: rows },
        citations: [
          { label: "Optimizer", href: "/optimizer" },
          ...rows.slice(0, 5).map((row) => ({
            label: row.campaignName,
            href: `${CAMPAIGN_PAGE}/${encodeURIComponent(row.campaignId)}`,
          })),
        ],
        chart:
          rows.length === 0
            ? undefined
            : {
                kind: "bar" as const,
                title: `Daily budget: current and recommended (${rows[0]!.currency})`,
                metric: "spend",
                labels: rows.filter((row) => row.currency === rows[0]!.currency).map((row) => row.campaignName),
                series: (["currentDailyBudget", "recommendedDailyBudget"] as const).map((field) => ({
                  name: field === "currentDailyBudget" ? "current" : "recommended",
                  values: rows.filter((row) => row.currency === rows[0]!.currency).map((row) => row[field]),
                })),
              },
      };
    },
  };
}
