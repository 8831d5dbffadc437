import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createAnalyticsRepository } from "#core/analytics/analytics-repository.ts";
import { signedInPage } from "#tests/support/accounts.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

// Issue 23 §1: the campaigns table as Ads Manager users expect it.
const browser = setupBrowser();
const JANUARY = "from=2026-01-01&to=2026-01-31";
const SYNC_TIMEOUT = 25_000;

const table = (page: Page) => page.getByRole("table", { name: /^Campaigns/ });
const headers = async (page: Page) =>
  (await table(page).getByRole("columnheader").allInnerTexts())
    .map((text) => text.trim())
    // The selection column has no text; the menus' column is named "Actions" for screen readers.
    .filter((text) => text !== "" && text !== "Actions");

/**
 * Two Google Ads campaigns in USD whose ratios differ, so the footer's ratio of sums (ROAS 2.00×)
 * is not the average of the rows' ROAS (3.00×):
 *   Campaign 1: spend $100.00, revenue $500.00 (5×), 10 conversions (CPA $10.00)
 *   Campaign 2: spend $300.00, revenue $300.00 (1×), 2 conversions (CPA $150.00)
 * Totals: spend $400.00, revenue $800.00, ROAS 2.00×, 12 conversions, CPA $33.33.
 */
async function seedTwoCampaigns(email: string) {
  await withServerDatabase(async (db) => {
    const organizationId = await organizationOwnedBy(db, email);
    await seedConnection(db, {
      organizationId,
      platform: "google-ads",
      campaigns: [{ spend: { "2026-01-05": 10_000 } }, { spend: { "2026-01-06": 30_000 } }],
    });
    const rows = await db
      .selectFrom("campaign_daily_metrics")
      .select(["campaign_id", "spend_minor"])
      .where("organization_id", "=", organizationId)
      .execute();
    for (const row of rows) {
      const isFirst = Number(row.spend_minor) === 10_000;
      await db
        .updateTable("campaign_daily_metrics")
        .set({
          conversion_value_minor: isFirst ? 50_000 : 30_000,
          conversions: isFirst ? 10 : 2,
          impressions: isFirst ? 1_000 : 9_000,
          clicks: isFirst ? 100 : 90,
        })
        .where("campaign_id", "=", row.campaign_id)
        .execute();
    }
    await createAnalyticsRepository(db).rebuildRollups(organizationId);
  });
}

/** The footer row's figure under a column. */
async function footerValue(page: Page, header: string): Promise<string> {
  const all = await headers(page);
  // The selection column's header has no text: count it back in.
  const index = all.indexOf(header) + 1;
  const footer = table(page).locator("tfoot tr").first();
  return (await footer.locator("th, td").nth(index).innerText()).trim();
}

describe("campaign views", () => {
  it("at 1440px: Performance columns by default, totals as ratios of sums, columns chosen and saved as the default view", async () => {
    const { page, user } = await signedInPage(() => browser.newPage({ viewport: { width: 1440, height: 900 } }));
    await seedTwoCampaigns(user.email);
    await page.goto(`/campaigns/mes-ads?${JANUARY}`);
    await table(page).getByRole("link", { name: "Campaign 1", exact: true }).waitFor();
    await page.waitForSelector("html[data-hydrated]");

    // The default columns show ROAS, CPA and Revenue without scrolling sideways.
    expect(await headers(page)).toEqual([
      "Campaign",
      "Status",
      "Spend",
      "Conversions",
      "CPA",
      "Revenue",
      "ROAS",
      "CTR",
    ]);
    const box = table(page).locator("xpath=..");
    const scroll = await box.evaluate((element) => ({ client: element.clientWidth, scroll: element.scrollWidth }));
    expect(scroll.scroll).toBeLessThanOrEqual(scroll.client);
    for (const name of ["ROAS", "CPA", "Revenue"]) {
      const header = table(page).getByRole("columnheader", { name });
      const rect = await header.boundingBox();
      expect(rect && rect.x + rect.width, name).toBeLessThanOrEqual(1440);
    }

    // The footer: every matching campaign's totals, ratios of the sums.
    expect(await footerValue(page, "Spend")).toBe("$400.00");
    expect(await footerValue(page, "Revenue")).toBe("$800.00");
    expect(await footerValue(page, "ROAS")).toBe("2.00×");
    expect(await footerValue(page, "Conversions")).toBe("12");
    expect(await footerValue(page, "CPA")).toBe("$33.33");
    expect(await footerValue(page, "CTR")).toBe("1.90%");
    await table(page)
      .getByRole("rowheader", { name: /^Total/ })
      .getByText("2 campaigns, all pages")
      .waitFor();

    // Choose columns: the Budget preset, then CTR back, moved up with the keyboard; compact rows.
    await page.getByRole("button", { name: /^Columns/ }).click();
    const chooser = page.getByRole("dialog", { name: "Columns and density" });
    await chooser.getByRole("button", { name: "Budget" }).click();
    await expect
      .poll(() => headers(page))
      .toEqual(["Campaign", "Status", "Account", "Daily budget", "Spend", "CPA", "ROAS"]);
    await chooser.getByRole("checkbox", { name: "CTR" }).click();
    const moveUp = chooser.getByRole("button", { name: "Move CTR up" });
    await moveUp.focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => headers(page))
      .toEqual(["Campaign", "Status", "Account", "Daily budget", "Spend", "CPA", "CTR", "ROAS"]);
    // The focus stays on the button, so the next press moves the column again.
    await expect.poll(() => moveUp.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => headers(page))
      .toEqual(["Campaign", "Status", "Account", "Daily budget", "Spend", "CTR", "CPA", "ROAS"]);
    await chooser.getByRole("radio", { name: "Compact" }).click();
    await page.keyboard.press("Escape");

    // Save it as a view, the default one.
    await page.getByRole("button", { name: /^View:/ }).click();
    await page.getByRole("menuitem", { name: "Save as new view…" }).click();
    const save = page.getByRole("dialog", { name: "Save as a new view" });
    await save.getByRole("button", { name: "Save view" }).click();
    await save.getByText("Give the view a name.").waitFor();
    await save.getByRole("textbox", { name: "Name" }).fill("Budget check");
    await save.getByRole("checkbox", { name: "Open the table with this view" }).click();
    await save.getByRole("button", { name: "Save view" }).click();
    await page.getByRole("button", { name: "View: Budget check" }).waitFor();
    expect(new URL(page.url()).searchParams.get("from")).toBe("2026-01-01");

    // A plain visit opens the default view, right from the server's first answer.
    await page.goto("/campaigns/mes-ads");
    await page.getByRole("button", { name: "View: Budget check" }).waitFor();
    expect(new URL(page.url()).searchParams.get("from")).toBe("2026-01-01");
    expect(await headers(page)).toEqual([
      "Campaign",
      "Status",
      "Account",
      "Daily budget",
      "Spend",
      "CTR",
      "CPA",
      "ROAS",
    ]);
    expect(await table(page).getAttribute("data-density")).toBe("compact");
    const html = await (await page.request.get("/campaigns/mes-ads")).text();
    expect(html).toContain('data-density="compact"');

    // Back to the standard view: the columns last chosen outside a view; its own choice is remembered too.
    await page.getByRole("button", { name: "View: Budget check" }).click();
    await page.getByRole("menuitem", { name: "Standard view" }).click();
    await page.getByRole("button", { name: "View: Standard view" }).waitFor();
    await page.getByRole("button", { name: /^Columns/ }).click();
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("dialog", { name: "Columns and density" }).getByRole("button", { name: "Performance" }).click(),
    ]);
    await page.keyboard.press("Escape");
    await page.reload();
    await page.getByRole("button", { name: "View: Standard view" }).waitFor();
    expect(await headers(page)).toEqual([
      "Campaign",
      "Status",
      "Spend",
      "Conversions",
      "CPA",
      "Revenue",
      "ROAS",
      "CTR",
    ]);
    expect(await table(page).getAttribute("data-density")).toBe("compact");
  }, 90_000);

  it("at 375px: a card per campaign with its spend and key metric, and a card pauses its campaign", async () => {
    const { page } = await signedInPage(() =>
      browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }),
    );
    await page.goto("/integrations");
    await page
      .getByRole("group", { name: "Google Ads", exact: true })
      .getByRole("button", { name: /^Connect/ })
      .click();
    await page.getByRole("button", { name: "Allow" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await page
      .getByRole("group", { name: "Google Ads", exact: true })
      .getByText(/Last sync: (just now|\d+ seconds? ago)/)
      .waitFor({ timeout: SYNC_TIMEOUT });

    await page.goto("/campaigns/mes-ads?status=enabled&sort=name&dir=asc");
    const cards = page.getByRole("list", { name: "Campaigns" });
    const first = cards.getByRole("listitem").first();
    await first.waitFor();
    await page.waitForSelector("html[data-hydrated]");
    // No table on a phone: cards, each with spend and ROAS (the Performance key metric).
    expect(await table(page).count()).toBe(0);
    await first.getByText("Spend", { exact: true }).waitFor();
    await first.getByText("ROAS", { exact: true }).waitFor();
    const name = (await first.getByRole("link").innerText()).trim();

    await first.getByRole("button", { name: `Pause ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Pause: ${name}` });
    await dialog.getByRole("button", { name: "Pause 1 campaign" }).click();
    await dialog.getByText(/^Done: 1 updated$/).waitFor({ timeout: SYNC_TIMEOUT });
    await dialog.getByRole("button", { name: "Done" }).click();

    // The card now offers Enable: the campaign is paused.
    await page.goto(`/campaigns/mes-ads?q=${encodeURIComponent(name)}`);
    const card = page
      .getByRole("list", { name: "Campaigns" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name, exact: true }) });
    await card.getByRole("button", { name: `Enable ${name}` }).waitFor();
    await card.getByText("Paused", { exact: true }).waitFor();
  }, 120_000);
});
