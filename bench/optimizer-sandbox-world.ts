/**
 * The sandbox bench's world: the built-in sandbox on a real port over a temporary SQLite database,
 * one organization connected to the ad platforms through their consent flow, the sync and the
 * campaign change use case as the server wires them, and a second market engine over an empty
 * sandbox state: the same market (same tenant, same clock) whose budgets nobody ever changes.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Actor, systemActor, userActor } from "#core/access/actor.ts";
import { applyCampaignChanges } from "#core/campaigns/apply-campaign-changes.ts";
import type { CampaignChangeDependencies } from "#core/campaigns/campaign-change-dependencies.ts";
import { createCampaignRepository } from "#core/campaigns/campaign-repository.ts";
import { createChangeLogRepository } from "#core/campaigns/change-log-repository.ts";
import { createAdPlatformAccess } from "#core/connections/platform-access.ts";
import { SYNC_ACTOR } from "#core/connections/sync-schedule.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import { type DatabaseHandle, openDatabase } from "#core/db/database.ts";
import { migrateToLatest } from "#core/db/migrate.ts";
import type { DailyPoint } from "#core/optimizer/engine-types.ts";
import { createConversionCompleteness } from "#core/rules/conversion-completeness.ts";
import { LAG_AGES } from "#core/rules/conversion-lag.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { createAdsClock } from "#core/sync/ads-clock.ts";
import { sandboxDatabaseOf } from "#server/sandbox-host.ts";
import { createMarketEngine, type MarketEngineOptions } from "#simulator/market-engine.ts";
import { SANDBOX_PLATFORMS } from "#simulator/sandbox-platforms.ts";
import {
  createSandboxStateRepository,
  type NewSandboxCampaignChange,
  type SandboxStateRepository,
} from "#simulator/sandbox-state-repository.ts";
import { type MisallocatedCampaign, misallocateBudgets } from "./optimizer-sandbox-misallocate.ts";
import type { BenchCampaign, Outcome, SandboxWorld, WorldOptions } from "./optimizer-sandbox-types.ts";

const OPTIMIZER_ACTOR = { id: "optimizer-bench", label: "Optimizer (sandbox bench)" };

export async function createSandboxWorld(options: WorldOptions): Promise<SandboxWorld> {
  mkdirSync(options.dataDir, { recursive: true });
  // The test harness's sandbox server and consent helper, on a template migrated here: SQLite only.
  process.env.TEST_DATA_DIR = options.dataDir;
  delete process.env.TEST_DATABASE_URL;
  const template = openDatabase({ sqliteFile: path.join(options.dataDir, "template.db") });
  await migrateToLatest(template.db);
  await template.close();
  const { startSandboxServer } = await import("#tests/support/sandbox-server.ts");
  const { createViewer, sandboxModules } = await import("#tests/support/integration-fixture.ts");

  // A fixed market day whatever the real date: the clock starts at noon of startDate and runs on.
  const startedAt = Date.now();
  const startMs = Date.parse(`${options.startDate}T12:00:00Z`);
  const now = () => new Date(startMs + (Date.now() - startedAt));
  const shapeFor: MarketEngineOptions["shapeFor"] = () => ({
    accounts: 1,
    campaignsPerAccount: options.campaignsPerAccount,
  });
  const platforms = Object.fromEntries(options.platforms.map((platform) => [platform, SANDBOX_PLATFORMS[platform]]));
  const sandbox = await startSandboxServer({
    platforms,
    tenant: options.tenant,
    shapeFor,
    now,
    requestsPerMinute: 1_000_000,
  });
  const sandboxState = createSandboxStateRepository(sandboxDatabaseOf(sandbox.db));
  const clock = createAdsClock({ offsetDays: () => sandboxState.getClockOffsetDays(), now });
  const modules = sandboxModules(sandbox, { clock, backfillDays: options.backfillDays });
  const { connectors, cipher } = modules.parts.integrations;
  const { openAdPlatform } = createAdPlatformAccess({
    db: sandbox.db,
    connectors,
    cipher,
    retryPolicy: { maxAttempts: 4, baseDelayMs: 20, maxDelayMs: 200 },
  });
  const changeDeps: CampaignChangeDependencies = {
    campaigns: createCampaignRepository(sandbox.db),
    changeLog: createChangeLogRepository(sandbox.db),
    openAdPlatform,
  };
  const completenessOf = createConversionCompleteness({ db: sandbox.db, clock });

  // The counterfactual: the same tenant's market over an empty state, its clock moved alongside.
  const control: DatabaseHandle = openDatabase({ sqliteFile: path.join(options.dataDir, "control.db") });
  await migrateToLatest(control.db);
  const controlState = createSandboxStateRepository(sandboxDatabaseOf(control.db));
  const controlEngine = createMarketEngine({ state: controlState, now, shapeFor });

  const viewer = await createViewer(sandbox.db, "Bench");
  const owner: Actor = userActor({
    userId: viewer.userId,
    name: "Bench",
    organizationId: viewer.organizationId,
    role: "owner",
  });
  const organizationId = viewer.organizationId;
  let counterfactuals = 0;
  const connections = new Map<AdPlatformId, string>();
  let misallocated: MisallocatedCampaign[] = [];
  let baseChanges: NewSandboxCampaignChange[] = [];
  // The clock's offset in days, kept here too so that `now` can answer at once.
  let offsetDays = 0;

  async function syncOne(platform: AdPlatformId, connectionId: string) {
    const { outcome } = await modules.sync.syncConnection(systemActor(organizationId, SYNC_ACTOR), {
      connectionId,
      kind: "manual",
    });
    if (outcome !== "succeeded") throw new Error(`The sync of ${platform} ended ${outcome}.`);
  }

  try {
    for (const platform of options.platforms) {
      const { authorizeUrl } = await modules.connections.startConnection(owner, {
        sessionId: viewer.sessionId,
        platform,
      });
      const back = await sandbox.authorize(authorizeUrl);
      const { connectionId } = await modules.connections.completeConnection(owner, {
        sessionId: viewer.sessionId,
        platform,
        query: back.searchParams,
      });
      connections.set(platform, connectionId);
    }
    if (options.misallocation) {
      misallocated = await misallocateBudgets({
        misallocation: options.misallocation,
        actor: owner,
        connections,
        openAdPlatform,
        minimumMinor: (platform, currency) => connectors.minimumDailyBudgetMinor(platform, currency),
      });
      baseChanges = await changesOf(sandboxState, options.tenant, options.platforms);
      await copyChanges(controlState, baseChanges);
      await sandbox.advanceClock(options.misallocation.days);
      await controlState.advanceClock(options.misallocation.days);
      offsetDays = options.misallocation.days;
    }
    // The backfill, every connection side by side.
    await Promise.all([...connections].map(([platform, connectionId]) => syncOne(platform, connectionId)));
  } catch (error) {
    await sandbox.close();
    await control.close();
    throw error;
  }

  const rows = await sandbox.db
    .selectFrom("campaigns")
    .innerJoin("ad_accounts", "ad_accounts.id", "campaigns.ad_account_id")
    .innerJoin("connections", "connections.id", "ad_accounts.connection_id")
    .where("campaigns.organization_id", "=", organizationId)
    .select([
      "campaigns.id",
      "campaigns.external_id as externalId",
      "campaigns.name",
      "campaigns.status",
      "campaigns.daily_budget_minor as dailyBudgetMinor",
      "campaigns.currency",
      "ad_accounts.external_id as accountExternalId",
      "connections.platform",
    ])
    .orderBy("connections.platform")
    .orderBy("campaigns.name")
    .execute();
  const budgetByCurrency = new Map<string, number>();
  for (const row of rows)
    if (row.status === "enabled" && row.dailyBudgetMinor)
      budgetByCurrency.set(row.currency, (budgetByCurrency.get(row.currency) ?? 0) + row.dailyBudgetMinor);
  const currency = [...budgetByCurrency].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "USD";
  const campaigns: BenchCampaign[] = rows
    .filter((row) => row.status === "enabled" && (row.dailyBudgetMinor ?? 0) > 0 && row.currency === currency)
    .map((row) => ({
      id: row.id,
      externalId: row.externalId,
      name: row.name,
      platform: row.platform as AdPlatformId,
      accountExternalId: row.accountExternalId,
      baselineBudgetMinor: row.dailyBudgetMinor!,
      minimumMinor: connectors.minimumDailyBudgetMinor(row.platform as AdPlatformId, currency),
    }));

  async function outcomeOf(engine: ReturnType<typeof createMarketEngine>, from: string, to: string): Promise<Outcome> {
    const outcome: Outcome = { spendMinor: 0, conversions: 0, revenueMinor: 0, byDate: new Map() };
    const wanted = new Set(campaigns.map((campaign) => `${campaign.platform}|${campaign.externalId}`));
    const accounts = new Set(campaigns.map((campaign) => `${campaign.platform}|${campaign.accountExternalId}`));
    for (const key of accounts) {
      const [platform, accountId] = key.split("|") as [AdPlatformId, string];
      for (const row of await engine.dailyMetrics(options.tenant, platform, accountId, { from, to })) {
        if (!wanted.has(`${platform}|${row.campaignId}`)) continue;
        outcome.spendMinor += row.spendMinor;
        outcome.conversions += row.conversions;
        outcome.revenueMinor += row.conversionValueMinor;
        const day = outcome.byDate.get(row.date) ?? { spendMinor: 0, conversions: 0, revenueMinor: 0 };
        day.spendMinor += row.spendMinor;
        day.conversions += row.conversions;
        day.revenueMinor += row.conversionValueMinor;
        outcome.byDate.set(row.date, day);
      }
    }
    return outcome;
  }

  return {
    organizationId,
    currency,
    campaigns,
    host: {
      db: sandbox.db,
      dataDir: options.dataDir,
      clock,
      now: () => new Date(now().getTime() + offsetDays * 86_400_000),
      owner,
      openAdPlatform,
      minimumDailyBudgetMinor: (platform, currency) => connectors.minimumDailyBudgetMinor(platform, currency),
    },
    misallocated,
    today: () => sandbox.kit.engine.today(),

    async syncAll() {
      // Side by side, as the job queue runs them.
      await Promise.all([...connections].map(([platform, connectionId]) => syncOne(platform, connectionId)));
    },

    async histories(lastDate) {
      const ids = campaigns.map((campaign) => campaign.id);
      const metricRows = await sandbox.db
        .selectFrom("campaign_daily_metrics")
        .where("organization_id", "=", organizationId)
        .where("campaign_id", "in", ids)
        .where("date", "<=", lastDate)
        .select(["campaign_id", "date", "spend_minor", "conversions", "conversion_value_minor"])
        .orderBy("campaign_id")
        .orderBy("date")
        .execute();
      const byCampaign = new Map<string, Map<string, DailyPoint>>();
      for (const row of metricRows) {
        const days = byCampaign.get(row.campaign_id) ?? new Map<string, DailyPoint>();
        days.set(row.date, {
          date: row.date,
          spend: Number(row.spend_minor),
          conversions: Number(row.conversions),
          revenue: Number(row.conversion_value_minor),
        });
        byCampaign.set(row.campaign_id, days);
      }
      const result = new Map<string, DailyPoint[]>();
      for (const id of ids) {
        const days = byCampaign.get(id);
        const history: DailyPoint[] = [];
        if (days && days.size > 0) {
          const first = [...days.keys()].sort()[0]!;
          for (let date = first; date <= lastDate; date = addDays(date, 1))
            history.push(days.get(date) ?? { date, spend: 0, conversions: 0, revenue: 0 });
        }
        result.set(id, history);
      }
      return result;
    },

    async completeness() {
      const of = await completenessOf(organizationId);
      return (platform) => {
        const at = of(platform);
        return Array.from({ length: LAG_AGES }, (_, age) => at(age));
      };
    },

    async currentBudgets() {
      const found = await sandbox.db
        .selectFrom("campaigns")
        .where("organization_id", "=", organizationId)
        .where(
          "id",
          "in",
          campaigns.map((campaign) => campaign.id),
        )
        .select(["id", "daily_budget_minor"])
        .execute();
      return new Map(found.map((row) => [row.id, Number(row.daily_budget_minor ?? 0)]));
    },

    async setBudgets(budgets, batchId) {
      const applied = new Set<string>();
      const failed: string[] = [];
      const actor = systemActor(organizationId, OPTIMIZER_ACTOR);
      for (const [campaignId, amountMinor] of budgets) {
        const result = await applyCampaignChanges(changeDeps, actor, {
          campaignIds: [campaignId],
          change: { action: "set_budget", budget: { kind: "absolute", amountMinor } },
          reason: "Optimizer sandbox bench",
          batchId,
        });
        for (const item of result.results)
          if (item.outcome === "succeeded") applied.add(item.campaignId);
          else if (item.outcome === "failed") failed.push(`${item.campaignName}: ${item.message}`);
      }
      return { applied, failed };
    },

    async advanceDay(days = 1) {
      const today = await sandbox.advanceClock(days);
      await controlState.advanceClock(days);
      offsetDays += days;
      return today;
    },

    async outcomes(from, to) {
      const [controlToday, today] = [await controlEngine.today(), await sandbox.kit.engine.today()];
      if (controlToday !== today) throw new Error(`The two markets' clocks differ: ${today} and ${controlToday}.`);
      return {
        optimized: await outcomeOf(sandbox.kit.engine, from, to),
        unchanged: await outcomeOf(controlEngine, from, to),
      };
    },

    async counterfactual(budgets, from, to) {
      const file = path.join(options.dataDir, `counterfactual-${counterfactuals++}.db`);
      const database = openDatabase({ sqliteFile: file });
      try {
        await migrateToLatest(database.db);
        const state = createSandboxStateRepository(sandboxDatabaseOf(database.db));
        await copyChanges(state, baseChanges);
        for (const campaign of campaigns) {
          const dailyBudgetMinor = budgets.get(campaign.id);
          if (dailyBudgetMinor === undefined) continue;
          await state.insertCampaignChange({
            tenant: options.tenant,
            platform: campaign.platform,
            campaignId: campaign.externalId,
            effectiveDate: from,
            status: null,
            dailyBudgetMinor,
          });
        }
        await state.advanceClock(await sandboxState.getClockOffsetDays());
        return await outcomeOf(createMarketEngine({ state, now, shapeFor }), from, to);
      } finally {
        await database.close();
      }
    },

    async close() {
      await sandbox.close();
      await control.close();
    },
  };
}

/** The campaign changes the sandbox holds for the tenant, oldest first, as new changes. */
async function changesOf(
  state: SandboxStateRepository,
  tenant: string,
  platforms: AdPlatformId[],
): Promise<NewSandboxCampaignChange[]> {
  const changes: NewSandboxCampaignChange[] = [];
  for (const platform of platforms)
    for (const change of await state.listCampaignChanges(tenant, platform))
      changes.push({
        tenant: change.tenant,
        platform: change.platform,
        campaignId: change.campaignId,
        effectiveDate: change.effectiveDate,
        status: change.status,
        dailyBudgetMinor: change.dailyBudgetMinor,
        name: change.name,
      });
  return changes;
}

async function copyChanges(state: SandboxStateRepository, changes: NewSandboxCampaignChange[]): Promise<void> {
  for (const change of changes) await state.insertCampaignChange(change);
}
