import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { applyConversionChoices, hasEffectiveAdjustments } from "#core/conversions/effective-conversions.ts";
import type { Database } from "#core/db/schema.ts";
import type { DateRange, ExternalConversionAction, ExternalConversionDaily } from "#core/shared/connector-port.ts";
import { createBatchWriter } from "./batch-writer.ts";

/** What the sync writes for conversion settings: an account's conversion actions and their per campaign-day counts. */
export interface ConversionSyncRepository {
  /** Upserts by (ad account, external id); actions the platform no longer lists are marked removed (their counts stay). */
  upsertConversionActions(
    organizationId: string,
    adAccountId: string,
    platform: string,
    actions: ExternalConversionAction[],
  ): Promise<number>;
  /**
   * Replaces the account's per campaign-day-action counts on `range` with `rows` (rows of campaigns
   * or actions we do not have are left out) and, when the organization chose differently from the
   * platform, rewrites the affected campaign-days' effective conversions and their rollups, all in
   * one transaction.
   */
  replaceConversionDailies(
    organizationId: string,
    adAccountId: string,
    range: DateRange,
    rows: ExternalConversionDaily[],
  ): Promise<number>;
}

interface StoredConversionDay {
  campaignId: string;
  actionId: string;
  date: string;
  conversions: number;
  conversionValueMinor: number;
}

const dailyConversionsWriter = createBatchWriter<StoredConversionDay, { organizationId: string; updatedAt: string }>({
  table: "campaign_daily_conversions",
  columns: [
    "campaign_id",
    "action_id",
    "date",
    "organization_id",
    "conversions",
    "conversion_value_minor",
    "updated_at",
  ],
  conflictKey: ["campaign_id", "action_id", "date"],
  updateColumns: ["conversions", "conversion_value_minor", "updated_at"],
  values: (row, shared) => [
    row.campaignId,
    row.actionId,
    row.date,
    shared.organizationId,
    row.conversions,
    row.conversionValueMinor,
    shared.updatedAt,
  ],
});

export function createConversionSyncRepository(db: Kysely<Database>): ConversionSyncRepository {
  const now = () => new Date().toISOString();
  const idsBy = async (table: "campaigns" | "conversion_actions", adAccountId: string) => {
    const rows = await db
      .selectFrom(table)
      .select(["id", "external_id"])
      .where("ad_account_id", "=", adAccountId)
      .execute();
    return new Map(rows.map((row) => [row.external_id, row.id]));
  };

  return {
    async upsertConversionActions(organizationId, adAccountId, platform, actions) {
      const syncedAt = now();
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < actions.length; start += 500)
          await trx
            .insertInto("conversion_actions")
            .values(
              actions.slice(start, start + 500).map((action) => ({
                id: randomUUID(),
                organization_id: organizationId,
                ad_account_id: adAccountId,
                platform,
                external_id: action.externalId,
                name: action.name,
                category: action.category,
                counted_by_platform: action.countedByPlatform,
                click_window_days: action.clickWindowDays,
                view_window_days: action.viewWindowDays,
                status: "active",
                synced_at: syncedAt,
              })),
            )
            .onConflict((conflict) =>
              conflict.columns(["ad_account_id", "external_id"]).doUpdateSet({
                name: sql`excluded.name`,
                category: sql`excluded.category`,
                counted_by_platform: sql`excluded.counted_by_platform`,
                click_window_days: sql`excluded.click_window_days`,
                view_window_days: sql`excluded.view_window_days`,
                status: "active",
                synced_at: sql`excluded.synced_at`,
              }),
            )
            .execute();
        let gone = trx
          .updateTable("conversion_actions")
          .set({ status: "removed" })
          .where("ad_account_id", "=", adAccountId)
          .where("status", "=", "active");
        if (actions.length > 0)
          gone = gone.where(
            "external_id",
            "not in",
            actions.map((action) => action.externalId),
          );
        await gone.execute();
      });
      return actions.length;
    },

    async replaceConversionDailies(organizationId, adAccountId, range, metrics) {
      const [campaignIds, actionIds] = await Promise.all([
        idsBy("campaigns", adAccountId),
        idsBy("conversion_actions", adAccountId),
      ]);
      const rows: StoredConversionDay[] = [];
      for (const metric of metrics) {
        const campaignId = campaignIds.get(metric.campaignExternalId);
        const actionId = actionIds.get(metric.actionExternalId);
        if (campaignId && actionId && metric.date >= range.from && metric.date <= range.to)
          rows.push({
            campaignId,
            actionId,
            date: metric.date,
            conversions: metric.conversions,
            conversionValueMinor: metric.conversionValueMinor,
          });
      }
      const updatedAt = now();
      await db.transaction().execute(async (trx) => {
        // The platform lists only days with conversions: a day it revised to none must not keep its old count.
        const previous = await trx
          .selectFrom("campaign_daily_conversions as d")
          .innerJoin("conversion_actions as a", "a.id", "d.action_id")
          .select("d.campaign_id")
          .distinct()
          .where("a.ad_account_id", "=", adAccountId)
          .where("d.date", ">=", range.from)
          .where("d.date", "<=", range.to)
          .execute();
        const accountActions = [...actionIds.values()];
        if (accountActions.length > 0)
          await trx
            .deleteFrom("campaign_daily_conversions")
            .where("action_id", "in", accountActions)
            .where("date", ">=", range.from)
            .where("date", "<=", range.to)
            .execute();
        await dailyConversionsWriter.write(trx, rows, { organizationId, updatedAt });
        if (await hasEffectiveAdjustments(trx, organizationId)) {
          const touched = new Set([...previous.map((row) => row.campaign_id), ...rows.map((row) => row.campaignId)]);
          await applyConversionChoices(trx, organizationId, [...touched].sort(), range.from, range.to);
        }
      });
      return rows.length;
    },
  };
}
