import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, calendarDateIn } from "#core/dates/calendar-date.ts";
import { createVerifiedUser, signInAs } from "#tests/support/accounts.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();

/** Sonner's toasts live in the "Notifications" region. */
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

describe("/optimizer/plan", () => {
  it("says to set a budget first, then saves the settings and a group, and paces the month", async () => {
    const user = await createVerifiedUser({ firstName: "Ada", lastName: "Lovelace" });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAs(page.context(), user);
    await page.goto("/optimizer/plan");
    await page.getByRole("heading", { name: "Budget plan", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Set a monthly budget to plan with" }).waitFor();

    // The budget lives in Goals.
    await page.getByRole("link", { name: "Set the budget in Goals" }).click();
    await page.getByRole("heading", { name: "Goals", level: 1 }).waitFor();
    await page.getByRole("textbox", { name: "Monthly budget" }).first().fill("9000");
    await page.getByRole("button", { name: "Save goals" }).click();
    await toast(page, "Goals saved").waitFor();

    await page.goto("/optimizer/plan");
    await page.getByText("$9,000.00 a month").waitFor();
    const pacing = page.getByRole("heading", { name: "Pacing" });
    await pacing.waitFor();
    await page.getByText("Today's budget to land on plan").waitFor();

    // Settings: checked in the browser with the server's schema, then saved.
    const settings = page.getByRole("form", { name: "What the optimizer aims for" });
    await settings.getByRole("radio", { name: "Revenue" }).click();
    await settings.getByRole("textbox", { name: "Largest daily change" }).fill("150");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await settings.getByText("The largest daily change is a percentage from 5% to 100%.").waitFor();
    await settings.getByRole("textbox", { name: "Largest daily change" }).fill("20");
    await settings.getByRole("switch", { name: "Rebalance every day" }).click();
    await settings.getByRole("button", { name: "Save settings" }).click();
    await toast(page, "Plan saved").waitFor();

    // A platform group with monthly limits.
    await page.getByRole("button", { name: "Add group" }).click();
    const dialog = page.getByRole("dialog", { name: "New group" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Search");
    await dialog.getByRole("textbox", { name: "Monthly minimum" }).fill("5000");
    await dialog.getByRole("textbox", { name: "Monthly maximum" }).fill("1000");
    await dialog.getByRole("button", { name: "Save group" }).click();
    await dialog.getByText("The minimum cannot be more than the maximum.").waitFor();
    await dialog.getByRole("textbox", { name: "Monthly maximum" }).fill("7000");
    await dialog.getByRole("button", { name: "Save group" }).click();
    await toast(page, "Group saved").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("Min $5,000.00", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Groups this month" }).waitFor();

    // After a reload the choices are kept.
    await page.reload();
    const reloaded = page.getByRole("form", { name: "What the optimizer aims for" });
    expect(await reloaded.getByRole("textbox", { name: "Largest daily change" }).inputValue()).toBe("20");
    expect(await reloaded.getByRole("switch", { name: "Rebalance every day" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    expect(await axeViolations(page)).toEqual([]);

    // Deleted after a confirmation.
    await page.getByRole("button", { name: "Delete Search" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete group" }).click();
    await toast(page, "Group deleted").waitFor();
    await page.getByText("No groups: the optimizer may move budget freely between all campaigns.").waitFor();
    await page.close();
  });

  it("paces a month with history against the plan, and keeps campaign limits", async () => {
    const user = await createVerifiedUser({ firstName: "Cy", lastName: "Pacer" });
    const today = calendarDateIn("UTC", new Date());
    // Ten weeks of spend, weekends lighter, on two platforms.
    const history = (weekday: number, weekend: number) =>
      Object.fromEntries(
        Array.from({ length: 70 }, (_, index) => {
          const date = addDays(today, -(index + 1));
          const day = new Date(`${date}T00:00:00Z`).getUTCDay();
          // Some day-to-day noise, so the forecast has a range.
          return [date, (day === 0 || day === 6 ? weekend : weekday) + ((index * 7919) % 5) * 900];
        }),
      );
    await withServerDatabase(async (db) => {
      const organizationId = await organizationOwnedBy(db, user.email);
      await seedConnection(db, {
        organizationId,
        platform: "google-ads",
        campaigns: [{ spend: history(12_000, 6_000) }, { spend: history(8_000, 5_000) }],
      });
      await seedConnection(db, {
        organizationId,
        platform: "facebook-ads",
        campaigns: [{ spend: history(9_000, 9_000) }],
      });
      await db
        .insertInto("goals")
        .values({
          id: randomUUID(),
          organization_id: organizationId,
          scope: "organization",
          target_kind: "roas",
          target_roas: 3,
          monthly_budget_minor: 1_500_000,
          currency: "USD",
          updated_by: null,
        })
        .execute();
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAs(page.context(), user);
    await page.goto("/optimizer/plan");
    await page.getByText("$15,000.00 a month").waitFor();
    await page.getByText("Target ROAS 3.00×").or(page.getByText("Target ROAS 3×")).first().waitFor();
    const pacing = page.getByRole("figure", { name: "Spend this month against the plan" });
    await pacing.locator("svg.recharts-surface").first().waitFor();

    // Campaign limits: one row per campaign, saved in its currency.
    const limits = page.getByRole("form", { name: "Campaign limits" });
    await limits.getByRole("textbox", { name: "Daily minimum for Campaign 1" }).first().fill("20");
    await limits.getByRole("textbox", { name: "Daily maximum for Campaign 1" }).first().fill("10");
    await limits.getByRole("button", { name: "Save limits" }).click();
    await limits.getByText("The minimum cannot be more than the maximum.").waitFor();
    await limits.getByRole("textbox", { name: "Daily maximum for Campaign 1" }).first().fill("250");
    await limits.getByRole("button", { name: "Save limits" }).click();
    await toast(page, "Campaign limits saved").waitFor();
    await page.reload();
    expect(
      await page
        .getByRole("form", { name: "Campaign limits" })
        .getByRole("textbox", { name: "Daily maximum for Campaign 1" })
        .first()
        .inputValue(),
    ).toBe("250.00");
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("fits a phone and reads in dark mode", async () => {
    const user = await createVerifiedUser({ firstName: "Bo", lastName: "Mobile" });
    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, colorScheme: "dark" });
    await signInAs(page.context(), user);
    await page.goto("/optimizer/plan");
    await page.getByRole("heading", { name: "Budget plan", level: 1 }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
