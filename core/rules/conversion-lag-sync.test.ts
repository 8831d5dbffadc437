import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "#core/access/actor.ts";
import { SYNC_ACTOR } from "#core/connections/sync-schedule.ts";
import { calendarDateIn } from "#core/dates/calendar-date.ts";
import { createAdsClock } from "#core/sync/ads-clock.ts";
import { CONVERSION_LAG } from "#simulator/market/model.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { actorOfViewer, createViewer, sandboxModules } from "#tests/support/integration-fixture.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { LAG_AGES, MIN_MATCHED_DAYS } from "./conversion-lag.ts";
import { measureConversionLag } from "./rule-metrics-repository.ts";

// Noon UTC: every account's local date is the sandbox's (UTC) date, so the ages the sync records are
// the ages the sandbox reports at, whatever the hour the test runs.
const NOON = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`);
let sandbox: SandboxServer;
let advancedDays = 0;
let modules: ReturnType<typeof sandboxModules>;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { "google-ads": createGoogleAdsSandbox },
    now: () => NOON,
    // Small enough to sync quickly day after day, big enough that the two-decimal rounding of
    // each campaign's late conversions does not blur the curve.
    shapeFor: () => ({ accounts: 1, campaignsPerAccount: 40 }),
  });
  modules = sandboxModules(sandbox, {
    clock: createAdsClock({ now: () => NOON, offsetDays: async () => advancedDays }),
  });
});
afterAll(async () => {
  await sandbox.close();
});

describe("the conversion lag measured through real syncs", () => {
  it("comes close to the sandbox's own late-conversion curve after syncs on successive days", async () => {
    const viewer = await createViewer(sandbox.db);
    const actor = actorOfViewer(viewer);
    const { authorizeUrl } = await modules.connections.startConnection(actor, {
      sessionId: viewer.sessionId,
      platform: "google-ads",
    });
    const back = await sandbox.authorize(authorizeUrl);
    const { connectionId } = await modules.connections.completeConnection(actor, {
      sessionId: viewer.sessionId,
      platform: "google-ads",
      query: back.searchParams,
    });
    const sync = async (kind: "backfill" | "incremental") => {
      const { outcome } = await modules.sync.syncConnection(
        systemActor(viewer.organizationId, SYNC_ACTOR),
        { connectionId, kind },
        { attempt: 1, maxAttempts: 1 },
      );
      expect(outcome).toBe("succeeded");
    };

    await sync("backfill");
    // Each age needs MIN_MATCHED_DAYS days that are mature now and were seen at that age: the
    // youngest age (0) only has the days synced on their own day that are LAG_AGES days old by the end.
    const syncedDays = LAG_AGES + MIN_MATCHED_DAYS - 1;
    for (let day = 0; day < syncedDays; day += 1) {
      await sandbox.advanceClock(1);
      advancedDays += 1;
      await sync("incremental");
    }

    const today = calendarDateIn("UTC", new Date(NOON.getTime() + advancedDays * 86_400_000));
    const model = await measureConversionLag(sandbox.db, viewer.organizationId, today);
    const google = model["google-ads"]!;
    expect(google.source).toBe("measured");
    expect(google.days).toBeGreaterThanOrEqual(MIN_MATCHED_DAYS);
    const expected = Array.from({ length: LAG_AGES }, (_, age) => CONVERSION_LAG[age] ?? 1);
    for (let age = 0; age < LAG_AGES; age += 1) expect(google.completeness[age]).toBeCloseTo(expected[age]!, 2);
  }, 120_000);
});
