/**
 * The optimizer slice's SQL: its runs and recommendations (with their follow-up), and what it reads
 * to optimize: the organization's visible campaigns, their daily metrics and the budget plans that
 * ask for a daily run. Every query is scoped by the organization, except the schedule's lists of
 * organizations with work due (Adhelm's own work; each job then acts for one organization).
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { visibleCampaigns } from "#core/campaigns/visible-campaigns.ts";
import type { Database } from "#core/db/schema.ts";
import { type AdPlatformId, isAdPlatform } from "#core/shared/platforms.ts";
import { createFollowUpRepository, recommendationRows } from "./optimizer-follow-up-repository.ts";
import {
  type CampaignRow,
  type MetricRow,
  type NewRecommendation,
  type RecommendationDetails,
  toRecommendation,
  toRun,
} from "./optimizer-records.ts";
import type {
  OptimizerObjective,
  OptimizerRun,
  Recommendation,
  RecommendationStatus,
  RunSummary,
  RunTrigger,
} from "./optimizer-types.ts";

const OPEN: RecommendationStatus = "open";

export function createOptimizerRepository(db: Kysely<Database>) {
  const recommendations = (organizationId: string) => recommendationRows(db, organizationId);

  return {
    /** The organization's enabled and paused campaigns it manages (removed ones are gone from the plan). */
    async listCampaigns(organizationId: string): Promise<CampaignRow[]> {
      const rows = await visibleCampaigns(db, organizationId, { removed: "exclude" })
        .select(["c.id", "c.name", "n.platform", "c.status", "c.daily_budget_minor", "c.currency"])
        .orderBy("c.name")
        .orderBy("c.id")
        .execute();
      return rows
        .filter((row) => isAdPlatform(row.platform))
        .map((row) => ({
          id: row.id,
          name: row.name,
          platform: row.platform as AdPlatformId,
          status: row.status,
          dailyBudgetMinor: row.daily_budget_minor == null ? null : Number(row.daily_budget_minor),
          currency: row.currency,
        }));
    },

    /** The campaigns' days from `from` to `to` (both included), oldest first per campaign. */
    async listDailyMetrics(
      organizationId: string,
      campaignIds: readonly string[],
      from: string,
      to: string,
    ): Promise<MetricRow[]> {
      if (campaignIds.length === 0) return [];
      const rows: MetricRow[] = [];
      // In slices: a long list of ids stays under the databases' parameter limits.
      for (let start = 0; start < campaignIds.length; start += 500) {
        const found = await db
          .selectFrom("campaign_daily_metrics")
          .select(["campaign_id", "date", "spend_minor", "conversions", "conversion_value_minor"])
          .where("organization_id", "=", organizationId)
          .where("campaign_id", "in", campaignIds.slice(start, start + 500))
          .where("date", ">=", from)
          .where("date", "<=", to)
          .orderBy("campaign_id")
          .orderBy("date")
          .execute();
        for (const row of found)
          rows.push({
            campaignId: row.campaign_id,
            date: row.date,
            spendMinor: Number(row.spend_minor),
            conversions: Number(row.conversions),
            revenueMinor: Number(row.conversion_value_minor),
          });
      }
      return rows;
    },

    /**
     * Stores a run and its recommendations; the organization's recommendations still open from
     * earlier runs are superseded (a run is the whole allocation of its day).
     */
    async saveRun(input: {
      organizationId: string;
      trigger: RunTrigger;
      actorLabel: string;
      objective: OptimizerObjective;
      currency: string;
      dailyBudgetMinor: number;
      summary: RunSummary;
      recommendations: NewRecommendation[];
      at: Date;
    }): Promise<{ run: OptimizerRun; recommendations: Recommendation[] }> {
      const runId = randomUUID();
      const at = input.at.toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("optimizer_recommendations")
          .set({ status: "superseded" })
          .where("organization_id", "=", input.organizationId)
          .where("status", "=", OPEN)
          .execute();
        await trx
          .insertInto("optimizer_runs")
          .values({
            id: runId,
            organization_id: input.organizationId,
            trigger: input.trigger,
            actor_label: input.actorLabel,
            objective: input.objective,
            currency: input.currency,
            daily_budget_minor: input.dailyBudgetMinor,
            summary_json: JSON.stringify(input.summary),
            created_at: at,
          })
          .execute();
        if (input.recommendations.length > 0)
          await trx
            .insertInto("optimizer_recommendations")
            .values(
              input.recommendations.map((item) => ({
                id: randomUUID(),
                organization_id: input.organizationId,
                run_id: runId,
                campaign_id: item.campaignId,
                campaign_name: item.campaignName,
                platform: item.platform,
                currency: item.currency,
                objective: item.objective,
                current_budget_minor: item.currentBudgetMinor,
                recommended_budget_minor: item.recommendedBudgetMinor,
                predicted_delta: item.predictedDelta.mean,
                predicted_low: item.predictedDelta.low,
                predicted_high: item.predictedDelta.high,
                confidence: item.confidence,
                exploration: item.exploration,
                details_json: JSON.stringify({
                  reasons: item.reasons,
                  efficiency: item.efficiency,
                  predictedBefore: item.predictedBefore,
                  predictedAfter: item.predictedAfter,
                  response: item.response,
                } satisfies RecommendationDetails),
                status: OPEN,
                created_at: at,
              })),
            )
            .execute();
      });
      const run = await db
        .selectFrom("optimizer_runs")
        .selectAll()
        .where("organization_id", "=", input.organizationId)
        .where("id", "=", runId)
        .executeTakeFirstOrThrow();
      const stored = await recommendations(input.organizationId)
        .where("r.run_id", "=", runId)
        .orderBy("r.predicted_delta", "desc")
        .orderBy("r.id")
        .execute();
      return { run: toRun(run), recommendations: stored.map(toRecommendation) };
    },

    async latestRun(organizationId: string): Promise<OptimizerRun | null> {
      const row = await db
        .selectFrom("optimizer_runs")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      return row ? toRun(row) : null;
    },

    /** Whether a scheduled run (rebalance or auto-apply) was made since `since`. */
    async hasScheduledRunSince(organizationId: string, since: Date): Promise<boolean> {
      const row = await db
        .selectFrom("optimizer_runs")
        .select("id")
        .where("organization_id", "=", organizationId)
        .where("trigger", "in", ["rebalance", "auto_apply"])
        .where("created_at", ">=", since.toISOString())
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Open recommendations, the largest predicted gain first. */
    async listOpen(organizationId: string): Promise<Recommendation[]> {
      const rows = await recommendations(organizationId)
        .where("r.status", "=", OPEN)
        .orderBy("r.predicted_delta", "desc")
        .orderBy("r.id")
        .execute();
      return rows.map(toRecommendation);
    },

    /** Applied (and undone), dismissed and failed recommendations, newest first. */
    async listHistory(organizationId: string, limit: number): Promise<Recommendation[]> {
      const rows = await recommendations(organizationId)
        .where("r.status", "in", ["applied", "dismissed", "failed"])
        .orderBy("r.created_at", "desc")
        .orderBy("r.id", "desc")
        .limit(limit)
        .execute();
      return rows.map(toRecommendation);
    },

    async find(organizationId: string, id: string): Promise<Recommendation | null> {
      const row = await recommendations(organizationId).where("r.id", "=", id).executeTakeFirst();
      return row ? toRecommendation(row) : null;
    },

    async findMany(organizationId: string, ids: readonly string[]): Promise<Recommendation[]> {
      if (ids.length === 0) return [];
      const rows = await recommendations(organizationId).where("r.id", "in", ids).execute();
      return rows.map(toRecommendation);
    },

    /** Marks an open (or failed, tried again) recommendation applied; false when it was not. */
    async markApplied(
      organizationId: string,
      id: string,
      input: { changeLogId: string | null; byLabel: string; at: Date; outcomeFrom: string; outcomeTo: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable("optimizer_recommendations")
        .set({
          status: "applied",
          change_log_id: input.changeLogId,
          applied_by_label: input.byLabel,
          applied_at: input.at.toISOString(),
          outcome_from: input.outcomeFrom,
          outcome_to: input.outcomeTo,
        })
        .where("organization_id", "=", organizationId)
        .where("id", "=", id)
        .where("status", "in", [OPEN, "failed"])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markFailed(organizationId: string, id: string, message: string): Promise<void> {
      const row = await recommendations(organizationId).where("r.id", "=", id).executeTakeFirst();
      if (!row) return;
      const details = { ...(JSON.parse(row.details_json) as RecommendationDetails), failureMessage: message };
      await db
        .updateTable("optimizer_recommendations")
        .set({ status: "failed", details_json: JSON.stringify(details) })
        .where("organization_id", "=", organizationId)
        .where("id", "=", id)
        .where("status", "in", [OPEN, "failed"])
        .execute();
    },

    /** Dismisses an open recommendation; false when it was not open. */
    async dismiss(organizationId: string, id: string, byLabel: string): Promise<boolean> {
      const result = await db
        .updateTable("optimizer_recommendations")
        .set({ status: "dismissed", applied_by_label: byLabel })
        .where("organization_id", "=", organizationId)
        .where("id", "=", id)
        .where("status", "=", OPEN)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Recommendations applied since `since` (the optimizer's changes today). */
    async countAppliedSince(organizationId: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom("optimizer_recommendations")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("organization_id", "=", organizationId)
        .where("status", "=", "applied")
        .where("applied_at", ">=", since.toISOString())
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    ...createFollowUpRepository(db),
  };
}

export type OptimizerRepository = ReturnType<typeof createOptimizerRepository>;
