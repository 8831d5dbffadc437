/**
 * The fix on the other platforms of the sandbox: Microsoft Advertising takes the final URL suffix
 * through its API (the platform's ad then carries it, and a re-sync keeps it), while TikTok's ads
 * are refused one by one with the reason (its API has no suffix), and nothing of theirs changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "#core/access/actor.ts";
import { createCampaignRepository } from "#core/campaigns/campaign-repository.ts";
import { toExternalAccount } from "#core/campaigns/platform-target.ts";
import { createAdPlatformAccess } from "#core/connections/platform-access.ts";
import { SYNC_ACTOR } from "#core/connections/sync-schedule.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { createMicrosoftAdsSandbox } from "#simulator/platforms/microsoft-ads.ts";
import { createTikTokAdsSandbox } from "#simulator/platforms/tiktok-ads.ts";
import { actorOfViewer, createViewer, sandboxModules } from "#tests/support/integration-fixture.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createUtmHealthModule, type UtmHealthModule } from "./utm-health-module.ts";

let sandbox: SandboxServer;
let modules: ReturnType<typeof sandboxModules>;
let utm: UtmHealthModule;
let openAdPlatform: ReturnType<typeof createAdPlatformAccess>["openAdPlatform"];

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { "microsoft-ads": createMicrosoftAdsSandbox, "tiktok-ads": createTikTokAdsSandbox },
    shapeFor: () => ({ accounts: 1, campaignsPerAccount: 6 }),
  });
  modules = sandboxModules(sandbox, { backfillDays: 1 });
  const { connectors, cipher } = modules.parts.integrations;
  openAdPlatform = createAdPlatformAccess({
    db: sandbox.db,
    connectors,
    cipher,
    retryPolicy: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 },
  }).openAdPlatform;
  utm = createUtmHealthModule({ db: sandbox.db, clock: { now: async () => new Date() }, openAdPlatform });
});
afterAll(async () => {
  await sandbox.close();
});

async function connectAndSync(platforms: AdPlatformId[]) {
  const viewer = await createViewer(sandbox.db);
  const actor = actorOfViewer(viewer, "manager");
  const connections: Partial<Record<AdPlatformId, string>> = {};
  for (const platform of platforms) {
    const owner = actorOfViewer(viewer);
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
    connections[platform] = connectionId;
    await sync(viewer.organizationId, connectionId);
  }
  return { viewer, actor, connections };
}

async function sync(organizationId: string, connectionId: string) {
  const { outcome } = await modules.sync.syncConnection(systemActor(organizationId, SYNC_ACTOR), {
    connectionId,
    kind: "manual",
  });
  if (outcome !== "succeeded") throw new Error(`sync ended ${outcome}`);
}

const storedAd = (adId: string) =>
  sandbox.db
    .selectFrom("ads")
    .where("id", "=", adId)
    .select(["external_id", "campaign_id", "url_suffix", "has_utm"])
    .executeTakeFirstOrThrow();

describe("fixing Microsoft Advertising and TikTok ads", () => {
  it("sets Microsoft's final URL suffix, and refuses TikTok's ads with the reason", async () => {
    const { viewer, actor, connections } = await connectAndSync(["microsoft-ads", "tiktok-ads"]);
    const health = await utm.getUtmHealth(actor, {});
    expect(health.platforms.map((platform) => [platform.platform, platform.canFix])).toEqual([
      ["microsoft-ads", true],
      ["tiktok-ads", false],
    ]);
    const microsoft = health.untagged.find((ad) => ad.platform === "microsoft-ads" && ad.blocker === null);
    const tiktok = health.untagged.find((ad) => ad.platform === "tiktok-ads");
    if (!microsoft || !tiktok) throw new Error("the sandbox gave no untagged Microsoft or TikTok ad");
    expect(tiktok.blocker).toBe("platform_unsupported");
    const tiktokBefore = await storedAd(tiktok.adId);

    const report = await utm.fixAdUtm(actor, { adIds: [microsoft.adId, tiktok.adId] });
    expect(report.results).toEqual([
      expect.objectContaining({ adId: microsoft.adId, outcome: "fixed", suffixAfter: microsoft.proposedSuffix }),
      expect.objectContaining({ adId: tiktok.adId, outcome: "refused", blocker: "platform_unsupported" }),
    ]);
    expect(await storedAd(tiktok.adId)).toEqual(tiktokBefore);

    // Microsoft's own view of the ad, through its API, carries the suffix.
    const stored = await storedAd(microsoft.adId);
    const [campaign] = await createCampaignRepository(sandbox.db).listForChange(viewer.organizationId, [
      stored.campaign_id,
    ]);
    const { connector, session } = await openAdPlatform(actor, campaign!.adAccount.connectionId);
    const ads = await session.call((tokens) => connector.listAds(tokens, toExternalAccount(campaign!.adAccount)));
    expect(ads.find((ad) => ad.externalId === stored.external_id)?.creative.urlSuffix).toBe(microsoft.proposedSuffix);

    await sync(viewer.organizationId, connections["microsoft-ads"]!);
    expect(await storedAd(microsoft.adId)).toMatchObject({ url_suffix: microsoft.proposedSuffix });
    expect(Boolean((await storedAd(microsoft.adId)).has_utm)).toBe(true);
  });
});
