/**
 * The CSV exports in the reader's language: a German reader's files have German headers, status
 * labels and file names (the cells stay machine-readable); an English reader's are as they were.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as campaignsCsvRoute from "#app/routes/resources/campaigns-csv.ts";
import * as dailyMetricsCsvRoute from "#app/routes/resources/daily-metrics-csv.ts";
import { createPreferencesRepository } from "#core/accounts/preferences-repository.ts";
import { DEFAULT_PREFERENCES } from "#core/accounts/preferences-schema.ts";
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
const RANGE = "from=2026-01-01&to=2026-01-31";

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;
/** Ada's organization: one active and one paused Google Ads campaign. */
let ada: { cookie: string; userId: string; campaignIds: string[] };

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "campaigns-csv-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([
    { path: "/exports/campaigns.csv", module: campaignsCsvRoute },
    { path: "/exports/daily-metrics.csv", module: dailyMetricsCsvRoute },
  ]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
  const email = "ada@example.com";
  const cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email });
  const member = await database.db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .where("user.email", "=", email)
    .select(["member.organizationId", "member.userId"])
    .executeTakeFirstOrThrow();
  await seedConnection(database.db, {
    organizationId: member.organizationId,
    platform: "google-ads",
    campaigns: [{ spend: { "2026-01-05": 12_345 } }, { status: "paused", spend: { "2026-01-07": 2_000 } }],
  });
  const campaigns = await database.db
    .selectFrom("campaigns")
    .where("organization_id", "=", member.organizationId)
    .select("id")
    .orderBy("external_id")
    .execute();
  ada = { cookie, userId: member.userId, campaignIds: campaigns.map((row) => row.id) };
});

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const preferences = () => createPreferencesRepository(database.db);
const get = (url: string, headers: Record<string, string> = {}) =>
  app.request(url, { headers: { cookie: ada.cookie, ...headers } });
const lines = async (response: Response) => (await response.text()).split("\r\n").filter((line) => line !== "");

describe("CSV exports in the reader's language", () => {
  it("writes an English reader's campaigns export as it always was", async () => {
    await preferences().save(ada.userId, { ...DEFAULT_PREFERENCES, language: "en" });
    // The saved preference wins over the browser's language.
    const response = await get(`/exports/campaigns.csv?${RANGE}`, { "accept-language": "de-DE,de;q=0.9" });
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="adhelm-campaigns-2026-01-01-to-2026-01-31.csv"',
    );
    const [header, first, second] = await lines(response);
    expect(header).toBe(
      "Campaign ID,Campaign,Platform,Account,Status,Currency,Daily budget,Spend,Impressions,Clicks,CTR (%),CPC,Conversions,CPA,Revenue,ROAS,From,To",
    );
    expect(first).toBe(
      `${ada.campaignIds[0]},Campaign 1,Google Ads,google-ads account,Active,USD,50.00,123.45,0,0,,,0,,0.00,0,2026-01-01,2026-01-31`,
    );
    expect(second).toContain(",Paused,USD,50.00,20.00,");
  });

  it("writes a German reader's campaigns export with German headers and status labels, numbers as before", async () => {
    await preferences().save(ada.userId, { ...DEFAULT_PREFERENCES, language: "de" });
    const response = await get(`/exports/campaigns.csv?${RANGE}`);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="adhelm-kampagnen-2026-01-01-bis-2026-01-31.csv"',
    );
    const [header, first, second] = await lines(response);
    expect(header).toBe(
      "Kampagnen-ID,Kampagne,Plattform,Konto,Status,Währung,Tagesbudget,Ausgaben,Impressionen,Klicks,CTR (%),CPC,Conversions,CPA,Umsatz,ROAS,Von,Bis",
    );
    // Platform names stay names; money, ratios and dates stay machine-readable.
    expect(first).toBe(
      `${ada.campaignIds[0]},Campaign 1,Google Ads,google-ads account,Aktiv,USD,50.00,123.45,0,0,,,0,,0.00,0,2026-01-01,2026-01-31`,
    );
    expect(second).toContain(",Pausiert,USD,50.00,20.00,");
  });

  it("writes a German reader's daily metrics export with German headers", async () => {
    await preferences().save(ada.userId, { ...DEFAULT_PREFERENCES, language: "de" });
    const response = await get(`/exports/daily-metrics.csv?${RANGE}`);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="adhelm-tageswerte-2026-01-01-bis-2026-01-31.csv"',
    );
    const [header, ...rows] = await lines(response);
    expect(header).toBe(
      "Datum,Kampagnen-ID,Kampagne,Plattform,Konto,Währung,Ausgaben,Impressionen,Klicks,Conversions,Umsatz",
    );
    expect(rows.find((row) => row.startsWith("2026-01-05"))).toContain(",Google Ads,google-ads account,USD,123.45,");
  });

  it("names a Spanish reader's file with its accents, and a plain ASCII fallback", async () => {
    await preferences().save(ada.userId, { ...DEFAULT_PREFERENCES, language: "es" });
    const response = await get(`/exports/campaigns.csv?${RANGE}`);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="adhelm-campanas-2026-01-01-a-2026-01-31.csv"; filename*=UTF-8''adhelm-campa%C3%B1as-2026-01-01-a-2026-01-31.csv`,
    );
    const [header] = await lines(response);
    expect(header?.startsWith("ID de campaña,Campaña,Plataforma,Cuenta,Estado,Moneda,")).toBe(true);
  });
});
