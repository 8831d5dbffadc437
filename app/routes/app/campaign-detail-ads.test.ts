/**
 * The campaign page's Ads tab over HTTP, in process: the ad groups and ads for the URL's range, an
 * ad's days for the drawer, "New ad"'s images and UTM-filled landing URL, the create action's field
 * errors, and another organization's campaign and ads as missing.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as campaignDetailRoute from "#app/routes/app/campaign-detail.tsx";
import { seedAds } from "#core/ads/ad-test-data.ts";
import { pngOf } from "#core/assets/assets-test-fixture.ts";
import type { LibraryCreative } from "#core/assets/library-types.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";
import type { AdsTabData } from "./campaign-detail-ads.server.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";
const RANGE = "from=2026-10-01&to=2026-10-30";

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;
let cookie: string;
let otherCookie: string;
let campaignId: string;
let otherCampaignId: string;
let adIds: string[];
let otherAdId: string;
let uploadId: string;

async function organizationOf(email: string): Promise<string> {
  const row = await database.db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .where("user.email", "=", email)
    .select("member.organizationId")
    .executeTakeFirstOrThrow();
  return row.organizationId;
}

async function campaignIn(organizationId: string): Promise<string> {
  await seedConnection(database.db, { organizationId, platform: "facebook-ads", campaigns: [{}] });
  const campaign = await database.db
    .selectFrom("campaigns")
    .where("organization_id", "=", organizationId)
    .select("id")
    .executeTakeFirstOrThrow();
  return campaign.id;
}

const days = (count: number, day: { impressions: number; clicks: number; spendMinor: number }) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [addDays("2026-10-01", index), day]));

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "campaign-ads-route-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir, ADS_SANDBOX: "true" });
  const handlePage = createRouteHandler([{ path: "/campaigns/mes-ads/:campaignId", module: campaignDetailRoute }]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
  const email = `ada-${randomUUID()}@example.com`;
  cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email });
  const otherEmail = `grace-${randomUUID()}@example.com`;
  otherCookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email: otherEmail });
  campaignId = await campaignIn(await organizationOf(email));
  const seeded = await seedAds(database.db, {
    campaignId,
    adGroupName: "Lookalikes",
    ads: [
      {
        name: "Ad A",
        headline: "Autumn boots",
        landingUrl: "https://shop.example.com/boots?utm_source=facebook",
        days: days(30, { impressions: 1_000, clicks: 30, spendMinor: 900 }),
      },
      { name: "Ad B", kind: "video", headline: "Studio film", days: {} },
    ],
  });
  adIds = seeded.adIds;
  otherCampaignId = await campaignIn(await organizationOf(otherEmail));
  otherAdId = (await seedAds(database.db, { campaignId: otherCampaignId, ads: [{ headline: "Not yours" }] }))
    .adIds[0] as string;
  const uploaded = await app.request("/asset-uploads", {
    method: "POST",
    headers: { origin: APP_URL, cookie, "x-file-name": "banner.png" },
    body: new Uint8Array(await pngOf(48, 48)),
  });
  uploadId = ((await uploaded.json()) as { asset: LibraryCreative }).asset.id;
}, 120_000);

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const load = async (url: string, as = cookie) => {
  const response = await app.request(url, { headers: { cookie: as } });
  return {
    status: response.status,
    body: (response.status === 200 ? await response.json() : null) as { tab: string; adsTab: AdsTabData | null },
  };
};

const post = (url: string, body: unknown, as = cookie) =>
  app.request(url, {
    method: "POST",
    headers: { origin: APP_URL, cookie: as, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("the campaign page's Ads tab", () => {
  it("lists the ad groups and ads with their numbers for the range, only on the Ads tab", async () => {
    const page = await load(`/campaigns/mes-ads/${campaignId}?tab=ads&${RANGE}`);
    expect(page.status).toBe(200);
    expect(page.body.tab).toBe("ads");
    const tab = page.body.adsTab!;
    expect(tab.ads.adGroups.map((group) => group.name)).toEqual(["Lookalikes"]);
    const [boots, film] = tab.ads.adGroups[0]!.ads;
    expect(boots).toMatchObject({ name: "Ad A", metrics: { spendMinor: 27_000, clicks: 900 } });
    expect(film).toMatchObject({ name: "Ad B", creative: { kind: "video" }, metrics: { spendMinor: 0 } });
    expect(tab.ads.adGroups[0]!.metrics).toMatchObject({ spendMinor: 27_000, impressions: 30_000 });
    // The sandbox's Meta connector creates image ads.
    expect(tab.support).toMatchObject({ platform: "facebook-ads", isAvailable: true });
    expect(tab.adMetrics).toBeNull();
    expect(tab.newAd).toBeNull();
    expect((await load(`/campaigns/mes-ads/${campaignId}?${RANGE}`)).body.adsTab).toBeNull();
  });

  it("opens an ad's days in the drawer, and never another organization's ad", async () => {
    const page = await load(`/campaigns/mes-ads/${campaignId}?tab=ads&ad=${adIds[0]}&${RANGE}`);
    expect(page.body.adsTab!.adMetrics).toMatchObject({ adId: adIds[0], total: { spendMinor: 27_000 } });
    expect(page.body.adsTab!.adMetrics!.daily).toHaveLength(30);
    const foreign = await load(`/campaigns/mes-ads/${campaignId}?tab=ads&ad=${otherAdId}&${RANGE}`);
    expect(foreign.body.adsTab!.adMetrics).toBeNull();
    expect((await load(`/campaigns/mes-ads/${otherCampaignId}?tab=ads`)).status).toBe(404);
  });

  it("offers the uploaded images and a landing URL with the campaign's UTM parameters for a new ad", async () => {
    const page = await load(`/campaigns/mes-ads/${campaignId}?tab=ads&newAd=${uploadId}`);
    const newAd = page.body.adsTab!.newAd!;
    expect(newAd.images.map((image) => image.id)).toEqual([uploadId]);
    expect(newAd.preselectedImageId).toBe(uploadId);
    const landing = new URL(newAd.defaultLandingUrl);
    expect(`${landing.origin}${landing.pathname}`).toBe("https://shop.example.com/boots");
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      utm_source: "facebook",
      utm_medium: "paid_social",
      utm_campaign: "Campaign 1",
    });
    // Another organization does not see our uploads.
    const theirs = await load(`/campaigns/mes-ads/${otherCampaignId}?tab=ads&newAd=1`, otherCookie);
    expect(theirs.body.adsTab!.newAd!.images).toEqual([]);
  });

  it("answers a bad new ad with each field's message and creates nothing", async () => {
    const before = await database.db.selectFrom("ads").select("id").where("campaign_id", "=", campaignId).execute();
    const adGroupId = (
      await database.db
        .selectFrom("ad_groups")
        .select("id")
        .where("campaign_id", "=", campaignId)
        .executeTakeFirstOrThrow()
    ).id;
    const response = await post(`/campaigns/mes-ads/${campaignId}`, {
      intent: "create-image-ad",
      adGroupId,
      assetId: uploadId,
      headline: "Autumn",
      body: "",
      landingUrl: "https://shop.example.com/boots",
    });
    expect(response.status).toBe(422);
    const result = (await response.json()) as { ok: boolean; fieldErrors: Record<string, string> };
    expect(result.ok).toBe(false);
    expect(result.fieldErrors).toEqual({
      body: "Write the ad's text.",
      landingUrl:
        "The landing URL needs utm_source, utm_medium and utm_campaign, so store orders are attributed to the ad.",
    });
    // Another organization's campaign is not there for us.
    const foreign = await post(`/campaigns/mes-ads/${otherCampaignId}`, {
      intent: "create-image-ad",
      adGroupId,
      assetId: uploadId,
      headline: "Autumn",
      body: "Boots.",
      landingUrl: "https://shop.example.com/?utm_source=facebook&utm_medium=paid_social&utm_campaign=Autumn",
    });
    expect(foreign.status).toBe(404);
    expect(await database.db.selectFrom("ads").select("id").where("campaign_id", "=", campaignId).execute()).toEqual(
      before,
    );
  });
});
