/**
 * The optimizer slice's SQL for realised against predicted: the applied recommendations to follow
 * up, their stored follow-up, and what the calibration reads; and the query of an organization's
 * recommendations with their undo that the slice's repository shares (optimizer-repository.ts).
 */
import type { Kysely } from "kysely";
import { toIsoTimestamp } from "#core/campaigns/iso-timestamp.ts";
import type { Database } from "#core/db/schema.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { FollowUpCandidate, FollowUpComparison, RecommendationDetails } from "./optimizer-records.ts";
import type { OptimizerObjective } from "./optimizer-types.ts";

/**
 * The organization's recommendations with whether their change was undone: the change log entry's
 * undo (undone_by), unless that undo was undone in turn (the budget is the recommended one again).
 */
export function recommendationRows(db: Kysely<Database>, organizationId: string) {
  return db
    .selectFrom("optimizer_recommendations as r")
    .leftJoin("change_log as cl", (join) =>
      join.onRef("cl.id", "=", "r.change_log_id").onRef("cl.organization_id", "=", "r.organization_id"),
    )
    .leftJoin("change_log as undo", (join) =>
      join.onRef("undo.id", "=", "cl.undone_by").onRef("undo.organization_id", "=", "r.organization_id"),
    )
    .selectAll("r")
    .select(["undo.id as undo_id", "undo.undone_by as undo_undone_by", "undo.created_at as undone_at"])
    .where("r.organization_id", "=", organizationId);
}

export function createFollowUpRepository(db: Kysely<Database>) {
  /** Applied and not undone (the change log entry is still in force). */
  const inForce = (organizationId: string) =>
    recommendationRows(db, organizationId).where("r.status", "=", "applied").where("cl.undone_by", "is", null);

  return {
    /** Applied recommendations still in force, not followed up yet, whose last outcome day is before `today`. */
    async listFollowUpCandidates(organizationId: string, today: string): Promise<FollowUpCandidate[]> {
      const rows = await inForce(organizationId)
        .where("r.followed_up_at", "is", null)
        .where("r.outcome_to", "<", today)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        campaignId: row.campaign_id,
        platform: row.platform as AdPlatformId,
        objective: row.objective as OptimizerObjective,
        outcomeFrom: row.outcome_from ?? "",
        outcomeTo: row.outcome_to ?? "",
        appliedAt: row.applied_at ? toIsoTimestamp(row.applied_at) : "",
        predicted: {
          mean: Number(row.predicted_delta),
          low: Number(row.predicted_low),
          high: Number(row.predicted_high),
        },
        response: (JSON.parse(row.details_json) as RecommendationDetails).response ?? null,
      }));
    },

    /** Stores the follow-up: the realised change, whether it was inside, and what it was compared with. */
    async saveFollowUp(
      organizationId: string,
      id: string,
      input: { realisedDelta: number; inside: boolean; comparison: FollowUpComparison; at: Date },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("optimizer_recommendations")
          .select("details_json")
          .where("organization_id", "=", organizationId)
          .where("id", "=", id)
          .executeTakeFirst();
        if (!row) return;
        const details: RecommendationDetails = {
          ...(JSON.parse(row.details_json) as RecommendationDetails),
          followUp: input.comparison,
        };
        await trx
          .updateTable("optimizer_recommendations")
          .set({
            realised_delta: input.realisedDelta,
            realised_inside: input.inside,
            followed_up_at: input.at.toISOString(),
            details_json: JSON.stringify(details),
          })
          .where("organization_id", "=", organizationId)
          .where("id", "=", id)
          .execute();
      });
    },

    /**
     * The followed-up recommendations' predictions (for the spends that ran) and outcomes, and how many wait for mature days;
     * undone ones are left out (their outcome days did not run at the recommended budget).
     */
    async listFollowedUp(organizationId: string): Promise<{
      done: Array<{ objective: OptimizerObjective; predicted: number; realised: number; inside: boolean }>;
      pending: number;
    }> {
      const rows = await inForce(organizationId).execute();
      const done = rows
        .filter((row) => row.followed_up_at != null && row.realised_delta != null)
        .map((row) => ({
          objective: row.objective as OptimizerObjective,
          // Measured against the prediction for the spends that ran (the recommendation's own before those were stored).
          predicted:
            (JSON.parse(row.details_json) as RecommendationDetails).followUp?.expected.mean ??
            Number(row.predicted_delta),
          realised: Number(row.realised_delta),
          inside: Boolean(row.realised_inside),
        }));
      return { done, pending: rows.length - done.length };
    },

    /** Organizations with applied recommendations still in force to follow up. */
    async listOrganizationsToFollowUp(): Promise<string[]> {
      const rows = await db
        .selectFrom("optimizer_recommendations as r")
        .leftJoin("change_log as cl", (join) =>
          join.onRef("cl.id", "=", "r.change_log_id").onRef("cl.organization_id", "=", "r.organization_id"),
        )
        .select("r.organization_id")
        .distinct()
        .where("r.status", "=", "applied")
        .where("r.followed_up_at", "is", null)
        .where("cl.undone_by", "is", null)
        .execute();
      return rows.map((row) => row.organization_id);
    },
  };
}
