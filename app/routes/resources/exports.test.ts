/**
 * The export downloads over HTTP: the CSV opens right (byte-order mark, a name with accents, a
 * comma and a quote round-trips), the CSV for spreadsheets follows the reader's locale, the Excel
 * file has typed cells, and a role without the export right gets 403 for every file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as auditCsvRoute from "#app/routes/resources/audit-csv.ts";
import * as auditXlsxRoute from "#app/routes/resources/audit-xlsx.ts";
import * as campaignsCsvRoute from "#app/routes/resources/campaigns-csv.ts";
import * as campaignsXlsxRoute from "#app/routes/resources/campaigns-xlsx.ts";
import * as dailyMetricsCsvRoute from "#app/routes/resources/daily-metrics-csv.ts";
import * as dailyMetricsXlsxRoute from "#app/routes/resources/daily-metrics-xlsx.ts";
import { createPreferencesRepository } from "#core/accounts/preferences-repository.ts";
import { DEFAULT_PREFERENCES } from "#core/accounts/preferences-schema.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { parseCsv } from "#core/exports/csv-test-parser.ts";
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
const NAME = 'Été "Rebajas", año';

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;
let ada: { cookie: string; userId: string; organizationId: string };

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "exports-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([
    { path: "/exports/campaigns.csv", module: campaignsCsvRoute },
    { path: "/exports/campaigns.xlsx", module: campaignsXlsxRoute },
    { path: "/exports/daily-metrics.csv", module: dailyMetricsCsvRoute },
    { path: "/exports/daily-metrics.xlsx", module: dailyMetricsXlsxRoute },
    { path: "/exports/audit-log.csv", module: auditCsvRoute },
    { path: "/exports/audit-log.xlsx", module: auditXlsxRoute },
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
    account: { currency: "EUR" },
    campaigns: [{ spend: { "2026-01-05": 123_450 } }],
  });
  await database.db
    .updateTable("campaigns")
    .set({ name: NAME })
    .where("organization_id", "=", member.organizationId)
    .execute();
  ada = { cookie, userId: member.userId, organizationId: member.organizationId };
});

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string) => app.request(url, { headers: { cookie: ada.cookie } });
const setLanguage = (language: "en" | "de") =>
  createPreferencesRepository(database.db).save(ada.userId, { ...DEFAULT_PREFERENCES, language });
const setRole = (role: string) =>
  database.db.updateTable("member").set({ role }).where("organizationId", "=", ada.organizationId).execute();

describe("the export downloads", () => {
  it("write a CSV that opens right: a byte-order mark, and the accented name round-trips", async () => {
    await setLanguage("en");
    const response = await get(`/exports/campaigns.csv?${RANGE}`);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parseCsv(new TextDecoder().decode(bytes));
    expect(records[1]?.[1]).toBe(NAME);
    expect(records[1]?.[7]).toBe("1234.50");
  });

  it("write the CSV for spreadsheets in a German reader's locale", async () => {
    await setLanguage("de");
    const response = await get(`/exports/daily-metrics.csv?${RANGE}&format=spreadsheet`);
    const records = parseCsv(await response.text(), ";");
    expect(records[0]?.[0]).toBe("Datum");
    expect(records[1]?.slice(0, 3)).toEqual(["2026-01-05", expect.any(String), NAME]);
    expect(records[1]?.[6]).toBe("1234,50 €");
  });

  it("write an Excel file with typed cells, in the reader's language", async () => {
    await setLanguage("de");
    const response = await get(`/exports/campaigns.xlsx?${RANGE}`);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="adhelm-kampagnen-2026-01-01-bis-2026-01-31.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet("Kampagnen");
    expect(sheet?.getRow(1).getCell(2).value).toBe("Kampagne");
    expect(sheet?.views[0]).toMatchObject({ state: "frozen", xSplit: 2, ySplit: 1 });
    const row = sheet?.getRow(2);
    expect(row?.getCell(2).value).toBe(NAME);
    expect(row?.getCell(8).value).toBe(1234.5);
    expect(row?.getCell(8).numFmt).toBe('#,##0.00 "€";-#,##0.00 "€"');
    expect(row?.getCell(17).value).toEqual(new Date(Date.UTC(2026, 0, 1)));
  });

  it("give the audit log as Excel to its owner, with the time as a date", async () => {
    await setLanguage("en");
    const response = await get("/exports/audit-log.xlsx");
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet("Audit log");
    expect(sheet?.getRow(1).getCell(1).value).toBe("Time (UTC)");
    expect(sheet?.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  });

  it("refuse a viewer every file with 403", async () => {
    await setRole("viewer");
    try {
      for (const url of [
        `/exports/campaigns.xlsx?${RANGE}`,
        `/exports/daily-metrics.xlsx?${RANGE}`,
        `/exports/campaigns.csv?${RANGE}&format=spreadsheet`,
        "/exports/audit-log.xlsx",
      ])
        expect({ url, status: (await get(url)).status }).toEqual({ url, status: 403 });
    } finally {
      await setRole("owner");
    }
  });
});
