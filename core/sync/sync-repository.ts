import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { refreshMetricRollups, refreshStoreRollups } from "#core/analytics/analytics-rollups.ts";
import type { SyncHistory, SyncRunRecord } from "#core/connections/sync-history.ts";
import { hasEffectiveAdjustments, rewriteEffectiveConversions } from "#core/conversions/effective-conversions.ts";
import { followStoreOrders } from "#core/conversions/store-revenue-days.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import type { Database } from "#core/db/schema.ts";
import {
  type ExternalCampaign,
  type ExternalDailyMetric,
  type ExternalOrder,
  PLATFORM_ISSUE_MAX_LENGTH,
} from "#core/shared/connector-port.ts";
import type { SyncRunKind, SyncRunStatus } from "#core/shared/domain-enums.ts";
import { createBatchWriter } from "./batch-writer.ts";

/** The sync engine's runs and the rows it writes; its run history is what the connections slice reads. */
export interface SyncRepository extends SyncHistory {
  findRunningRun(connectionId: string): Promise<SyncRunRecord | null>;
  startRun(input: {
    organizationId: string;
    connectionId: string;
    kind: SyncRunKind;
    windowFrom: string;
    windowTo: string;
    stepsTotal: number;
    at: Date;
  }): Promise<SyncRunRecord>;
  /** Records one finished step and what it wrote, so a resumed run skips it. */
  completeStep(runId: string, step: string, counts: { campaigns: number; rows: number }): Promise<void>;
  setStepsTotal(runId: string, total: number): Promise<void>;
  addRetries(runId: string, retries: number): Promise<void>;
  finishRun(runId: string, status: Exclude<SyncRunStatus, "running">, error: string | null, at: Date): Promise<void>;

  /** Upserts campaigns by (ad account, external id); returns our id per external id. */
  upsertCampaigns(
    organizationId: string,
    adAccountId: string,
    campaigns: ExternalCampaign[],
  ): Promise<Map<string, string>>;
  /** Campaign ids of an ad account by external id. */
  campaignIdsOf(adAccountId: string): Promise<Map<string, string>>;
  /** Idempotent: one row per campaign and date, replaced by the newest numbers. */
  upsertDailyMetrics(
    organizationId: string,
    rows: Array<ExternalDailyMetric & { campaignId: string }>,
  ): Promise<number>;
  upsertOrders(organizationId: string, connectionId: string, orders: ExternalOrder[]): Promise<number>;
  /**
   * Records an ad platform's conversions per day of the last LAG_SNAPSHOT_AGES days as stored now,
   * at their age (today − the day), for the rules' conversion lag model; the latest sync of a day wins.
   */
  recordConversionLag(organizationId: string, platform: string, today: string): Promise<number>;
}

/** Ages 0 … 13 are recorded; a day 14 days old counts as mature (core/rules/conversion-lag.ts). */
export const LAG_SNAPSHOT_AGES = 14;

/** One stored row of campaign_daily_metrics, replaced by the newest numbers when it comes again. */
const dailyMetricsWriter = createBatchWriter<
  ExternalDailyMetric & { campaignId: string },
  { organizationId: string; updatedAt: string }
>({
  table: "campaign_daily_metrics",
  columns: [
    "campaign_id",
    "organization_id",
    "date",
    "impressions",
    "clicks",
    "spend_minor",
    "conversions",
    "conversion_value_minor",
    "currency",
    "updated_at",
  ],
  conflictKey: ["campaign_id", "date"],
  updateColumns: [
    "impressions",
    "clicks",
    "spend_minor",
    "conversions",
    "conversion_value_minor",
    "currency",
    "updated_at",
    // Not inserted, so `excluded` holds null: a repeated row's figures are the platform's again,
    // until the organization's choices are applied (core/conversions/effective-conversions.ts).
    "platform_conversions",
    "platform_conversion_value_minor",
  ],
  values: (row, shared) => [
    row.campaignId,
    shared.organizationId,
    row.date,
    row.impressions,
    row.clicks,
    row.spendMinor,
    row.conversions,
    row.conversionValueMinor,
    row.currency,
    shared.updatedAt,
  ],
});

export function createSyncRepository(db: Kysely<Database>): SyncRepository {
  const toRun = (row: {
    id: string;
    connection_id: string;
    kind: SyncRunKind;
    status: SyncRunStatus;
    window_from: string;
    window_to: string;
    steps_total: number;
    steps_done: string;
    campaigns_synced: number;
    rows_upserted: number;
    retries: number;
    error: string | null;
    started_at: Date | string;
    finished_at: Date | string | null;
  }): SyncRunRecord => ({
    id: row.id,
    connectionId: row.connection_id,
    kind: row.kind,
    status: row.status,
    windowFrom: row.window_from,
    windowTo: row.window_to,
    stepsTotal: row.steps_total,
    stepsDone: JSON.parse(row.steps_done) as string[],
    campaignsSynced: row.campaigns_synced,
    rowsUpserted: row.rows_upserted,
    retries: row.retries,
    error: row.error,
    startedAt: new Date(row.started_at),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
  });
  const now = () => new Date().toISOString();

  return {
    async findRunningRun(connectionId) {
      const row = await db
        .selectFrom("sync_runs")
        .selectAll()
        .where("connection_id", "=", connectionId)
        .where("status", "=", "running")
        .orderBy("started_at", "desc")
        .executeTakeFirst();
      return row ? toRun(row) : null;
    },
    async startRun(input) {
      const row = {
        id: randomUUID(),
        organization_id: input.organizationId,
        connection_id: input.connectionId,
        kind: input.kind,
        status: "running" as const,
        window_from: input.windowFrom,
        window_to: input.windowTo,
        steps_total: input.stepsTotal,
        steps_done: "[]",
        campaigns_synced: 0,
        rows_upserted: 0,
        retries: 0,
        error: null,
        started_at: input.at.toISOString(),
        finished_at: null,
      };
      await db.insertInto("sync_runs").values(row).execute();
      return toRun(row);
    },
    async completeStep(runId, step, counts) {
      await db.transaction().execute(async (trx) => {
        const run = await trx
          .selectFrom("sync_runs")
          .select("steps_done")
          .where("id", "=", runId)
          .executeTakeFirstOrThrow();
        const done = JSON.parse(run.steps_done) as string[];
        if (done.includes(step)) return;
        await trx
          .updateTable("sync_runs")
          .set((eb) => ({
            steps_done: JSON.stringify([...done, step]),
            campaigns_synced: eb("campaigns_synced", "+", counts.campaigns),
            rows_upserted: eb("rows_upserted", "+", counts.rows),
          }))
          .where("id", "=", runId)
          .execute();
      });
    },
    async setStepsTotal(runId, total) {
      await db.updateTable("sync_runs").set({ steps_total: total }).where("id", "=", runId).execute();
    },
    async addRetries(runId, retries) {
      if (retries === 0) return;
      await db
        .updateTable("sync_runs")
        .set((eb) => ({ retries: eb("retries", "+", retries) }))
        .where("id", "=", runId)
        .execute();
    },
    async finishRun(runId, status, error, at) {
      await db
        .updateTable("sync_runs")
        .set({ status, error, finished_at: at.toISOString() })
        .where("id", "=", runId)
        .execute();
    },
    async listRuns(organizationId, connectionId, limit) {
      const rows = await db
        .selectFrom("sync_runs")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("connection_id", "=", connectionId)
        .orderBy("started_at", "desc")
        .limit(limit)
        .execute();
      return rows.map(toRun);
    },
    async listRunningRuns(organizationId) {
      const rows = await db
        .selectFrom("sync_runs")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("status", "=", "running")
        .execute();
      return rows.map(toRun);
    },

    async upsertCampaigns(organizationId, adAccountId, campaigns) {
      if (campaigns.length > 0) {
        await db
          .insertInto("campaigns")
          .values(
            campaigns.map((campaign) => ({
              id: randomUUID(),
              organization_id: organizationId,
              ad_account_id: adAccountId,
              external_id: campaign.externalId,
              name: campaign.name,
              status: campaign.status,
              daily_budget_minor: campaign.dailyBudgetMinor,
              currency: campaign.currency,
              // What the platform says stopped it, or null: a listing without an issue clears it.
              platform_issue: campaign.platformIssue?.slice(0, PLATFORM_ISSUE_MAX_LENGTH) || null,
            })),
          )
          .onConflict((conflict) =>
            conflict.columns(["ad_account_id", "external_id"]).doUpdateSet((eb) => ({
              name: eb.ref("excluded.name"),
              status: eb.ref("excluded.status"),
              daily_budget_minor: eb.ref("excluded.daily_budget_minor"),
              currency: eb.ref("excluded.currency"),
              platform_issue: eb.ref("excluded.platform_issue"),
              updated_at: now(),
            })),
          )
          .execute();
      }
      return this.campaignIdsOf(adAccountId);
    },
    async campaignIdsOf(adAccountId) {
      const rows = await db
        .selectFrom("campaigns")
        .select(["id", "external_id"])
        .where("ad_account_id", "=", adAccountId)
        .execute();
      return new Map(rows.map((row) => [row.external_id, row.id]));
    },
    async upsertDailyMetrics(organizationId, rows) {
      if (rows.length === 0) return 0;
      const updatedAt = now();
      await db.transaction().execute(async (trx) => {
        await dailyMetricsWriter.write(trx, rows, { organizationId, updatedAt });
        // The organization's conversion choices and revenue truth apply to fresh rows too, before the rollups sum them.
        if (await hasEffectiveAdjustments(trx, organizationId)) {
          const dates = rows.map((row) => row.date).sort();
          const campaignIds = [...new Set(rows.map((row) => row.campaignId))];
          await rewriteEffectiveConversions(
            trx,
            organizationId,
            campaignIds,
            dates[0] as string,
            dates.at(-1) as string,
          );
        }
        // The analytics rollups (running totals per campaign, sums per ad account and day) change in
        // the same transaction, so no reader ever sees them disagree with the metrics.
        await refreshMetricRollups(trx, organizationId, rows);
      });
      return rows.length;
    },
    async upsertOrders(organizationId, connectionId, orders) {
      if (orders.length === 0) return 0;
      const updatedAt = now();
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < orders.length; start += 1_000) {
          await trx
            .insertInto("store_orders")
            .values(
              orders.slice(start, start + 1_000).map((order) => ({
                id: randomUUID(),
                organization_id: organizationId,
                connection_id: connectionId,
                external_id: order.externalId,
                name: order.name,
                ordered_at: order.createdAt,
                currency: order.currency,
                total_minor: order.totalMinor,
                refunded_minor: order.refundedMinor,
                utm_source: order.utmSource,
                utm_medium: order.utmMedium,
                utm_campaign: order.utmCampaign,
                updated_at: updatedAt,
              })),
            )
            .onConflict((conflict) =>
              conflict.columns(["connection_id", "external_id"]).doUpdateSet({
                total_minor: sql`excluded.total_minor`,
                refunded_minor: sql`excluded.refunded_minor`,
                utm_source: sql`excluded.utm_source`,
                utm_medium: sql`excluded.utm_medium`,
                utm_campaign: sql`excluded.utm_campaign`,
                updated_at: sql`excluded.updated_at`,
              }),
            )
            .execute();
        }
        // The store's daily revenue rollup (for the dashboard's blended ROAS) follows in the same transaction.
        const days = orders.map((order) => order.createdAt.slice(0, 10)).sort();
        await refreshStoreRollups(trx, organizationId, connectionId, days[0] as string, days.at(-1) as string);
        // Where the store is the revenue truth, its campaigns' revenue follows the orders.
        await followStoreOrders(trx, organizationId, days[0] as string, days.at(-1) as string);
      });
      return orders.length;
    },
    async recordConversionLag(organizationId, platform, today) {
      const from = addDays(today, -(LAG_SNAPSHOT_AGES - 1));
      const days = await db
        .selectFrom("campaign_daily_metrics as m")
        .innerJoin("campaigns as c", "c.id", "m.campaign_id")
        .innerJoin("ad_accounts as a", "a.id", "c.ad_account_id")
        .innerJoin("connections as n", "n.id", "a.connection_id")
        .where("m.organization_id", "=", organizationId)
        .where("n.platform", "=", platform)
        .where("m.date", ">=", from)
        .where("m.date", "<=", today)
        .groupBy("m.date")
        .select(["m.date", sql<number>`sum(m.conversions)`.as("conversions")])
        .execute();
      if (days.length === 0) return 0;
      const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
      const observedAt = now();
      await db
        .insertInto("conversion_lag_snapshots")
        .values(
          days.map((day) => ({
            organization_id: organizationId,
            platform,
            date: day.date,
            age_days: Math.round((dayMs(today) - dayMs(day.date)) / 86_400_000),
            conversions: Number(day.conversions),
            observed_at: observedAt,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(["organization_id", "platform", "date", "age_days"]).doUpdateSet({
            conversions: sql`excluded.conversions`,
            observed_at: sql`excluded.observed_at`,
          }),
        )
        .execute();
      return days.length;
    },
  };
}
