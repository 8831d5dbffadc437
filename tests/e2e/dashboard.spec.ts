import type { Kysely } from "kysely";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createAnalyticsRepository } from "#core/analytics/analytics-repository.ts";
import { addDays, calendarDateIn } from "#core/dates/calendar-date.ts";
import type { Database } from "#core/db/schema.ts";
import { createSyncRepository } from "#core/sync/sync-repository.ts";
import { createVerifiedUser, signInAs } from "#tests/support/accounts.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const desktop = { viewport: { width: 1280, height: 800 } };

const card = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

interface SeededDay {
  spend: number;
  conversions: number;
  revenue: number;
}

/**
 * What a sync of one ad account leaves behind: named campaigns and their days (spend,
 * conversions, conversion value), written through the sync's own upsert (rollups included).
 */
async function seedAccount(
  db: Kysely<Database>,
  organizationId: string,
  platform: string,
  campaigns: Array<{ name: string; days: Record<string, SeededDay> }>,
): Promise<void> {
  const { connectionId } = await seedConnection(db, { organizationId, platform, campaigns: campaigns.map(() => ({})) });
  const seeded = await db
    .selectFrom("campaigns")
    .innerJoin("ad_accounts", "ad_accounts.id", "campaigns.ad_account_id")
    .where("ad_accounts.connection_id", "=", connectionId)
    .select(["campaigns.id", "campaigns.external_id"])
    .execute();
  const rows: Parameters<ReturnType<typeof createSyncRepository>["upsertDailyMetrics"]>[1] = [];
  for (const { id, external_id } of seeded) {
    const campaign = campaigns[Number(external_id) - 1000];
    if (!campaign) continue;
    await db.updateTable("campaigns").set({ name: campaign.name }).where("id", "=", id).execute();
    for (const [date, day] of Object.entries(campaign.days))
      rows.push({
        campaignId: id,
        campaignExternalId: external_id,
        date,
        impressions: day.spend * 2,
        clicks: Math.round(day.spend / 100),
        spendMinor: day.spend,
        conversions: day.conversions,
        conversionValueMinor: day.revenue,
        currency: "USD",
      });
  }
  await createSyncRepository(db).upsertDailyMetrics(organizationId, rows);
}

async function seedStoreOrders(
  db: Kysely<Database>,
  organizationId: string,
  orders: Array<{ date: string; totalMinor: number; refundedMinor?: number; utmSource: string | null }>,
): Promise<void> {
  const { connectionId } = await seedConnection(db, { organizationId, platform: "shopify" });
  await createSyncRepository(db).upsertOrders(
    organizationId,
    connectionId,
    orders.map((order, index) => ({
      externalId: String(5000 + index),
      name: `#${5000 + index}`,
      createdAt: `${order.date}T12:00:00.000Z`,
      currency: "USD",
      totalMinor: order.totalMinor,
      refundedMinor: order.refundedMinor ?? 0,
      utmSource: order.utmSource,
      utmMedium: null,
      utmCampaign: null,
    })),
  );
}

describe("dashboard", () => {
  it("welcomes by first name, shows the profile card, and leads to connecting a platform", async () => {
    const user = await createVerifiedUser({ firstName: "Margaret", lastName: "Hamilton", companyName: "Apollo Ads" });
    const page = await browser.newPage(desktop);
    await signInAs(page.context(), user);
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Welcome, Margaret" }).waitFor();
    const facts = await page
      .locator("dl")
      .evaluate((list) =>
        [...list.querySelectorAll("div")].map((row) => [
          row.querySelector("dt")?.textContent,
          row.querySelector("dd")?.textContent,
        ]),
      );
    expect(facts).toEqual([
      ["Email", user.email],
      ["Name", "Margaret Hamilton"],
      ["Company", "Apollo Ads"],
      ["Role", "Owner"],
    ]);
    await page.getByRole("button", { name: "Switch Organization: Apollo Ads Owner" }).waitFor();

    // Nothing connected: the three cards at zero and one thing to do.
    await card(page, "Campaigns").getByText("0", { exact: true }).waitFor();
    await card(page, "Total Spend").getByText("$0.00", { exact: true }).waitFor();
    await card(page, "Platforms").getByText("0", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Connect your first ad platform" }).waitFor();
    expect(await page.getByRole("link", { name: "Connect a platform" }).first().getAttribute("href")).toBe(
      "/integrations",
    );
    expect(await card(page, "Revenue").count()).toBe(0);

    // The next steps are the open getting-started steps (verified, profile complete: two done).
    await page.getByRole("heading", { name: "Next steps" }).waitFor();
    await page.getByText("2 of 6 complete", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Connect a platform" }).count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("leaves the company out when there is none", async () => {
    const user = await createVerifiedUser({ firstName: "Alan", companyName: "" });
    const page = await browser.newPage();
    await signInAs(page.context(), user);
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Welcome, Alan" }).waitFor();
    expect(await page.locator("dt", { hasText: "Company" }).count()).toBe(0);
  });

  it("computes the three cards from the organization's data", async () => {
    const user = await createVerifiedUser({ firstName: "Katherine" });
    const page = await browser.newPage(desktop);
    await signInAs(page.context(), user);
    // What a sync of two platforms writes: three campaigns, spend today in two currencies.
    const today = calendarDateIn("UTC", new Date());
    await withServerDatabase(async (db) => {
      const organizationId = await organizationOwnedBy(db, user.email);
      await seedConnection(db, {
        organizationId,
        platform: "google-ads",
        campaigns: [{ spend: { [today]: 123_456 } }, { status: "paused", spend: { [today]: 1_000 } }],
      });
      await seedConnection(db, {
        organizationId,
        platform: "facebook-ads",
        account: { currency: "EUR" },
        campaigns: [{ spend: { [today]: 4_250 } }],
      });
      // Written straight into the tables, not through a sync: bring the rollups along.
      await createAnalyticsRepository(db).rebuildRollups(organizationId);
    });
    await page.goto("/dashboard");
    await card(page, "Campaigns").getByText("3", { exact: true }).waitFor();
    await card(page, "Total Spend").getByText("$1,244.56", { exact: true }).waitFor();
    await card(page, "Total Spend").getByText("€42.50", { exact: true }).waitFor();
    await card(page, "Platforms").getByText("2", { exact: true }).waitFor();
    // Euros are named beside the dollar figures, never added to them.
    await page.getByText("Figures in USD. Also spent: €42.50.", { exact: false }).waitFor();
  });

  it("shows KPIs, the trend, the platforms, the best and worst campaigns and blended ROAS for a range", async () => {
    const user = await createVerifiedUser({ firstName: "Mary" });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page.context(), user);
    const today = calendarDateIn("UTC", new Date());
    const day = (daysAgo: number) => addDays(today, -daysAgo);
    await withServerDatabase(async (db) => {
      const organizationId = await organizationOwnedBy(db, user.email);
      await seedAccount(db, organizationId, "google-ads", [
        {
          name: "Brand Search",
          days: {
            [day(2)]: { spend: 20_000, conversions: 10, revenue: 120_000 },
            // The previous period (the 30 days before the last 30).
            [day(40)]: { spend: 10_000, conversions: 5, revenue: 30_000 },
          },
        },
        { name: "Generic Search", days: { [day(3)]: { spend: 30_000, conversions: 6, revenue: 45_000 } } },
        { name: "Shopping", days: { [day(12)]: { spend: 15_000, conversions: 5, revenue: 75_000 } } },
        { name: "YouTube Awareness", days: { [day(15)]: { spend: 25_000, conversions: 1, revenue: 5_000 } } },
      ]);
      await seedAccount(db, organizationId, "facebook-ads", [
        { name: "Prospecting", days: { [day(1)]: { spend: 50_000, conversions: 5, revenue: 40_000 } } },
        { name: "Retargeting", days: { [day(10)]: { spend: 10_000, conversions: 4, revenue: 70_000 } } },
        { name: "Lookalike", days: { [day(20)]: { spend: 20_000, conversions: 4, revenue: 50_000 } } },
      ]);
      await seedStoreOrders(db, organizationId, [
        { date: day(2), totalMinor: 300_000, utmSource: "google" },
        { date: day(5), totalMinor: 100_000, refundedMinor: 20_000, utmSource: "Facebook" },
        { date: day(8), totalMinor: 50_000, utmSource: null },
        // TikTok is not connected: its orders are no Google or Meta spend's doing.
        { date: day(4), totalMinor: 200_000, utmSource: "tiktok" },
      ]);
    });

    await page.goto("/dashboard");
    // Last 30 days: $1,700 spent, $4,050 earned, 35 conversions, against $100 spent before.
    await card(page, "Total Spend").getByText("$1,700.00", { exact: true }).waitFor();
    await card(page, "Revenue").getByText("$4,050.00", { exact: true }).waitFor();
    await card(page, "ROAS").getByText("2.38×", { exact: true }).waitFor();
    await card(page, "Conversions").getByText("35", { exact: true }).waitFor();
    await card(page, "CPA").getByText("$48.57", { exact: true }).waitFor();
    await card(page, "Revenue").getByText("up 1,250% vs previous period").waitFor();
    // The store revenue Google and Meta claim ($3,000 + $800 after a refund) over their ad spend;
    // the orders without a source and TikTok's are shown apart, never divided in.
    await card(page, "Blended ROAS").getByText("2.24×", { exact: true }).waitFor();
    await card(page, "Blended ROAS")
      .getByText("Unattributed revenue: $2,500.00 of $6,300.00 store revenue", { exact: true })
      .waitFor();
    expect(await page.getByText("Connect Shopify or WooCommerce").count()).toBe(0);

    // The trend chart, with its data for screen readers.
    const chart = page.getByRole("figure", { name: "Spend by platform" });
    await chart.locator("svg.recharts-surface").waitFor();
    expect(await chart.getByRole("table").getByRole("row").count()).toBe(31);
    await chart.getByRole("button", { name: "Meta" }).waitFor();

    // The platforms: spend, share, ROAS and the store revenue their UTM tags brought.
    const breakdown = page.getByRole("region", { name: "Platform breakdown" });
    const googleRow = breakdown.getByRole("row", { name: /Google Ads/ });
    await googleRow.getByText("$900.00", { exact: true }).waitFor();
    await googleRow.getByText("53%", { exact: true }).waitFor();
    await googleRow.getByText("$3,000.00", { exact: true }).waitFor();
    const metaRow = breakdown.getByRole("row", { name: /Meta/ });
    await metaRow.getByText("$800.00", { exact: true }).first().waitFor();

    // Best and worst by ROAS, each a link to its campaign.
    const top = page.getByRole("list", { name: "Top campaigns" }).getByRole("link");
    expect(await top.count()).toBe(5);
    expect(await top.first().textContent()).toContain("Retargeting");
    expect(await top.first().getAttribute("href")).toMatch(/^\/campaigns\/mes-ads\/[\w-]+$/);
    const bottom = page.getByRole("list", { name: "Bottom campaigns" }).getByRole("link");
    expect(await bottom.count()).toBe(2);
    expect(await bottom.first().textContent()).toContain("YouTube Awareness");
    expect(await axeViolations(page)).toEqual([]);

    // Another range: a preset, then custom dates; the URL keeps it.
    await page.getByRole("button", { name: /^Date range:/ }).click();
    await page.getByRole("button", { name: "Last 7 days" }).click();
    await page.waitForURL(/\?range=last_7_days$/);
    await card(page, "Total Spend").getByText("$1,000.00", { exact: true }).waitFor();
    await page.getByRole("button", { name: /^Date range:/ }).click();
    await page.getByRole("textbox", { name: "From" }).fill(day(45));
    await page.getByRole("textbox", { name: "To" }).fill(day(35));
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(new RegExp(`\\?from=${day(45)}&to=${day(35)}$`));
    await card(page, "Total Spend").getByText("$100.00", { exact: true }).waitFor();
    await card(page, "ROAS").getByText("3.00×", { exact: true }).waitFor();
  });

  it("sets goals on /goals and tracks this month against them", async () => {
    const user = await createVerifiedUser({ firstName: "Annie" });
    const page = await browser.newPage(desktop);
    await signInAs(page.context(), user);
    const today = calendarDateIn("UTC", new Date());
    await withServerDatabase(async (db) => {
      const organizationId = await organizationOwnedBy(db, user.email);
      await seedAccount(db, organizationId, "google-ads", [
        { name: "Brand Search", days: { [today]: { spend: 100_000, conversions: 40, revenue: 400_000 } } },
      ]);
    });

    await page.goto("/goals");
    await page.getByRole("heading", { name: "Goals", level: 1 }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Save goals" }).isEnabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const organizationGoal = page.getByRole("form", { name: "Goals" });
    await organizationGoal.getByRole("radio", { name: "ROAS" }).first().click();
    await page.getByRole("textbox", { name: "Target ROAS" }).fill("250");
    await page.getByRole("textbox", { name: "Monthly budget" }).fill("5,000");
    await page.getByRole("button", { name: "Save goals" }).click();
    // Refused in the browser, with the server's own words.
    await page.getByText("Target ROAS is a number from 0.1 to 100.", { exact: true }).waitFor();
    await page.getByRole("textbox", { name: "Target ROAS" }).fill("3.5");

    // A goal of its own for Google Ads (connected), then one for TikTok that is removed again.
    await page.getByRole("button", { name: "Add a goal for Google Ads" }).click();
    const google = page.getByRole("region", { name: "Google Ads goal" });
    await google.getByRole("radio", { name: "CPA" }).click();
    await google.getByRole("textbox", { name: "Target CPA" }).fill("20");
    await google.getByRole("textbox", { name: "Monthly budget" }).fill("2000");
    await page.getByRole("button", { name: "Add a goal for TikTok" }).click();
    await page.getByRole("button", { name: "Remove the TikTok goal" }).click();
    await page.getByRole("button", { name: "Save goals" }).click();
    await toasts(page).getByText("Goals saved", { exact: true }).waitFor();

    await page.goto("/goals");
    expect(await page.getByRole("textbox", { name: "Target ROAS" }).inputValue()).toBe("3.5");
    expect(await google.getByRole("textbox", { name: "Target CPA" }).inputValue()).toBe("20");
    expect(await page.getByRole("region", { name: "TikTok goal" }).count()).toBe(0);

    await page.goto("/dashboard");
    const goals = page.getByRole("heading", { name: "Goals this month" });
    await goals.waitFor();
    const all = page.getByRole("region", { name: "All platforms goal" });
    await all.getByText("$1,000.00", { exact: true }).waitFor();
    await all.getByText("of $5,000.00", { exact: false }).waitFor();
    await all.getByText("target 3.50×", { exact: false }).waitFor();
    await all.getByText("On target", { exact: true }).waitFor();
    const googleProgress = page.getByRole("region", { name: "Google Ads goal" });
    // $1,000 for 40 conversions: a $25.00 CPA against $20.00.
    await googleProgress.getByText("$25.00", { exact: true }).waitFor();
    await googleProgress.getByText("Above target", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Edit goals" }).getAttribute("href")).toBe("/goals");
  });
});
