/**
 * The optimizer in a browser, against the built-in sandbox: an organization with synced Google Ads
 * history asks for recommendations, each with its predicted effect and 80% interval; the what-if
 * answers a new total at once; one recommendation is applied after a before → after confirmation,
 * the platform's budget changes, and Undo in the toast puts it back. Then the page on a phone in
 * dark mode.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "#tests/support/accounts.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const SYNC_TIMEOUT = 25_000;

/** Consent on the sandbox's page, then the account picker with every account ticked, then the first sync. */
async function connect(page: Page, name: string) {
  await page.goto("/integrations");
  await page.getByRole("group", { name, exact: true }).getByRole("button", { name: "Connect" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  const card = page.getByRole("group", { name, exact: true });
  await card.getByText(/Last sync: (just now|\d+ seconds? ago)/).waitFor({ timeout: SYNC_TIMEOUT });
}

/** Sonner's toasts live in the "Notifications" region. */
const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

/** The daily budget the sandbox platform last recorded for a campaign, in minor units. */
const platformBudget = (tenant: string, campaignName: string) =>
  withServerDatabase(async (db) => {
    const change = await db
      .selectFrom("sandbox_campaign_changes")
      .innerJoin("campaigns", "campaigns.external_id", "sandbox_campaign_changes.campaign_id")
      .select("sandbox_campaign_changes.daily_budget_minor")
      .where("sandbox_campaign_changes.tenant", "=", tenant)
      .where("campaigns.organization_id", "=", tenant)
      .where("campaigns.name", "=", campaignName)
      .where("sandbox_campaign_changes.daily_budget_minor", "is not", null)
      .orderBy("sandbox_campaign_changes.created_at", "desc")
      .executeTakeFirst();
    return change?.daily_budget_minor ?? null;
  });

/** "$1,234.50" → 123450. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);

/**
 * The page's elements that reach past the screen's right edge, but those in a box that scrolls
 * sideways or clips them within the screen (such as the charts' visually hidden tables).
 */
const stickingOut = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll("main *"))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.right <= width + 1) return false;
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const overflow = getComputedStyle(parent).overflowX;
          if (/(auto|scroll)/.test(overflow)) return false;
          if (/(hidden|clip)/.test(overflow) && parent.getBoundingClientRect().right <= width + 1) return false;
        }
        return true;
      })
      .map((element) => element.outerHTML.slice(0, 120));
  });

describe("optimizer", () => {
  it("recommends with intervals, answers the what-if, applies after a confirmation and undoes", async () => {
    const { page, user } = await signedInPage(() => browser.newPage({ viewport: { width: 1440, height: 900 } }));
    await connect(page, "Google Ads");
    const tenant = await withServerDatabase((db) => organizationOwnedBy(db, user.email));

    await page.goto("/optimizer");
    await page.getByRole("heading", { name: "Optimizer", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Ask for your first recommendations" }).waitFor();
    await page.getByRole("button", { name: "Get recommendations" }).first().click();
    await toasts(page)
      .getByText(/^\d+ new recommendations?$/)
      .waitFor({ timeout: 20_000 });

    // Each recommendation: a budget move, a predicted effect per day with its 80% interval, reasons.
    const list = page.getByRole("region", { name: /^Recommendations/ });
    const first = list.getByRole("article").first();
    await first.getByText(/^[+−][\d.,]+\/day$/).waitFor();
    await first.getByText(/^80%: [+−][\d.,]+ to [+−][\d.,]+$/).waitFor();
    await first.getByRole("list", { name: "Reasons" }).getByRole("listitem").first().waitFor();
    await first.getByRole("meter", { name: "Confidence" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The what-if answers a new total at once: its predicted figures change.
    const whatIf = page.getByRole("region", { name: "What if" });
    const predicted = whatIf.getByRole("definition").first();
    const before = await predicted.textContent();
    await whatIf.getByRole("slider", { name: /^Total daily budget/ }).focus();
    await page.keyboard.press("End");
    await expect.poll(() => predicted.textContent()).not.toBe(before);
    await expect
      .poll(() => whatIf.getByRole("slider", { name: /^Total daily budget/ }).getAttribute("aria-valuenow"))
      .toBe("200");

    // Apply one, after a confirmation that shows its budget before → after.
    const campaignName = (await first.getByRole("heading", { level: 3 }).textContent()) ?? "";
    const money = first.getByText(/^\$[\d,]+\.\d\d$/);
    await money.nth(1).waitFor();
    const budgetText = (await money.allTextContents()).slice(0, 2);
    const [fromText = "", toText = ""] = budgetText;
    await first.getByRole("button", { name: `Apply: ${campaignName}` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Apply the new budget to ${campaignName}?` });
    await dialog.getByText(fromText, { exact: true }).waitFor();
    await dialog.getByText(toText, { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Apply change" }).click();
    const applied = toasts(page)
      .getByRole("listitem")
      .filter({ hasText: `Budget applied to ${campaignName}` });
    await applied.getByText(`Daily budget ${fromText} → ${toText}.`).waitFor({ timeout: 15_000 });
    await expect.poll(() => platformBudget(tenant, campaignName), { timeout: 10_000 }).toBe(minorOf(toText));
    const row = list.getByRole("article", { name: campaignName });
    await row.getByText("Applied", { exact: true }).waitFor();

    // Undo from the toast: the platform's budget is back.
    await applied.getByRole("button", { name: "Undo" }).click();
    await toasts(page).getByText("1 change undone", { exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => platformBudget(tenant, campaignName), { timeout: 10_000 }).toBe(minorOf(fromText));
    await row.getByText("Undone", { exact: true }).waitFor();
    // The history says so too: the recommendation is undone, not applied.
    const history = page.getByRole("region", { name: /^History/ });
    await history
      .getByRole("row", { name: new RegExp(campaignName) })
      .getByText("Undone", { exact: true })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // On a phone, everything stacks: nothing reaches past the screen (tables and chips scroll). The
    // page is opened afresh at that size, as a phone would (no toast or drawer still moving).
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await page.getByRole("heading", { name: "Optimizer", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "History and calibration" }).waitFor();
    // The curve of the campaign with the longest name, whichever campaigns this run drew.
    const picker = page.getByRole("group", { name: "Campaigns" });
    const names = await picker.getByRole("button").allTextContents();
    const longest = picker
      .getByRole("button")
      .nth(names.indexOf(names.reduce((a, b) => (b.length > a.length ? b : a))));
    await longest.click();
    await expect.poll(() => longest.getAttribute("aria-pressed")).toBe("true");
    // The charts measure their box once the page has laid out; a loaded machine takes a moment.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 15_000 })
      .toBeLessThanOrEqual(375);
    expect(await stickingOut(page)).toEqual([]);
  }, 120_000);

  it("fits a phone in dark mode, and says what is missing before any platform is connected", async () => {
    const { page } = await signedInPage(() =>
      browser.newPage({ viewport: { width: 375, height: 812 }, colorScheme: "dark" }),
    );
    await page.goto("/optimizer");
    await page.getByRole("heading", { name: "Optimizer", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Connect an ad platform to start" }).waitFor();
    await page.getByRole("link", { name: "Go to Integrations" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await stickingOut(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);
});
