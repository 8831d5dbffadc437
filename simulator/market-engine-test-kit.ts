import { afterEach } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createMarketEngine, type MarketEngineOptions } from "./market-engine.ts";
import type { SimDailyMetric } from "./sandbox-kit.ts";
import { createSandboxStateRepository } from "./sandbox-state-repository.ts";

/** What the market engine's tests share: a fixed clock, fresh engines and a few helpers. */

// Early March: no holiday season in the windows these tests compare.
export const NOW = new Date("2026-03-02T12:00:00Z");
export const TODAY = "2026-03-02";

/** Registers the cleanup of the test databases and returns setUp: an engine over a fresh one at NOW. */
export function useMarketEngines() {
  const databases: DatabaseHandle[] = [];
  afterEach(async () => {
    await Promise.all(databases.splice(0).map((database) => database.close()));
  });
  return async function setUp(options: Partial<MarketEngineOptions> = {}) {
    const database = await createTestDatabase();
    databases.push(database);
    const state = createSandboxStateRepository(database.db);
    const engine = createMarketEngine({ state, now: () => NOW, ...options });
    return { state, engine, db: database.db };
  };
}

export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

export function sum(rows: SimDailyMetric[], pick: (row: SimDailyMetric) => number): number {
  return rows.reduce((total, row) => total + pick(row), 0);
}

/** An enabled campaign that ran through the last `days` days, and its account. */
export async function findRunningCampaign(
  engine: ReturnType<typeof createMarketEngine>,
  tenant: string,
  platform: AdPlatformId,
  days: number,
) {
  for (const account of engine.listAccounts(tenant, platform)) {
    const rows = await engine.dailyMetrics(tenant, platform, account.id, {
      from: addDays(TODAY, -(days - 1)),
      to: TODAY,
    });
    for (const campaign of await engine.listCampaigns(tenant, platform, account.id)) {
      const ran = rows.filter((row) => row.campaignId === campaign.id);
      if (campaign.status === "enabled" && ran.length === days) return { account, campaign };
    }
  }
  throw new Error(`no campaign ran the last ${days} days on ${platform}`);
}
