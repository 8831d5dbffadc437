import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { visibleCampaigns } from "#core/campaigns/visible-campaigns.ts";
import type { Database } from "#core/db/schema.ts";
import { organizationTimeZone } from "#core/organizations/organization-time-zone.ts";
import type { ConnectionStatus } from "#core/shared/domain-enums.ts";

/** What monitoring keeps open until it clears (migration 0012's `monitoring_alerts`). */
export const MONITORING_ALERT_KINDS = ["anomaly", "sync_failing", "token", "campaign_stopped"] as const;
export type MonitoringAlertKind = (typeof MONITORING_ALERT_KINDS)[number];

export interface MonitoringAlert {
  id: string;
  organizationId: string;
  kind: MonitoringAlertKind;
  /** "campaign:<id>:spend", "organization:EUR:cpa", "connection:<id>", "campaign:<id>". */
  subject: string;
  /** The judged day of an anomaly; null for operations alerts. */
  date: string | null;
  data: Record<string, unknown>;
  openedAt: Date;
  closedAt: Date | null;
}

export interface CampaignMetricRow {
  campaignId: string;
  campaignName: string;
  platform: string;
  currency: string;
  date: string;
  spendMinor: number;
  conversions: number;
  conversionValueMinor: number;
}

export interface StoppedCampaign {
  campaignId: string;
  campaignName: string;
  platform: string;
  issue: string;
}

export interface ConnectionHealth {
  id: string;
  platform: string;
  status: ConnectionStatus;
  lastError: string | null;
  hasRefreshToken: boolean;
  tokenExpiresAt: Date | null;
  /** A grant's own expiry where the platform gives one (LinkedIn, Shopify: context.refreshTokenExpiresAt). */
  grantExpiresAt: Date | null;
  /** The newest succeeded sync run, or null when none ever succeeded. */
  lastSucceededRunId: string | null;
  /** Finished runs that failed since the newest succeeded one. */
  failuresSinceSuccess: number;
  /** The error of the newest failed run. */
  lastFailure: string | null;
}

export interface MonitoringRepository {
  /** The owner's profile time zone, UTC when there is none. */
  organizationTimeZone(organizationId: string): Promise<string>;
  /** Daily rows of the organization's visible campaigns (not removed) between two dates, both included. */
  listCampaignMetrics(organizationId: string, from: string, to: string): Promise<CampaignMetricRow[]>;
  /** Visible campaigns (not removed) a platform says it stopped. */
  listStoppedCampaigns(organizationId: string): Promise<StoppedCampaign[]>;
  /** Every connection that is not disconnected, with its sync streak. */
  listConnectionHealth(organizationId: string): Promise<ConnectionHealth[]>;
  listOpenAlerts(organizationId: string): Promise<MonitoringAlert[]>;
  /**
   * Opens the alert of a subject's episode (the same organization, kind, subject and episode is one
   * row, so two runs at once open it once), or reopens it. True when it was not open before.
   */
  openAlert(input: {
    organizationId: string;
    kind: MonitoringAlertKind;
    subject: string;
    episode: string;
    date: string | null;
    data: Record<string, unknown>;
    at: Date;
  }): Promise<{ id: string; isNew: boolean }>;
  updateAlert(
    organizationId: string,
    id: string,
    input: { date: string | null; data: Record<string, unknown> },
  ): Promise<void>;
  closeAlerts(organizationId: string, ids: string[], at: Date): Promise<void>;
  /** Organizations with at least one connection that is not disconnected. */
  listOrganizationsToMonitor(): Promise<string[]>;
  /** The platform of one of the organization's connections; null when it has no such connection. */
  platformOfConnection(organizationId: string, connectionId: string): Promise<string | null>;
}

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export function alertIdOf(organizationId: string, kind: string, subject: string, episode: string): string {
  return createHash("sha256").update(`${organizationId}|${kind}|${subject}|${episode}`).digest("hex");
}

export function createMonitoringRepository(db: Kysely<Database>): MonitoringRepository {
  const toAlert = (row: {
    id: string;
    organization_id: string;
    kind: string;
    subject: string;
    date: string | null;
    data_json: string | null;
    opened_at: Date | string;
    closed_at: Date | string | null;
  }): MonitoringAlert => ({
    id: row.id,
    organizationId: row.organization_id,
    kind: row.kind as MonitoringAlertKind,
    subject: row.subject,
    date: row.date,
    data: row.data_json ? (JSON.parse(row.data_json) as Record<string, unknown>) : {},
    openedAt: new Date(row.opened_at),
    closedAt: toDate(row.closed_at),
  });

  return {
    organizationTimeZone: (organizationId) => organizationTimeZone(db, organizationId),

    async listCampaignMetrics(organizationId, from, to) {
      const rows = await visibleCampaigns(db, organizationId, { removed: "exclude" })
        .innerJoin("campaign_daily_metrics as m", "m.campaign_id", "c.id")
        .where("m.organization_id", "=", organizationId)
        .where("m.date", ">=", from)
        .where("m.date", "<=", to)
        .select([
          "c.id",
          "c.name",
          "n.platform",
          "m.currency",
          "m.date",
          "m.spend_minor",
          "m.conversions",
          "m.conversion_value_minor",
        ])
        .orderBy("c.id")
        .orderBy("m.date")
        .execute();
      return rows.map((row) => ({
        campaignId: row.id,
        campaignName: row.name,
        platform: row.platform,
        currency: row.currency,
        date: row.date,
        spendMinor: Number(row.spend_minor),
        conversions: Number(row.conversions),
        conversionValueMinor: Number(row.conversion_value_minor),
      }));
    },

    async listStoppedCampaigns(organizationId) {
      const rows = await visibleCampaigns(db, organizationId, { removed: "exclude" })
        .where("c.platform_issue", "is not", null)
        .select(["c.id", "c.name", "n.platform", "c.platform_issue"])
        .orderBy("c.id")
        .execute();
      return rows.map((row) => ({
        campaignId: row.id,
        campaignName: row.name,
        platform: row.platform,
        issue: row.platform_issue ?? "",
      }));
    },

    async listConnectionHealth(organizationId) {
      const connections = await db
        .selectFrom("connections")
        .select([
          "id",
          "platform",
          "status",
          "last_error",
          "refresh_token_encrypted",
          "token_expires_at",
          "platform_context",
        ])
        .where("organization_id", "=", organizationId)
        .where("status", "!=", "disconnected")
        .orderBy("id")
        .execute();
      const health: ConnectionHealth[] = [];
      for (const connection of connections) {
        const lastSucceeded = await db
          .selectFrom("sync_runs")
          .select(["id", "started_at"])
          .where("organization_id", "=", organizationId)
          .where("connection_id", "=", connection.id)
          .where("status", "=", "succeeded")
          .orderBy("started_at", "desc")
          .orderBy("id", "desc")
          .executeTakeFirst();
        let failures = db
          .selectFrom("sync_runs")
          .select(["error", "started_at"])
          .where("organization_id", "=", organizationId)
          .where("connection_id", "=", connection.id)
          .where("status", "=", "failed");
        if (lastSucceeded) failures = failures.where("started_at", ">", lastSucceeded.started_at);
        const failed = await failures.orderBy("started_at", "desc").limit(50).execute();
        const context = parseContext(connection.platform_context);
        const grantExpiry = context.refreshTokenExpiresAt ? new Date(context.refreshTokenExpiresAt) : null;
        health.push({
          id: connection.id,
          platform: connection.platform,
          status: connection.status,
          lastError: connection.last_error,
          hasRefreshToken: connection.refresh_token_encrypted !== null,
          tokenExpiresAt: toDate(connection.token_expires_at),
          grantExpiresAt: grantExpiry && !Number.isNaN(grantExpiry.getTime()) ? grantExpiry : null,
          lastSucceededRunId: lastSucceeded?.id ?? null,
          failuresSinceSuccess: failed.length,
          lastFailure: failed[0]?.error ?? null,
        });
      }
      return health;
    },

    async listOpenAlerts(organizationId) {
      const rows = await db
        .selectFrom("monitoring_alerts")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("closed_at", "is", null)
        .orderBy("opened_at", "desc")
        .orderBy("id")
        .execute();
      return rows.map(toAlert);
    },

    async openAlert(input) {
      const id = alertIdOf(input.organizationId, input.kind, input.subject, input.episode);
      const dataJson = JSON.stringify(input.data);
      const inserted = await db
        .insertInto("monitoring_alerts")
        .values({
          id,
          organization_id: input.organizationId,
          kind: input.kind,
          subject: input.subject,
          date: input.date,
          data_json: dataJson,
          opened_at: input.at.toISOString(),
          closed_at: null,
        })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) return { id, isNew: true };
      // The episode's row exists: reopen it if it had closed (its notification was already raised).
      const reopened = await db
        .updateTable("monitoring_alerts")
        .set({ closed_at: null, date: input.date, data_json: dataJson })
        .where("id", "=", id)
        .where("organization_id", "=", input.organizationId)
        .where("closed_at", "is not", null)
        .executeTakeFirst();
      return { id, isNew: Number(reopened.numUpdatedRows) > 0 };
    },

    async updateAlert(organizationId, id, input) {
      await db
        .updateTable("monitoring_alerts")
        .set({ date: input.date, data_json: JSON.stringify(input.data) })
        .where("id", "=", id)
        .where("organization_id", "=", organizationId)
        .execute();
    },

    async closeAlerts(organizationId, ids, at) {
      if (ids.length === 0) return;
      await db
        .updateTable("monitoring_alerts")
        .set({ closed_at: at.toISOString() })
        .where("organization_id", "=", organizationId)
        .where("id", "in", ids)
        .where("closed_at", "is", null)
        .execute();
    },

    async listOrganizationsToMonitor() {
      const rows = await db
        .selectFrom("connections")
        .select("organization_id")
        .distinct()
        .where("status", "!=", "disconnected")
        .orderBy("organization_id")
        .execute();
      return rows.map((row) => row.organization_id);
    },

    async platformOfConnection(organizationId, connectionId) {
      const row = await db
        .selectFrom("connections")
        .select("platform")
        .where("organization_id", "=", organizationId)
        .where("id", "=", connectionId)
        .executeTakeFirst();
      return row?.platform ?? null;
    },
  };
}

function parseContext(value: string | null): Record<string, string> {
  if (!value) return {};
  try {
    return JSON.parse(value) as Record<string, string>;
  } catch {
    return {};
  }
}
