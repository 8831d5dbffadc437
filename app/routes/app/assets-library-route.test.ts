/**
 * The asset library's pages over HTTP, in process: the merged list with its filters and range in
 * the URL, a creative's page, compare (a fifth creative refused), the proxied thumbnails, and that
 * another organization's creative is not there for us.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as assetsRoute from "#app/routes/app/assets.tsx";
import * as compareRoute from "#app/routes/app/assets-compare.tsx";
import * as creativeRoute from "#app/routes/app/assets-creative.tsx";
import { seedAds } from "#core/ads/ad-test-data.ts";
import { pngOf } from "#core/assets/assets-test-fixture.ts";
import type { LibraryCreative, LibraryPage } from "#core/assets/library-types.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";
const RANGE = "from=2026-10-01&to=2026-10-30";

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;
let cookie: string;
let otherCookie: string;
let creativeIds: string[];
let otherCreativeId: string;
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
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "assets-library-route-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir, ADS_SANDBOX: "true" });
  const handlePage = createRouteHandler([
    { path: "/assets", module: assetsRoute },
    { path: "/assets/compare", module: compareRoute },
    { path: "/assets/creatives/:creativeId", module: creativeRoute },
  ]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
  const email = `ada-${randomUUID()}@example.com`;
  cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email });
  const otherEmail = `grace-${randomUUID()}@example.com`;
  otherCookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email: otherEmail });

  const seeded = await seedAds(database.db, {
    campaignId: await campaignIn(await organizationOf(email)),
    adGroupName: "Lookalikes",
    ads: [
      { name: "Ad A", headline: "Autumn boots", days: days(30, { impressions: 1_000, clicks: 30, spendMinor: 900 }) },
      { name: "Ad B", headline: "Rain jackets", days: days(30, { impressions: 1_000, clicks: 10, spendMinor: 500 }) },
      { name: "Ad C", kind: "video", headline: "Studio film", days: {} },
      { name: "Ad D", kind: "carousel", headline: "Four looks", days: {} },
    ],
  });
  creativeIds = seeded.creativeIds;
  // The sandbox serves its images on our own origin: the browser is sent there.
  await database.db
    .updateTable("ads")
    .set({ thumbnail_url: `${APP_URL}/sandbox/media/facebook-ads/token/a_thumb.jpg` })
    .where("creative_id", "=", creativeIds[0] as string)
    .execute();
  otherCreativeId = (
    await seedAds(database.db, {
      campaignId: await campaignIn(await organizationOf(otherEmail)),
      ads: [{ headline: "Not yours" }],
    })
  ).creativeIds[0] as string;
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

const load = async <T>(url: string, as = cookie) => {
  const response = await app.request(url, { headers: { cookie: as } });
  return { status: response.status, body: (response.status === 200 ? await response.json() : null) as T };
};

describe("the library over HTTP", () => {
  it("lists synced creatives and uploads for the URL's range, filtered and sorted by the URL", async () => {
    const all = await load<{ library: LibraryPage }>(`/assets?${RANGE}`);
    expect(all.status).toBe(200);
    const names = all.body.library.items.map((item) => item.name);
    expect(names.slice(0, 2)).toEqual(["Autumn boots", "Rain jackets"]);
    expect(names).toEqual(expect.arrayContaining(["Studio film", "Four looks", "banner"]));
    expect(all.body.library.items[0]?.metrics).toMatchObject({ spendMinor: 27_000, clicks: 900 });

    const cheapest = await load<{ library: LibraryPage }>(`/assets?${RANGE}&source=synced&sort=cpc`);
    expect(cheapest.body.library.items.map((item) => item.name).slice(0, 2)).toEqual(["Autumn boots", "Rain jackets"]);
    const videos = await load<{ library: LibraryPage }>(`/assets?${RANGE}&kind=video`);
    expect(videos.body.library.items.map((item) => item.name)).toEqual(["Studio film"]);
    const uploads = await load<{ library: LibraryPage }>(`/assets?${RANGE}&source=uploaded`);
    expect(uploads.body.library.items.map((item) => item.id)).toEqual([uploadId]);
    // Another range: no spend in it.
    const later = await load<{ library: LibraryPage }>("/assets?from=2026-11-10&to=2026-11-12&source=synced");
    expect(later.body.library.items.every((item) => item.metrics?.spendMinor === 0)).toBe(true);
  });

  it("opens a creative's page with its use and days, and another organization's as missing", async () => {
    const page = await load<{ detail: { creative: LibraryCreative; daily: unknown[] } }>(
      `/assets/creatives/${creativeIds[0]}?${RANGE}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.detail.creative).toMatchObject({
      name: "Autumn boots",
      usage: [{ adGroup: "Lookalikes", ad: "Ad A" }],
    });
    expect(page.body.detail.daily).toHaveLength(30);
    expect((await load(`/assets/creatives/${otherCreativeId}`)).status).toBe(404);
    expect((await load(`/assets/creatives/${uploadId}`, otherCookie)).status).toBe(404);
    expect((await load(`/assets/creatives/${uploadId}`)).status).toBe(200);
  });

  it("compares up to four creatives and refuses a fifth with the reason", async () => {
    const two = await load<{ creatives: Array<{ creative: LibraryCreative; daily: unknown[] }>; refusal: null }>(
      `/assets/compare?ids=${creativeIds[0]},${creativeIds[1]}&${RANGE}`,
    );
    expect(two.body.refusal).toBeNull();
    expect(two.body.creatives.map((item) => item.creative.name)).toEqual(["Autumn boots", "Rain jackets"]);
    expect(two.body.creatives[0]?.daily).toHaveLength(30);
    const five = await load<{ creatives: unknown[]; refusal: string }>(
      `/assets/compare?ids=${[...creativeIds, uploadId].join(",")}`,
    );
    expect(five.body).toMatchObject({ creatives: [], refusal: "tooMany" });
    const none = await load<{ refusal: string }>("/assets/compare");
    expect(none.body.refusal).toBe("none");
  });

  it("serves thumbnails only to the creative's organization", async () => {
    const own = await app.request(`/creative-media/${creativeIds[0]}/thumbnail`, { headers: { cookie } });
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toBe("/sandbox/media/facebook-ads/token/a_thumb.jpg");
    const foreign = await app.request(`/creative-media/${creativeIds[0]}/thumbnail`, {
      headers: { cookie: otherCookie },
    });
    expect(foreign.status).toBe(404);
    expect((await app.request(`/creative-media/${creativeIds[0]}/thumbnail`)).status).toBe(401);
    expect((await app.request(`/creative-media/${creativeIds[0]}/other`, { headers: { cookie } })).status).toBe(404);
  });
});
