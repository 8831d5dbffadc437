import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as campaignDetailRoute from "#app/routes/app/campaign-detail.tsx";
import * as campaignsRoute from "#app/routes/app/campaigns.tsx";
import * as campaignsCsvRoute from "#app/routes/resources/campaigns-csv.ts";
import * as dailyMetricsCsvRoute from "#app/routes/resources/daily-metrics-csv.ts";
import { createAnalyticsRepository } from "#core/analytics/analytics-repository.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { linkIn, waitForMail } from "#tests/support/outbox.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";
const RANGE = "from=2026-01-01&to=2026-01-31";

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;
/** Ada's organization has three Google Ads campaigns and one Meta campaign; Grace's has one of her own. */
let ada: { cookie: string; organizationId: string; campaignIds: string[] };
let grace: { cookie: string; organizationId: string; campaignIds: string[] };

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "campaign-routes-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([
    { path: "/campaigns/mes-ads", module: campaignsRoute },
    { path: "/campaigns/mes-ads/:campaignId", module: campaignDetailRoute },
    { path: "/exports/campaigns.csv", module: campaignsCsvRoute },
    { path: "/exports/daily-metrics.csv", module: dailyMetricsCsvRoute },
  ]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
  ada = await signedUpWith("ada@example.com", async (organizationId) => {
    await seedConnection(database.db, {
      organizationId,
      platform: "google-ads",
      campaigns: [
        { spend: { "2026-01-05": 12_345, "2026-01-06": 10_000, "2025-12-20": 5_000 } },
        { status: "paused", spend: { "2026-01-07": 2_000 } },
        { spend: {} },
      ],
    });
    await seedConnection(database.db, {
      organizationId,
      platform: "facebook-ads",
      account: { currency: "EUR" },
      campaigns: [{ spend: { "2026-01-10": 999 } }],
    });
  });
  grace = await signedUpWith("grace@example.com", (organizationId) =>
    seedConnection(database.db, {
      organizationId,
      platform: "google-ads",
      campaigns: [{ spend: { "2026-01-05": 70_000 } }],
    }).then(() => undefined),
  );
  // Names that a spreadsheet would take for a formula, or that need quoting.
  const [first, second] = ada.campaignIds;
  await database.db
    .updateTable("campaigns")
    .set({ name: '=HYPERLINK("http://evil.example")' })
    .where("id", "=", first ?? "")
    .execute();
  await database.db
    .updateTable("campaigns")
    .set({ name: "Brand, Search\n(EU)" })
    .where("id", "=", second ?? "")
    .execute();
  await database.db
    .updateTable("campaign_daily_metrics")
    .set({ impressions: 1_000, clicks: 50, conversions: 4, conversion_value_minor: 49_380 })
    .where("campaign_id", "=", first ?? "")
    .where("date", "=", "2026-01-05")
    .execute();
  // The rows were written straight to the table, not by a sync: bring the rollups in line.
  const analytics = createAnalyticsRepository(database.db);
  await analytics.rebuildRollups(ada.organizationId);
  await analytics.rebuildRollups(grace.organizationId);
});

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Signs a new user up and in through the real auth routes; `seed` fills their organization. */
async function signedUpWith(email: string, seed: (organizationId: string) => Promise<void>) {
  const signUp = await app.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL },
    body: JSON.stringify({
      firstName: "Ada",
      lastName: "Lovelace",
      companyName: `${email} Co`,
      email,
      password: "Engine-1843",
      confirmPassword: "Engine-1843",
      acceptTerms: true,
    }),
  });
  const [mail] = await waitForMail(dataDir, email);
  const token = new URL(linkIn(mail?.raw ?? "", `${APP_URL}/auth/callback?`) ?? "").searchParams.get("token_hash");
  // The link signs in only the browser that signed up: send its cookies along.
  const signUpCookies = signUp.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const verified = await app.request(`/api/auth/verify-email?token=${token}`, { headers: { cookie: signUpCookies } });
  const cookie = verified.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const member = await database.db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .where("user.email", "=", email)
    .select("member.organizationId")
    .executeTakeFirstOrThrow();
  await seed(member.organizationId);
  // Google Ads first, then Meta; each in the order seeded.
  const campaigns = await database.db
    .selectFrom("campaigns")
    .innerJoin("ad_accounts", "ad_accounts.id", "campaigns.ad_account_id")
    .where("campaigns.organization_id", "=", member.organizationId)
    .select("campaigns.id")
    .orderBy("ad_accounts.name", "desc")
    .orderBy("campaigns.external_id")
    .execute();
  return { cookie, organizationId: member.organizationId, campaignIds: campaigns.map((row) => row.id) };
}

const get = (url: string, cookie?: string) => app.request(url, { headers: cookie ? { cookie } : {} });

/** RFC 4180 lines of a CSV body (quoted newlines stay inside their field). */
function csvRecords(body: string): string[] {
  return body.split(/\r\n(?=(?:[^"]*"[^"]*")*[^"]*$)/).filter((line) => line !== "");
}

describe("CSV exports", () => {
  it("sends signed-out visitors to sign in", async () => {
    for (const url of ["/exports/campaigns.csv", "/exports/daily-metrics.csv"]) {
      const response = await get(`${url}?${RANGE}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("streams the organization's campaigns with the table's filters, escaped and in decimal money", async () => {
    const response = await get(`/exports/campaigns.csv?${RANGE}`, ada.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="adhelm-campaigns-2026-01-01-to-2026-01-31.csv"',
    );
    const records = csvRecords(await response.text());
    expect(records[0]).toBe(
      "Campaign ID,Campaign,Platform,Account,Status,Currency,Daily budget,Spend,Impressions,Clicks,CTR (%),CPC,Conversions,CPA,Revenue,ROAS,From,To",
    );
    // Ada's four campaigns, highest spend first; never Grace's.
    expect(records).toHaveLength(5);
    expect(records.join("\n")).not.toContain(grace.campaignIds[0]);
    expect(records[1]).toBe(
      `${ada.campaignIds[0]},"'=HYPERLINK(""http://evil.example"")",Google Ads,google-ads account,Active,USD,50.00,223.45,1000,50,5,4.47,4,55.86,493.80,2.2099,2026-01-01,2026-01-31`,
    );
    expect(records[2]).toBe(
      `${ada.campaignIds[1]},"Brand, Search\n(EU)",Google Ads,google-ads account,Paused,USD,50.00,20.00,0,0,,,0,,0.00,0,2026-01-01,2026-01-31`,
    );
    expect(records[3]).toMatch(/,Meta,facebook-ads account,Active,EUR,50\.00,9\.99,/);

    const paused = csvRecords(
      await (await get(`/exports/campaigns.csv?${RANGE}&status=paused&platform=google-ads`, ada.cookie)).text(),
    );
    expect(paused).toHaveLength(2);
    expect(paused[1]).toContain(ada.campaignIds[1]);
  });

  it("streams one row per campaign and day of the range", async () => {
    const response = await get(`/exports/daily-metrics.csv?${RANGE}&platform=google-ads`, ada.cookie);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="adhelm-daily-metrics-2026-01-01-to-2026-01-31.csv"',
    );
    const records = csvRecords(await response.text());
    expect(records[0]).toBe(
      "Date,Campaign ID,Campaign,Platform,Account,Currency,Spend,Impressions,Clicks,Conversions,Revenue",
    );
    // Three Google Ads campaign-days in January; December's day and Meta's are outside the export.
    expect(
      records
        .slice(1)
        .map((record) => record.slice(0, 10))
        .sort(),
    ).toEqual(["2026-01-05", "2026-01-06", "2026-01-07"]);
    expect(records.find((record) => record.startsWith("2026-01-05"))).toContain(",USD,123.45,1000,50,4,493.80");
  });
});

describe("campaign pages", () => {
  it("answers 404 for another organization's campaign, and shows one's own", async () => {
    const [graceCampaign] = grace.campaignIds;
    const foreign = await get(`/campaigns/mes-ads/${graceCampaign}?${RANGE}`, ada.cookie);
    expect(foreign.status).toBe(404);
    const own = await get(`/campaigns/mes-ads/${graceCampaign}?${RANGE}`, grace.cookie);
    expect(own.status).toBe(200);
    const body = await own.json();
    expect(body.detail.campaign.current.spendMinor).toBe(70_000);
    expect(body.detail.daily).toHaveLength(31);
  });

  it("lists only the organization's campaigns, filtered and sorted on the server", async () => {
    const response = await get(`/campaigns/mes-ads?${RANGE}&sort=name&dir=asc&platform=google-ads`, ada.cookie);
    const body = await response.json();
    expect(body.table.total).toBe(3);
    expect(body.table.rows.map((row: { id: string }) => row.id)).not.toContain(grace.campaignIds[0]);
    expect(body.hasAdPlatform).toBe(true);
    expect(body.filterOptions.platforms.map((option: { value: string }) => option.value).sort()).toEqual([
      "facebook-ads",
      "google-ads",
    ]);

    // A range without any data still lists the campaigns, with zero spend, in the default order.
    const empty = await (await get("/campaigns/mes-ads?from=2024-03-01&to=2024-03-31", ada.cookie)).json();
    expect(empty.table.total).toBe(4);
    expect(empty.table.rows.map((row: { current: { spendMinor: number } }) => row.current.spendMinor)).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it("refuses to preview a change of another organization's campaign, or a request it cannot read", async () => {
    const post = (body: unknown) =>
      app.request("/campaigns/mes-ads.data", {
        method: "POST",
        headers: { "content-type": "application/json", origin: APP_URL, cookie: ada.cookie },
        body: JSON.stringify(body),
      });
    const foreign = await post({
      intent: "preview",
      change: { action: "pause" },
      target: { kind: "ids", ids: grace.campaignIds },
    });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).ok).toBe(false);

    const garbled = await post({ intent: "apply", change: { action: "explode" }, ids: [] });
    expect(garbled.status).toBe(400);

    // "Every campaign matching the filters" is resolved on the server, within the organization.
    const matching = await post({
      intent: "preview",
      change: { action: "pause" },
      target: { kind: "matching", search: "?platform=google-ads" },
    });
    expect(matching.status).toBe(200);
    const previews = (await matching.json()).previews as Array<{ campaignId: string; isUnchanged: boolean }>;
    expect(previews.map((preview) => preview.campaignId).sort()).toEqual(ada.campaignIds.slice(0, 3).sort());
    expect(previews.filter((preview) => preview.isUnchanged)).toHaveLength(1);
  });

  it("answers in the reader's language: a German reader's refusals and previews are German", async () => {
    const { id: graceId } = await database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "grace@example.com")
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto("user_preferences")
      .values({ user_id: graceId, preferences: JSON.stringify({ language: "de" }), updated_at: new Date() })
      .execute();
    try {
      const post = (body: unknown) =>
        app.request("/campaigns/mes-ads.data", {
          method: "POST",
          headers: { "content-type": "application/json", origin: APP_URL, cookie: grace.cookie },
          body: JSON.stringify(body),
        });
      const foreign = await post({
        intent: "preview",
        change: { action: "pause" },
        target: { kind: "ids", ids: ada.campaignIds },
      });
      expect(foreign.status).toBe(404);
      // Core's sentence with a figure in it is read from the catalog, the figure in the reader's format.
      expect((await foreign.json()).message).toBe("4 dieser Kampagnen gibt es nicht.");
      const one = await post({
        intent: "preview",
        change: { action: "pause" },
        target: { kind: "ids", ids: ada.campaignIds.slice(0, 1) },
      });
      expect((await one.json()).message).toBe("Diese Kampagne gibt es nicht.");

      const garbled = await post({ intent: "undo" });
      expect((await garbled.json()).message).toBe(
        "Diese Anfrage wurde nicht verstanden. Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
      );

      const undo = await post({ intent: "undo", changeId: "no-such-change" });
      expect(undo.status).toBe(404);
      expect((await undo.json()).message).toBe("Diese Änderung gibt es nicht.");
    } finally {
      await database.db.deleteFrom("user_preferences").where("user_id", "=", graceId).execute();
    }
  });
});

describe("the table's totals and saved views", () => {
  const post = (cookie: string, body: unknown) =>
    app.request("/campaigns/mes-ads.data", {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP_URL, cookie },
      body: JSON.stringify(body),
    });
  const views = async (cookie: string) =>
    (await (await get(`/campaigns/mes-ads?${RANGE}`, cookie)).json()).savedViews as {
      views: Array<{ id: string; name: string; isDefault: boolean; columns: string[]; density: string }>;
      activeViewId: string | null;
      layout: { columns: string[]; density: string };
    };

  it("sums every matching campaign per currency in the footer, on every page", async () => {
    const page = await (await get(`/campaigns/mes-ads?${RANGE}&size=25&platform=google-ads`, ada.cookie)).json();
    expect(page.table.totals).toEqual([
      expect.objectContaining({
        currency: "USD",
        campaigns: 3,
        kpis: expect.objectContaining({ spendMinor: 24_345, revenueMinor: 49_380, conversions: 4 }),
      }),
    ]);
    expect(page.table.totals[0].kpis.roas).toBeCloseTo(49_380 / 24_345, 10);
    const both = await (await get(`/campaigns/mes-ads?${RANGE}`, ada.cookie)).json();
    expect(both.table.totals.map((total: { currency: string }) => total.currency)).toEqual(["EUR", "USD"]);
  });

  it("opens with the Performance columns, then the person's own layout", async () => {
    expect((await views(grace.cookie)).layout).toEqual({
      columns: ["status", "spend", "conversions", "cpa", "revenue", "roas", "ctr"],
      density: "comfortable",
    });
    const saved = await post(grace.cookie, {
      intent: "views.layout",
      form: { columns: ["roas", "spend"], density: "compact" },
    });
    expect(saved.status).toBe(200);
    expect((await views(grace.cookie)).layout).toEqual({ columns: ["roas", "spend"], density: "compact" });
    const refused = await post(grace.cookie, { intent: "views.layout", form: { columns: ["nope"], density: "x" } });
    expect(refused.status).toBe(422);
    expect((await refused.json()).fieldErrors).toEqual({
      columns: "Choose columns from the list.",
      density: "Choose compact or comfortable.",
    });
    expect((await views(grace.cookie)).layout).toEqual({ columns: ["roas", "spend"], density: "compact" });
  });

  it("saves a view as the default: a plain visit is sent to it, and nobody else sees or changes it", async () => {
    const bad = await post(ada.cookie, {
      intent: "views.create",
      form: { name: " ", query: "", columns: [], density: "compact" },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).fieldErrors).toEqual({
      name: "Give the view a name.",
      columns: "Choose at least one column.",
    });
    expect((await views(ada.cookie)).views).toEqual([]);

    const created = await post(ada.cookie, {
      intent: "views.create",
      form: {
        name: "Google, January",
        query: `?${RANGE}&platform=google-ads&page=4&tv=x`,
        columns: ["roas", "spend"],
        density: "compact",
        isDefault: true,
      },
    });
    expect(created.status).toBe(200);
    const { view } = await created.json();
    expect(view).toMatchObject({ name: "Google, January", query: `${RANGE}&platform=google-ads`, isDefault: true });

    // A plain visit goes to the default view; the view's address renders its columns and density.
    const plain = await get("/campaigns/mes-ads", ada.cookie);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe(`/campaigns/mes-ads?tv=${view.id}&${RANGE}&platform=google-ads`);
    const opened = await (
      await get(`/campaigns/mes-ads?tv=${view.id}&${RANGE}&platform=google-ads`, ada.cookie)
    ).json();
    expect(opened.savedViews).toMatchObject({
      activeViewId: view.id,
      layout: { columns: ["roas", "spend"], density: "compact" },
    });
    expect(opened.table.total).toBe(3);
    // "none" opens the table without a view; an address with filters is taken as it is.
    expect((await get("/campaigns/mes-ads?tv=none", ada.cookie)).status).toBe(200);
    expect((await get(`/campaigns/mes-ads?${RANGE}`, ada.cookie)).status).toBe(200);

    // Grace (another organization) neither sees nor changes it, and opening its id shows her own table.
    expect((await views(grace.cookie)).views).toEqual([]);
    for (const body of [
      { intent: "views.rename", id: view.id, form: { name: "Mine" } },
      { intent: "views.overwrite", id: view.id, form: { query: "", columns: ["spend"], density: "comfortable" } },
      { intent: "views.default", id: view.id },
      { intent: "views.delete", id: view.id },
    ]) {
      const refused = await post(grace.cookie, body);
      expect(refused.status, body.intent).toBe(404);
      expect((await refused.json()).message).toBe("This view does not exist any more.");
    }
    const theirs = await (await get(`/campaigns/mes-ads?tv=${view.id}`, grace.cookie)).json();
    expect(theirs.savedViews.activeViewId).toBeNull();
    expect((await views(ada.cookie)).views).toEqual([
      expect.objectContaining({ id: view.id, name: "Google, January", isDefault: true, columns: ["roas", "spend"] }),
    ]);

    // Rename, stop opening with it, delete.
    const renamed = await post(ada.cookie, { intent: "views.rename", id: view.id, form: { name: "Google" } });
    expect((await renamed.json()).view.name).toBe("Google");
    await post(ada.cookie, { intent: "views.default", id: null });
    expect((await get("/campaigns/mes-ads", ada.cookie)).status).toBe(200);
    expect((await post(ada.cookie, { intent: "views.delete", id: view.id })).status).toBe(200);
    expect((await views(ada.cookie)).views).toEqual([]);
  });
});
