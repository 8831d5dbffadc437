/**
 * The public API over in-process HTTP (app.request), with the campaign use cases talking to the
 * built-in sandbox on a real port. Every answer is checked against the OpenAPI document the API
 * publishes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../core/api-keys/create-api-key.ts";
import { revokeApiKey } from "../../core/api-keys/revoke-api-key.ts";
import { createApiUsageRepository } from "../../core/api-usage/api-usage-repository.ts";
import { usagePeriodOf } from "../../core/api-usage/meter-api-calls.ts";
import {
  type CampaignSandbox,
  type ConnectedOrganization,
  startCampaignSandbox,
} from "../../core/campaigns/campaign-test-fixture.ts";
import { listChangeLog } from "../../core/campaigns/list-change-log.ts";
import type { DatabaseHandle } from "../../core/db/database.ts";
import type { ApiKeyScope } from "../../core/shared/domain-enums.ts";
import { silentLogger } from "../../tests/support/integration-fixture.ts";
import { testDatabaseUrl } from "../../tests/support/test-database.ts";
import { testEnv } from "../../tests/support/test-env.ts";
import { createApp } from "../app.ts";
import { createServices, type ServerServices } from "../services.ts";
import { contractViolations, findOperation, validateValue } from "./openapi-contract.ts";
import type { OpenApiDocument } from "./openapi-document.ts";

let world: CampaignSandbox;
let ada: ConnectedOrganization;
let bo: ConnectedOrganization;
const running: ServerServices[] = [];

/** The whole app over the sandbox's database, its campaign use cases pointed at the sandbox. */
function startApp(overrides: Record<string, string> = {}) {
  // Usage is written when the test says so (flush), not by the timer.
  const env = testEnv({ APP_URL: "http://app.test", API_USAGE_FLUSH_MS: "60000", ...overrides });
  const database: DatabaseHandle = {
    db: world.sandbox.db,
    dialect: testDatabaseUrl() ? "postgres" : "sqlite",
    location: "sandbox test database",
    close: async () => {},
  };
  const services = createServices({ env, database, logger: silentLogger });
  services.campaignChanges = world.deps;
  running.push(services);
  return { app: createApp({ env, logger: silentLogger, services }), services };
}

let main: ReturnType<typeof startApp>;
let document: OpenApiDocument;
const keys: Record<string, { id: string; plaintext: string }> = {};

async function newKey(organization: ConnectedOrganization, name: string, scope: ApiKeyScope = "read_write") {
  const created = await createApiKey(main.services.apiKeys, {
    organizationId: organization.organizationId,
    userId: organization.viewer.userId,
    values: { name, scope },
  });
  return { id: created.apiKey.id, plaintext: created.plaintext };
}

beforeAll(async () => {
  world = await startCampaignSandbox();
  main = startApp();
  document = main.services.publicApi.openApiDocument();
  [ada, bo] = await Promise.all([
    world.connectOrganization(["google-ads", "facebook-ads"], "Ada"),
    world.connectOrganization(["google-ads"], "Bo"),
  ]);
  keys.ada = await newKey(ada, "Reporting");
  keys.adaRead = await newKey(ada, "Dashboards", "read");
  keys.bo = await newKey(bo, "Bo's scripts");
}, 60_000);

afterAll(async () => {
  for (const services of running) await services.publicApi.stop();
  await world?.close();
});

interface CallOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  app?: ReturnType<typeof startApp>["app"];
  /** For answers the app gives before the API (the browser's origin check). */
  isOutsideContract?: boolean;
}

/** One API call; a documented path's answer must match the document. */
async function call(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? keys.ada!.plaintext : options.key;
  if (key) headers.authorization = `Bearer ${key}`;
  if (options.body !== undefined || options.rawBody !== undefined) headers["content-type"] ??= "application/json";
  const response = await (options.app ?? main.app).request(`http://app.test${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const pathname = new URL(path, "http://app.test").pathname;
  if (!options.isOutsideContract && pathname.startsWith("/api/v1/campaigns"))
    expect(await contractViolations(document, method, pathname, response)).toEqual([]);
  const body = response.headers.get("content-type")?.startsWith("application/json") ? await response.json() : null;
  return { status: response.status, headers: response.headers, body };
}

const errorOf = (body: unknown) => (body as { error: { code: string; message: string } }).error;
type WireCampaign = { id: string; platform: string; status: string; name: string; ad_account_id: string };
const idsOf = (organization: ConnectedOrganization) =>
  Object.values(organization.campaigns)
    .flat()
    .map((campaign) => campaign.id);
const googleCampaignOf = (organization: ConnectedOrganization) => organization.campaigns["google-ads"]![0]!;

describe("GET /api/v1/campaigns", () => {
  it("lists the organization's campaigns with filters and cursor pages", async () => {
    const all = await call("GET", "/api/v1/campaigns?limit=100");
    expect(all.status).toBe(200);
    const campaigns = all.body.data as WireCampaign[];
    expect(campaigns.map((campaign) => campaign.id).sort()).toEqual(idsOf(ada).sort());
    expect(all.body.next_cursor).toBeNull();
    expect(new Set(campaigns.map((campaign) => campaign.platform))).toEqual(new Set(["google_ads", "meta"]));

    const meta = await call("GET", "/api/v1/campaigns?platform=meta");
    expect((meta.body.data as WireCampaign[]).map((campaign) => campaign.id).sort()).toEqual(
      ada.campaigns["facebook-ads"]!.map((campaign) => campaign.id).sort(),
    );
    const paused = campaigns.filter((campaign) => campaign.status === "paused");
    const byStatus = await call("GET", "/api/v1/campaigns?status=paused,removed");
    expect(
      (byStatus.body.data as WireCampaign[]).every((campaign) => ["paused", "removed"].includes(campaign.status)),
    ).toBe(true);
    expect((byStatus.body.data as WireCampaign[]).length).toBeGreaterThanOrEqual(paused.length);
    const account = googleCampaignOf(ada).adAccountId;
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
    const listOf = async (app: typeof main.app) =>
      (await call("GET", "/api/v1/campaigns?limit=100", { key: keys.bo!.plaintext, app })).body.data as WireCampaign[];
    const first = await listOf(main.app);
    // One the platform lets us pause (the sandbox also simulates removed campaigns).
    const campaign = first.find((item) => item.status === "active")!;
    const shown = async (app: typeof main.app) => (await listOf(app)).find((item) => item.id === campaign.id);
    expect(await listOf(main.app)).toEqual(first);
    expect(await listOf(other.app)).toEqual(first);

    // A sync on another node renames it: straight in the database, past both apps.
    await world.sandbox.db
      .updateTable("campaigns")
      .set({ name: "Renamed on the platform" })
      .where("id", "=", campaign.id)
      .execute();
    expect((await shown(main.app))?.name).toBe("Renamed on the platform");
    // A change through one node shows on the other.
    const paused = await call("PUT", `/api/v1/campaigns/${campaign.id}`, {
      key: keys.bo!.plaintext,
      body: { status: "paused" },
    });
    expect(paused.status).toBe(200);
    expect((await shown(other.app))?.status).toBe("paused");
    // An ad account no longer managed takes its campaigns off the list.
    await world.sandbox.db
      .updateTable("ad_accounts")
      .set({ is_managed: false })
      .where("id", "=", campaign.ad_account_id)
      .execute();
    expect(await shown(main.app)).toBeUndefined();
    await world.sandbox.db
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
    expect((bos.body.data as WireCampaign[]).every((campaign) => idsOf(bo).includes(campaign.id))).toBe(true);

    // A rename straight in the database (another node's sync) makes the kept tag stale.
    const campaign = (first.body.data as WireCampaign[])[0]!;
    await world.sandbox.db
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
    await world.sandbox.db
      .updateTable("campaigns")
      .set({ name: campaign.name })
      .where("id", "=", campaign.id)
      .execute();
  });
});

describe("GET /api/v1/campaigns/{id} and /metrics", () => {
  it("answers one campaign and its KPIs, in total and per day", async () => {
    // The sandbox simulates some campaigns without delivery (removed, or started today): take one with days.
    const googleCampaigns = ada.campaigns["google-ads"]!;
    const delivering = await world.sandbox.db
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

    const days = await world.sandbox.db
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

describe("POST /api/v1/campaigns", () => {
  it("creates the campaign on its platform and logs it with the key as the author", async () => {
    const account = googleCampaignOf(ada).adAccountId;
    const created = await call("POST", "/api/v1/campaigns", {
      body: {
        name: "API launch",
        platform: "google_ads",
        ad_account_id: account,
        daily_budget: { amount_minor: 2_500, currency: "USD" },
        status: "paused",
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "API launch",
      platform: "google_ads",
      ad_account_id: account,
      status: "paused",
      daily_budget: { amount_minor: 2_500, currency: "USD" },
    });
    const stored = await world.deps.campaigns.findForChange(ada.organizationId, created.body.data.id);
    expect(await world.platformCampaign(ada, "google-ads", stored!.externalId)).toMatchObject({
      name: "API launch",
      status: "paused",
      dailyBudgetMinor: 2_500,
    });
    const { entries } = await listChangeLog(world.deps, {
      organizationId: ada.organizationId,
      campaignId: created.body.data.id,
    });
    expect(entries).toEqual([
      expect.objectContaining({
        action: "create",
        source: "api",
        actor: { type: "api_key", id: keys.ada!.id, label: "API key “Reporting”" },
      }),
    ]);
  });

  it("refuses a currency or platform that is not the ad account's (422) and a budget the platform refuses (409)", async () => {
    const account = googleCampaignOf(ada).adAccountId;
    const body = {
      name: "Wrong",
      platform: "google_ads",
      ad_account_id: account,
      daily_budget: { amount_minor: 2_500, currency: "EUR" },
      status: "paused",
    };
    const currency = await call("POST", "/api/v1/campaigns", { body });
    expect(currency.status).toBe(422);
    expect(errorOf(currency.body)).toEqual({
      code: "unprocessable_entity",
      message: "daily_budget.currency must be the ad account's currency, USD (got EUR).",
    });
    const platform = await call("POST", "/api/v1/campaigns", {
      body: { ...body, platform: "meta", daily_budget: { amount_minor: 2_500, currency: "USD" } },
    });
    expect(platform.status).toBe(422);
    expect(errorOf(platform.body).message).toBe("platform is meta, but this ad account is on google_ads.");
    const refused = await call("POST", "/api/v1/campaigns", {
      body: { ...body, daily_budget: { amount_minor: 50, currency: "USD" } },
    });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body)).toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/^The platform refused/),
    });
  });
});

describe("PUT /api/v1/campaigns/{id}", () => {
  it("pushes the change to the platform and writes the change log with the key as the author", async () => {
    const campaign = ada.campaigns["facebook-ads"]![1]!;
    const updated = await call("PUT", `/api/v1/campaigns/${campaign.id}`, {
      body: { name: "Renamed by API", status: "paused", daily_budget: { amount_minor: 4_200, currency: "USD" } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      id: campaign.id,
      name: "Renamed by API",
      status: "paused",
      daily_budget: { amount_minor: 4_200, currency: "USD" },
      updated_at: expect.any(String),
    });
    expect(await world.platformCampaign(ada, "facebook-ads", campaign.externalId)).toMatchObject({
      name: "Renamed by API",
      status: "paused",
      dailyBudgetMinor: 4_200,
    });
    const { entries } = await listChangeLog(world.deps, {
      organizationId: ada.organizationId,
      campaignId: campaign.id,
    });
    expect(entries[0]).toMatchObject({
      source: "api",
      actor: { type: "api_key", id: keys.ada!.id, label: "API key “Reporting”" },
      after: { name: "Renamed by API", status: "paused", dailyBudgetMinor: 4_200 },
      outcome: "succeeded",
    });

    const empty = await call("PUT", `/api/v1/campaigns/${campaign.id}`, { body: {} });
    expect(empty.status).toBe(422);
    expect(errorOf(empty.body).message).toBe("Send at least one of name, status and daily_budget.");
    const unknownField = await call("PUT", `/api/v1/campaigns/${campaign.id}`, { body: { budget: 10 } });
    expect(errorOf(unknownField.body)).toEqual({ code: "unprocessable_entity", message: "Unknown field: budget." });
    const badBudget = await call("PUT", `/api/v1/campaigns/${campaign.id}`, {
      body: { daily_budget: { amount_minor: 12.5, currency: "USD" } },
    });
    expect(errorOf(badBudget.body).message).toBe(
      "daily_budget.amount_minor must be a whole number of minor units (cents).",
    );
    const currency = await call("PUT", `/api/v1/campaigns/${campaign.id}`, {
      body: { daily_budget: { amount_minor: 1_000, currency: "GBP" } },
    });
    expect(errorOf(currency.body).message).toBe(
      "daily_budget.currency must be the campaign's currency, USD (got GBP).",
    );
  });
});

describe("errors", () => {
  it("answers 400 for malformed JSON, a body that is not JSON and a bad cursor", async () => {
    const campaign = googleCampaignOf(ada);
    const malformed = await call("PUT", `/api/v1/campaigns/${campaign.id}`, { rawBody: '{"name": "x"' });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed.body)).toEqual({ code: "bad_request", message: "The request body is not valid JSON." });
    const form = await call("POST", "/api/v1/campaigns", {
      rawBody: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(400);
    const cursor = await call("GET", "/api/v1/campaigns?cursor=not-a-cursor");
    expect(cursor.status).toBe(400);
    expect(errorOf(cursor.body).code).toBe("bad_request");
  });

  it("answers 401 for a missing, unknown, malformed, revoked or expired key, each saying which", async () => {
    const missing = await call("GET", "/api/v1/campaigns", { key: null });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="Adhelm API"');
    expect(errorOf(missing.body).message).toMatch(/needs an API key/);
    const unknown = await call("GET", "/api/v1/campaigns", { key: `adh_${"x".repeat(43)}` });
    expect(unknown.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    expect(errorOf(unknown.body).message).toMatch(/not valid/);
    const basic = await call("GET", "/api/v1/campaigns", { key: null, headers: { authorization: "Basic abc" } });
    expect(errorOf(basic.body).message).toBe("Send the key as Authorization: Bearer <key>.");

    const revoked = await newKey(ada, "Old");
    expect((await call("GET", "/api/v1/campaigns", { key: revoked.plaintext })).status).toBe(200);
    await revokeApiKey(main.services.apiKeys, { organizationId: ada.organizationId, apiKeyId: revoked.id });
    const afterRevoke = await call("GET", "/api/v1/campaigns", { key: revoked.plaintext });
    expect(afterRevoke.status).toBe(401);
    expect(errorOf(afterRevoke.body).message).toMatch(/was revoked/);

    const expired = await newKey(ada, "Expired");
    await world.sandbox.db
      .updateTable("api_keys")
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", expired.id)
      .execute();
    const afterExpiry = await call("GET", "/api/v1/campaigns", { key: expired.plaintext });
    expect(afterExpiry.status).toBe(401);
    expect(errorOf(afterExpiry.body).message).toMatch(/^This API key expired on \d{4}-\d{2}-\d{2}\./);
    for (const answer of [missing, unknown, afterRevoke, afterExpiry])
      expect(errorOf(answer.body).code).toBe("unauthorized");
  });

  it("answers 403 when a read-only key writes, 404 for an unknown campaign and 422 for a bad parameter", async () => {
    const campaign = googleCampaignOf(ada);
    const readOnlyList = await call("GET", "/api/v1/campaigns", { key: keys.adaRead!.plaintext });
    expect(readOnlyList.status).toBe(200);
    for (const [method, path] of [
      ["PUT", `/api/v1/campaigns/${campaign.id}`],
      ["POST", "/api/v1/campaigns"],
    ] as const) {
      const refused = await call(method, path, { key: keys.adaRead!.plaintext, body: { name: "Nope" } });
      expect(refused.status).toBe(403);
      expect(errorOf(refused.body).code).toBe("forbidden");
    }
    const missing = await call("GET", "/api/v1/campaigns/no-such-campaign");
    expect(missing.status).toBe(404);
    expect(errorOf(missing.body)).toEqual({ code: "not_found", message: "There is no campaign with this id." });
    const limit = await call("GET", "/api/v1/campaigns?limit=500");
    expect(limit.status).toBe(422);
    expect(errorOf(limit.body).message).toBe("limit must be from 1 to 100.");
    const status = await call("GET", "/api/v1/campaigns?status=running");
    expect(errorOf(status.body).message).toBe("status must be a comma-separated list of active, paused, removed.");
    const range = await call("GET", `/api/v1/campaigns/${campaign.id}/metrics?from=2026-02-10&to=2026-02-01`);
    expect(errorOf(range.body).message).toBe("from must not be after to.");
    const missingField = await call("POST", "/api/v1/campaigns", {
      body: { platform: "google_ads", ad_account_id: "x", daily_budget: { amount_minor: 100, currency: "USD" } },
    });
    expect(errorOf(missingField.body).message).toBe("name is required.");
    const unknownPath = await call("GET", "/api/v1/nothing-here");
    expect(unknownPath.status).toBe(404);
  });

  it("answers 429 with Retry-After at the per-minute limit and at the plan's monthly limit", async () => {
    const limited = startApp({ API_RATE_LIMIT_PER_MINUTE: "2" });
    const carla = await world.connectOrganization([], "Carla");
    const key = await newKey(carla, "Busy");
    const first = await call("GET", "/api/v1/campaigns", { key: key.plaintext, app: limited.app });
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-limit")).toBe("2");
    expect(first.headers.get("ratelimit-remaining")).toBe("1");
    expect(first.headers.get("ratelimit-policy")).toMatch(/^2;w=60, 100000;w=\d+$/);
    await call("GET", "/api/v1/campaigns", { key: key.plaintext, app: limited.app });
    const refused = await call("GET", "/api/v1/campaigns", { key: key.plaintext, app: limited.app });
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body).code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");

    // On the Starter plan with 9,999 of its 10,000 calls used this month: one more, then 429.
    await world.sandbox.db
      .updateTable("organization")
      .set({ plan_id: "starter" })
      .where("id", "=", bo.organizationId)
      .execute();
    await createApiUsageRepository(world.sandbox.db).addCalls([
      { organizationId: bo.organizationId, period: usagePeriodOf(Date.now()), calls: 9_999 },
    ]);
    const fresh = startApp();
    const last = await call("GET", "/api/v1/campaigns", { key: keys.bo!.plaintext, app: fresh.app });
    expect(last.status).toBe(200);
    expect(last.headers.get("ratelimit-limit")).toBe("10000");
    expect(last.headers.get("ratelimit-remaining")).toBe("0");
    const over = await call("GET", "/api/v1/campaigns", { key: keys.bo!.plaintext, app: fresh.app });
    expect(over.status).toBe(429);
    expect(errorOf(over.body)).toMatchObject({
      code: "usage_limit_exceeded",
      message: expect.stringMatching(/10,000/),
    });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    await fresh.services.publicApi.flush();
    await world.sandbox.db
      .updateTable("organization")
      .set({ plan_id: "professional" })
      .where("id", "=", bo.organizationId)
      .execute();
    await world.sandbox.db.deleteFrom("api_usage").where("organization_id", "=", bo.organizationId).execute();
  });
});

describe("Idempotency-Key", () => {
  const body = (name: string) => ({
    name,
    platform: "google_ads",
    ad_account_id: googleCampaignOf(ada).adAccountId,
    daily_budget: { amount_minor: 3_000, currency: "USD" },
    status: "paused",
  });
  const countCampaigns = async (name: string) =>
    (await world.sandbox.db.selectFrom("campaigns").select("id").where("name", "=", name).execute()).length;

  it("replays the first answer, refuses the key with another request, and keeps keys per organization", async () => {
    const headers = { "idempotency-key": "launch-0001" };
    const first = await call("POST", "/api/v1/campaigns", { body: body("Idempotent launch"), headers });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const replay = await call("POST", "/api/v1/campaigns", {
      rawBody: JSON.stringify(body("Idempotent launch"), null, 2),
      headers,
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(await countCampaigns("Idempotent launch")).toBe(1);

    const otherBody = await call("POST", "/api/v1/campaigns", { body: body("Another launch"), headers });
    expect(otherBody.status).toBe(422);
    expect(errorOf(otherBody.body).code).toBe("idempotency_key_reused");
    const otherPath = await call("PUT", `/api/v1/campaigns/${first.body.data.id}`, { body: { name: "x" }, headers });
    expect(errorOf(otherPath.body).code).toBe("idempotency_key_reused");
    expect(await countCampaigns("Another launch")).toBe(0);

    // The same key in another organization is that organization's own.
    const boBody = { ...body("Bo's launch"), ad_account_id: googleCampaignOf(bo).adAccountId };
    const boFirst = await call("POST", "/api/v1/campaigns", { key: keys.bo!.plaintext, body: boBody, headers });
    expect(boFirst.status).toBe(201);

    // A refusal (4xx) is kept and replays as it was.
    const refusedHeaders = { "idempotency-key": "too-small-0001" };
    const tooSmall = { ...body("Too small"), daily_budget: { amount_minor: 50, currency: "USD" } };
    const refused = await call("POST", "/api/v1/campaigns", { body: tooSmall, headers: refusedHeaders });
    expect(refused.status).toBe(409);
    const refusedAgain = await call("POST", "/api/v1/campaigns", { body: tooSmall, headers: refusedHeaders });
    expect(refusedAgain).toMatchObject({ status: 409, body: refused.body });
    expect(refusedAgain.headers.get("idempotent-replayed")).toBe("true");

    const badKey = await call("POST", "/api/v1/campaigns", { body: body("x"), headers: { "idempotency-key": "" } });
    expect(badKey.status).toBe(400);
  });

  it("answers 409 to a second request while the first still runs", async () => {
    await world.sandbox.setFault({ kind: "slow", platform: "google-ads", delayMs: 600, remaining: 1 });
    const headers = { "idempotency-key": "slow-launch-0001" };
    const [first, second] = await Promise.all([
      call("POST", "/api/v1/campaigns", { body: body("Slow launch"), headers }),
      new Promise((resolve) => setTimeout(resolve, 150)).then(() =>
        call("POST", "/api/v1/campaigns", { body: body("Slow launch"), headers }),
      ),
    ]);
    await world.sandbox.clearFaults();
    expect(first.status).toBe(201);
    expect(second.status).toBe(409);
    expect(errorOf(second.body).code).toBe("idempotency_key_in_use");
    expect(await countCampaigns("Slow launch")).toBe(1);
    const after = await call("POST", "/api/v1/campaigns", { body: body("Slow launch"), headers });
    expect(after).toMatchObject({ status: 201, body: first.body });
  });
});

describe("rate-limit headers and usage", () => {
  it("sends RateLimit headers on every answer, counts calls in memory and writes them in batches", async () => {
    const dana = await world.connectOrganization([], "Dana");
    const key = await newKey(dana, "Counter");
    const usage = () =>
      createApiUsageRepository(world.sandbox.db).countCalls(dana.organizationId, usagePeriodOf(Date.now()));
    const answers = [
      await call("GET", "/api/v1/campaigns", { key: key.plaintext }),
      await call("GET", "/api/v1/campaigns/nope", { key: key.plaintext }),
      await call("GET", "/api/v1/campaigns?limit=0", { key: key.plaintext }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 422]);
    for (const answer of answers) {
      expect(answer.headers.get("ratelimit-limit")).toBe("600");
      expect(answer.headers.get("ratelimit-policy")).toMatch(/^600;w=60, 100000;w=\d+$/);
    }
    expect(answers.map((answer) => answer.headers.get("ratelimit-remaining"))).toEqual(["599", "598", "597"]);
    const anonymous = await call("GET", "/api/v1/campaigns", { key: null });
    expect(anonymous.headers.get("ratelimit-limit")).toBe("600");
    expect(anonymous.headers.get("ratelimit-policy")).toBe("600;w=60");

    // Nothing is written per request...
    expect(await usage()).toBe(0);
    expect(
      (
        await main.services.database.db
          .selectFrom("api_keys")
          .select("last_used_at")
          .where("id", "=", key.id)
          .executeTakeFirst()
      )?.last_used_at,
    ).toBeNull();
    // ...until the batch (every second, and at shutdown).
    await main.services.publicApi.flush();
    expect(await usage()).toBe(3);
    const stored = await main.services.database.db
      .selectFrom("api_keys")
      .select("last_used_at")
      .where("id", "=", key.id)
      .executeTakeFirst();
    expect(stored?.last_used_at).not.toBeNull();
  });
});

describe("isolation", () => {
  it("shows each organization only its own data on every endpoint, and nothing without a key", async () => {
    const adaCampaign = googleCampaignOf(ada);
    const boKey = keys.bo!.plaintext;
    const boList = await call("GET", "/api/v1/campaigns?limit=100", { key: boKey });
    const boIds = (boList.body.data as WireCampaign[]).map((campaign) => campaign.id);
    expect(boIds.length).toBeGreaterThan(0);
    expect(boIds.some((id) => idsOf(ada).includes(id))).toBe(false);
    const searchAcross = await call("GET", `/api/v1/campaigns?ad_account_id=${adaCampaign.adAccountId}`, {
      key: boKey,
    });
    expect(searchAcross.body.data).toEqual([]);

    const foreign = [
      await call("GET", `/api/v1/campaigns/${adaCampaign.id}`, { key: boKey }),
      await call("GET", `/api/v1/campaigns/${adaCampaign.id}/metrics`, { key: boKey }),
      await call("PUT", `/api/v1/campaigns/${adaCampaign.id}`, { key: boKey, body: { name: "Taken over" } }),
      await call("POST", "/api/v1/campaigns", {
        key: boKey,
        body: {
          name: "Planted",
          platform: "google_ads",
          ad_account_id: adaCampaign.adAccountId,
          daily_budget: { amount_minor: 2_000, currency: "USD" },
          status: "paused",
        },
      }),
    ];
    expect(foreign.map((answer) => [answer.status, errorOf(answer.body).code])).toEqual(
      foreign.map(() => [404, "not_found"]),
    );
    expect(JSON.stringify(foreign)).not.toContain(adaCampaign.adAccountId);
    expect((await world.deps.campaigns.findForChange(ada.organizationId, adaCampaign.id))?.name).not.toBe("Taken over");

    const anonymous = [
      await call("GET", "/api/v1/campaigns", { key: null }),
      await call("GET", `/api/v1/campaigns/${adaCampaign.id}`, { key: null }),
      await call("GET", `/api/v1/campaigns/${adaCampaign.id}/metrics`, { key: null }),
      await call("PUT", `/api/v1/campaigns/${adaCampaign.id}`, { key: null, body: { name: "Anonymous" } }),
      await call("POST", "/api/v1/campaigns", { key: null, body: { name: "Anonymous" } }),
    ];
    expect(anonymous.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
  });

  it("runs a member's request as their organization's chosen key (requestAs), and only that", async () => {
    const request = () => new Request("http://app.test/api/v1/campaigns?limit=100");
    const asAda = await main.services.publicApi.requestAs(
      { organizationId: ada.organizationId, apiKeyId: keys.ada!.id },
      request(),
    );
    expect(asAda.status).toBe(200);
    expect(asAda.headers.get("ratelimit-limit")).toBe("600");
    const listed = ((await asAda.json()) as { data: WireCampaign[] }).data.map((campaign) => campaign.id);
    expect(idsOf(ada).every((id) => listed.includes(id))).toBe(true);

    const wrongOrganization = await main.services.publicApi.requestAs(
      { organizationId: bo.organizationId, apiKeyId: keys.ada!.id },
      request(),
    );
    expect(wrongOrganization.status).toBe(401);
    expect(((await wrongOrganization.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    // Its Authorization header, if any, does not change who it runs as.
    const spoofed = new Request("http://app.test/api/v1/campaigns?limit=100", {
      headers: { authorization: `Bearer ${keys.bo!.plaintext}` },
    });
    const asAdaStill = await main.services.publicApi.requestAs(
      { organizationId: ada.organizationId, apiKeyId: keys.ada!.id },
      spoofed,
    );
    expect(((await asAdaStill.json()) as { data: WireCampaign[] }).data.map((campaign) => campaign.id).sort()).toEqual(
      [...listed].sort(),
    );
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("serves the OpenAPI 3.1 document to anyone, with every error and valid examples", async () => {
    const served = await call("GET", "/api/v1/openapi.json", { key: null });
    expect(served.status).toBe(200);
    expect(served.body).toEqual(JSON.parse(JSON.stringify(document)));
    expect(document.openapi).toBe("3.1.0");
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const operations = [
      ["GET", "/api/v1/campaigns"],
      ["POST", "/api/v1/campaigns"],
      ["GET", "/api/v1/campaigns/{id}"],
      ["GET", "/api/v1/campaigns/{id}/metrics"],
      ["PUT", "/api/v1/campaigns/{id}"],
    ] as const;
    for (const [method, path] of operations) {
      const operation = findOperation(document, method, path);
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
        expect(validateValue(document, media!.schema, media!.example)).toEqual([]);
      }
      const requestMedia = operation.requestBody?.content["application/json"];
      if (requestMedia) expect(validateValue(document, requestMedia.schema, requestMedia.example)).toEqual([]);
    }
  });

  it("does not hold API clients to the browser's origin check", async () => {
    const response = await call("PUT", `/api/v1/campaigns/${googleCampaignOf(ada).id}`, {
      body: {},
      headers: { origin: "https://elsewhere.example" },
    });
    expect(response.status).toBe(422);
    // With a cookie it is a browser's request again, and another site's is refused.
    const withCookie = await call("PUT", `/api/v1/campaigns/${googleCampaignOf(ada).id}`, {
      body: {},
      headers: { origin: "https://elsewhere.example", cookie: "session=x" },
      isOutsideContract: true,
    });
    expect(withCookie.status).toBe(403);
    expect(errorOf(withCookie.body).code).toBe("forbidden_origin");
  });
});
