/**
 * The UTM health check over a real database with seeded ads: the share tagged overall and per
 * platform, which ads count, the untagged ads with what they lack and whether one click fixes them;
 * the fix's refusals per ad (TikTok, a landing URL it cannot override, a connection without access,
 * another organization's ad), the permission, and input checks. The fix against the platforms
 * themselves is in fix-ad-utm.sandbox.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnectorRegistry } from "#connectors/connector-registry.ts";
import { seedAds } from "#core/ads/ad-test-data.ts";
import { createAdPlatformAccess } from "#core/connections/platform-access.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createTokenCipher } from "#core/security/token-cipher.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { actorOfViewer, createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createUtmHealthModule, type UtmHealthModule } from "./utm-health-module.ts";

let database: DatabaseHandle;
let utm: UtmHealthModule;
const TODAY = "2026-11-20";
const RANGE = { from: "2026-10-22", to: TODAY };
const TAGGED = "https://shop.example/p?utm_source=google&utm_medium=cpc&utm_campaign=spring";
const spent = (spendMinor: number) => ({ "2026-11-10": { impressions: 100, clicks: 5, spendMinor } });

beforeAll(async () => {
  database = await createTestDatabase();
  const { openAdPlatform } = createAdPlatformAccess({
    db: database.db,
    connectors: createConnectorRegistry({
      AUTH_SECRET: "utm-health-test-secret-0123456789",
      ADS_SANDBOX: false,
      ADS_SANDBOX_URL: "http://127.0.0.1:9",
    }),
    cipher: createTokenCipher("utm-health-test-secret-0123456789"),
  });
  utm = createUtmHealthModule({
    db: database.db,
    clock: { now: async () => new Date(`${TODAY}T12:00:00Z`) },
    openAdPlatform,
  });
});
afterAll(async () => {
  await database.close();
});

async function campaignOf(organizationId: string, platform: string, status?: "paused") {
  await seedConnection(database.db, { organizationId, platform, campaigns: [{ status }] });
  const row = await database.db
    .selectFrom("campaigns")
    .innerJoin("ad_accounts", "ad_accounts.id", "campaigns.ad_account_id")
    .innerJoin("connections", "connections.id", "ad_accounts.connection_id")
    .where("campaigns.organization_id", "=", organizationId)
    .where("connections.platform", "=", platform)
    .select(["campaigns.id", "campaigns.external_id"])
    .executeTakeFirstOrThrow();
  return row;
}

/** An organization with Google, Meta and TikTok ads, some tagged. */
async function organizationWithAds() {
  const viewer = await createViewer(database.db);
  const google = await campaignOf(viewer.organizationId, "google-ads");
  const meta = await campaignOf(viewer.organizationId, "facebook-ads");
  const tiktok = await campaignOf(viewer.organizationId, "tiktok-ads");
  const pausedCampaign = await campaignOf(viewer.organizationId, "microsoft-ads", "paused");
  const g = await seedAds(database.db, {
    campaignId: google.id,
    adGroupName: "Search",
    ads: [
      { name: "Tagged in URL", landingUrl: TAGGED, days: spent(1_000) },
      { name: "No tags", landingUrl: "https://shop.example/p", days: spent(5_000) },
      { name: "Newsletter source", landingUrl: "https://shop.example/p?utm_source=newsletter", days: spent(200) },
      // Paused and no spend in the range: not counted.
      { name: "Paused idle", status: "paused", landingUrl: "https://shop.example/p" },
      // Paused but spent in the range: counted.
      { name: "Paused spender", status: "paused", landingUrl: "https://shop.example/p", days: spent(300) },
    ],
  });
  const m = await seedAds(database.db, {
    campaignId: meta.id,
    ads: [
      {
        name: "Meta tagged",
        landingUrl: "https://shop.example/m",
        urlSuffix: "utm_source=facebook&utm_medium=paid_social&utm_campaign=x",
      },
      { name: "Meta half", landingUrl: "https://shop.example/m", urlSuffix: "utm_source=fb&ref={{ad.id}}" },
    ],
  });
  const t = await seedAds(database.db, {
    campaignId: tiktok.id,
    ads: [{ name: "TikTok bare", landingUrl: "https://shop.example/t" }],
  });
  // A paused campaign's ads without spend are not counted.
  await seedAds(database.db, {
    campaignId: pausedCampaign.id,
    ads: [{ name: "Bing idle", landingUrl: "https://shop.example/b" }],
  });
  return { viewer, google, meta, tiktok, ids: { google: g.adIds, meta: m.adIds, tiktok: t.adIds } };
}

describe("the UTM health figures", () => {
  it("gives the share tagged overall and per platform, and lists the untagged ads by spend with what they lack", async () => {
    const { viewer, google, ids } = await organizationWithAds();
    const health = await utm.getUtmHealth(actorOfViewer(viewer, "viewer"), { range: RANGE });

    expect(health.range).toEqual(RANGE);
    expect(health.overall).toEqual({ ads: 7, tagged: 2, share: 2 / 7 });
    expect(health.platforms).toEqual([
      { platform: "google-ads", canFix: true, ads: 4, tagged: 1, share: 0.25 },
      { platform: "facebook-ads", canFix: true, ads: 2, tagged: 1, share: 0.5 },
      { platform: "tiktok-ads", canFix: false, ads: 1, tagged: 0, share: 0 },
    ]);
    expect(health.untagged.map((ad) => [ad.adName, ad.spendMinor])).toEqual([
      ["No tags", 5_000],
      ["Paused spender", 300],
      ["Newsletter source", 200],
      ["Meta half", 0],
      ["TikTok bare", 0],
    ]);
    expect(health).toMatchObject({ untaggedTotal: 5, fixable: 3 });
    const bare = health.untagged[0]!;
    expect(bare).toMatchObject({
      adId: ids.google[1],
      campaignName: "Campaign 1",
      adGroupName: "Search",
      platform: "google-ads",
      currency: "USD",
      diagnosis: { missing: ["utm_source", "utm_medium", "utm_campaign"], wrongSource: null },
      blocker: null,
      proposedSuffix: `utm_source=google&utm_medium=cpc&utm_campaign=${google.external_id}`,
    });
    expect(health.untagged.find((ad) => ad.adName === "Newsletter source")).toMatchObject({
      diagnosis: { missing: ["utm_medium", "utm_campaign"], wrongSource: "newsletter" },
      blocker: "landing_url_conflict",
      proposedSuffix: null,
    });
    expect(health.untagged.find((ad) => ad.adName === "Meta half")).toMatchObject({
      diagnosis: { missing: ["utm_medium", "utm_campaign"], wrongSource: null },
      proposedSuffix: expect.stringMatching(/^utm_source=fb&ref=\{\{ad\.id\}\}&utm_medium=paid_social&utm_campaign=/),
    });
    expect(health.untagged.find((ad) => ad.adName === "TikTok bare")).toMatchObject({
      blocker: "platform_unsupported",
      proposedSuffix: null,
    });
  });

  it("shows an organization only its own ads, and none without ads", async () => {
    await organizationWithAds();
    const empty = await createViewer(database.db, "Bo");
    const health = await utm.getUtmHealth(actorOfViewer(empty, "viewer"), {});
    expect(health).toEqual({
      range: { from: "2026-10-22", to: TODAY },
      overall: { ads: 0, tagged: 0, share: null },
      platforms: [],
      untagged: [],
      untaggedTotal: 0,
      fixable: 0,
    });
  });
});

describe("fixing ads", () => {
  it("refuses per ad what it cannot fix, with the reason, and changes nothing", async () => {
    const { viewer, ids } = await organizationWithAds();
    const other = await organizationWithAds();
    const actor = actorOfViewer(viewer, "manager");
    const report = await utm.fixAdUtm(actor, {
      adIds: [ids.tiktok[0]!, ids.google[2]!, ids.google[0]!, other.ids.google[1]!],
    });
    expect(report).toMatchObject({ fixed: 0, failed: 0, refused: 3, unchanged: 1 });
    expect(report.results.map((result) => [result.adName, result.outcome, result.blocker])).toEqual([
      ["TikTok bare", "refused", "platform_unsupported"],
      ["Newsletter source", "refused", "landing_url_conflict"],
      ["Tagged in URL", "unchanged", null],
      // Another organization's ad is not found, and its name is not given away.
      ["", "refused", "not_found"],
    ]);
    expect(report.results[0]!.message).toMatch(/API cannot edit/);
    const stored = await database.db
      .selectFrom("ads")
      .where("id", "in", [ids.tiktok[0]!, ids.google[2]!, other.ids.google[1]!])
      .select(["url_suffix", "has_utm"])
      .execute();
    expect(stored.every((row) => row.url_suffix === null && !row.has_utm)).toBe(true);
  });

  it("reports a connection Adhelm cannot reach as failed for each of its ads, never as fixed", async () => {
    const { viewer, ids } = await organizationWithAds();
    const report = await utm.fixAdUtm(actorOfViewer(viewer, "owner"), { adIds: [ids.google[1]!, ids.meta[1]!] });
    expect(report).toMatchObject({ fixed: 0, failed: 2 });
    expect(report.results[0]).toMatchObject({ outcome: "failed", message: expect.stringMatching(/not connected/) });
    const health = await utm.getUtmHealth(actorOfViewer(viewer, "owner"), { range: RANGE });
    expect(health.overall.tagged).toBe(2);
  });

  it("needs the permission to change campaigns: a viewer and an analyst are refused", async () => {
    const { viewer, ids } = await organizationWithAds();
    for (const role of ["viewer", "analyst"] as const)
      await expect(utm.fixAdUtm(actorOfViewer(viewer, role), { adIds: [ids.google[1]!] })).rejects.toMatchObject({
        code: "forbidden",
      });
  });

  it("refuses bad input with a message", async () => {
    const { viewer } = await organizationWithAds();
    const actor = actorOfViewer(viewer, "owner");
    await expect(utm.fixAdUtm(actor, { adIds: [] })).rejects.toMatchObject({
      code: "unprocessable_entity",
      message: "Choose at least one ad to fix.",
    });
    await expect(
      utm.fixAdUtm(actor, { adIds: Array.from({ length: 101 }, (_, index) => `ad-${index}`) }),
    ).rejects.toMatchObject({ code: "unprocessable_entity", message: "Fix at most 100 ads at once." });
  });
});
