import type { Actor } from "#core/access/actor.ts";
import type { MonitoringRepository } from "./monitoring-repository.ts";
import type { MonitoringAlertView } from "./run-monitoring.ts";

/** The organization's open alerts, newest first: what monitoring says is wrong right now. */
export async function listOpenAlerts(
  deps: { monitoring: MonitoringRepository },
  actor: Actor,
): Promise<MonitoringAlertView[]> {
  const alerts = await deps.monitoring.listOpenAlerts(actor.organizationId);
  return alerts.map((alert) => ({
    id: alert.id,
    kind: alert.kind,
    subject: alert.subject,
    date: alert.date,
    data: alert.data,
    openedAt: alert.openedAt.toISOString(),
  }));
}
