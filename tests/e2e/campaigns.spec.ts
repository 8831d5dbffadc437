import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEVELOPMENT_AUTH_SECRET } from "#core/config/env.ts";
import { sandboxAdminToken } from "#simulator/sandbox-app.ts";
import { signedInPage } from "#tests/support/accounts.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const SYNC_TIMEOUT = 25_000;
const JANUARY = "from=2026-01-01&to=2026-01-31";

/** The sandbox's admin API (the server runs with the development secret). */
async function sandboxAdmin(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${baseUrl()}/sandbox/_admin${path}`, {
    method,
    headers: {
      authorization: `Bearer ${sandboxAdminToken(DEVELOPMENT_AUTH_SECRET)}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`sandbox admin ${method} ${path}: ${response.status}`);
}

const table = (page: Page) => page.getByRole("table", { name: /^Campaigns/ });
/** The campaign names of the table's rows, top to bottom. */
const campaignNames = (page: Page) => table(page).getByRole("rowheader").getByRole("link").allInnerTexts();
const rowOf = (page: Page, name: string) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });

/** The text in `row` under the column headed `header`. */
async function cellText(page: Page, row: Locator, header: string): Promise<string> {
  const headers = await table(page).getByRole("columnheader").allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  if (index < 0) throw new Error(`No column ${header} in ${headers.join(" | ")}`);
  return row.locator("th, td").nth(index).innerText();
}

/** A figure's cell: its first line is the value, the second its change against the previous period. */
async function cellValue(page: Page, row: Locator, header: string): Promise<string> {
  return (await cellText(page, row, header)).split("\n")[0]?.trim() ?? "";
}

/** Clears the filters and waits until the page shows it (the address has no filter left), as a person would. */
async function clearFilters(page: Page, button = page.getByRole("button", { name: "Clear filters" })) {
  await button.click();
  await expect
    .poll(() =>
      [...new URL(page.url()).searchParams.keys()].filter(
        (key) => key === "platform" || key === "status" || key === "q",
      ),
    )
    .toEqual([]);
}

async function waitForNames(page: Page, expected: string[]) {
  await expect.poll(() => campaignNames(page), { timeout: 10_000 }).toEqual(expected);
}

/** Consent on the sandbox's page, then the account picker with every account ticked, then the first sync. */
async function connect(page: Page, name: string) {
  await page.goto("/integrations");
  await page.getByRole("group", { name, exact: true }).getByRole("button", { name: "Connect" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  const card = page.getByRole("group", { name, exact: true });
  await card.getByText(/Last sync: (just now|\d+ seconds? ago)/).waitFor({ timeout: SYNC_TIMEOUT });
}

describe("campaigns", () => {
  it("lists every platform's campaigns with filters, search, sort, columns, date range and CSV exports", async () => {
    const { page, user } = await signedInPage(() => browser.newPage({ viewport: { width: 1440, height: 900 } }));
    await page.goto("/campaigns/mes-ads");
    await page.getByRole("heading", { name: "Campaigns", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Connect an ad platform to see your campaigns" }).waitFor();
    expect(await page.getByRole("link", { name: "Connect a platform" }).getAttribute("href")).toBe("/integrations");

    await withServerDatabase(async (db) => {
      const organizationId = await organizationOwnedBy(db, user.email);
      await seedConnection(db, {
        organizationId,
        platform: "google-ads",
        campaigns: [
          { spend: { "2026-01-05": 40_000, "2025-12-10": 1_000 } },
          { status: "paused", spend: { "2026-01-06": 5_000, "2025-12-11": 90_000 } },
          { spend: { "2026-01-07": 20_000 } },
        ],
      });
      await seedConnection(db, {
        organizationId,
        platform: "facebook-ads",
        campaigns: [{ spend: { "2026-01-08": 30_000 } }, { spend: { "2026-01-09": 100 } }],
      });
      const names = [
        "Brand Search",
        "Shopping – Bestsellers",
        "Generic Search",
        "Prospecting – Broad",
        "Retargeting – Cart",
      ];
      const campaigns = await db
        .selectFrom("campaigns")
        .innerJoin("ad_accounts", "ad_accounts.id", "campaigns.ad_account_id")
        .where("campaigns.organization_id", "=", organizationId)
        .select("campaigns.id")
        .orderBy("ad_accounts.name", "desc")
        .orderBy("campaigns.external_id")
        .execute();
      for (const [index, campaign] of campaigns.entries())
        await db
          .updateTable("campaigns")
          .set({ name: names[index] ?? "" })
          .where("id", "=", campaign.id)
          .execute();
    });

    await page.goto(`/campaigns/mes-ads?${JANUARY}`);
    // Spend, highest first, by default.
    await waitForNames(page, [
      "Brand Search",
      "Prospecting – Broad",
      "Generic Search",
      "Shopping – Bestsellers",
      "Retargeting – Cart",
    ]);
    expect(await table(page).getByRole("columnheader", { name: "Spend" }).getAttribute("aria-sort")).toBe("descending");
    await page.getByText("1–5 of 5", { exact: true }).waitFor();
    expect(await cellValue(page, rowOf(page, "Brand Search"), "Spend")).toBe("$400.00");
    expect(await cellText(page, rowOf(page, "Prospecting – Broad"), "Status")).toContain("Active");

    // Filters: platform, status, and a search that waits for a pause in typing.
    await page.getByRole("button", { name: "Platform" }).click();
    await page.getByRole("checkbox", { name: "Meta" }).click();
    await waitForNames(page, ["Prospecting – Broad", "Retargeting – Cart"]);
    expect(new URL(page.url()).searchParams.getAll("platform")).toEqual(["facebook-ads"]);
    await page.keyboard.press("Escape");
    await clearFilters(page);
    await page.getByRole("button", { name: "Status" }).click();
    await page.getByRole("checkbox", { name: "Paused" }).click();
    await waitForNames(page, ["Shopping – Bestsellers"]);
    await page.keyboard.press("Escape");
    await clearFilters(page);
    await page.getByRole("searchbox", { name: "Search campaigns" }).fill("search");
    await waitForNames(page, ["Brand Search", "Generic Search"]);
    await page.getByRole("searchbox", { name: "Search campaigns" }).fill("nothing like this");
    await page.getByRole("heading", { name: "No campaigns match these filters" }).waitFor();
    await clearFilters(page, page.getByRole("button", { name: "Clear filters" }).last());
    await waitForNames(page, [
      "Brand Search",
      "Prospecting – Broad",
      "Generic Search",
      "Shopping – Bestsellers",
      "Retargeting – Cart",
    ]);
    expect(await page.getByRole("searchbox", { name: "Search campaigns" }).inputValue()).toBe("");

    // Sorting by a header, both ways.
    await table(page).getByRole("link", { name: "Campaign", exact: true }).click();
    await waitForNames(page, [
      "Brand Search",
      "Generic Search",
      "Prospecting – Broad",
      "Retargeting – Cart",
      "Shopping – Bestsellers",
    ]);
    expect(
      await table(page).getByRole("columnheader", { name: "Campaign", exact: true }).getAttribute("aria-sort"),
    ).toBe("ascending");
    const spendHeader = table(page).getByRole("columnheader", { name: "Spend" });
    await table(page).getByRole("link", { name: "Spend", exact: true }).click();
    await expect.poll(() => spendHeader.getAttribute("aria-sort")).toBe("descending");
    await table(page).getByRole("link", { name: "Spend", exact: true }).click();
    await expect.poll(() => spendHeader.getAttribute("aria-sort")).toBe("ascending");
    await waitForNames(page, [
      "Retargeting – Cart",
      "Shopping – Bestsellers",
      "Generic Search",
      "Prospecting – Broad",
      "Brand Search",
    ]);

    // Columns: hidden ones stay hidden after a reload.
    await page.getByRole("button", { name: /^Columns/ }).click();
    // The choice is remembered on the server: wait for it before reloading.
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("dialog", { name: "Columns and density" }).getByRole("checkbox", { name: "CTR" }).click(),
    ]);
    await page.keyboard.press("Escape");
    expect(await table(page).getByRole("columnheader", { name: "CTR" }).count()).toBe(0);
    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    await table(page).getByRole("columnheader", { name: "Conversions" }).waitFor();
    expect(await table(page).getByRole("columnheader", { name: "CTR" }).count()).toBe(0);

    // The date range changes the figures: December had other spend.
    await page.getByRole("button", { name: "Date range" }).click();
    const customRange = page.getByRole("form", { name: "Custom range" });
    await customRange.getByLabel("From", { exact: true }).fill("2025-12-01");
    await customRange.getByLabel("To", { exact: true }).fill("2025-12-31");
    await customRange.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("from") === "2025-12-01");
    await expect.poll(() => cellValue(page, rowOf(page, "Shopping – Bestsellers"), "Spend")).toBe("$900.00");
    expect(await cellValue(page, rowOf(page, "Brand Search"), "Spend")).toBe("$10.00");
    expect(await axeViolations(page)).toEqual([]);

    // A row's menu asks first, showing before → after; a paused campaign cannot be paused again.
    await rowOf(page, "Brand Search").getByRole("button", { name: "Actions for Brand Search" }).click();
    await page.getByRole("menuitem", { name: "Pause" }).click();
    const pause = page.getByRole("dialog", { name: "Pause: Brand Search" });
    const preview = pause.getByRole("table", { name: "Before and after, per campaign" });
    expect(await preview.getByRole("row").nth(1).innerText()).toMatch(/Brand Search\s+Active\s+Paused/);
    await pause.getByRole("button", { name: "Pause 1 campaign" }).waitFor();
    await pause.getByRole("button", { name: "Cancel" }).click();
    await pause.waitFor({ state: "hidden" });
    await rowOf(page, "Shopping – Bestsellers")
      .getByRole("button", { name: "Actions for Shopping – Bestsellers" })
      .click();
    expect(await page.getByRole("menuitem", { name: "Pause" }).count()).toBe(0);
    await page.getByRole("menuitem", { name: "Enable" }).waitFor();
    await page.keyboard.press("Escape");

    // The exports carry the same filters and range.
    await page.goto(`/campaigns/mes-ads?${JANUARY}&platform=google-ads`);
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const [campaignsFile] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("group", { name: "Campaigns", exact: true })
        .getByRole("menuitem", { name: "CSV", exact: true })
        .click(),
    ]);
    expect(campaignsFile.suggestedFilename()).toBe("adhelm-campaigns-2026-01-01-to-2026-01-31.csv");
    // A byte order mark first, so that spreadsheets read the file as UTF-8.
    const campaignsCsv = readFileSync(await campaignsFile.path(), "utf8");
    expect(campaignsCsv.startsWith("\uFEFF")).toBe(true);
    const campaignLines = campaignsCsv.slice(1).trimEnd().split("\r\n");
    expect(campaignLines[0]).toMatch(/^Campaign ID,Campaign,Platform,Account,Status,Currency,Daily budget,Spend,/);
    expect(campaignLines).toHaveLength(4);
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const [dailyFile] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("group", { name: "Daily metrics", exact: true })
        .getByRole("menuitem", { name: "CSV", exact: true })
        .click(),
    ]);
    const dailyCsv = readFileSync(await dailyFile.path(), "utf8");
    expect(dailyCsv.startsWith("\uFEFF")).toBe(true);
    const dailyLines = dailyCsv.slice(1).trimEnd().split("\r\n");
    expect(dailyLines[0]).toBe(
      "Date,Campaign ID,Campaign,Platform,Account,Currency,Spend,Impressions,Clicks,Conversions,Revenue",
    );
    expect(
      dailyLines
        .slice(1)
        .map((line) => line.slice(0, 10))
        .sort(),
    ).toEqual(["2026-01-05", "2026-01-06", "2026-01-07"]);
  }, 90_000);

  it("changes budgets across platforms with progress and a partial failure, undoes one, and shows the campaign page", async () => {
    const { page, user } = await signedInPage(() => browser.newPage({ viewport: { width: 1440, height: 900 } }));
    await connect(page, "Google Ads");
    await connect(page, "TikTok");
    const tenant = await withServerDatabase((db) => organizationOwnedBy(db, user.email));

    await page.goto("/campaigns/mes-ads?size=100&sort=name&dir=asc");
    await table(page).getByRole("rowheader").first().waitFor();
    const total = (await campaignNames(page)).length;
    await page.getByRole("checkbox", { name: "Select all campaigns on this page" }).click();
    const selection = page.getByRole("region", { name: "Selection" });
    await selection.getByText(`${total} selected`).waitFor();
    await selection.getByRole("button", { name: "Set daily budget" }).click();

    const dialog = page.getByRole("dialog", { name: "Set daily budget" });
    await dialog.getByRole("radio", { name: "Change by a percentage" }).click();
    await dialog.getByLabel("Change (%)").fill("-90");
    await dialog.getByRole("button", { name: "Review changes" }).click();
    // Before → after for every campaign; TikTok refuses budgets under 50 only when asked.
    const confirm = dialog.getByRole("button", { name: `Update ${total} campaigns` });
    await confirm.waitFor();
    expect(await dialog.getByRole("table", { name: "Before and after, per campaign" }).getByRole("row").count()).toBe(
      total + 1,
    );
    await dialog.getByLabel(/^Reason/).fill("Cutting spend for the test");

    // Slow Google Ads down a little so the progress is there to see.
    await sandboxAdmin("POST", "/faults", { kind: "slow", tenant, platform: "google-ads", delayMs: 150 });
    try {
      await confirm.click();
      await dialog.getByRole("progressbar", { name: /^Updating \d+ of \d+…$/ }).waitFor();
      await dialog.getByText(/^Done: \d+ updated, \d+ failed$/).waitFor({ timeout: 25_000 });
    } finally {
      await sandboxAdmin("DELETE", "/faults");
    }
    const results = dialog.getByRole("list", { name: "Results" });
    const failed = results.getByRole("listitem").filter({ hasText: "Failed" });
    const updated = results.getByRole("listitem").filter({ hasText: "Updated" });
    expect(await failed.count()).toBeGreaterThan(0);
    expect(await updated.count()).toBeGreaterThan(0);
    expect(await failed.count()).toBe(total - (await updated.count()));
    // Every failure names the campaign and TikTok's own reason.
    for (const item of await failed.all())
      expect(await item.innerText()).toMatch(/daily budget of a campaign must be at least 50\.00/);
    const alert = dialog.getByRole("alert");
    expect(await alert.innerText()).toMatch(/campaigns? failed/);
    await page.getByText(`${await updated.count()} updated, ${await failed.count()} failed`, { exact: true }).waitFor();
    const changedName = (await updated.first().locator("span").first().innerText()).trim();
    await dialog.getByRole("button", { name: "Done" }).click();

    // The history logs the change with its reason, and the table shows the new budget.
    await page.getByRole("link", { name: "Change history" }).click();
    const history = page.getByRole("list", { name: "Change history" });
    const changeEntry = history.getByRole("listitem").filter({ hasText: changedName }).filter({ hasText: "Applied" });
    // Newest first, 50 to a page: two platforms can have more campaigns than that, and this one
    // was among the first changed, so it may be on an older page.
    await history.getByRole("listitem").first().waitFor();
    while ((await changeEntry.count()) === 0) {
      // Follow the link where it points: the list's relative times tick every second, and on a
      // busy machine the link may not hold still long enough for a click.
      const older = await page.getByRole("link", { name: "Show older changes" }).getAttribute("href");
      await page.goto(new URL(older ?? "", page.url()).toString());
      await history.getByRole("listitem").first().waitFor();
    }
    const historyUrl = page.url();
    const [, oldBudget = "", loggedBudget] = /(\S+)\/day\s*→\s*(\S+)\/day/.exec(await changeEntry.innerText()) ?? [];
    expect(await changeEntry.innerText()).toContain("Cutting spend for the test");
    await page.goto("/campaigns/mes-ads?size=100&sort=name&dir=asc");
    // Daily budgets are among the Budget preset's columns (remembered for the next visit too).
    await page.waitForSelector("html[data-hydrated]");
    await page.getByRole("button", { name: /^Columns/ }).click();
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("dialog", { name: "Columns and density" }).getByRole("button", { name: "Budget" }).click(),
    ]);
    await page.keyboard.press("Escape");
    await expect.poll(() => cellValue(page, rowOf(page, changedName), "Daily budget")).toBe(loggedBudget);
    // Undo puts the old budget back, here and on the platform.
    await page.goto(historyUrl);
    await changeEntry.getByRole("button", { name: "Undo" }).click();
    await page.getByText("Change undone", { exact: true }).waitFor();
    await history.getByRole("listitem").filter({ hasText: changedName }).filter({ hasText: "Undone" }).waitFor();
    await page.goto("/campaigns/mes-ads?size=100&sort=name&dir=asc");
    expect(await cellValue(page, rowOf(page, changedName), "Daily budget")).toBe(oldBudget);
    const onPlatform = await withServerDatabase((db) =>
      db
        .selectFrom("sandbox_campaign_changes")
        .innerJoin("campaigns", "campaigns.external_id", "sandbox_campaign_changes.campaign_id")
        .select("sandbox_campaign_changes.daily_budget_minor")
        .where("sandbox_campaign_changes.tenant", "=", tenant)
        .where("campaigns.organization_id", "=", tenant)
        .where("campaigns.name", "=", changedName)
        .orderBy("sandbox_campaign_changes.created_at", "desc")
        .executeTakeFirstOrThrow(),
    );
    expect(onPlatform.daily_budget_minor).toBe(Math.round(Number(oldBudget.replace(/[^\d.]/g, "")) * 100));

    // The campaign's page: tiles, the chart, and its history with the undo.
    await rowOf(page, changedName).getByRole("link", { name: changedName }).click();
    await page.getByRole("heading", { name: changedName, level: 1 }).waitFor();
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Campaigns" }).waitFor();
    for (const label of ["Spend", "Revenue", "ROAS", "Conversions", "CPA", "CTR"])
      await page.getByRole("group", { name: label, exact: true }).waitFor();
    await page.getByRole("figure", { name: /^Daily spend and revenue: / }).waitFor();
    await page.getByRole("button", { name: "ROAS", exact: true }).click();
    await page.getByRole("figure", { name: /^Daily ROAS: / }).waitFor();
    const campaignHistory = page.getByRole("list", { name: "Change history" });
    await campaignHistory.getByRole("listitem").filter({ hasText: "Undo: daily budget" }).waitFor();
    await campaignHistory.getByRole("listitem").filter({ hasText: "Undone" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Two platforms connected and synced through their consent pages, then a bulk change: the longest path here.
  }, 90_000);
});
