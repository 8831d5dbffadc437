/**
 * For the optimizer's tests: the campaigns sandbox (Google Ads and Meta, four campaigns each) with
 * organizations connected and synced over HTTP with HISTORY_DAYS of history, and the optimizer
 * module wired as server/services.ts wires it, acting on the sandbox through the campaigns slice.
 */
import { systemActor } from "#core/access/actor.ts";
import {
  type CampaignSandbox,
  type ConnectedOrganization,
  startCampaignSandbox,
} from "#core/campaigns/campaign-test-fixture.ts";
import { SYNC_ACTOR } from "#core/connections/sync-schedule.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { organizationTimeZone } from "#core/organizations/organization-time-zone.ts";
import { createConversionCompleteness } from "#core/rules/conversion-completeness.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { sandboxConnectors, sandboxModules, silentLogger } from "#tests/support/integration-fixture.ts";
import { testDatabaseUrl } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { monthBudgetOf } from "./month-budget.ts";
import { createOptimizerModule, type OptimizerModuleDependencies } from "./optimizer-module.ts";
import { optimizerActor } from "./run-daily-optimization.ts";

/** Days of synced history per organization: enough for every campaign's own curve. */
export const HISTORY_SYNC_DAYS = 60;

export interface OptimizerWorld {
  world: CampaignSandbox;
  /** The real services over the same database (budgets, rules, notifications). */
  services: ServerServices;
  dependencies: OptimizerModuleDependencies;
  optimizer: ReturnType<typeof createOptimizerModule>;
  /** A new organization connected to `platforms` with HISTORY_SYNC_DAYS of history. */
  connectWithHistory(platforms: AdPlatformId[], name: string): Promise<ConnectedOrganization>;
  close(): Promise<void>;
}

export async function startOptimizerWorld(): Promise<OptimizerWorld> {
  const world = await startCampaignSandbox();
  const db = world.sandbox.db;
  const database: DatabaseHandle = {
    db,
    dialect: testDatabaseUrl() ? "postgres" : "sqlite",
    location: "sandbox test database",
    close: async () => {},
  };
  const services = createServices({ env: testEnv({ APP_URL: "http://app.test" }), database, logger: silentLogger });
  const clock = { now: async () => new Date() };
  const connectors = sandboxConnectors(world.sandbox);
  const dependencies: OptimizerModuleDependencies = {
    db,
    clock,
    timeZoneOf: (organizationId) => organizationTimeZone(db, organizationId),
    loadPlan: (organizationId) => services.budgetsBackground.loadBudgetPlan(organizationId),
    monthBudget: async (organizationId) =>
      monthBudgetOf(await services.budgets.getBudgetPacing(optimizerActor(organizationId))),
    conversionCompleteness: createConversionCompleteness({ db, clock }),
    minimumDailyBudgetMinor: (platform, currency) => connectors.minimumDailyBudgetMinor(platform, currency),
    applyCampaignChanges: (actor, input) => world.campaigns.applyCampaignChanges(actor, input),
    isAutomationPaused: async (organizationId) =>
      (await services.rules.getAutomationSettings(optimizerActor(organizationId))).paused,
    notify: (notification) => services.notifications.notify(notification),
  };
  const history = sandboxModules(world.sandbox, { backfillDays: HISTORY_SYNC_DAYS });
  return {
    world,
    services,
    dependencies,
    optimizer: createOptimizerModule(dependencies),
    async connectWithHistory(platforms, name) {
      const organization = await world.connectOrganization(platforms, name);
      for (const platform of platforms) {
        const { outcome } = await history.sync.syncConnection(systemActor(organization.organizationId, SYNC_ACTOR), {
          connectionId: organization.connections[platform]!,
          kind: "backfill",
        });
        if (outcome !== "succeeded") throw new Error(`backfill of ${platform} ended ${outcome}`);
      }
      return organization;
    },
    async close() {
      await services.publicApi.stop();
      await world.close();
    },
  };
}
