/**
 * What one monitoring run finds, before it is reconciled with the open alerts: each finding is an
 * alert that should be open now, with the notification to raise (and the webhook event to publish)
 * if it is not open yet. Pure: rows in, findings out.
 */
import { findListing } from "#core/connections/platform-catalog.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import type { NewNotification } from "#core/notifications/notification-types.ts";
import {
  type AnomalyFinding,
  type AnomalyOptions,
  type DailyPoint,
  detectAnomalies,
  type MonitoredMetric,
} from "./detect-anomalies.ts";
import {
  ANOMALY_MESSAGES,
  CAMPAIGN_STOPPED_MESSAGES,
  MONITORING_CATALOG,
  type MonitoringMessageKey,
  OPERATIONS_MESSAGES,
} from "./monitoring-alert-text.ts";
import type {
  CampaignMetricRow,
  ConnectionHealth,
  MonitoringAlertKind,
  StoppedCampaign,
} from "./monitoring-repository.ts";

export interface MonitoringFinding {
  kind: MonitoringAlertKind;
  subject: string;
  /** What tells this episode from an earlier one of the same subject (an anomaly's date, the last good sync). */
  episode: string;
  date: string | null;
  data: Record<string, unknown>;
  notification: Omit<NewNotification, "organizationId" | "dedupeKey">;
  /** Published as "anomaly.detected" when the alert opens. */
  anomalyEvent?: Record<string, unknown>;
  /**
   * The notification's own dedupe scope when it is wider than the alert: a campaign's (or the
   * organization's) anomalies of one day are one notification, named after the first of spend,
   * CPA, ROAS and conversions. A spend spike also lifts the CPA and sinks the ROAS, and a person
   * needs to hear about it once; each metric stays its own alert and webhook event.
   */
  notificationScope?: string;
}

/** Failed syncs in a row that raise an alert. */
export const FAILED_SYNCS_IN_A_ROW = 3;
/** A grant that ends within this many days raises an alert. */
export const TOKEN_EXPIRY_WARNING_DAYS = 7;
/** Days of metrics a run reads: the longest lookback, plus the days a conversion metric may go back. */
export const METRIC_DAYS = 40;

const ACCESS_REVOKED = /^Access was revoked:/;

const platformName = (platform: string) => findListing(platform)?.name ?? platform;

/** A campaign's and, per currency, the organization's anomalies on their latest complete days. */
export function findAnomalies(
  rows: readonly CampaignMetricRow[],
  options: AnomalyOptions & { completenessOf?: (platform: string) => (ageDays: number) => number },
): MonitoringFinding[] {
  const findings: MonitoringFinding[] = [];
  const byCampaign = new Map<string, CampaignMetricRow[]>();
  for (const row of rows) {
    const list = byCampaign.get(row.campaignId);
    if (list) list.push(row);
    else byCampaign.set(row.campaignId, [row]);
  }
  const byCurrency = new Map<
    string,
    { campaigns: Set<string>; platforms: Set<string>; days: Map<string, DailyPoint> }
  >();
  for (const [campaignId, campaignRows] of byCampaign) {
    const first = campaignRows[0]!;
    const completeness = options.completenessOf?.(first.platform) ?? options.completeness;
    const campaign = { id: campaignId, name: first.campaignName, platform: first.platform, currency: first.currency };
    findings.push(
      ...entityFindings(
        `campaign:${campaignId}`,
        detectAnomalies(campaignRows, { ...options, completeness }),
        campaign,
      ),
    );
    for (const row of campaignRows) {
      let group = byCurrency.get(row.currency);
      if (!group) {
        group = { campaigns: new Set(), platforms: new Set(), days: new Map() };
        byCurrency.set(row.currency, group);
      }
      group.campaigns.add(campaignId);
      group.platforms.add(row.platform);
      const day = group.days.get(row.date) ?? {
        date: row.date,
        spendMinor: 0,
        conversions: 0,
        conversionValueMinor: 0,
      };
      day.spendMinor += row.spendMinor;
      day.conversions += row.conversions;
      day.conversionValueMinor += row.conversionValueMinor;
      group.days.set(row.date, day);
    }
  }
  // The organization's totals, per currency; one campaign's totals are that campaign's own alerts.
  for (const [currency, group] of [...byCurrency].sort(([a], [b]) => a.localeCompare(b))) {
    if (group.campaigns.size < 2) continue;
    const platforms = [...group.platforms];
    // Mixed platforms: a day is as complete as its slowest platform says.
    const completeness = options.completenessOf
      ? (age: number) => Math.min(...platforms.map((platform) => options.completenessOf!(platform)(age)))
      : options.completeness;
    const series = [...group.days.values()].sort((a, b) => a.date.localeCompare(b.date));
    findings.push(
      ...entityFindings(`organization:${currency}`, detectAnomalies(series, { ...options, completeness }), {
        currency,
      }),
    );
  }
  return findings;
}

/** One campaign's (or the organization's) anomalies: an alert per metric, one notification per day. */
function entityFindings(
  entity: string,
  anomalies: AnomalyFinding[],
  about: { id?: string; name?: string; platform?: string; currency: string },
): MonitoringFinding[] {
  const scope = about.id ? "campaign" : "organization";
  return anomalies.flatMap((anomaly) => {
    const message = messageOf(scope, anomaly);
    if (!message) return [];
    const sameDay = anomalies.filter((other) => other.date === anomaly.date).map((other) => other.metric);
    const finding = anomalyFinding(`${entity}:${anomaly.metric}`, anomaly, message, about);
    finding.notificationScope = `anomaly:${entity}:${anomaly.date}`;
    finding.notification.data = { ...finding.notification.data, metricsOff: sameDay };
    return [finding];
  });
}

function messageOf(scope: "campaign" | "organization", anomaly: AnomalyFinding): MonitoringMessageKey | undefined {
  const byDirection: Partial<Record<"up" | "down", MonitoringMessageKey>> = ANOMALY_MESSAGES[scope][anomaly.metric];
  return byDirection[anomaly.direction];
}

const MONEY_METRICS: ReadonlySet<MonitoredMetric> = new Set(["spend", "cpa"]);

function anomalyFinding(
  subject: string,
  anomaly: AnomalyFinding,
  message: MonitoringMessageKey,
  about: { id?: string; name?: string; platform?: string; currency: string },
): MonitoringFinding {
  const isMoney = MONEY_METRICS.has(anomaly.metric);
  // Money in whole minor units; ROAS and conversions to two decimals.
  const figure = (value: number) => (isMoney ? Math.round(value) : Math.round(value * 100) / 100);
  const param = (value: number) =>
    isMoney
      ? { amountMinor: Math.round(value), currency: about.currency }
      : anomaly.metric === "roas"
        ? { roas: figure(value) }
        : figure(value);
  const values = {
    actual: figure(anomaly.actual),
    expected: figure(anomaly.expected),
    low: figure(anomaly.low),
    high: figure(anomaly.high),
  };
  const data = {
    scope: about.id ? "campaign" : "organization",
    campaignId: about.id ?? null,
    campaignName: about.name ?? null,
    platform: about.platform ?? null,
    currency: about.currency,
    metric: anomaly.metric,
    unit: isMoney ? "minor" : anomaly.metric === "roas" ? "ratio" : "count",
    direction: anomaly.direction,
    date: anomaly.date,
    ...values,
    z: Math.round(anomaly.z * 100) / 100,
    completeness: anomaly.completeness,
    historyDays: anomaly.historyDays,
  };
  return {
    kind: "anomaly",
    subject,
    episode: anomaly.date,
    date: anomaly.date,
    data,
    notification: {
      kind: "anomaly",
      severity: "warning",
      message: {
        catalog: MONITORING_CATALOG,
        key: message.key,
        params: {
          ...(about.name ? { campaign: about.name } : {}),
          ...(about.platform ? { platform: platformName(about.platform) } : {}),
          currency: about.currency,
          date: { date: anomaly.date },
          actual: param(anomaly.actual),
          expected: param(anomaly.expected),
          low: param(anomaly.low),
          high: param(anomaly.high),
        },
      },
      link: about.id ? `/campaigns/mes-ads/${about.id}` : "/dashboard",
      objectType: about.id ? "campaign" : "organization",
      objectId: about.id ?? null,
      data,
    },
    anomalyEvent: {
      subject,
      scope: data.scope,
      campaign_id: data.campaignId,
      campaign_name: data.campaignName,
      platform: data.platform,
      currency: data.currency,
      metric: data.metric,
      unit: data.unit,
      direction: data.direction,
      date: data.date,
      actual: values.actual,
      expected: values.expected,
      expected_low: values.low,
      expected_high: values.high,
      z_score: data.z,
    },
  };
}

/**
 * Connections in trouble: three failed syncs in a row (critical), access revoked (critical) and a
 * grant that ends within seven days (warning).
 *
 * An access token that refreshes is no warning: Google and Microsoft refresh tokens have no fixed
 * end, so only a grant with a known end counts: LinkedIn's and Shopify's refresh tokens
 * (context.refreshTokenExpiresAt), or an access token without a refresh token (Meta's long-lived
 * token, about 60 days). TikTok's and WooCommerce's grants do not expire.
 */
export function findConnectionProblems(connections: readonly ConnectionHealth[], now: Date): MonitoringFinding[] {
  const findings: MonitoringFinding[] = [];
  for (const connection of connections) {
    const subject = `connection:${connection.id}`;
    const platform = platformName(connection.platform);
    const common = {
      link: "/integrations",
      objectType: "connection" as const,
      objectId: connection.id,
    };
    const since = connection.lastSucceededRunId ?? "never";
    const isRevoked = connection.status === "error" && ACCESS_REVOKED.test(connection.lastError ?? "");
    if (isRevoked) {
      const data = { connectionId: connection.id, platform: connection.platform, problem: "revoked" };
      findings.push({
        kind: "token",
        subject,
        episode: `revoked:${since}`,
        date: null,
        data,
        notification: {
          kind: "token",
          severity: "critical",
          message: { catalog: MONITORING_CATALOG, key: OPERATIONS_MESSAGES.tokenRevoked.key, params: { platform } },
          ...common,
          data,
        },
      });
      // A revoked grant fails every sync: the revocation says it all.
      continue;
    }
    if (connection.failuresSinceSuccess >= FAILED_SYNCS_IN_A_ROW) {
      const data = {
        connectionId: connection.id,
        platform: connection.platform,
        failedSyncs: connection.failuresSinceSuccess,
        lastError: connection.lastFailure,
      };
      findings.push({
        kind: "sync_failing",
        subject,
        episode: since,
        date: null,
        data,
        notification: {
          kind: "sync",
          severity: "critical",
          message: {
            catalog: MONITORING_CATALOG,
            key: OPERATIONS_MESSAGES.syncFailing.key,
            params: { platform, error: connection.lastFailure ?? "" },
          },
          ...common,
          data,
        },
      });
    }
    const grantEnd = connection.grantExpiresAt ?? (connection.hasRefreshToken ? null : connection.tokenExpiresAt);
    const warnFrom = now.getTime() + TOKEN_EXPIRY_WARNING_DAYS * 86_400_000;
    if (grantEnd && grantEnd.getTime() <= warnFrom) {
      const date = grantEnd.toISOString().slice(0, 10);
      const data = {
        connectionId: connection.id,
        platform: connection.platform,
        problem: "expiring",
        expiresAt: grantEnd.toISOString(),
      };
      findings.push({
        kind: "token",
        subject,
        episode: `expiring:${grantEnd.toISOString()}`,
        date,
        data,
        notification: {
          kind: "token",
          severity: "warning",
          message: {
            catalog: MONITORING_CATALOG,
            key: OPERATIONS_MESSAGES.tokenExpiring.key,
            params: { platform, date: { date } },
          },
          ...common,
          data,
        },
      });
    }
  }
  return findings;
}

/** Campaigns a platform stopped (budget exhausted, disapproved, account suspended, or its own reason). */
export function findStoppedCampaigns(campaigns: readonly StoppedCampaign[], today: string): MonitoringFinding[] {
  return campaigns.map((campaign) => {
    const message =
      CAMPAIGN_STOPPED_MESSAGES[campaign.issue as keyof typeof CAMPAIGN_STOPPED_MESSAGES] ??
      CAMPAIGN_STOPPED_MESSAGES.other;
    const data = {
      campaignId: campaign.campaignId,
      campaignName: campaign.campaignName,
      platform: campaign.platform,
      issue: campaign.issue,
    };
    return {
      kind: "campaign_stopped" as const,
      subject: `campaign:${campaign.campaignId}`,
      episode: `${campaign.issue}:${today}`,
      date: null,
      data,
      notification: {
        kind: "campaign" as const,
        severity: "critical" as const,
        message: {
          catalog: MONITORING_CATALOG,
          key: message.key,
          params: { campaign: campaign.campaignName, platform: platformName(campaign.platform), issue: campaign.issue },
        },
        link: `/campaigns/mes-ads/${campaign.campaignId}`,
        objectType: "campaign" as const,
        objectId: campaign.campaignId,
        data,
      },
    };
  });
}

/** The first day of metrics a run reads. */
export function metricsFrom(today: string): string {
  return addDays(today, -METRIC_DAYS);
}
