import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";
import { visibleCampaigns } from "./visible-campaigns.ts";

/**
 * Adhelm's own labels on campaigns (`campaign_labels`): set from the campaigns table and by rules,
 * read by rule scopes ("campaigns labelled …") and the table. A label is at most 64 characters;
 * the same label twice on a campaign is kept once.
 */
export interface CampaignLabelRepository {
  /** Every label in use in the organization, sorted. */
  listLabels(organizationId: string): Promise<string[]>;
  /** The labels of each of `campaignIds` (the organization's only). */
  labelsOf(organizationId: string, campaignIds: readonly string[]): Promise<Map<string, string[]>>;
  /** Adds and removes labels on the organization's visible campaigns among `campaignIds`; returns the ids changed. */
  change(
    organizationId: string,
    input: { campaignIds: readonly string[]; add: readonly string[]; remove: readonly string[]; byLabel: string },
  ): Promise<string[]>;
}

const CHUNK = 500;

export function createCampaignLabelRepository(db: Kysely<Database>): CampaignLabelRepository {
  return {
    async listLabels(organizationId) {
      const rows = await db
        .selectFrom("campaign_labels")
        .select("label")
        .distinct()
        .where("organization_id", "=", organizationId)
        .orderBy("label")
        .execute();
      return rows.map((row) => row.label);
    },

    async labelsOf(organizationId, campaignIds) {
      const labels = new Map<string, string[]>();
      for (let start = 0; start < campaignIds.length; start += CHUNK) {
        const chunk = campaignIds.slice(start, start + CHUNK);
        const rows = await db
          .selectFrom("campaign_labels")
          .select(["campaign_id", "label"])
          .where("organization_id", "=", organizationId)
          .where("campaign_id", "in", chunk)
          .orderBy("label")
          .execute();
        for (const row of rows) labels.set(row.campaign_id, [...(labels.get(row.campaign_id) ?? []), row.label]);
      }
      return labels;
    },

    async change(organizationId, { campaignIds, add, remove, byLabel }) {
      if (campaignIds.length === 0 || (add.length === 0 && remove.length === 0)) return [];
      return db.transaction().execute(async (trx) => {
        const owned: string[] = [];
        for (let start = 0; start < campaignIds.length; start += CHUNK) {
          const rows = await visibleCampaigns(trx, organizationId, { removed: "include" })
            .select("c.id")
            .where("c.id", "in", campaignIds.slice(start, start + CHUNK))
            .execute();
          owned.push(...rows.map((row) => row.id));
        }
        if (owned.length === 0) return [];
        for (let start = 0; start < owned.length; start += CHUNK) {
          const chunk = owned.slice(start, start + CHUNK);
          if (remove.length > 0)
            await trx
              .deleteFrom("campaign_labels")
              .where("organization_id", "=", organizationId)
              .where("campaign_id", "in", chunk)
              .where("label", "in", [...remove])
              .execute();
          if (add.length > 0)
            await trx
              .insertInto("campaign_labels")
              .values(
                chunk.flatMap((campaignId) =>
                  add.map((label) => ({
                    organization_id: organizationId,
                    campaign_id: campaignId,
                    label,
                    created_by_label: byLabel,
                  })),
                ),
              )
              .onConflict((conflict) => conflict.columns(["campaign_id", "label"]).doNothing())
              .execute();
        }
        return owned;
      });
    },
  };
}
