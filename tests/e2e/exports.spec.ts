/**
 * The campaigns' exports in a browser: Excel from the export menu downloads in the page with its
 * progress shown, under the export's file name, and opens with typed cells; the CSV for
 * spreadsheets speaks a German reader's separators.
 */
import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createPreferencesRepository } from "#core/accounts/preferences-repository.ts";
import { DEFAULT_PREFERENCES } from "#core/accounts/preferences-schema.ts";
import { parseCsv } from "#core/exports/csv-test-parser.ts";
import { createVerifiedUser, signInAs, type TestUser } from "#tests/support/accounts.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const JANUARY = "from=2026-01-01&to=2026-01-31";
const CAMPAIGN = 'Été – "Rebajas", año';

/** The owner's organization with one Google Ads account: two campaigns that spent in January. */
async function seedCampaigns(user: TestUser): Promise<void> {
  await withServerDatabase(async (db) => {
    const organizationId = await organizationOwnedBy(db, user.email);
    await seedConnection(db, {
      organizationId,
      platform: "google-ads",
      campaigns: [{ spend: { "2026-01-05": 40_000 } }, { spend: { "2026-01-06": 1_250 } }],
    });
    await db
      .updateTable("campaigns")
      .set({ name: CAMPAIGN })
      .where("organization_id", "=", organizationId)
      .where("name", "=", "Campaign 1")
      .execute();
  });
}

/** The export menu's item `format` in the group `group` ("Campaigns", "Daily metrics"). */
async function chooseExport(page: Page, button: string, group: string, format: string): Promise<void> {
  await page.getByRole("button", { name: button, exact: true }).click();
  await page
    .getByRole("menu")
    .getByRole("group", { name: group, exact: true })
    .getByRole("menuitem", { name: format, exact: true })
    .click();
}

describe("exports", () => {
  it("downloads the campaigns as Excel with its progress shown, and the workbook has typed cells", async () => {
    const user = await createVerifiedUser();
    await seedCampaigns(user);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await signInAs(page.context(), user);
    await page.goto(`/campaigns/mes-ads?${JANUARY}`);
    await page
      .getByRole("table", { name: /^Campaigns/ })
      .getByRole("link", { name: CAMPAIGN })
      .waitFor();

    // Hold the export's answer until the page has shown that it is downloading, then let it through.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/exports/campaigns.xlsx*", async (route: Route) => {
      await held;
      await route.continue();
    });
    const status = page.getByRole("status").filter({ hasText: /\S/ });
    const download = page.waitForEvent("download");
    await chooseExport(page, "Export", "Campaigns", "Excel (XLSX)");
    await status.getByText(/^Downloading /).waitFor();
    await status.getByRole("progressbar", { name: "Export download progress" }).waitFor();
    // While one export downloads the menu waits; the download can be cancelled.
    expect(await page.getByRole("button", { name: "Export", exact: true }).isDisabled()).toBe(true);
    await status.getByRole("button", { name: "Cancel the download" }).waitFor();
    release();

    const file = await download;
    expect(file.suggestedFilename()).toBe("adhelm-campaigns-2026-01-01-to-2026-01-31.xlsx");
    await status
      .getByText(/^Downloaded adhelm-campaigns-2026-01-01-to-2026-01-31\.xlsx \(\d+ kB\)$/)
      .waitFor({ timeout: 20_000 });
    expect(await page.getByRole("button", { name: "Export", exact: true }).isEnabled()).toBe(true);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await file.path())) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet("Campaigns");
    if (!sheet) throw new Error(`No sheet "Campaigns" in ${workbook.worksheets.map((each) => each.name).join(", ")}`);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 8)).toEqual([
      "Campaign ID",
      "Campaign",
      "Platform",
      "Account",
      "Status",
      "Currency",
      "Daily budget",
      "Spend",
    ]);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    const column = (header: string) => headers.indexOf(header) + 1;
    const rows = [2, 3].map((index) => sheet.getRow(index));
    const row = rows.find((each) => each.getCell(column("Campaign")).value === CAMPAIGN);
    if (!row) throw new Error(`No row for ${CAMPAIGN}`);
    // Numbers are numbers, money carries its currency's format, dates are dates.
    expect(row.getCell(column("Spend")).value).toBe(400);
    expect(row.getCell(column("Spend")).numFmt).toContain("$");
    expect(row.getCell(column("Daily budget")).value).toBe(50);
    expect(typeof row.getCell(column("Impressions")).value).toBe("number");
    expect(row.getCell(column("From")).value).toEqual(new Date(Date.UTC(2026, 0, 1)));
    expect(row.getCell(column("Status")).value).toBe("Active");
  }, 60_000);

  it("writes the CSV for spreadsheets with a German reader's separators", async () => {
    const user = await createVerifiedUser({ firstName: "Grete" });
    await seedCampaigns(user);
    await withServerDatabase(async (db) => {
      const { id } = await db.selectFrom("user").select("id").where("email", "=", user.email).executeTakeFirstOrThrow();
      await createPreferencesRepository(db).save(id, { ...DEFAULT_PREFERENCES, language: "de" });
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: "de-DE" });
    await signInAs(page.context(), user);
    await page.goto(`/campaigns/mes-ads?${JANUARY}`);
    await page
      .getByRole("table", { name: /^Kampagnen/ })
      .getByRole("link", { name: CAMPAIGN })
      .waitFor();

    const [file] = await Promise.all([
      page.waitForEvent("download"),
      chooseExport(page, "Exportieren", "Kampagnen", "CSV für Tabellenkalkulation"),
    ]);
    expect(file.suggestedFilename()).toBe("adhelm-kampagnen-2026-01-01-bis-2026-01-31.csv");
    const text = await readFile(await file.path(), "utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    // A comma is the decimal separator here, so fields are separated by semicolons, as Excel expects.
    const [header = [], ...records] = parseCsv(text.slice(1), ";");
    expect(header.slice(0, 3)).toEqual(["Kampagnen-ID", "Kampagne", "Plattform"]);
    const record = records.find((each) => each[header.indexOf("Kampagne")] === CAMPAIGN);
    expect(record?.[header.indexOf("Ausgaben")]).toBe("400,00 $");
    expect(record?.[header.indexOf("Tagesbudget")]).toBe("50,00 $");
  }, 60_000);
});
