import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import type { Database } from "#core/db/schema.ts";
import { listOpenAlerts } from "./list-open-alerts.ts";
import { createMonitoringRepository } from "./monitoring-repository.ts";
import { type MonitoringDependencies, runMonitoring } from "./run-monitoring.ts";

export interface MonitoringModuleDependencies extends Omit<MonitoringDependencies, "monitoring"> {
  db: Kysely<Database>;
}

/**
 * Monitoring: anomalies in spend, CPA, ROAS and conversions, connections in trouble and campaigns
 * a platform stopped, kept as open alerts and raised once each through the notifications slice.
 */
export function createMonitoringModule({ db, ...rest }: MonitoringModuleDependencies) {
  const monitoring = createMonitoringRepository(db);
  const deps: MonitoringDependencies = { ...rest, monitoring };
  return {
    /** One run for the actor's organization (the monitoring job runs it as Adhelm monitoring). */
    runMonitoring: useCase("connections.sync", (actor) => runMonitoring(deps, actor)),
    /** What is wrong right now. */
    listOpenAlerts: useCase("workspace.read", (actor) => listOpenAlerts(deps, actor)),
  };
}

export type MonitoringModule = ReturnType<typeof createMonitoringModule>;
