/**
 * The ad level of a sync against the sandbox (Google Ads): ad groups, ads and ad-days stored, the
 * ad-days adding up to the campaign-days, a re-sync changing nothing, and an ad-level failure that
 * keeps the campaign data and is made good by the next sync.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "#core/access/actor.ts";
import type { ConnectingViewer } from "#core/connections/connection-parts.ts";
import { SYNC_ACTOR } from "#core/connections/sync-schedule.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import { type ConnectorRegistry, PlatformError } from "#core/shared/connector-port.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { createFacebookAdsSandbox } from "#simulator/platforms/facebook-ads.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { createLinkedInAdsSandbox } from "#simulator/platforms/linkedin-ads.ts";
import { createMicrosoftAdsSandbox } from "#simulator/platforms/microsoft-ads.ts";
import { createTikTokAdsSandbox } from "#simulator/platforms/tiktok-ads.ts";
import { actorOfViewer, createViewer, sandboxConnectors, sandboxModules } from "#tests/support/integration-fixture.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";

let sandbox: SandboxServer;
let modules: ReturnType<typeof sandboxModules>;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: {
      "google-ads": createGoogleAdsSandbox,
      "microsoft-ads": createMicrosoftAdsSandbox,
      "facebook-ads": createFacebookAdsSandbox,
      "tiktok-ads": createTikTokAdsSandbox,
      "linkedin-ads": createLinkedInAdsSandbox,
    },
  });
  modules = sandboxModules(sandbox);
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

async function sync(
  sync: ReturnType<typeof sandboxModules>["sync"],
  viewer: ConnectingViewer,
  connectionId: string,
  kind: "backfill" | "incremental",
) {
  const outcomes: string[] = [];
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const { outcome } = await sync.syncConnection(
      systemActor(viewer.organizationId, SYNC_ACTOR),
      { connectionId, kind },
      { attempt, maxAttempts: 5 },
    );
    outcomes.push(outcome);
    if (outcome !== "retry") break;
  }
  return outcomes;
}

/** What is stored below the organization's campaigns, without the timestamps a write refreshes. */
async function adLevelOf(organizationId: string) {
  const db = sandbox.db;
  const groups = await db
    .selectFrom("ad_groups")
    .where("organization_id", "=", organizationId)
    .select(["id", "external_id", "campaign_id", "name", "status"])
    .orderBy("id")
    .execute();
  const ads = await db
    .selectFrom("ads")
    .where("organization_id", "=", organizationId)
    .select([
      "id",
      "external_id",
      "ad_group_id",
      "creative_id",
      "kind",
      "headline",
      "landing_url",
      "url_suffix",
      "media_url",
      "has_utm",
    ])
    .orderBy("id")
    .execute();
  const days = await db
    .selectFrom("ad_daily_metrics")
    .where("organization_id", "=", organizationId)
    .select(["ad_id", "date", "impressions", "clicks", "spend_minor", "conversions", "video_views", "reach"])
    .orderBy("ad_id")
    .orderBy("date")
    .execute();
  return {
    groups,
    ads,
    days: days.map((day) => ({ ...day, impressions: Number(day.impressions), spend_minor: Number(day.spend_minor) })),
  };
}

/** Per campaign and date: [ad-day sums, campaign-day] of spend, impressions and clicks, where they differ. */
async function adDaysAgainstCampaignDays(organizationId: string, from: string, to: string) {
  const sums = await sandbox.db
    .selectFrom("ad_daily_metrics as m")
    .where("m.organization_id", "=", organizationId)
    .where("m.date", ">=", from)
    .where("m.date", "<=", to)
    .groupBy(["m.campaign_id", "m.date"])
    .select((eb) => [
      "m.campaign_id",
      "m.date",
      eb.fn.sum<number>("m.spend_minor").as("spend"),
      eb.fn.sum<number>("m.impressions").as("impressions"),
      eb.fn.sum<number>("m.clicks").as("clicks"),
    ])
    .execute();
  const campaignDays = await sandbox.db
    .selectFrom("campaign_daily_metrics")
    .where("organization_id", "=", organizationId)
    .where("date", ">=", from)
    .where("date", "<=", to)
    .select(["campaign_id", "date", "spend_minor", "impressions", "clicks"])
    .execute();
  const byKey = new Map(campaignDays.map((day) => [`${day.campaign_id}:${day.date}`, day]));
  const differences = sums.flatMap((sum) => {
    const day = byKey.get(`${sum.campaign_id}:${sum.date}`);
    const ads = [Number(sum.spend), Number(sum.impressions), Number(sum.clicks)];
    const campaign = day ? [Number(day.spend_minor), Number(day.impressions), Number(day.clicks)] : null;
    return JSON.stringify(ads) === JSON.stringify(campaign)
      ? []
      : [{ key: `${sum.campaign_id}:${sum.date}`, ads, campaign }];
  });
  return { compared: sums.length, differences };
}

const REFUSED = () =>
  new PlatformError("google-ads", "rejected", "The developer token is not allowed to read ads.", {
    platformCode: "PERMISSION_DENIED",
    httpStatus: 403,
  });
// A quota error whose wait is longer than the sync sleeps through: the job runs again later.
const THROTTLED = () =>
  new PlatformError("google-ads", "throttled", "Too many requests.", {
    platformCode: "RESOURCE_EXHAUSTED",
    retryAfterMs: 600_000,
  });

/**
 * The sandbox's connectors, but the platform answers every ad-level read with `failure` (refused,
 * as for an app without that access, or throttled for longer than a sync waits).
 */
function failingAdLevel(failure: () => PlatformError = REFUSED): ConnectorRegistry {
  const real = sandboxConnectors(sandbox);
  const refuse = async (): Promise<never> => {
    throw failure();
  };
  return {
    ...real,
    modeOf: (platform) => real.modeOf(platform),
    minimumDailyBudgetMinor: (platform, currency) => real.minimumDailyBudgetMinor(platform, currency),
    storeConnector: (platform) => real.storeConnector(platform),
    adConnector: (platform) => ({
      ...real.adConnector(platform),
      listAdGroups: refuse,
      listAds: refuse,
      fetchAdDailyMetrics: refuse,
    }),
  };
}

const PLATFORMS: AdPlatformId[] = ["google-ads", "microsoft-ads", "facebook-ads", "tiktok-ads", "linkedin-ads"];

describe.each(PLATFORMS)("syncing the ad level of %s", (platform) => {
  it("stores ad groups, ads and their creative, and ad-days that add up to the campaign-days; a re-sync changes nothing", async () => {
    const viewer = await createViewer(sandbox.db);
    const connectionId = await connect(viewer, platform);
    expect(await sync(modules.sync, viewer, connectionId, "backfill")).toEqual(["succeeded"]);

    const stored = await adLevelOf(viewer.organizationId);
    expect(stored.groups.length).toBeGreaterThan(0);
    expect(stored.ads.length).toBeGreaterThan(0);
    expect(stored.days.length).toBeGreaterThan(0);
    for (const ad of stored.ads) expect(["image", "video", "carousel", "text"]).toContain(ad.kind);
    const [run] = await modules.parts.sync.syncs.listRuns(viewer.organizationId, connectionId, 1);
    expect(run).toMatchObject({ status: "succeeded" });
    expect(run!.stepsDone).toHaveLength(run!.stepsTotal);
    const check = await adDaysAgainstCampaignDays(viewer.organizationId, run!.windowFrom, run!.windowTo);
    expect(check.compared).toBeGreaterThan(0);
    expect(check.differences).toEqual([]);

    expect(await sync(modules.sync, viewer, connectionId, "incremental")).toEqual(["succeeded"]);
    expect(await adLevelOf(viewer.organizationId)).toEqual(stored);
  });
});

describe("an ad-level failure (Google Ads)", () => {
  it("keeps the campaign data when the platform refuses the ad level, and the next sync fetches the ads it missed", async () => {
    const viewer = await createViewer(sandbox.db, "Refused");
    const connectionId = await connect(viewer, "google-ads");
    const refused = sandboxModules(sandbox, { connectors: failingAdLevel() });
    expect(await sync(refused.sync, viewer, connectionId, "backfill")).toEqual(["succeeded"]);

    const campaignDays = await sandbox.db
      .selectFrom("campaign_daily_metrics")
      .where("organization_id", "=", viewer.organizationId)
      .select((eb) => eb.fn.countAll<number>().as("rows"))
      .executeTakeFirstOrThrow();
    expect(Number(campaignDays.rows)).toBeGreaterThan(0);
    expect((await adLevelOf(viewer.organizationId)).ads).toEqual([]);
    const connection = await modules.parts.sync.connections.findById(viewer.organizationId, connectionId);
    expect(connection).toMatchObject({ status: "active", lastError: null });
    const states = await sandbox.db
      .selectFrom("ad_sync_states")
      .where("organization_id", "=", viewer.organizationId)
      .select(["synced_at", "error"])
      .execute();
    expect(states.length).toBeGreaterThan(0);
    for (const state of states) {
      expect(state.synced_at).toBeNull();
      expect(state.error).toBe("Ads could not be synced: The developer token is not allowed to read ads.");
    }

    // The next (incremental) sync goes back over the whole backfill for the ad level it never had.
    expect(await sync(modules.sync, viewer, connectionId, "incremental")).toEqual(["succeeded"]);
    const [run, backfill] = await modules.parts.sync.syncs.listRuns(viewer.organizationId, connectionId, 2);
    expect(run?.kind).toBe("incremental");
    const check = await adDaysAgainstCampaignDays(viewer.organizationId, backfill!.windowFrom, backfill!.windowTo);
    expect(check.compared).toBeGreaterThan(0);
    expect(check.differences).toEqual([]);
    // Not just the incremental run's last week: ad-days from the backfill's first month are there.
    const oldest = await sandbox.db
      .selectFrom("ad_daily_metrics")
      .where("organization_id", "=", viewer.organizationId)
      .select((eb) => eb.fn.min("date").as("date"))
      .executeTakeFirstOrThrow();
    expect(String(oldest.date) < addDays(backfill!.windowFrom, 30)).toBe(true);
    const cleared = await sandbox.db
      .selectFrom("ad_sync_states")
      .where("organization_id", "=", viewer.organizationId)
      .select(["synced_at", "error"])
      .execute();
    for (const state of cleared) expect(state).toMatchObject({ error: null, synced_at: expect.anything() });
  });

  it("retries a throttled ad level with the job, resuming after the campaign steps, and gives it up only on the last attempt", async () => {
    const viewer = await createViewer(sandbox.db, "Throttled");
    const connectionId = await connect(viewer, "google-ads");
    const throttled = sandboxModules(sandbox, { connectors: failingAdLevel(THROTTLED) });
    const actor = systemActor(viewer.organizationId, SYNC_ACTOR);
    const request = { connectionId, kind: "backfill" as const };

    expect((await throttled.sync.syncConnection(actor, request, { attempt: 1, maxAttempts: 2 })).outcome).toBe("retry");
    const [open] = await modules.parts.sync.syncs.listRuns(viewer.organizationId, connectionId, 1);
    expect(open?.status).toBe("running");
    // Every campaign-level step is done (the ad level runs after them); only ad-level steps are left.
    expect(open!.stepsDone.every((step) => step.startsWith("campaigns:") || step.startsWith("metrics:"))).toBe(true);
    expect(open!.stepsDone.length).toBeGreaterThan(1);
    const campaignRows = await sandbox.db
      .selectFrom("campaign_daily_metrics")
      .where("organization_id", "=", viewer.organizationId)
      .select((eb) => eb.fn.countAll<number>().as("rows"))
      .executeTakeFirstOrThrow();
    expect(open!.rowsUpserted).toBe(Number(campaignRows.rows));
    expect(open!.stepsTotal).toBeGreaterThan(open!.stepsDone.length);

    // The last attempt resumes the same run and gives the ad level up for now; the run succeeds.
    expect((await throttled.sync.syncConnection(actor, request, { attempt: 2, maxAttempts: 2 })).outcome).toBe(
      "succeeded",
    );
    const runs = await modules.parts.sync.syncs.listRuns(viewer.organizationId, connectionId, 5);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: open!.id, status: "succeeded", error: null });
    expect(runs[0]!.stepsDone.filter((step) => step.startsWith("ad"))).toEqual([]);
    const states = await sandbox.db
      .selectFrom("ad_sync_states")
      .where("organization_id", "=", viewer.organizationId)
      .select("error")
      .execute();
    expect(states.map((state) => state.error)).toContain("Ads could not be synced: Too many requests.");

    expect(await sync(modules.sync, viewer, connectionId, "incremental")).toEqual(["succeeded"]);
    expect((await adLevelOf(viewer.organizationId)).ads.length).toBeGreaterThan(0);
  });
});
