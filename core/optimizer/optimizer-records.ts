/**
 * The optimizer's stored rows as the slice reads them: what the repository returns and the mapping
 * from the tables' columns (amounts as numbers, JSON details parsed, timestamps as ISO strings).
 */
import type { Selectable } from "kysely";
import { toIsoTimestamp } from "#core/campaigns/iso-timestamp.ts";
import type { OptimizerRecommendationTable, OptimizerRunTable } from "#core/db/schema.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type {
  EfficiencyChange,
  Interval,
  OptimizerObjective,
  OptimizerRun,
  Recommendation,
  RecommendationReason,
  RecommendationStatus,
  ResponseTable,
  RunSummary,
  RunTrigger,
} from "./optimizer-types.ts";

export interface CampaignRow {
  id: string;
  name: string;
  platform: AdPlatformId;
  status: CampaignStatus;
  dailyBudgetMinor: number | null;
  currency: string;
}

export interface MetricRow {
  campaignId: string;
  date: string;
  spendMinor: number;
  conversions: number;
  revenueMinor: number;
}

export interface NewRecommendation {
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  currency: string;
  objective: OptimizerObjective;
  currentBudgetMinor: number;
  recommendedBudgetMinor: number;
  predictedDelta: Interval;
  predictedBefore: Interval;
  predictedAfter: Interval;
  efficiency: EfficiencyChange;
  confidence: number;
  exploration: boolean;
  reasons: RecommendationReason[];
  /** The fitted curve around the move, for the follow-up. */
  response: ResponseTable;
}

/** What the follow-up compared: the spends that actually ran and the prediction for them. */
export interface FollowUpComparison {
  spendBeforeMinor: number;
  spendAfterMinor: number;
  expected: Interval;
}

/** What details_json holds besides the columns. */
export interface RecommendationDetails {
  reasons: RecommendationReason[];
  efficiency: EfficiencyChange;
  predictedBefore: Interval;
  predictedAfter: Interval;
  /** Absent on recommendations stored before the follow-up predicted along the actual spends. */
  response?: ResponseTable;
  followUp?: FollowUpComparison;
  failureMessage?: string | null;
}

export interface FollowUpCandidate {
  id: string;
  campaignId: string;
  platform: AdPlatformId;
  objective: OptimizerObjective;
  outcomeFrom: string;
  outcomeTo: string;
  appliedAt: string;
  predicted: Interval;
  response: ResponseTable | null;
}

export function toRun(row: Selectable<OptimizerRunTable>): OptimizerRun {
  return {
    id: row.id,
    trigger: row.trigger as RunTrigger,
    actorLabel: row.actor_label,
    objective: row.objective as OptimizerObjective,
    currency: row.currency,
    dailyBudgetMinor: Number(row.daily_budget_minor),
    summary: JSON.parse(row.summary_json) as RunSummary,
    createdAt: toIsoTimestamp(row.created_at),
  };
}

/** A stored recommendation with its change's undo, if any (the repository joins the change log). */
export type RecommendationRow = Selectable<OptimizerRecommendationTable> & {
  undo_id: string | null;
  undo_undone_by: string | null;
  undone_at: Date | string | null;
};

export function toRecommendation(row: RecommendationRow): Recommendation {
  const details = JSON.parse(row.details_json) as RecommendationDetails;
  // Undone: its change was undone (and that undo was not undone in turn).
  const isUndone = row.status === "applied" && row.undo_id != null && row.undo_undone_by == null;
  const realised = row.realised_delta == null ? null : Number(row.realised_delta);
  return {
    id: row.id,
    runId: row.run_id,
    campaignId: row.campaign_id,
    campaignName: row.campaign_name,
    platform: row.platform as AdPlatformId,
    currency: row.currency,
    objective: row.objective as OptimizerObjective,
    currentBudgetMinor: Number(row.current_budget_minor),
    recommendedBudgetMinor: Number(row.recommended_budget_minor),
    predictedDelta: {
      mean: Number(row.predicted_delta),
      low: Number(row.predicted_low),
      high: Number(row.predicted_high),
    },
    predictedBefore: details.predictedBefore,
    predictedAfter: details.predictedAfter,
    efficiency: details.efficiency,
    confidence: Number(row.confidence),
    exploration: Boolean(row.exploration),
    reasons: details.reasons,
    status: isUndone ? "undone" : (row.status as RecommendationStatus),
    changeLogId: row.change_log_id,
    appliedByLabel: row.applied_by_label,
    appliedAt: row.applied_at ? toIsoTimestamp(row.applied_at) : null,
    undoneAt: isUndone && row.undone_at ? toIsoTimestamp(row.undone_at) : null,
    failureMessage: details.failureMessage ?? null,
    followUp:
      row.outcome_from && row.outcome_to
        ? {
            from: row.outcome_from,
            to: row.outcome_to,
            realisedDelta: realised,
            spendBeforeMinor: details.followUp?.spendBeforeMinor ?? null,
            spendAfterMinor: details.followUp?.spendAfterMinor ?? null,
            expectedDelta: details.followUp?.expected ?? null,
            inside: row.realised_inside == null ? null : Boolean(row.realised_inside),
            followedUpAt: row.followed_up_at ? toIsoTimestamp(row.followed_up_at) : null,
          }
        : null,
    createdAt: toIsoTimestamp(row.created_at),
  };
}
