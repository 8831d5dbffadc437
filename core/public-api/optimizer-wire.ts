/** The optimizer's results on the wire (optimizer-schemas.ts): snake_case, the API's platform names. */
import type { AppliedRecommendation } from "#core/optimizer/apply-recommendations.ts";
import type { Calibration, Recommendation, RecommendationReason } from "#core/optimizer/optimizer-types.ts";
import type { RecommendBudgetsResult } from "#core/optimizer/recommend-budgets.ts";
import { toWirePlatform } from "./wire-values.ts";

function toWireReason(reason: RecommendationReason) {
  switch (reason.code) {
    case "saturated":
      return {
        code: reason.code,
        step_minor: reason.stepMinor,
        marginal_here: reason.marginalHere,
        marginal_best: reason.marginalBest,
        best_campaign_id: reason.bestCampaignId,
        best_campaign_name: reason.bestCampaignName,
      };
    case "room_to_grow":
      return {
        code: reason.code,
        step_minor: reason.stepMinor,
        marginal_here: reason.marginalHere,
        marginal_average: reason.marginalAverage,
      };
    case "below_target":
      return { code: reason.code, kind: reason.kind, marginal: reason.marginal, target: reason.target };
    case "bounded":
      return { code: reason.code, limit: reason.limit, amount_minor: reason.amountMinor };
    case "little_history":
      return { code: reason.code, history_days: reason.historyDays };
    case "learning":
      return { code: reason.code };
  }
}

export function toWireRecommendation(item: Recommendation) {
  return {
    id: item.id,
    run_id: item.runId,
    campaign_id: item.campaignId,
    campaign_name: item.campaignName,
    platform: toWirePlatform(item.platform),
    currency: item.currency,
    objective: item.objective,
    current_budget_minor: item.currentBudgetMinor,
    recommended_budget_minor: item.recommendedBudgetMinor,
    predicted_delta: item.predictedDelta,
    predicted_before: item.predictedBefore,
    predicted_after: item.predictedAfter,
    efficiency: item.efficiency,
    confidence: item.confidence,
    exploration: item.exploration,
    reasons: item.reasons.map(toWireReason),
    status: item.status,
    change_id: item.changeLogId,
    applied_by: item.appliedByLabel,
    applied_at: item.appliedAt,
    undone_at: item.undoneAt,
    failure_message: item.failureMessage,
    follow_up: item.followUp
      ? {
          from: item.followUp.from,
          to: item.followUp.to,
          realised_delta: item.followUp.realisedDelta,
          spend_before_minor: item.followUp.spendBeforeMinor,
          spend_after_minor: item.followUp.spendAfterMinor,
          expected_delta: item.followUp.expectedDelta,
          inside: item.followUp.inside,
        }
      : null,
    created_at: item.createdAt,
  };
}

export function toWireOptimizerRun(result: RecommendBudgetsResult) {
  const { run } = result;
  return {
    readiness: result.readiness,
    run: run
      ? {
          id: run.id,
          trigger: run.trigger,
          objective: run.objective,
          currency: run.currency,
          daily_budget_minor: run.dailyBudgetMinor,
          current_budget_minor: run.summary.currentBudgetMinor,
          predicted_before: run.summary.predictedBefore,
          predicted_after: run.summary.predictedAfter,
          considered: run.summary.considered,
          left_out: run.summary.leftOut.map((item) => ({
            campaign_id: item.campaignId,
            campaign_name: item.campaignName,
            reason: item.reason,
          })),
          notes: run.summary.notes,
          created_at: run.createdAt,
        }
      : null,
    recommendations: result.recommendations.map(toWireRecommendation),
  };
}

export function toWireApplied(item: AppliedRecommendation) {
  return {
    outcome: item.outcome,
    message: item.message,
    change_id: item.changeLogId,
    recommendation: toWireRecommendation(item.recommendation),
  };
}

export function toWireCalibration(calibration: Calibration) {
  return {
    rows: calibration.rows.map((row) => ({
      objective: row.objective,
      count: row.count,
      share_inside: row.shareInside,
      mean_absolute_error: row.meanAbsoluteError,
      bias: row.bias,
    })),
    pending: calibration.pending,
  };
}
