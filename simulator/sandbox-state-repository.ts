import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { SandboxDatabase } from "./lib/database.ts";
import type { PlatformId } from "./lib/platform-ids.ts";
import type { FaultKind, SimCampaignStatus } from "./sandbox-kit.ts";

const CLOCK_OFFSET_KEY = "clock_offset_days";

/** A change made through a platform's API; it applies from `effectiveDate` on. */
export interface SandboxCampaignChange {
  id: string;
  tenant: string;
  platform: string;
  campaignId: string;
  effectiveDate: string;
  /** null: this change leaves the status alone. */
  status: SimCampaignStatus | null;
  /** null: this change leaves the budget alone. */
  dailyBudgetMinor: number | null;
  /** null: this change leaves the name alone. */
  name: string | null;
  createdAt: string;
}

export type NewSandboxCampaignChange = Omit<SandboxCampaignChange, "id" | "createdAt" | "name"> & {
  name?: string | null;
};

/** A campaign created through a platform's API; the engine simulates it from `createdOn` on. */
export interface SandboxCreatedCampaign {
  tenant: string;
  platform: string;
  accountId: string;
  /** The platform's id of the campaign. */
  campaignId: string;
  /** As created; later renames, status and budget changes are campaign changes. */
  name: string;
  status: "enabled" | "paused";
  dailyBudgetMinor: number;
  /** The sandbox date it was created on (YYYY-MM-DD). */
  createdOn: string;
  createdAt: string;
}

export interface SandboxFault {
  id: string;
  /** null: every tenant. */
  tenant: string | null;
  /** null: every platform. */
  platform: PlatformId | null;
  kind: FaultKind;
  probability: number;
  /** How many more calls it may hit; null: until cleared. */
  remaining: number | null;
  delayMs: number;
  createdAt: string;
}

export interface NewSandboxFault {
  kind: FaultKind;
  tenant?: string | null;
  platform?: PlatformId | null;
  probability?: number;
  remaining?: number | null;
  delayMs?: number;
}

export const ANOMALY_KINDS = ["spend_spike", "conversion_drop"] as const;
export type AnomalyKind = (typeof ANOMALY_KINDS)[number];

/**
 * An injected anomaly: from `fromDate` (through `toDate`, or for good) the matching campaigns'
 * spend (with its impressions and clicks), or their conversions (with their value), are multiplied
 * by `factor`. A null tenant, platform or campaign matches every one.
 */
export interface SandboxAnomaly {
  id: string;
  tenant: string | null;
  platform: PlatformId | null;
  campaignExternalId: string | null;
  kind: AnomalyKind;
  factor: number;
  fromDate: string;
  toDate: string | null;
  createdAt: string;
}

export type NewSandboxAnomaly = Omit<
  SandboxAnomaly,
  "id" | "createdAt" | "tenant" | "platform" | "campaignExternalId" | "toDate"
> & {
  tenant?: string | null;
  platform?: PlatformId | null;
  campaignExternalId?: string | null;
  toDate?: string | null;
};

export interface SandboxStateRepository {
  getClockOffsetDays(): Promise<number>;
  /** Moves the sandbox clock and returns the new offset. */
  advanceClock(days: number): Promise<number>;
  /** Oldest first (by effective date, then creation). */
  listCampaignChanges(tenant: string, platform: string): Promise<SandboxCampaignChange[]>;
  insertCampaignChange(change: NewSandboxCampaignChange): Promise<SandboxCampaignChange>;
  /** Oldest first. */
  listCreatedCampaigns(tenant: string, platform: string): Promise<SandboxCreatedCampaign[]>;
  /** Throws when the tenant's platform already has a campaign with that id. */
  insertCreatedCampaign(campaign: Omit<SandboxCreatedCampaign, "createdAt">): Promise<SandboxCreatedCampaign>;
  /** A platform module's own small records (e.g. Google budgets not yet attached to a campaign). */
  getSetting(key: string): Promise<string | null>;
  putSetting(key: string, value: string): Promise<void>;
  /** False when there was nothing under the key. */
  deleteSetting(key: string): Promise<boolean>;
  addFault(fault: NewSandboxFault): Promise<SandboxFault>;
  /** The live faults (remaining above zero or unlimited), oldest first. */
  listFaults(): Promise<SandboxFault[]>;
  clearFaults(): Promise<number>;
  /** Uses one hit of a limited fault; false when none was left (another call took the last one). */
  takeFaultHit(id: string): Promise<boolean>;
  addAnomaly(anomaly: NewSandboxAnomaly): Promise<SandboxAnomaly>;
  /** Oldest first; with a filter, those a tenant's (or every tenant's) platform would apply. */
  listAnomalies(filter?: { tenant?: string; platform?: string }): Promise<SandboxAnomaly[]>;
  /** Removes one anomaly, a tenant's, or all; returns how many. */
  clearAnomalies(filter?: { id?: string; tenant?: string }): Promise<number>;
}

let lastInstant = 0;

/**
 * The wall clock in epoch ms, but never the same value twice in this process. Faults and tokens
 * both take their times from it, so "the fault came after the token" has an exact answer even when
 * both happen in one millisecond; rows made in the same millisecond still sort in order.
 */
export function nextSandboxInstant(): number {
  lastInstant = Math.max(Date.now(), lastInstant + 1);
  return lastInstant;
}

export function createSandboxStateRepository(db: Kysely<SandboxDatabase>): SandboxStateRepository {
  const nextCreatedAt = () => new Date(nextSandboxInstant()).toISOString();

  return {
    async getClockOffsetDays() {
      const row = await db
        .selectFrom("sandbox_settings")
        .select("value")
        .where("key", "=", CLOCK_OFFSET_KEY)
        .executeTakeFirst();
      return row ? Number.parseInt(row.value, 10) || 0 : 0;
    },

    async advanceClock(days) {
      if (!Number.isInteger(days)) throw new RangeError("The clock moves in whole days.");
      // One atomic upsert, so two advances at once both count.
      const row = await db
        .insertInto("sandbox_settings")
        .values({ key: CLOCK_OFFSET_KEY, value: String(days) })
        .onConflict((conflict) =>
          conflict.column("key").doUpdateSet({
            value: sql<string>`cast(cast(sandbox_settings.value as integer) + ${days} as text)`,
          }),
        )
        .returning("value")
        .executeTakeFirstOrThrow();
      return Number.parseInt(row.value, 10);
    },

    async listCampaignChanges(tenant, platform) {
      const rows = await db
        .selectFrom("sandbox_campaign_changes")
        .selectAll()
        .where("tenant", "=", tenant)
        .where("platform", "=", platform)
        .orderBy("effective_date")
        .orderBy("created_at")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        tenant: row.tenant,
        platform: row.platform,
        campaignId: row.campaign_id,
        effectiveDate: row.effective_date,
        status: row.status as SimCampaignStatus | null,
        dailyBudgetMinor: row.daily_budget_minor == null ? null : Number(row.daily_budget_minor),
        name: row.name,
        createdAt: row.created_at,
      }));
    },

    async insertCampaignChange(change) {
      const stored: SandboxCampaignChange = {
        ...change,
        name: change.name ?? null,
        id: randomUUID(),
        createdAt: nextCreatedAt(),
      };
      await db
        .insertInto("sandbox_campaign_changes")
        .values({
          id: stored.id,
          tenant: stored.tenant,
          platform: stored.platform,
          campaign_id: stored.campaignId,
          effective_date: stored.effectiveDate,
          status: stored.status,
          daily_budget_minor: stored.dailyBudgetMinor,
          name: stored.name,
          created_at: stored.createdAt,
        })
        .execute();
      return stored;
    },

    async listCreatedCampaigns(tenant, platform) {
      const rows = await db
        .selectFrom("sandbox_created_campaigns")
        .selectAll()
        .where("tenant", "=", tenant)
        .where("platform", "=", platform)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        tenant: row.tenant,
        platform: row.platform,
        accountId: row.account_external_id,
        campaignId: row.external_id,
        name: row.name,
        status: row.status === "paused" ? "paused" : "enabled",
        dailyBudgetMinor: Number(row.daily_budget_minor),
        createdOn: row.created_on,
        createdAt: row.created_at,
      }));
    },

    async insertCreatedCampaign(campaign) {
      const stored: SandboxCreatedCampaign = { ...campaign, createdAt: nextCreatedAt() };
      await db
        .insertInto("sandbox_created_campaigns")
        .values({
          id: randomUUID(),
          tenant: stored.tenant,
          platform: stored.platform,
          account_external_id: stored.accountId,
          external_id: stored.campaignId,
          name: stored.name,
          status: stored.status,
          daily_budget_minor: stored.dailyBudgetMinor,
          created_on: stored.createdOn,
          created_at: stored.createdAt,
        })
        .execute();
      return stored;
    },

    async getSetting(key) {
      const row = await db.selectFrom("sandbox_settings").select("value").where("key", "=", key).executeTakeFirst();
      return row?.value ?? null;
    },

    async putSetting(key, value) {
      await db
        .insertInto("sandbox_settings")
        .values({ key, value })
        .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
        .execute();
    },

    async deleteSetting(key) {
      const result = await db.deleteFrom("sandbox_settings").where("key", "=", key).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async addFault(fault) {
      const stored: SandboxFault = {
        id: randomUUID(),
        tenant: fault.tenant ?? null,
        platform: fault.platform ?? null,
        kind: fault.kind,
        probability: fault.probability ?? 1,
        remaining: fault.remaining ?? null,
        delayMs: fault.delayMs ?? 0,
        createdAt: nextCreatedAt(),
      };
      await db
        .insertInto("sandbox_faults")
        .values({
          id: stored.id,
          tenant: stored.tenant,
          platform: stored.platform,
          kind: stored.kind,
          probability: stored.probability,
          remaining: stored.remaining,
          delay_ms: stored.delayMs,
          created_at: stored.createdAt,
        })
        .execute();
      return stored;
    },

    async listFaults() {
      const rows = await db
        .selectFrom("sandbox_faults")
        .selectAll()
        .where((eb) => eb.or([eb("remaining", "is", null), eb("remaining", ">", 0)]))
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        tenant: row.tenant,
        platform: row.platform as PlatformId | null,
        kind: row.kind as FaultKind,
        probability: Number(row.probability),
        remaining: row.remaining == null ? null : Number(row.remaining),
        delayMs: Number(row.delay_ms),
        createdAt: row.created_at,
      }));
    },

    async clearFaults() {
      const result = await db.deleteFrom("sandbox_faults").executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async addAnomaly(anomaly) {
      const stored: SandboxAnomaly = {
        id: randomUUID(),
        tenant: anomaly.tenant ?? null,
        platform: anomaly.platform ?? null,
        campaignExternalId: anomaly.campaignExternalId ?? null,
        kind: anomaly.kind,
        factor: anomaly.factor,
        fromDate: anomaly.fromDate,
        toDate: anomaly.toDate ?? null,
        createdAt: nextCreatedAt(),
      };
      await db
        .insertInto("sandbox_anomalies")
        .values({
          id: stored.id,
          tenant: stored.tenant,
          platform: stored.platform,
          campaign_external_id: stored.campaignExternalId,
          kind: stored.kind,
          factor: stored.factor,
          from_date: stored.fromDate,
          to_date: stored.toDate,
          created_at: stored.createdAt,
        })
        .execute();
      return stored;
    },

    async listAnomalies(filter = {}) {
      let query = db.selectFrom("sandbox_anomalies").selectAll();
      const { tenant, platform } = filter;
      if (tenant !== undefined)
        query = query.where((eb) => eb.or([eb("tenant", "is", null), eb("tenant", "=", tenant)]));
      if (platform !== undefined)
        query = query.where((eb) => eb.or([eb("platform", "is", null), eb("platform", "=", platform)]));
      const rows = await query.orderBy("created_at").orderBy("id").execute();
      return rows.map((row) => ({
        id: row.id,
        tenant: row.tenant,
        platform: row.platform as PlatformId | null,
        campaignExternalId: row.campaign_external_id,
        kind: row.kind as AnomalyKind,
        factor: Number(row.factor),
        fromDate: row.from_date,
        toDate: row.to_date,
        createdAt: row.created_at,
      }));
    },

    async clearAnomalies(filter = {}) {
      let query = db.deleteFrom("sandbox_anomalies");
      if (filter.id !== undefined) query = query.where("id", "=", filter.id);
      if (filter.tenant !== undefined) query = query.where("tenant", "=", filter.tenant);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async takeFaultHit(id) {
      // The guard in the WHERE makes the decrement atomic: two calls cannot both take the last hit.
      const result = await db
        .updateTable("sandbox_faults")
        .set({ remaining: sql<number>`remaining - 1` })
        .where("id", "=", id)
        .where("remaining", ">", 0)
        .executeTakeFirst();
      const isTaken = Number(result.numUpdatedRows) === 1;
      if (isTaken) await db.deleteFrom("sandbox_faults").where("id", "=", id).where("remaining", "<=", 0).execute();
      return isTaken;
    },
  };
}
