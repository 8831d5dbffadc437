/**
 * The only SQL of the budgets slice: the plan's settings, its groups and their campaigns, the
 * campaigns' daily bounds, the organization's campaigns and their daily spend (for pacing), and the
 * pacing alerts already sent. Every method is scoped by the organization.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { visibleCampaigns } from "#core/campaigns/visible-campaigns.ts";
import type { Database } from "#core/db/schema.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { BudgetPlanSettings } from "./budget-plan-schema.ts";
import type { BudgetPlanGroup } from "./budget-plan-types.ts";

export interface SavedPlanSettings extends BudgetPlanSettings {
  updatedByLabel: string | null;
  updatedAt: string;
}

/** A campaign of the organization as the plan lists it. */
export interface PlanCampaign {
  id: string;
  name: string;
  platform: AdPlatformId;
  status: CampaignStatus;
  currency: string;
  dailyBudgetMinor: number | null;
}

export interface CampaignBounds {
  campaignId: string;
  minDailyMinor: number | null;
  maxDailyMinor: number | null;
}

export interface GroupValues {
  name: string;
  kind: "platform" | "campaigns";
  platform: AdPlatformId | null;
  campaignIds: string[];
  minMonthlyMinor: number | null;
  maxMonthlyMinor: number | null;
}

/** One campaign's spend on one day, in one currency. */
export interface SpendRow {
  campaignId: string;
  platform: string;
  currency: string;
  date: string;
  spendMinor: number;
}

export interface BudgetPlanRepository {
  /** The organization's default attribution (/settings/general): the revenue source of a plan not yet saved. */
  defaultRevenueSource(organizationId: string): Promise<"platform" | "store">;
  getSettings(organizationId: string): Promise<SavedPlanSettings | null>;
  saveSettings(organizationId: string, settings: BudgetPlanSettings, updatedByLabel: string): Promise<void>;
  /** The groups in their order; a platform group lists no campaigns here (they are the platform's). */
  listGroups(organizationId: string): Promise<BudgetPlanGroup[]>;
  /** Creates a group (id null) or replaces one of the organization's; null when there is no such group. */
  saveGroup(organizationId: string, id: string | null, values: GroupValues): Promise<string | null>;
  deleteGroup(organizationId: string, id: string): Promise<boolean>;
  listBounds(organizationId: string): Promise<CampaignBounds[]>;
  /** Upserts each entry; an entry with neither bound removes the campaign's bounds. */
  setBounds(organizationId: string, entries: CampaignBounds[]): Promise<void>;
  /** The organization's visible campaigns that are not removed, by platform and name. */
  listCampaigns(organizationId: string): Promise<PlanCampaign[]>;
  /** Daily spend of the organization's visible campaigns (removed ones too: they spent) over a range. */
  listSpend(organizationId: string, from: string, to: string): Promise<SpendRow[]>;
  /** The first day any visible campaign of the organization has a metrics row, or null. */
  firstMetricsDate(organizationId: string): Promise<string | null>;
  /** The last day a pacing alert of this month and kind was sent, or null. */
  lastAlertDay(organizationId: string, month: string, kind: "under" | "over"): Promise<string | null>;
  /**
   * Records that the month's alert of this kind went out on `day`. False when one was already
   * recorded for that day or later (another run, another node).
   */
  recordAlert(input: {
    organizationId: string;
    month: string;
    kind: "under" | "over";
    day: string;
    data: Record<string, unknown>;
  }): Promise<boolean>;
  /** Organizations whose goal has a monthly budget and that have a connection that is not disconnected. */
  listOrganizationsWithBudget(): Promise<string[]>;
  /** Organizations whose plan asks for a daily rebalance or auto-apply (the optimizer's daily run). */
  listOrganizationsWithDailyRun(): Promise<string[]>;
}

const asBoolean = (value: boolean | number) => value === true || value === 1;
const asNumber = (value: number | string | null) => (value === null ? null : Number(value));

export function createBudgetPlanRepository(db: Kysely<Database>): BudgetPlanRepository {
  return {
    async defaultRevenueSource(organizationId) {
      const row = await db
        .selectFrom("organization")
        .select("default_attribution")
        .where("id", "=", organizationId)
        .executeTakeFirst();
      return row?.default_attribution === "store" ? "store" : "platform";
    },
    async getSettings(organizationId) {
      const row = await db
        .selectFrom("budget_plans")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        objective: row.objective as BudgetPlanSettings["objective"],
        revenueSource: row.revenue_source as BudgetPlanSettings["revenueSource"],
        mode: row.mode as BudgetPlanSettings["mode"],
        pacingCurve: row.pacing_curve as BudgetPlanSettings["pacingCurve"],
        maxDailyChange: Number(row.max_daily_change),
        explorationShare: Number(row.exploration_share),
        rebalanceDaily: asBoolean(row.rebalance_daily),
        autoApply: asBoolean(row.auto_apply),
        maxAutoChangesPerDay: Number(row.max_auto_changes_per_day),
        updatedByLabel: row.updated_by_label,
        updatedAt: new Date(row.updated_at).toISOString(),
      };
    },

    async saveSettings(organizationId, settings, updatedByLabel) {
      const values = {
        objective: settings.objective,
        revenue_source: settings.revenueSource,
        mode: settings.mode,
        pacing_curve: settings.pacingCurve,
        max_daily_change: settings.maxDailyChange,
        exploration_share: settings.explorationShare,
        rebalance_daily: settings.rebalanceDaily,
        auto_apply: settings.autoApply,
        max_auto_changes_per_day: settings.maxAutoChangesPerDay,
        updated_by_label: updatedByLabel,
        updated_at: new Date(),
      };
      await db
        .insertInto("budget_plans")
        .values({ organization_id: organizationId, ...values })
        .onConflict((conflict) => conflict.column("organization_id").doUpdateSet(values))
        .execute();
    },

    async listGroups(organizationId) {
      const [groups, links] = await Promise.all([
        db
          .selectFrom("budget_plan_groups")
          .selectAll()
          .where("organization_id", "=", organizationId)
          .orderBy("position")
          .orderBy("created_at")
          .orderBy("id")
          .execute(),
        db
          .selectFrom("budget_plan_group_campaigns")
          .select(["group_id", "campaign_id"])
          .where("organization_id", "=", organizationId)
          .orderBy("campaign_id")
          .execute(),
      ]);
      const campaignsOf = new Map<string, string[]>();
      for (const link of links)
        campaignsOf.set(link.group_id, [...(campaignsOf.get(link.group_id) ?? []), link.campaign_id]);
      return groups.map((row) => ({
        id: row.id,
        name: row.name,
        kind: row.kind as BudgetPlanGroup["kind"],
        platform: row.platform as AdPlatformId | null,
        campaignIds: campaignsOf.get(row.id) ?? [],
        minMonthlyMinor: asNumber(row.min_monthly_minor),
        maxMonthlyMinor: asNumber(row.max_monthly_minor),
      }));
    },

    async saveGroup(organizationId, id, values) {
      return db.transaction().execute(async (trx) => {
        const row = {
          name: values.name,
          kind: values.kind,
          platform: values.platform,
          min_monthly_minor: values.minMonthlyMinor,
          max_monthly_minor: values.maxMonthlyMinor,
        };
        let groupId = id;
        if (groupId === null) {
          groupId = randomUUID();
          const last = await trx
            .selectFrom("budget_plan_groups")
            .select((eb) => eb.fn.max("position").as("position"))
            .where("organization_id", "=", organizationId)
            .executeTakeFirst();
          await trx
            .insertInto("budget_plan_groups")
            .values({
              id: groupId,
              organization_id: organizationId,
              position: Number(last?.position ?? -1) + 1,
              ...row,
            })
            .execute();
        } else {
          const updated = await trx
            .updateTable("budget_plan_groups")
            .set(row)
            .where("id", "=", groupId)
            .where("organization_id", "=", organizationId)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) return null;
          await trx
            .deleteFrom("budget_plan_group_campaigns")
            .where("group_id", "=", groupId)
            .where("organization_id", "=", organizationId)
            .execute();
        }
        const links = values.campaignIds.map((campaignId) => ({
          group_id: groupId,
          organization_id: organizationId,
          campaign_id: campaignId,
        }));
        for (let start = 0; start < links.length; start += 200)
          await trx
            .insertInto("budget_plan_group_campaigns")
            .values(links.slice(start, start + 200))
            .execute();
        return groupId;
      });
    },

    async deleteGroup(organizationId, id) {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom("budget_plan_group_campaigns")
          .where("group_id", "=", id)
          .where("organization_id", "=", organizationId)
          .execute();
        const deleted = await trx
          .deleteFrom("budget_plan_groups")
          .where("id", "=", id)
          .where("organization_id", "=", organizationId)
          .executeTakeFirst();
        return Number(deleted.numDeletedRows) > 0;
      });
    },

    async listBounds(organizationId) {
      const rows = await db
        .selectFrom("campaign_budget_bounds")
        .select(["campaign_id", "min_daily_minor", "max_daily_minor"])
        .where("organization_id", "=", organizationId)
        .orderBy("campaign_id")
        .execute();
      return rows.map((row) => ({
        campaignId: row.campaign_id,
        minDailyMinor: asNumber(row.min_daily_minor),
        maxDailyMinor: asNumber(row.max_daily_minor),
      }));
    },

    async setBounds(organizationId, entries) {
      await db.transaction().execute(async (trx) => {
        for (const entry of entries) {
          if (entry.minDailyMinor === null && entry.maxDailyMinor === null) {
            await trx
              .deleteFrom("campaign_budget_bounds")
              .where("campaign_id", "=", entry.campaignId)
              .where("organization_id", "=", organizationId)
              .execute();
            continue;
          }
          const values = {
            min_daily_minor: entry.minDailyMinor,
            max_daily_minor: entry.maxDailyMinor,
            updated_at: new Date(),
          };
          // The campaign is the organization's (the use case checked), so its row can only be ours.
          await trx
            .insertInto("campaign_budget_bounds")
            .values({ campaign_id: entry.campaignId, organization_id: organizationId, ...values })
            .onConflict((conflict) =>
              conflict
                .column("campaign_id")
                .doUpdateSet(values)
                .where("campaign_budget_bounds.organization_id", "=", organizationId),
            )
            .execute();
        }
      });
    },

    async listCampaigns(organizationId) {
      const rows = await visibleCampaigns(db, organizationId, { removed: "exclude" })
        .select(["c.id", "c.name", "n.platform", "c.status", "c.currency", "c.daily_budget_minor"])
        .orderBy("n.platform")
        .orderBy("c.name")
        .orderBy("c.id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        platform: row.platform as AdPlatformId,
        status: row.status,
        currency: row.currency,
        dailyBudgetMinor: asNumber(row.daily_budget_minor),
      }));
    },

    async listSpend(organizationId, from, to) {
      const rows = await visibleCampaigns(db, organizationId, { removed: "include" })
        .innerJoin("campaign_daily_metrics as m", "m.campaign_id", "c.id")
        .where("m.organization_id", "=", organizationId)
        .where("m.date", ">=", from)
        .where("m.date", "<=", to)
        .select(["c.id", "n.platform", "m.currency", "m.date", "m.spend_minor"])
        .orderBy("m.date")
        .execute();
      return rows.map((row) => ({
        campaignId: row.id,
        platform: row.platform,
        currency: row.currency,
        date: row.date,
        spendMinor: Number(row.spend_minor),
      }));
    },

    async firstMetricsDate(organizationId) {
      const row = await visibleCampaigns(db, organizationId, { removed: "include" })
        .innerJoin("campaign_daily_metrics as m", "m.campaign_id", "c.id")
        .where("m.organization_id", "=", organizationId)
        .select((eb) => eb.fn.min("m.date").as("first"))
        .executeTakeFirst();
      return (row?.first as string | null | undefined) ?? null;
    },

    async lastAlertDay(organizationId, month, kind) {
      const row = await db
        .selectFrom("budget_pacing_alerts")
        .select("last_sent_on")
        .where("organization_id", "=", organizationId)
        .where("month", "=", month)
        .where("kind", "=", kind)
        .executeTakeFirst();
      return row?.last_sent_on ?? null;
    },

    async recordAlert({ organizationId, month, kind, day, data }) {
      const dataJson = JSON.stringify(data);
      const inserted = await db
        .insertInto("budget_pacing_alerts")
        .values({ organization_id: organizationId, month, kind, last_sent_on: day, data_json: dataJson })
        .onConflict((conflict) => conflict.columns(["organization_id", "month", "kind"]).doNothing())
        .returning("organization_id")
        .executeTakeFirst();
      if (inserted) return true;
      const updated = await db
        .updateTable("budget_pacing_alerts")
        .set({ last_sent_on: day, data_json: dataJson })
        .where("organization_id", "=", organizationId)
        .where("month", "=", month)
        .where("kind", "=", kind)
        .where("last_sent_on", "<", day)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    async listOrganizationsWithDailyRun() {
      const rows = await db
        .selectFrom("budget_plans")
        .select("organization_id")
        .where((eb) => eb.or([eb("rebalance_daily", "=", true), eb("auto_apply", "=", true)]))
        .execute();
      return rows.map((row) => row.organization_id);
    },

    async listOrganizationsWithBudget() {
      const rows = await db
        .selectFrom("goals as g")
        .select("g.organization_id")
        .where("g.scope", "=", "organization")
        .where("g.monthly_budget_minor", "is not", null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("connections as n")
              .select("n.id")
              .whereRef("n.organization_id", "=", "g.organization_id")
              .where("n.status", "!=", "disconnected"),
          ),
        )
        .orderBy("g.organization_id")
        .execute();
      return rows.map((row) => row.organization_id);
    },
  };
}
