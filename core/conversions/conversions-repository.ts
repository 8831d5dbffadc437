/** The conversions slice's SQL: actions with their choices and recent counts, choices, and the revenue truth. */
import { type Kysely, sql } from "kysely";
import { isVisibleAccount } from "#core/campaigns/visible-campaigns.ts";
import type { Database } from "#core/db/schema.ts";
import { ATTRIBUTION_SOURCES, type AttributionSource } from "#core/organizations/organization-settings-schema.ts";
import type { ConversionCategory } from "#core/shared/connector-port.ts";
import { type AdPlatformId, isAdPlatform, isStorePlatform } from "#core/shared/platforms.ts";
import type { ConversionActionView, RevenueTruth } from "./conversions-types.ts";
import { applyConversionChoices, storeTruthPlatforms } from "./effective-conversions.ts";
import { followRevenueTruth } from "./store-revenue-days.ts";

const asBoolean = (value: boolean | number) => value === true || value === 1;
const sourceOf = (value: string): AttributionSource =>
  (ATTRIBUTION_SOURCES as readonly string[]).includes(value) ? (value as AttributionSource) : "platform";
const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

export interface ConversionsRepository {
  /** The ad platforms the organization has a visible ad account of, and whether it has a store connected. */
  connectedPlatforms(organizationId: string): Promise<{ platforms: AdPlatformId[]; hasStore: boolean }>;
  /** The actions of the organization's visible ad accounts, with their counts on [from, to]. */
  listActions(
    organizationId: string,
    range: { from: string; to: string },
  ): Promise<Array<ConversionActionView & { platform: AdPlatformId }>>;
  /**
   * Records the organization's choice for one action and rewrites the effective conversions of
   * every campaign-day it has counts on, with the rollups, in one transaction. Null: no such action
   * in the organization.
   */
  setCounted(
    organizationId: string,
    actionId: string,
    counted: boolean,
    by: { id: string | null; name: string },
  ): Promise<{ name: string; platform: string; campaigns: number; days: number } | null>;
  getRevenueTruth(organizationId: string): Promise<RevenueTruth>;
  setRevenueTruth(organizationId: string, truth: RevenueTruth): Promise<void>;
}

export function createConversionsRepository(db: Kysely<Database>): ConversionsRepository {
  return {
    async connectedPlatforms(organizationId) {
      const rows = await db
        .selectFrom("connections as n")
        .leftJoin("ad_accounts as a", "a.connection_id", "n.id")
        .select(["n.platform", "a.is_managed"])
        .where("n.organization_id", "=", organizationId)
        .where("n.status", "!=", "disconnected")
        .execute();
      const platforms = new Set<AdPlatformId>();
      let hasStore = false;
      for (const row of rows) {
        if (isStorePlatform(row.platform)) hasStore = true;
        else if (isAdPlatform(row.platform) && row.is_managed !== null && asBoolean(row.is_managed))
          platforms.add(row.platform);
      }
      return { platforms: [...platforms].sort(), hasStore };
    },

    async listActions(organizationId, range) {
      const recent = db
        .selectFrom("campaign_daily_conversions as d")
        .select([
          "d.action_id",
          sql<number>`sum(d.conversions)`.as("conversions"),
          sql<number>`sum(d.conversion_value_minor)`.as("value_minor"),
        ])
        .where("d.organization_id", "=", organizationId)
        .where("d.date", ">=", range.from)
        .where("d.date", "<=", range.to)
        .groupBy("d.action_id")
        .as("r");
      const rows = await db
        .selectFrom("conversion_actions as x")
        .innerJoin("ad_accounts as a", "a.id", "x.ad_account_id")
        .innerJoin("connections as n", "n.id", "a.connection_id")
        .leftJoin("conversion_settings as s", "s.action_id", "x.id")
        .leftJoin(recent, "r.action_id", "x.id")
        .select([
          "x.id",
          "x.platform",
          "x.ad_account_id",
          "a.name as account_name",
          "a.currency",
          "x.external_id",
          "x.name",
          "x.category",
          "x.counted_by_platform",
          "x.click_window_days",
          "x.view_window_days",
          "x.status",
          "s.counted",
          "s.set_by_name",
          "s.set_at",
          "r.conversions",
          "r.value_minor",
        ])
        .where("x.organization_id", "=", organizationId)
        .where(isVisibleAccount)
        .orderBy("x.platform")
        .orderBy("a.name")
        .orderBy("x.status")
        .orderBy("x.name")
        .orderBy("x.id")
        .execute();
      return rows.flatMap((row) => {
        if (!isAdPlatform(row.platform)) return [];
        const countedByPlatform = asBoolean(row.counted_by_platform);
        const choice =
          row.counted === null || row.counted === undefined
            ? null
            : { counted: asBoolean(row.counted), byName: row.set_by_name ?? "", at: iso(row.set_at ?? new Date()) };
        return [
          {
            id: row.id,
            platform: row.platform,
            adAccountId: row.ad_account_id,
            adAccountName: row.account_name,
            externalId: row.external_id,
            name: row.name,
            category: row.category as ConversionCategory,
            countedByPlatform,
            counted: choice ? choice.counted : countedByPlatform,
            clickWindowDays: row.click_window_days,
            viewWindowDays: row.view_window_days,
            status: row.status === "removed" ? "removed" : "active",
            recent: {
              conversions: Math.round(Number(row.conversions ?? 0) * 100) / 100,
              valueMinor: Number(row.value_minor ?? 0),
              currency: row.currency,
            },
            choice,
          },
        ];
      });
    },

    async setCounted(organizationId, actionId, counted, by) {
      return db.transaction().execute(async (trx) => {
        const action = await trx
          .selectFrom("conversion_actions")
          .select(["id", "name", "platform"])
          .where("organization_id", "=", organizationId)
          .where("id", "=", actionId)
          .executeTakeFirst();
        if (!action) return null;
        const values = { counted, set_by: by.id, set_by_name: by.name, set_at: new Date().toISOString() };
        await trx
          .insertInto("conversion_settings")
          .values({ action_id: actionId, organization_id: organizationId, ...values })
          .onConflict((conflict) => conflict.column("action_id").doUpdateSet(values))
          .execute();
        const span = await trx
          .selectFrom("campaign_daily_conversions")
          .select((eb) => [
            eb.fn.min("date").as("first"),
            eb.fn.max("date").as("last"),
            eb.fn.count<number>("date").as("days"),
          ])
          .where("organization_id", "=", organizationId)
          .where("action_id", "=", actionId)
          .executeTakeFirst();
        const campaigns = (
          await trx
            .selectFrom("campaign_daily_conversions")
            .select("campaign_id")
            .distinct()
            .where("organization_id", "=", organizationId)
            .where("action_id", "=", actionId)
            .orderBy("campaign_id")
            .execute()
        ).map((row) => row.campaign_id);
        if (span?.first && span.last)
          await applyConversionChoices(trx, organizationId, campaigns, span.first, span.last);
        return {
          name: action.name,
          platform: action.platform,
          campaigns: campaigns.length,
          days: Number(span?.days ?? 0),
        };
      });
    },

    async getRevenueTruth(organizationId) {
      const [organization, overrides] = await Promise.all([
        db.selectFrom("organization").select("default_attribution").where("id", "=", organizationId).executeTakeFirst(),
        db
          .selectFrom("revenue_truth_overrides")
          .select(["platform", "source"])
          .where("organization_id", "=", organizationId)
          .orderBy("platform")
          .execute(),
      ]);
      const truth: RevenueTruth = {
        defaultSource: sourceOf(organization?.default_attribution ?? "platform"),
        overrides: {},
      };
      for (const row of overrides) if (isAdPlatform(row.platform)) truth.overrides[row.platform] = sourceOf(row.source);
      return truth;
    },

    async setRevenueTruth(organizationId, truth) {
      const at = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        const before = await storeTruthPlatforms(trx, organizationId);
        await trx
          .updateTable("organization")
          .set({ default_attribution: truth.defaultSource })
          .where("id", "=", organizationId)
          .execute();
        await trx.deleteFrom("revenue_truth_overrides").where("organization_id", "=", organizationId).execute();
        const rows = Object.entries(truth.overrides).flatMap(([platform, source]) =>
          source && source !== truth.defaultSource
            ? [{ organization_id: organizationId, platform, source, updated_at: at }]
            : [],
        );
        if (rows.length > 0) await trx.insertInto("revenue_truth_overrides").values(rows).execute();
        // History follows: the campaigns of every platform whose truth changed are rewritten.
        await followRevenueTruth(trx, organizationId, before, await storeTruthPlatforms(trx, organizationId));
      });
    },
  };
}
