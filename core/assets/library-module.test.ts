/**
 * The asset library's merged list on the real database: synced creatives and uploads in one list
 * with their numbers, fatigue, filters, order and pages; a creative's page, compare, the proxied
 * images; and that one organization never sees another's creatives.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalFileStorage } from "#adapters/file-storage.ts";
import { type Actor, userActor } from "#core/access/actor.ts";
import { type SeededAdDay, seedAds } from "#core/ads/ad-test-data.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { createAssetsModule } from "./assets-module.ts";
import { jpegOf, pngOf } from "./assets-test-fixture.ts";
import { parseLibraryFilters } from "./library-filters.ts";

let database: DatabaseHandle;
let folder: string;
let assets: ReturnType<typeof createAssetsModule>;
const fetched: string[] = [];
let platformImage: Buffer;

const RANGE = { from: "2026-10-22", to: "2026-11-20" };

beforeAll(async () => {
  database = await createTestDatabase();
  folder = mkdtempSync(path.join(TEST_DATA_DIR, "library-module-"));
  platformImage = await jpegOf(64, 36);
  assets = createAssetsModule({
    db: database.db,
    storage: createLocalFileStorage(path.join(folder, "uploads")),
    workDirectory: path.join(folder, "work"),
    // The platforms' CDN, as the outbound guard would answer: an image, or HTML for a bad URL.
    fetchCreativeMedia: async (url) => {
      fetched.push(url);
      return url.includes("creative") ? platformImage : Buffer.from("<html>nope</html>");
    },
    ownPathOf: (url) => (url.startsWith("https://app.example/sandbox/") ? new URL(url).pathname : null),
  });
});

afterAll(async () => {
  await database?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function organization(name: string): Promise<{ actor: Actor; campaignIds: string[] }> {
  const userId = randomUUID();
  await database.db
    .insertInto("user")
    .values({ id: userId, name, email: `${userId}@example.test`, emailVerified: true })
    .execute();
  const { organizationId } = await createOrganizationRepository(database.db).createWithOwner({
    name: `${name}'s workspace`,
    ownerId: userId,
  });
  await seedConnection(database.db, { organizationId, platform: "google-ads", campaigns: [{}, {}] });
  const campaigns = await database.db
    .selectFrom("campaigns")
    .where("organization_id", "=", organizationId)
    .select("id")
    .orderBy("external_id")
    .execute();
  return {
    actor: userActor({ userId, name, organizationId, role: "viewer" }),
    campaignIds: campaigns.map((row) => row.id),
  };
}

/** Every day of RANGE: the first `firstDays` days as `first`, the rest as `rest`. */
function series(first: SeededAdDay, rest: SeededAdDay, firstDays = 7): Record<string, SeededAdDay> {
  return Object.fromEntries(
    Array.from({ length: 30 }, (_, index) => [addDays(RANGE.from, index), index < firstDays ? first : rest]),
  );
}

/** Three synced creatives (tired, a healthy video, a paused one) and one upload. */
async function libraryOf(name: string) {
  const { actor, campaignIds } = await organization(name);
  const owner = { ...actor, role: "owner" as const };
  const { creativeIds } = await seedAds(database.db, {
    campaignId: campaignIds[0] as string,
    adGroupName: "Prospecting",
    ads: [
      {
        name: "Tired ad",
        headline: "Spring sale",
        landingUrl: "https://shop.example/spring?utm_source=google",
        days: series(
          { impressions: 2_000, clicks: 60, reach: 1_800, spendMinor: 5_000, conversions: 3, revenueMinor: 30_000 },
          { impressions: 2_000, clicks: 20, reach: 1_000, spendMinor: 6_000, conversions: 1, revenueMinor: 8_000 },
        ),
      },
      {
        name: "Video ad",
        kind: "video",
        headline: "Watch the lookbook",
        days: series(
          { impressions: 1_000, clicks: 30, reach: 900, spendMinor: 2_000, conversions: 2, videoViews: 400 },
          { impressions: 1_000, clicks: 30, reach: 900, spendMinor: 2_000, conversions: 2, videoViews: 400 },
        ),
      },
    ],
  });
  const paused = await seedAds(database.db, {
    campaignId: campaignIds[1] as string,
    adGroupName: "Retargeting",
    ads: [{ name: "Old ad", status: "paused", headline: "Last season", days: {} }],
  });
  const upload = await assets.uploadAsset(owner, {
    body: Readable.from([await pngOf(40, 40)]),
    fileName: "Hero banner.png",
    declaredBytes: null,
  });
  await assets.setAssetTags(owner, { assetId: upload.id, tags: ["summer"] });
  return {
    actor,
    tired: creativeIds[0] as string,
    video: creativeIds[1] as string,
    paused: paused.creativeIds[0] as string,
    upload: upload.id,
  };
}

const list = (actor: Actor, query = "") =>
  assets.listLibrary(actor, { filters: parseLibraryFilters(new URLSearchParams(query)), range: RANGE });
const ids = (page: Awaited<ReturnType<typeof list>>) => page.items.map((item) => item.id);

describe("the merged library", () => {
  it("lists synced creatives and uploads together, biggest spenders first, with their numbers and fatigue", async () => {
    const lib = await libraryOf("Ada");
    const page = await list(lib.actor);
    expect(ids(page)).toEqual([lib.tired, lib.video, lib.paused, lib.upload]);
    expect(page.total).toBe(4);
    expect(page.tiredCount).toBe(1);
    const [tired, video, paused, upload] = page.items;
    expect(tired).toMatchObject({
      source: "platform",
      platforms: ["google-ads"],
      name: "Spring sale",
      status: "enabled",
      thumbnailUrl: `/creative-media/${lib.tired}/thumbnail`,
      usage: [{ campaign: "Campaign 1", adGroup: "Prospecting", ad: "Tired ad" }],
      metrics: { spendMinor: 7 * 5_000 + 23 * 6_000, currency: "USD", impressions: 60_000, clicks: 880 },
    });
    expect(tired?.metrics?.ctr).toBeCloseTo(880 / 60_000);
    expect(tired?.metrics?.roas).toBeCloseTo((7 * 30_000 + 23 * 8_000) / (7 * 5_000 + 23 * 6_000));
    expect(tired?.fatigue?.status).toBe("tired");
    expect(tired?.fatigue?.evidence?.reasons).toEqual(expect.arrayContaining(["ctr_fell", "frequency_rose"]));
    expect(video?.metrics?.hookRate).toBeCloseTo(0.4);
    expect(video?.fatigue?.status).toBe("healthy");
    expect(paused).toMatchObject({ status: "paused", metrics: { spendMinor: 0, ctr: null } });
    expect(upload).toMatchObject({ source: "upload", name: "Hero banner", tags: ["summer"], metrics: null });
  });

  it("filters by source, platform, kind, status, fatigue, tag and search, and sorts and pages", async () => {
    const lib = await libraryOf("Ben");
    expect(ids(await list(lib.actor, "source=synced"))).toEqual([lib.tired, lib.video, lib.paused]);
    expect(ids(await list(lib.actor, "source=uploaded"))).toEqual([lib.upload]);
    expect(ids(await list(lib.actor, "platform=google-ads"))).toEqual([lib.tired, lib.video, lib.paused]);
    expect(ids(await list(lib.actor, "platform=tiktok-ads"))).toEqual([]);
    expect(ids(await list(lib.actor, "kind=video"))).toEqual([lib.video]);
    expect(ids(await list(lib.actor, "kind=image&source=uploaded"))).toEqual([lib.upload]);
    expect(ids(await list(lib.actor, "status=paused"))).toEqual([lib.paused]);
    expect(ids(await list(lib.actor, "tired=1"))).toEqual([lib.tired]);
    expect(ids(await list(lib.actor, "tag=summer"))).toEqual([lib.upload]);
    expect(ids(await list(lib.actor, "q=lookbook"))).toEqual([lib.video]);
    expect(ids(await list(lib.actor, "q=retargeting"))).toEqual([lib.paused]);
    expect(ids(await list(lib.actor, "q=hero"))).toEqual([lib.upload]);
    // CTR: the video's 3% beats the tired one's ~1.5%; without a CTR (no impressions, an upload)
    // last either way, by name.
    expect(ids(await list(lib.actor, "sort=ctr"))).toEqual([lib.video, lib.tired, lib.upload, lib.paused]);
    expect(ids(await list(lib.actor, "sort=ctr&dir=asc"))).toEqual([lib.tired, lib.video, lib.upload, lib.paused]);
    expect(ids(await list(lib.actor, "sort=cpa")).slice(0, 2)).toEqual([lib.video, lib.tired]);
    expect(ids(await list(lib.actor, "sort=name"))).toEqual([lib.upload, lib.paused, lib.tired, lib.video]);
    // A page past the last reads as the last.
    const late = await list(lib.actor, "page=9");
    expect(late.page).toBe(1);
    expect(late.total).toBe(4);
  });

  it("keeps each organization's creatives to itself", async () => {
    const lib = await libraryOf("Cleo");
    const other = await organization("Dan");
    expect((await list(other.actor)).items).toEqual([]);
    await expect(assets.getLibraryCreative(other.actor, { creativeId: lib.tired, range: RANGE })).rejects.toMatchObject(
      { code: "not_found" },
    );
    await expect(
      assets.getLibraryCreative(other.actor, { creativeId: lib.upload, range: RANGE }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(
      (await assets.compareCreatives(other.actor, { creativeIds: [lib.tired, lib.upload], range: RANGE })).creatives,
    ).toEqual([]);
    expect(await assets.getCreativeMedia(other.actor, { creativeId: lib.tired, variant: "thumbnail" })).toBeNull();
  });
});

describe("a creative's page and compare", () => {
  it("shows a synced creative's content, landing URL with its UTM parameters, use, days and fatigue", async () => {
    const lib = await libraryOf("Eve");
    const detail = await assets.getLibraryCreative(lib.actor, { creativeId: lib.tired, range: RANGE });
    expect(detail.creative.fatigue?.status).toBe("tired");
    expect(detail.content).toMatchObject({
      headline: "Spring sale",
      body: "Spring collection, 20% off.",
      landing: {
        finalUrl: "https://shop.example/spring?utm_source=google",
        utm: [{ name: "utm_source", value: "google", from: "url" }],
        missing: ["utm_medium", "utm_campaign"],
      },
      mediaUrl: `/creative-media/${lib.tired}/media`,
    });
    expect(detail.daily).toHaveLength(30);
    expect(detail.daily[0]).toMatchObject({ date: RANGE.from, metrics: { impressions: 2_000, clicks: 60 } });
    expect(detail.daily[29]?.metrics.ctr).toBeCloseTo(0.01);
    expect(detail.creative.usage[0]?.campaignId).toBeTruthy();

    const upload = await assets.getLibraryCreative(lib.actor, { creativeId: lib.upload, range: RANGE });
    expect(upload).toMatchObject({ content: null, daily: [], creative: { source: "upload", upload: { width: 40 } } });
  });

  it("compares up to four creatives day by day, and refuses a fifth", async () => {
    const lib = await libraryOf("Fay");
    const compared = await assets.compareCreatives(lib.actor, { creativeIds: [lib.video, lib.tired], range: RANGE });
    expect(compared.creatives.map((item) => item.creative.id)).toEqual([lib.video, lib.tired]);
    expect(compared.creatives[0]?.daily).toHaveLength(30);
    expect(compared.creatives[0]?.daily[3]?.metrics.spendMinor).toBe(2_000);
    await expect(
      assets.compareCreatives(lib.actor, {
        creativeIds: [lib.video, lib.tired, lib.paused, lib.upload, randomUUID()],
        range: RANGE,
      }),
    ).rejects.toMatchObject({ code: "bad_request", message: "Compare at most 4 creatives at a time." });
  });
});

describe("a synced creative's image", () => {
  it("is fetched once from the platform, kept, and served as an image; our own origin's is redirected to", async () => {
    const lib = await libraryOf("Gus");
    fetched.length = 0;
    const first = await assets.getCreativeMedia(lib.actor, { creativeId: lib.tired, variant: "thumbnail" });
    const again = await assets.getCreativeMedia(lib.actor, { creativeId: lib.tired, variant: "thumbnail" });
    expect(first).toMatchObject({ type: "image", contentType: "image/jpeg" });
    expect(again).toMatchObject({ type: "image", contentType: "image/jpeg" });
    expect(fetched).toEqual(["https://cdn.example/creative-thumb.jpg"]);

    await database.db
      .updateTable("ads")
      .set({ thumbnail_url: "https://cdn.example/expired-link" })
      .where("creative_id", "=", lib.video)
      .execute();
    expect(await assets.getCreativeMedia(lib.actor, { creativeId: lib.video, variant: "thumbnail" })).toBeNull();

    await database.db
      .updateTable("ads")
      .set({ thumbnail_url: "https://app.example/sandbox/media/google-ads/t/1_thumb.jpg" })
      .where("creative_id", "=", lib.paused)
      .execute();
    expect(await assets.getCreativeMedia(lib.actor, { creativeId: lib.paused, variant: "thumbnail" })).toEqual({
      type: "redirect",
      location: "/sandbox/media/google-ads/t/1_thumb.jpg",
    });
  });
});
