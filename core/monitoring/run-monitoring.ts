import type { Actor } from "#core/access/actor.ts";
import { addDays, calendarDateIn } from "#core/dates/calendar-date.ts";
import type { Notify } from "#core/notifications/notification-types.ts";
import type { AdsClock } from "#core/sync/ads-clock.ts";
import type { PublishWebhookEvent } from "#core/webhooks/webhook-events.ts";
import type { AnomalyOptions } from "./detect-anomalies.ts";
import {
  findAnomalies,
  findConnectionProblems,
  findStoppedCampaigns,
  type MonitoringFinding,
  metricsFrom,
} from "./monitoring-findings.ts";
import {
  alertIdOf,
  type MonitoringAlert,
  type MonitoringAlertKind,
  type MonitoringRepository,
} from "./monitoring-repository.ts";

/** Who monitoring acts as. */
export const MONITORING_ACTOR = { id: "monitoring", label: "Adhelm monitoring" } as const;

/** A platform's conversion completeness by age in days (the rules' lag model), when measured. */
export type ConversionCompleteness = (
  organizationId: string,
) => Promise<(platform: string) => (ageDays: number) => number>;

export interface MonitoringDependencies {
  monitoring: MonitoringRepository;
  /** The ads clock: the sandbox's moved clock moves monitoring's days too. */
  clock: AdsClock;
  notify: Notify;
  publishWebhookEvent: PublishWebhookEvent;
  /** The lag model; without it a typical curve (most conversions within a week) is assumed. */
  conversionCompleteness?: ConversionCompleteness;
  /** Overrides of the detector's thresholds and floors. */
  detector?: Omit<AnomalyOptions, "today" | "completeness">;
}

export interface MonitoringAlertView {
  id: string;
  kind: MonitoringAlertKind;
  subject: string;
  date: string | null;
  data: Record<string, unknown>;
  openedAt: string;
}

export interface MonitoringRunResult {
  /** The organization's today; anomalies are judged on the days before it. */
  today: string;
  timeZone: string;
  /** Alerts this run opened (and notified). */
  opened: MonitoringAlertView[];
  /** Alerts that stay open from an earlier run. */
  ongoing: number;
  /** Alerts this run closed because they cleared. */
  closed: number;
}

/**
 * One monitoring run for the actor's organization: anomalies of each campaign and of the
 * organization's totals on their latest complete days, connections in trouble, and campaigns a
 * platform stopped. Each finding keeps one alert open per subject: it is notified (and an anomaly
 * published to webhooks) once, when it opens, stays open while the finding persists (an anomaly on
 * the next day too) and closes when it clears. A rerun, or two nodes at once, open and notify it
 * once: the alert's id and the notification's dedupe key are the subject's episode (a campaign's
 * anomalies of one day share one notification).
 */
export async function runMonitoring(deps: MonitoringDependencies, actor: Actor): Promise<MonitoringRunResult> {
  const organizationId = actor.organizationId;
  const now = await deps.clock.now();
  const timeZone = await deps.monitoring.organizationTimeZone(organizationId);
  const today = calendarDateIn(timeZone, now);

  const [rows, stopped, connections, open, completenessOf] = await Promise.all([
    deps.monitoring.listCampaignMetrics(organizationId, metricsFrom(today), addDays(today, -1)),
    deps.monitoring.listStoppedCampaigns(organizationId),
    deps.monitoring.listConnectionHealth(organizationId),
    deps.monitoring.listOpenAlerts(organizationId),
    deps.conversionCompleteness?.(organizationId),
  ]);
  const findings = [
    ...findAnomalies(rows, { ...deps.detector, today, completenessOf }),
    ...findConnectionProblems(connections, now),
    ...findStoppedCampaigns(stopped, today),
  ];

  const openBySubject = new Map<string, MonitoringAlert>();
  for (const alert of open) openBySubject.set(`${alert.kind}|${alert.subject}`, alert);
  const seen = new Set<string>();
  const opened: MonitoringAlertView[] = [];
  let ongoing = 0;
  for (const finding of findings) {
    const key = `${finding.kind}|${finding.subject}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const current = openBySubject.get(key);
    if (current) {
      ongoing += 1;
      if (current.date !== finding.date || JSON.stringify(current.data) !== JSON.stringify(finding.data))
        await deps.monitoring.updateAlert(organizationId, current.id, { date: finding.date, data: finding.data });
      continue;
    }
    opened.push(await openFinding(deps, organizationId, finding, now));
  }
  const cleared = open.filter((alert) => !seen.has(`${alert.kind}|${alert.subject}`)).map((alert) => alert.id);
  await deps.monitoring.closeAlerts(organizationId, cleared, now);
  return { today, timeZone, opened, ongoing, closed: cleared.length };
}

/**
 * Notifies first and stores the alert after: the notification's dedupe key is the episode's, so a
 * run that stopped in between notifies nothing twice, while one that stored first and then failed
 * to notify would never notify.
 */
async function openFinding(
  deps: MonitoringDependencies,
  organizationId: string,
  finding: MonitoringFinding,
  at: Date,
): Promise<MonitoringAlertView> {
  const id = alertIdOf(organizationId, finding.kind, finding.subject, finding.episode);
  const dedupeKey = `monitoring:${finding.notificationScope ?? id}`;
  await deps.notify({ ...finding.notification, organizationId, dedupeKey });
  if (finding.anomalyEvent)
    await deps.publishWebhookEvent({
      organizationId,
      type: "anomaly.detected",
      eventId: `anomaly_${id.slice(0, 40)}`,
      data: { alert_id: id, ...finding.anomalyEvent },
    });
  await deps.monitoring.openAlert({
    organizationId,
    kind: finding.kind,
    subject: finding.subject,
    episode: finding.episode,
    date: finding.date,
    data: finding.data,
    at,
  });
  return {
    id,
    kind: finding.kind,
    subject: finding.subject,
    date: finding.date,
    data: finding.data,
    openedAt: at.toISOString(),
  };
}
