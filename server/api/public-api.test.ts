/**
 * The public API's reads over in-process HTTP: listing campaigns (filters, cursor pages, the
 * cross-node page cache and ETags), one campaign and its metrics, and the OpenAPI document.
 * Every answer is checked against the OpenAPI document the API publishes (public-api-test-kit.ts).
 */
import { describe, expect, it } from "vitest";
import { findOperation, validateValue } from "./openapi-contract.ts";
import { errorOf, googleCampaignOf, idsOf, usePublicApiSuite, type WireCampaign } from "./public-api-test-kit.ts";

const suite = usePublicApiSuite();
const { call, keys, startApp } = suite;

describe("GET /api/v1/campaigns", () => {
  it("lists the organization's campaigns with filters and cursor pages", async () => {
    const all = await call("GET", "/api/v1/campaigns?limit=100");
    expect(all.status).toBe(200);
    const campaigns = all.body.data as WireCampaign[];
    expect(campaigns.map((campaign) => campaign.id).sort()).toEqual(idsOf(suite.ada).sort());
    expect(all.body.next_cursor).toBeNull();
    expect(new Set(campaigns.map((campaign) => campaign.platform))).toEqual(new Set(["google_ads", "meta"]));

    const meta = await call("GET", "/api/v1/campaigns?platform=meta");
    expect((meta.body.data as WireCampaign[]).map((campaign) => campaign.id).sort()).toEqual(
      suite.ada.campaigns["facebook-ads"]!.map((campaign) => campaign.id).sort(),
    );
    const paused = campaigns.filter((campaign) => campaign.status === "paused");
    const byStatus = await call("GET", "/api/v1/campaigns?status=paused,removed");
    expect(
      (byStatus.body.data as WireCampaign[]).every((campaign) => ["paused", "removed"].includes(campaign.status)),
    ).toBe(true);
    expect((byStatus.body.data as WireCampaign[]).length).toBeGreaterThanOrEqual(paused.length);
    const account = googleCampaignOf(suite.ada).adAccountId;
    const byAccount = await call("GET", `/api/v1/campaigns?ad_account_id=${account}`);
    expect((byAccount.body.data as WireCampaign[]).every((campaign) => campaign.ad_account_id === account)).toBe(true);
    const named = campaigns[0]!;
    const byName = await call("GET", `/api/v1/campaigns?q=${encodeURIComponent(named.name.toUpperCase())}`);
    expect((byName.body.data as WireCampaign[]).map((campaign) => campaign.id)).toContain(named.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call("GET", `/api/v1/campaigns?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect((page.body.data as WireCampaign[]).length).toBeLessThanOrEqual(3);
      seen.push(...(page.body.data as WireCampaign[]).map((campaign) => campaign.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(campaigns.map((campaign) => campaign.id));
  });
});

describe("GET /api/v1/campaigns, answered again", () => {
  it("serves the same page only while nothing on it changed, on this node or any other", async () => {
    const other = startApp(); // a second node over the same database
    const listOf = async (app: typeof suite.main.app) =>
      (await call("GET", "/api/v1/campaigns?limit=100", { key: keys.bo!.plaintext, app })).body.data as WireCampaign[];
    const first = await listOf(suite.main.app);
    // One the platform lets us pause (the sandbox also simulates removed campaigns).
    const campaign = first.find((item) => item.status === "active")!;
    const shown = async (app: typeof suite.main.app) => (await listOf(app)).find((item) => item.id === campaign.id);
    expect(await listOf(suite.main.app)).toEqual(first);
    expect(await listOf(other.app)).toEqual(first);

    // A sync on another node renames it: straight in the database, past both apps.
    await suite.world.sandbox.db
      .updateTable("campaigns")
      .set({ name: "Renamed on the platform" })
      .where("id", "=", campaign.id)
      .execute();
    expect((await shown(suite.main.app))?.name).toBe("Renamed on the platform");
    // A change through one node shows on the other.
    const paused = await call("PUT", `/api/v1/campaigns/${campaign.id}`, {
      key: keys.bo!.plaintext,
      body: { status: "paused" },
    });
    expect(paused.status).toBe(200);
    expect((await shown(other.app))?.status).toBe("paused");
    // An ad account no longer managed takes its campaigns off the list.
    await suite.world.sandbox.db
      .updateTable("ad_accounts")
      .set({ is_managed: false })
      .where("id", "=", campaign.ad_account_id)
      .execute();
    expect(await shown(suite.main.app)).toBeUndefined();
    await suite.world.sandbox.db
      .updateTable("ad_accounts")
      .set({ is_managed: true })
      .where("id", "=", campaign.ad_account_id)
      .execute();
    expect(await shown(other.app)).toMatchObject({ name: "Renamed on the platform", status: "paused" });
  });
});

describe("GET /api/v1/campaigns, conditional", () => {
  it("answers 304 to a page's own ETag until the page changes, on any node, and never across organizations", async () => {
    const other = startApp();
    const path = "/api/v1/campaigns?limit=100";
    const first = await call("GET", path);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");

    const unchanged = await call("GET", path, { headers: { "if-none-match": etag }, app: other.app });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeNull();
    expect(unchanged.headers.get("etag")).toBe(etag);
    expect(unchanged.headers.get("ratelimit-remaining")).not.toBeNull();
    // One of several tags, and * (any page at all), name it too.
    expect((await call("GET", path, { headers: { "if-none-match": `W/"older", ${etag}` } })).status).toBe(304);
    expect((await call("GET", path, { headers: { "if-none-match": "*" } })).status).toBe(304);

    // Another query, or the same query for another organization, is another page.
    const otherQuery = await call("GET", "/api/v1/campaigns?limit=99", { headers: { "if-none-match": etag } });
    expect(otherQuery.status).toBe(200);
    expect(otherQuery.headers.get("etag")).not.toBe(etag);
    const bos = await call("GET", path, { key: keys.bo!.plaintext, headers: { "if-none-match": etag } });
    expect(bos.status).toBe(200);
    expect((bos.body.data as WireCampaign[]).every((campaign) => idsOf(suite.bo).includes(campaign.id))).toBe(true);

    // A rename straight in the database (another node's sync) makes the kept tag stale.
    const campaign = (first.body.data as WireCampaign[])[0]!;
    await suite.world.sandbox.db
      .updateTable("campaigns")
      .set({ name: `${campaign.name} (renamed)` })
      .where("id", "=", campaign.id)
      .execute();
    const changed = await call("GET", path, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((changed.body.data as WireCampaign[]).find((item) => item.id === campaign.id)?.name).toBe(
      `${campaign.name} (renamed)`,
    );
    await suite.world.sandbox.db
      .updateTable("campaigns")
      .set({ name: campaign.name })
      .where("id", "=", campaign.id)
      .execute();
  });
});

describe("GET /api/v1/campaigns/{id} and /metrics", () => {
  it("answers one campaign and its KPIs, in total and per day", async () => {
    // The sandbox simulates some campaigns without delivery (removed, or started today): take one with days.
    const googleCampaigns = suite.ada.campaigns["google-ads"]!;
    const delivering = await suite.world.sandbox.db
      .selectFrom("campaign_daily_metrics")
      .select("campaign_id")
      .where(
        "campaign_id",
        "in",
        googleCampaigns.map((item) => item.id),
      )
      .where("spend_minor", ">", 0)
      .executeTakeFirstOrThrow();
    const campaign = googleCampaigns.find((item) => item.id === delivering.campaign_id)!;
    const one = await call("GET", `/api/v1/campaigns/${campaign.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      id: campaign.id,
      platform: "google_ads",
      ad_account_id: campaign.adAccountId,
    });

    const days = await suite.world.sandbox.db
      .selectFrom("campaign_daily_metrics")
      .selectAll()
      .where("campaign_id", "=", campaign.id)
      .orderBy("date")
      .execute();
    expect(days.length).toBeGreaterThan(0);
    const from = days[0]!.date;
    const to = days.at(-1)!.date;
    const sum = (field: "impressions" | "clicks" | "spend_minor" | "conversion_value_minor") =>
      days.reduce((total, day) => total + Number(day[field]), 0);
    const total = await call("GET", `/api/v1/campaigns/${campaign.id}/metrics?from=${from}&to=${to}`);
    expect(total.status).toBe(200);
    const spend = sum("spend_minor");
    const revenue = sum("conversion_value_minor");
    expect(total.body.data).toMatchObject({
      campaign_id: campaign.id,
      from,
      to,
      impressions: sum("impressions"),
      clicks: sum("clicks"),
      spend: { amount_minor: spend, currency: days[0]!.currency },
      revenue: { amount_minor: revenue, currency: days[0]!.currency },
      roas: spend === 0 ? null : Number((revenue / spend).toFixed(2)),
      roi: spend === 0 ? null : Number(((revenue - spend) / spend).toFixed(2)),
    });
    expect(total.body.data.daily).toBeUndefined();

    const daily = await call("GET", `/api/v1/campaigns/${campaign.id}/metrics?from=${from}&to=${to}&granularity=daily`);
    expect((daily.body.data.daily as Array<{ date: string }>).map((day) => day.date)).toEqual(
      days.map((day) => day.date),
    );
    const withoutRange = await call("GET", `/api/v1/campaigns/${campaign.id}/metrics`);
    expect(withoutRange.status).toBe(200);
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("serves the OpenAPI 3.1 document to anyone, with every error and valid examples", async () => {
    const served = await call("GET", "/api/v1/openapi.json", { key: null });
    expect(served.status).toBe(200);
    expect(served.body).toEqual(JSON.parse(JSON.stringify(suite.document)));
    expect(suite.document.openapi).toBe("3.1.0");
    expect(suite.document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const operations = [
      ["GET", "/api/v1/campaigns"],
      ["POST", "/api/v1/campaigns"],
      ["GET", "/api/v1/campaigns/{id}"],
      ["GET", "/api/v1/campaigns/{id}/metrics"],
      ["PUT", "/api/v1/campaigns/{id}"],
    ] as const;
    for (const [method, path] of operations) {
      const operation = findOperation(suite.document, method, path);
      const statuses = Object.keys(operation.responses);
      expect(statuses).toEqual(expect.arrayContaining(["400", "401", "404", "422", "429"]));
      if (method !== "GET") expect(statuses).toEqual(expect.arrayContaining(["403", "409"]));
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.["application/json"];
        // Not Modified is the one answer without a body.
        if (status === "304") {
          expect(response.content).toBeUndefined();
          continue;
        }
        expect(media?.example).toBeDefined();
        expect(validateValue(suite.document, media!.schema, media!.example)).toEqual([]);
      }
      const requestMedia = operation.requestBody?.content["application/json"];
      if (requestMedia) expect(validateValue(suite.document, requestMedia.schema, requestMedia.example)).toEqual([]);
    }
  });

  it("does not hold API clients to the browser's origin check", async () => {
    const response = await call("PUT", `/api/v1/campaigns/${googleCampaignOf(suite.ada).id}`, {
      body: {},
      headers: { origin: "https://elsewhere.example" },
    });
    expect(response.status).toBe(422);
    // With a cookie it is a browser's request again, and another site's is refused.
    const withCookie = await call("PUT", `/api/v1/campaigns/${googleCampaignOf(suite.ada).id}`, {
      body: {},
      headers: { origin: "https://elsewhere.example", cookie: "session=x" },
      isOutsideContract: true,
    });
    expect(withCookie.status).toBe(403);
    expect(errorOf(withCookie.body).code).toBe("forbidden_origin");
  });
});
