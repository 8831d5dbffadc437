import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "#core/access/actor.ts";
import { createCampaignRepository } from "#core/campaigns/campaign-repository.ts";
import { changeCampaign } from "#core/campaigns/change-campaign.ts";
import type { ConnectingViewer } from "#core/connections/connection-parts.ts";
import { createAdPlatformAccess } from "#core/connections/platform-access.ts";
import { SYNC_ACTOR } from "#core/connections/sync-schedule.ts";
import { addDays, calendarDateIn } from "#core/dates/calendar-date.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { createFacebookAdsSandbox } from "#simulator/platforms/facebook-ads.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { actorOfViewer, createViewer, sandboxModules } from "#tests/support/integration-fixture.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import type { SyncOutcome } from "./sync-connection.ts";

let sandbox: SandboxServer;
let modules: ReturnType<typeof sandboxModules>;
/** The parts the modules were built from, for reading what they stored. */
let deps: ReturnType<typeof sandboxModules>["parts"];

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { "google-ads": createGoogleAdsSandbox, "facebook-ads": createFacebookAdsSandbox },
  });
  modules = sandboxModules(sandbox);
  deps = modules.parts;
});
afterAll(async () => {
  await sandbox.close();
});

async function connect(viewer: ConnectingViewer, platform: AdPlatformId): Promise<string> {
  const actor = actorOfViewer(viewer);
  const { authorizeUrl } = await modules.connections.startConnection(actor, { sessionId: viewer.sessionId, platform });
  const back = await sandbox.authorize(authorizeUrl);
  const completed = await modules.connections.completeConnection(actor, {
    sessionId: viewer.sessionId,
    platform,
    query: back.searchParams,
  });
  return completed.connectionId;
}

/** Runs the sync the way the job queue would (as Adhelm's sync): again after each temporary failure. */
async function syncUntilDone(viewer: ConnectingViewer, connectionId: string, kind: "backfill" | "incremental") {
  const outcomes: SyncOutcome[] = [];
  for (let attempt = 1; attempt <= 30; attempt += 1) {
    const { outcome } = await modules.sync.syncConnection(
      systemActor(viewer.organizationId, SYNC_ACTOR),
      { connectionId, kind },
      { attempt, maxAttempts: 30 },
    );
    outcomes.push(outcome);
    if (outcome !== "retry") break;
  }
  return outcomes;
}

interface Totals {
  rows: number;
  spendMinor: number;
  conversions: number;
}

/** What we stored for the organization, per date range. */
async function storedTotals(organizationId: string, from: string, to: string): Promise<Totals> {
  const row = await sandbox.db
    .selectFrom("campaign_daily_metrics")
    .where("organization_id", "=", organizationId)
    .where("date", ">=", from)
    .where("date", "<=", to)
    .select((eb) => [
      eb.fn.countAll<number>().as("rows"),
      eb.fn.sum<number>("spend_minor").as("spendMinor"),
      eb.fn.sum<number>("conversions").as("conversions"),
    ])
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), spendMinor: Number(row.spendMinor ?? 0), conversions: Number(row.conversions ?? 0) };
}

/** What the sandbox market says for the same accounts and days (campaigns the platform lists). */
async function marketTotals(platform: AdPlatformId, organizationId: string, from: string, to: string): Promise<Totals> {
  const listed = new Set(
    (
      await sandbox.db
        .selectFrom("campaigns")
        .where("organization_id", "=", organizationId)
        .select("external_id")
        .execute()
    ).map((row) => row.external_id),
  );
  const totals = { rows: 0, spendMinor: 0, conversions: 0 };
  for (const account of sandbox.kit.engine.listAccounts(sandbox.tenant, platform)) {
    for (const row of await sandbox.kit.engine.dailyMetrics(sandbox.tenant, platform, account.id, { from, to })) {
      if (!listed.has(row.campaignId)) continue;
      totals.rows += 1;
      totals.spendMinor += row.spendMinor;
      totals.conversions += row.conversions;
    }
  }
  return totals;
}

describe("syncing a connection", () => {
  it("backfills 90 days of every managed account, and a second run adds no duplicate rows", async () => {
    const viewer = await createViewer(sandbox.db);
    const connectionId = await connect(viewer, "google-ads");
    expect(await syncUntilDone(viewer, connectionId, "backfill")).toEqual(["succeeded"]);

    const [run] = await deps.sync.syncs.listRuns(viewer.organizationId, connectionId, 1);
    expect(run).toMatchObject({ kind: "backfill", status: "succeeded" });
    const window = { from: run!.windowFrom, to: run!.windowTo };
    expect(addDays(window.from, 89)).toBe(window.to);
    const stored = await storedTotals(viewer.organizationId, window.from, window.to);
    const expected = await marketTotals("google-ads", viewer.organizationId, window.from, window.to);
    expect(stored.rows).toBeGreaterThan(0);
    expect(stored.rows).toBe(expected.rows);
    expect(stored.spendMinor).toBe(expected.spendMinor);
    expect(stored.conversions).toBeCloseTo(expected.conversions, 1);
    // The run counts the ad-day rows (ad-level-sync.test.ts checks them) and the per-action
    // conversion rows (server/conversion-settings.test.ts) it wrote too.
    const adDays = await sandbox.db
      .selectFrom("ad_daily_metrics")
      .where("organization_id", "=", viewer.organizationId)
      .select((eb) => eb.fn.countAll<number>().as("rows"))
      .executeTakeFirstOrThrow();
    const actionDays = await sandbox.db
      .selectFrom("campaign_daily_conversions")
      .where("organization_id", "=", viewer.organizationId)
      .select((eb) => eb.fn.countAll<number>().as("rows"))
      .executeTakeFirstOrThrow();
    expect(Number(actionDays.rows)).toBeGreaterThan(0);
    expect(run!.rowsUpserted).toBe(expected.rows + Number(adDays.rows) + Number(actionDays.rows));

    expect(await syncUntilDone(viewer, connectionId, "incremental")).toEqual(["succeeded"]);
    const again = await storedTotals(viewer.organizationId, window.from, window.to);
    expect({ rows: again.rows, spendMinor: again.spendMinor }).toEqual({
      rows: stored.rows,
      spendMinor: stored.spendMinor,
    });
    expect(again.conversions).toBeCloseTo(stored.conversions, 6);
    const connection = await deps.sync.connections.findById(viewer.organizationId, connectionId);
    expect(connection).toMatchObject({ status: "active", lastError: null });
    expect(connection?.lastSyncedAt).toBeInstanceOf(Date);
  });

  it("fetches the recent days again, so late conversions arrive", async () => {
    const viewer = await createViewer(sandbox.db);
    const connectionId = await connect(viewer, "google-ads");
    await syncUntilDone(viewer, connectionId, "backfill");
    const today = calendarDateIn("UTC", new Date());
    const recent = { from: addDays(today, -3), to: addDays(today, -1) };
    const before = await storedTotals(viewer.organizationId, recent.from, recent.to);

    // The sandbox clock only moves forward; the later tests follow it, as the product does.
    await sandbox.advanceClock(2);
    expect(await syncUntilDone(viewer, connectionId, "incremental")).toEqual(["succeeded"]);
    const after = await storedTotals(viewer.organizationId, recent.from, recent.to);
    const expected = await marketTotals("google-ads", viewer.organizationId, recent.from, recent.to);
    expect(after.conversions).toBeGreaterThan(before.conversions);
    expect(after.conversions).toBeCloseTo(expected.conversions, 1);
    const [run] = await deps.sync.syncs.listRuns(viewer.organizationId, connectionId, 1);
    expect(run?.kind).toBe("incremental");
  });

  it("completes under 20% throttling and 20% server errors with the same rows and no duplicates", async () => {
    const calm = await createViewer(sandbox.db, "Calm");
    const calmConnection = await connect(calm, "facebook-ads");
    await syncUntilDone(calm, calmConnection, "backfill");

    const viewer = await createViewer(sandbox.db, "Stormy");
    const connectionId = await connect(viewer, "facebook-ads");
    await sandbox.setFault({ kind: "throttle", platform: "facebook-ads", probability: 0.2 });
    await sandbox.setFault({ kind: "server_error", platform: "facebook-ads", probability: 0.2 });
    try {
      const outcomes = await syncUntilDone(viewer, connectionId, "backfill");
      expect(outcomes.at(-1)).toBe("succeeded");
    } finally {
      await sandbox.clearFaults();
    }
    const [run] = await deps.sync.syncs.listRuns(viewer.organizationId, connectionId, 1);
    expect(run?.retries).toBeGreaterThan(0);
    const window = { from: run!.windowFrom, to: run!.windowTo };
    const stormy = await storedTotals(viewer.organizationId, window.from, window.to);
    const calmTotals = await storedTotals(calm.organizationId, window.from, window.to);
    expect({ rows: stormy.rows, spendMinor: stormy.spendMinor }).toEqual({
      rows: calmTotals.rows,
      spendMinor: calmTotals.spendMinor,
    });
    // PostgreSQL may add the doubles in another order: equal up to rounding.
    expect(stormy.conversions).toBeCloseTo(calmTotals.conversions, 6);
    expect(stormy.rows).toBe((await marketTotals("facebook-ads", viewer.organizationId, window.from, window.to)).rows);
  });

  it("applies each campaign change once, even when answers are lost to throttling and 5xx", async () => {
    const viewer = await createViewer(sandbox.db);
    const connectionId = await connect(viewer, "google-ads");
    await syncUntilDone(viewer, connectionId, "backfill");
    const campaigns = await sandbox.db
      .selectFrom("campaigns")
      .where("organization_id", "=", viewer.organizationId)
      .where("status", "=", "enabled")
      .select(["id", "external_id", "daily_budget_minor"])
      .limit(3)
      .execute();
    expect(campaigns.length).toBe(3);
    const changesBefore = await sandboxChanges();
    const dependencies = {
      campaigns: createCampaignRepository(sandbox.db),
      openAdPlatform: createAdPlatformAccess({
        db: sandbox.db,
        connectors: deps.sync.connectors,
        cipher: deps.sync.cipher,
        retryPolicy: { baseDelayMs: 5, maxDelayMs: 1_500, maxAttempts: 10 },
      }).openAdPlatform,
    };
    const actor = actorOfViewer(viewer);
    await sandbox.setFault({ kind: "throttle", platform: "google-ads", probability: 0.2 });
    await sandbox.setFault({ kind: "server_error", platform: "google-ads", probability: 0.2 });
    try {
      for (const campaign of campaigns) {
        await changeCampaign(dependencies, actor, { campaignId: campaign.id, change: { status: "paused" } });
        await changeCampaign(dependencies, actor, {
          campaignId: campaign.id,
          change: { dailyBudgetMinor: (campaign.daily_budget_minor ?? 1_000) + 1_234 },
        });
      }
    } finally {
      await sandbox.clearFaults();
    }
    const changes = (await sandboxChanges()).slice(changesBefore.length);
    expect(changes).toHaveLength(6);
    for (const campaign of campaigns) {
      const mine = changes.filter((change) => change.campaign_id === campaign.external_id);
      expect(mine.map((change) => [change.status, change.daily_budget_minor])).toEqual([
        ["paused", null],
        [null, (campaign.daily_budget_minor ?? 1_000) + 1_234],
      ]);
    }
    const stored = await sandbox.db
      .selectFrom("campaigns")
      .where(
        "id",
        "in",
        campaigns.map((campaign) => campaign.id),
      )
      .select(["status"])
      .execute();
    expect(stored.every((row) => row.status === "paused")).toBe(true);
  });

  it("marks a revoked connection as needing Reconnect, and another organization's sync carries on", async () => {
    const revoked = await createViewer(sandbox.db, "Revoked");
    const revokedConnection = await connect(revoked, "google-ads");
    const healthy = await createViewer(sandbox.db, "Healthy");
    const healthyConnection = await connect(healthy, "facebook-ads");
    await sandbox.setFault({ kind: "revoked", platform: "google-ads" });
    try {
      const [revokedOutcome, healthyOutcome] = await Promise.all([
        syncUntilDone(revoked, revokedConnection, "backfill"),
        syncUntilDone(healthy, healthyConnection, "backfill"),
      ]);
      expect(revokedOutcome.at(-1)).toBe("failed");
      expect(healthyOutcome).toEqual(["succeeded"]);
    } finally {
      await sandbox.clearFaults();
    }
    const broken = await deps.sync.connections.findById(revoked.organizationId, revokedConnection);
    expect(broken?.status).toBe("error");
    expect(broken?.lastError).toMatch(/Reconnect/);

    // Reconnecting grants new tokens to the same connection, and it syncs again.
    expect(await connect(revoked, "google-ads")).toBe(revokedConnection);
    expect(await syncUntilDone(revoked, revokedConnection, "backfill")).toEqual(["succeeded"]);
  });

  it("keeps every organization's connections and data to itself", async () => {
    const owner = await createViewer(sandbox.db, "Owner");
    const stranger = await createViewer(sandbox.db, "Stranger");
    const connectionId = await connect(owner, "google-ads");
    await syncUntilDone(owner, connectionId, "backfill");

    const strangerCards = await modules.connections.listIntegrations(actorOfViewer(stranger));
    expect(strangerCards.every((card) => card.connection === null)).toBe(true);
    const ownerCards = await modules.connections.listIntegrations(actorOfViewer(owner));
    expect(ownerCards.find((card) => card.listing.id === "google-ads")?.connection?.id).toBe(connectionId);

    const accounts = await deps.sync.connections.listAdAccounts(owner.organizationId, connectionId);
    await expect(
      modules.connections.chooseAdAccounts(actorOfViewer(stranger), {
        connectionId,
        adAccountIds: accounts.map((account) => account.id),
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await deps.sync.connections.listAdAccounts(stranger.organizationId, connectionId)).toEqual([]);
    expect(
      await modules.sync.syncConnection(systemActor(stranger.organizationId, SYNC_ACTOR), {
        connectionId,
        kind: "manual",
      }),
    ).toEqual({ outcome: "skipped" });
    expect((await storedTotals(stranger.organizationId, "2000-01-01", "2100-01-01")).rows).toBe(0);
  });

  it("refuses a callback whose state belongs to another session", async () => {
    const viewer = await createViewer(sandbox.db);
    const actor = actorOfViewer(viewer);
    const { sessionId } = viewer;
    const { authorizeUrl } = await modules.connections.startConnection(actor, { sessionId, platform: "google-ads" });
    const back = await sandbox.authorize(authorizeUrl);
    const complete = (session: string) =>
      modules.connections.completeConnection(actor, {
        sessionId: session,
        platform: "google-ads",
        query: back.searchParams,
      });
    await expect(complete("another-session")).rejects.toMatchObject({ reason: "state of another session" });
    // A state works once: the real session cannot replay it after a refused attempt either.
    await expect(complete(sessionId)).resolves.toMatchObject({ needsAccountChoice: true });
    await expect(complete(sessionId)).rejects.toMatchObject({ reason: "state already used" });
  });

  it("fails a denied consent with the spec's message", async () => {
    const viewer = await createViewer(sandbox.db);
    const actor = actorOfViewer(viewer);
    const { sessionId } = viewer;
    const { authorizeUrl } = await modules.connections.startConnection(actor, { sessionId, platform: "facebook-ads" });
    const back = await sandbox.authorize(authorizeUrl, { deny: true });
    await expect(
      modules.connections.completeConnection(actor, { sessionId, platform: "facebook-ads", query: back.searchParams }),
    ).rejects.toMatchObject({
      message: "There was an error connecting to the platform. Please try again.",
      reason: expect.stringMatching(/^denied/),
    });
  });
});

function sandboxChanges() {
  return sandbox.db
    .selectFrom("sandbox_campaign_changes")
    .where("platform", "=", "google-ads")
    .select(["campaign_id", "status", "daily_budget_minor", "created_at"])
    .orderBy("created_at")
    .execute();
}
