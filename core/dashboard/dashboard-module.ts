/** The dashboard slice's use case: everything /dashboard shows, for the actor ("workspace.read"). */
import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import type { Database } from "#core/db/schema.ts";
import { createDashboardRepository } from "./dashboard-repository.ts";
import { type DashboardDependencies, getDashboard } from "./get-dashboard.ts";

export interface DashboardModuleDeps extends Omit<DashboardDependencies, "dashboard"> {
  db: Kysely<Database>;
}

export function createDashboardModule({ db, ...uses }: DashboardModuleDeps) {
  const deps: DashboardDependencies = { ...uses, dashboard: createDashboardRepository(db) };
  return {
    getDashboard: useCase(
      "workspace.read",
      (actor, input: { timeZone: string; currency: string; rangeParams: URLSearchParams }) =>
        getDashboard(deps, actor, input),
    ),
  };
}

export type DashboardModule = ReturnType<typeof createDashboardModule>;
