/** The ads endpoints over HTTP: a campaign's ads, an ad's days and the creatives, against the OpenAPI document. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApiReference } from "#app/components/api/openapi-reference.ts";
import { seedAds } from "#core/ads/ad-test-data.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { actorOfViewer, createViewer, silentLogger } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { contractViolations, validateValue } from "./openapi-contract.ts";

let database: DatabaseHandle;
let services: ServerServices;
let app: ReturnType<typeof createApp>;
const keys: Record<string, string> = {};
const ids = { campaign: "", ad: "", otherCampaign: "", otherAd: "" };

async function organization(name: string) {
  const viewer = await createViewer(database.db, name);
  await seedConnection(database.db, {
    organizationId: viewer.organizationId,
    platform: "facebook-ads",
    campaigns: [{}],
  });
  const campaign = await database.db
    .selectFrom("campaigns")
    .where("organization_id", "=", viewer.organizationId)
    .select("id")
    .executeTakeFirstOrThrow();
  const { adIds } = await seedAds(database.db, {
    campaignId: campaign.id,
    adGroupName: "Lookalikes",
    ads: [
      {
        name: "Reel",
        kind: "video",
        urlSuffix: "utm_source=meta&utm_medium=paid&utm_campaign=fall",
        days: {
          "2026-11-01": {
            impressions: 1_000,
            clicks: 30,
            spendMinor: 4_000,
            conversions: 2,
            revenueMinor: 10_000,
            videoViews: 350,
            reach: 800,
          },
          "2026-11-02": { impressions: 1_000, clicks: 10, spendMinor: 4_000, videoViews: 150, reach: 700 },
        },
      },
    ],
  });
  const key = await services.apiKeys.createApiKey(actorOfViewer(viewer), { name: `${name}'s key`, scope: "read" });
  return { campaignId: campaign.id, adId: adIds[0] as string, key: key.plaintext };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const env = testEnv({ APP_URL: "http://app.test", API_USAGE_FLUSH_MS: "60000" });
  services = createServices({ env, database, logger: silentLogger });
  app = createApp({ env, logger: silentLogger, services });
  const ada = await organization("Ada");
  const bo = await organization("Bo");
  keys.ada = ada.key;
  keys.bo = bo.key;
  Object.assign(ids, { campaign: ada.campaignId, ad: ada.adId, otherCampaign: bo.campaignId, otherAd: bo.adId });
}, 60_000);

afterAll(async () => {
  await services?.publicApi.stop();
  await database?.close();
});

async function call(path: string, key: string | null = keys.ada ?? null) {
  const response = await app.request(`http://app.test${path}`, {
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });
  const document = services.publicApi.openApiDocument();
  expect(
    await contractViolations(document, "GET", new URL(path, "http://app.test").pathname, response.clone()),
  ).toEqual([]);
  return { status: response.status, body: await response.json() };
}

describe("GET /api/v1/campaigns/{id}/ads", () => {
  it("answers the campaign's ad groups and ads with their creative and metrics", async () => {
    const { status, body } = await call(`/api/v1/campaigns/${ids.campaign}/ads?from=2026-11-01&to=2026-11-30`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      campaign_id: ids.campaign,
      platform: "meta",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    const [group] = body.data.ad_groups;
    expect(group).toMatchObject({ name: "Lookalikes", status: "active", metrics: { impressions: 2_000 } });
    expect(group.ads[0]).toMatchObject({
      id: ids.ad,
      name: "Reel",
      creative: { kind: "video", has_utm: true, url_suffix: "utm_source=meta&utm_medium=paid&utm_campaign=fall" },
      metrics: {
        impressions: 2_000,
        clicks: 40,
        spend: { amount_minor: 8_000, currency: "USD" },
        revenue: { amount_minor: 10_000, currency: "USD" },
        ctr: 0.02,
        cpc: { amount_minor: 200, currency: "USD" },
        cpa: { amount_minor: 4_000, currency: "USD" },
        roas: 1.25,
        reach: 1_500,
        video_views: 500,
        hook_rate: 0.25,
      },
    });
  });

  it("answers 404 for another organization's campaign, 422 for a half range and 401 without a key", async () => {
    expect((await call(`/api/v1/campaigns/${ids.otherCampaign}/ads`)).status).toBe(404);
    const half = await call(`/api/v1/campaigns/${ids.campaign}/ads?from=2026-11-01`);
    expect(half.status).toBe(422);
    expect(half.body.error.message).toContain("Send both from and to");
    expect((await call(`/api/v1/campaigns/${ids.campaign}/ads`, null)).status).toBe(401);
  });
});

describe("GET /api/v1/ads/{id}/metrics", () => {
  it("answers every day of the range and the total", async () => {
    const { status, body } = await call(`/api/v1/ads/${ids.ad}/metrics?from=2026-10-31&to=2026-11-02`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ ad_id: ids.ad, campaign_id: ids.campaign, impressions: 2_000, clicks: 40 });
    expect(
      body.data.daily.map((day: { date: string; clicks: number; ctr: number | null }) => [
        day.date,
        day.clicks,
        day.ctr,
      ]),
    ).toEqual([
      ["2026-10-31", 0, null],
      ["2026-11-01", 30, 0.03],
      ["2026-11-02", 10, 0.01],
    ]);
  });

  it("answers 404 for another organization's ad", async () => {
    const { status, body } = await call(`/api/v1/ads/${ids.otherAd}/metrics`);
    expect(status).toBe(404);
    expect(body.error).toEqual({ code: "not_found", message: "There is no ad with this id." });
  });
});

describe("GET /api/v1/assets", () => {
  it("answers the organization's creatives with their use, metrics and fatigue, a page at a time", async () => {
    const { status, body } = await call("/api/v1/assets?from=2026-11-01&to=2026-11-30&limit=1");
    expect(status).toBe(200);
    expect(body.next_cursor).toBeNull();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      kind: "video",
      platforms: ["meta"],
      status: "active",
      used_in: [
        { campaign_id: ids.campaign, ad_group_name: "Lookalikes", ad_id: ids.ad, ad_name: "Reel", status: "active" },
      ],
      metrics: { spend: { amount_minor: 8_000, currency: "USD" }, hook_rate: 0.25 },
      fatigue: { status: "insufficient_data", evidence: { first_days: { impressions: 2_000, frequency: 1.33 } } },
    });
    const bo = await call("/api/v1/assets", keys.bo ?? null);
    expect(bo.body.data.map((asset: { used_in: Array<{ ad_id: string }> }) => asset.used_in[0]?.ad_id)).toEqual([
      ids.otherAd,
    ]);
  });

  it("filters by platform and kind, and refuses unknown values and a bad cursor", async () => {
    expect((await call("/api/v1/assets?platform=google_ads")).body.data).toEqual([]);
    expect((await call("/api/v1/assets?kind=image")).body.data).toEqual([]);
    expect((await call("/api/v1/assets?kind=video,image")).body.data).toHaveLength(1);
    expect((await call("/api/v1/assets?kind=gif")).status).toBe(422);
    expect((await call("/api/v1/assets?cursor=%21%21")).status).toBe(400);
  });
});

describe("the documentation", () => {
  it("documents the three endpoints under Ads, each with an example answer that matches its schema", () => {
    const document = services.publicApi.openApiDocument();
    const paths = ["/api/v1/campaigns/{id}/ads", "/api/v1/ads/{id}/metrics", "/api/v1/assets"];
    for (const path of paths) {
      const item = document.paths?.[path] as { get: { responses: Record<string, unknown> } } | undefined;
      const response = item?.get.responses["200"] as
        | { content: Record<string, { schema: Record<string, unknown>; example: unknown }> }
        | undefined;
      const media = response?.content["application/json"];
      expect(media?.example, path).toBeDefined();
      expect(validateValue(document, media?.schema ?? {}, media?.example), path).toEqual([]);
    }
    const reference = buildApiReference(document);
    expect(
      reference.operations.filter((operation) => operation.tag === "Ads").map((operation) => operation.path),
    ).toEqual(paths);
  });
});
