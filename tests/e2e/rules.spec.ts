/**
 * Rules in a browser, against the built-in sandbox: a stop-loss made from its template (an
 * impossible edit refused next to its field first), its preview and backtest, activated with a
 * confirmation, then Run now. The campaign is paused on the platform, a notification raises the
 * unread badge, and Undo in the change log enables the campaign again. Then the list, and the
 * editor on a phone in dark mode.
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

/** A target CPA so low that any campaign with conversions runs above 1.5 × it. */
async function setTargetCpa(page: Page, amount: string) {
  await page.goto("/goals");
  await expect.poll(() => page.getByRole("button", { name: "Save goals" }).isEnabled()).toBe(true);
  await page.getByRole("form", { name: "Goals" }).getByRole("radio", { name: "CPA" }).first().click();
  await page.getByRole("textbox", { name: "Target CPA" }).first().fill(amount);
  await page.getByRole("button", { name: "Save goals" }).click();
  await toasts(page).getByText("Goals saved", { exact: true }).waitFor();
}

/**
 * The enabled campaign in the goal's currency that spent most over the last ten synced days and
 * converted on most of them: enough to judge, and a CPA to judge (a campaign without conversions
 * has none, and does not fire; one in another currency has no target CPA).
 */
const biggestSpender = (tenant: string) =>
  withServerDatabase(async (db) => {
    const latest = await db
      .selectFrom("campaign_daily_metrics")
      .select((eb) => eb.fn.max("date").as("date"))
      .where("organization_id", "=", tenant)
      .executeTakeFirstOrThrow();
    const since = new Date(Date.parse(`${latest.date}T00:00:00Z`) - 10 * 86_400_000).toISOString().slice(0, 10);
    const rows = await db
      .selectFrom("campaign_daily_metrics as m")
      .innerJoin("campaigns as c", "c.id", "m.campaign_id")
      .select((eb) => ["c.name", eb.fn.sum<number>("m.spend_minor").as("spend")])
      .where("c.organization_id", "=", tenant)
      .where("c.status", "=", "enabled")
      // The goal's target CPA is in USD; a campaign of the sandbox's one EUR or GBP account has none to judge by.
      .where("c.currency", "=", "USD")
      .where("m.date", ">=", since)
      .groupBy(["c.id", "c.name"])
      // The sandbox's market is random per organization: a big spender may have converted on few days.
      .having((eb) => eb.fn.count(eb.case().when("m.conversions", ">", 0).then(1).end()), ">=", 7)
      .orderBy("spend", "desc")
      .limit(1)
      .execute();
    const name = rows[0]?.name;
    if (!name) throw new Error("The sandbox synced no enabled campaign");
    return name;
  });

/** The page's elements that reach past the screen's right edge, but those in a box that scrolls sideways. */
const stickingOut = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll("main *"))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.right <= width + 1) return false;
        for (let parent = element.parentElement; parent; parent = parent.parentElement)
          if (/(auto|scroll)/.test(getComputedStyle(parent).overflowX)) return false;
        return true;
      })
      .map((element) => element.outerHTML.slice(0, 120));
  });

/** Sonner's toasts live in the "Notifications" region. */
const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

/** The platform's own status of a campaign, as the sandbox last recorded a change to it. */
const sandboxStatus = (tenant: string, campaignName: string) =>
  withServerDatabase(async (db) => {
    const change = await db
      .selectFrom("sandbox_campaign_changes")
      .innerJoin("campaigns", "campaigns.external_id", "sandbox_campaign_changes.campaign_id")
      .select("sandbox_campaign_changes.status")
      .where("sandbox_campaign_changes.tenant", "=", tenant)
      .where("campaigns.organization_id", "=", tenant)
      .where("campaigns.name", "=", campaignName)
      .where("sandbox_campaign_changes.status", "is not", null)
      .orderBy("sandbox_campaign_changes.created_at", "desc")
      .executeTakeFirst();
    return change?.status ?? null;
  });

describe("rules", () => {
  it("makes a stop-loss from its template, previews, backtests, activates and runs it, and the change log undoes its pause", async () => {
    const { page, user } = await signedInPage(() => browser.newPage({ viewport: { width: 1440, height: 900 } }));
    await connect(page, "Google Ads");
    const tenant = await withServerDatabase((db) => organizationOwnedBy(db, user.email));
    await setTargetCpa(page, "0.01");

    // The list offers the templates; the stop-loss opens the editor filled in.
    await page.goto("/rules");
    await page.getByRole("heading", { name: "Rules", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "No rules yet" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Use template: Stop-loss" }).click();
    await page.getByRole("heading", { name: "New rule", level: 1 }).waitFor();
    const editor = page.getByRole("form", { name: "New rule" });
    await expect.poll(() => editor.getByRole("button", { name: "Save in Preview mode" }).isEnabled()).toBe(true);

    // Scope: one campaign, picked from the list.
    const scope = page.getByRole("region", { name: "Scope" });
    await scope.getByRole("radio", { name: "Pick from a list" }).click();
    const campaignName = await biggestSpender(tenant);
    await scope.getByRole("searchbox", { name: "Campaigns" }).fill(campaignName);
    const results = scope.getByRole("list", { name: "Matching campaigns" });
    await results.getByRole("checkbox", { name: campaignName }).click();
    await scope.getByRole("button", { name: `Remove ${campaignName}` }).waitFor();

    // An impossible rule is refused next to its field, and nothing is saved.
    const actions = page.getByRole("region", { name: "Actions" });
    await actions.getByRole("button", { name: "Add action" }).click();
    const added = actions.getByRole("listitem", { name: "Action 4" });
    await added.getByRole("combobox", { name: "Action" }).selectOption("change_budget");
    await added.getByRole("textbox", { name: "Floor" }).fill("500");
    await added.getByRole("textbox", { name: "Ceiling" }).fill("50");
    await editor.getByRole("button", { name: "Save in Preview mode" }).click();
    await added
      .getByText("The floor is above the ceiling. Lower the floor or raise the ceiling.", { exact: true })
      .waitFor();
    await added.getByRole("textbox", { name: "Floor" }).fill("ten");
    await added.getByText("Enter an amount such as 25.50.", { exact: true }).waitFor();
    expect(
      await withServerDatabase((db) =>
        db.selectFrom("rules").select("id").where("organization_id", "=", tenant).execute(),
      ),
    ).toEqual([]);
    await actions.getByRole("button", { name: "Remove action 4" }).click();

    await editor.getByRole("button", { name: "Save in Preview mode" }).click();
    await toasts(page).getByText("Rule saved in Preview mode", { exact: true }).waitFor();
    await page.waitForURL(/\/rules\/[\w-]+$/);
    await page.getByRole("heading", { name: "Stop-loss: pause when CPA runs high", level: 1 }).waitFor();
    await page.getByText("Preview", { exact: true }).first().waitFor();

    // Preview: the campaign fires, with each condition's values beside it.
    await page.getByRole("link", { name: "Preview", exact: true }).click();
    await page.getByRole("heading", { name: "What it would do now" }).waitFor();
    await page.getByRole("button", { name: "Fired (1)" }).waitFor();
    await page.getByText(campaignName, { exact: true }).click();
    await page.getByText("The conditions held.", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Backtest: the days it would have fired and an estimate, labelled as one.
    await page.getByRole("link", { name: "Backtest", exact: true }).click();
    await page.getByRole("heading", { name: "Backtest", level: 2 }).waitFor();
    await page.getByRole("link", { name: "14 days" }).click();
    await page.waitForURL(/days=14/);
    // The fourteen days' replay has loaded (the section is dimmed while it loads).
    await expect.poll(() => page.getByRole("link", { name: "14 days" }).getAttribute("aria-current")).toBe("page");
    await page.locator('section[aria-labelledby="backtest-title"][aria-busy="false"]').waitFor();
    await page.getByText(/^Replayed /).waitFor();
    await page.getByRole("heading", { name: "Estimated effect" }).waitFor();
    await page.getByText("Estimate", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Activate, after a confirmation that says what it will do.
    await page.getByRole("button", { name: "Activate", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Activate “Stop-loss: pause when CPA runs high”?" });
    await confirm.getByText(/^What it does: Pause, add the label/).waitFor();
    await confirm.getByRole("button", { name: "Activate rule" }).click();
    await toasts(page).getByText("Rule activated", { exact: true }).waitFor();
    await page.getByText("Active", { exact: true }).first().waitFor();

    // Run now: the campaign is paused on the platform.
    await page.getByRole("button", { name: "Run now" }).click();
    await toasts(page).getByText("Run finished", { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => sandboxStatus(tenant, campaignName), { timeout: 10_000 }).toBe("paused");

    // The run's trace: why it fired, and the pause with its entry in the change log.
    await page.getByRole("link", { name: "See every campaign" }).click();
    await page.getByRole("heading", { name: /^Run of / }).waitFor();
    await page.getByText(campaignName, { exact: true }).click();
    const changeLogLink = page.getByRole("link", { name: "In the change log" }).first();
    await changeLogLink.waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A notification, and the unread badge in the sidebar.
    const unread = page
      .getByRole("navigation", { name: "App", exact: true })
      .getByRole("link", { name: /^Notifications\D*1\b/ });
    await expect
      .poll(
        async () => {
          await page.reload();
          return unread.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);

    // Undo from the change log: the campaign is enabled again, here and on the platform.
    await page.getByText(campaignName, { exact: true }).click();
    await page.getByRole("link", { name: "In the change log" }).first().click();
    await page.getByRole("heading", { name: campaignName, level: 1 }).waitFor();
    const history = page.getByRole("list", { name: "Change history" });
    const pause = history.getByRole("listitem").filter({ hasText: "Paused" }).first();
    await pause.getByRole("button", { name: "Undo" }).click();
    await toasts(page).getByText("Change undone", { exact: true }).waitFor();
    await expect.poll(() => sandboxStatus(tenant, campaignName), { timeout: 10_000 }).toBe("enabled");

    // The list: the rule, what it does and its last run.
    await page.goto("/rules");
    const row = page.getByRole("listitem", { name: "Stop-loss: pause when CPA runs high" });
    await row.getByText("Active", { exact: true }).waitFor();
    await row
      .getByText(
        /^Pause, add the label “paused-by-stop-loss”,? and notify \(In-app, Email\) when CPA > 1\.5 × Target CPA · last 3 mature days or … \(\+2 more conditions\)$/,
      )
      .waitFor();
    await row.getByText("Succeeded", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  }, 150_000);

  it("fits the editor on a phone in dark mode", async () => {
    const { page } = await signedInPage(() =>
      browser.newPage({ viewport: { width: 375, height: 812 }, colorScheme: "dark" }),
    );
    await page.goto("/rules/new?template=scale_winners");
    await page.getByRole("heading", { name: "New rule", level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    // Nothing wider than the screen, and nothing cut off at its edge (but in a box that scrolls sideways).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await stickingOut(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);
});
