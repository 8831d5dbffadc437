import { describe, expect, it } from "vitest";
import { calendarDateIn } from "../../core/dates/calendar-date.ts";
import { createVerifiedUser, signInAs } from "../support/accounts.ts";
import { seedConnection } from "../support/ad-data.ts";
import { setupBrowser } from "../support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "../support/server-database.ts";

const browser = setupBrowser();

describe("dashboard", () => {
  it("welcomes by first name and shows the profile card with email, name, company and role", async () => {
    const user = await createVerifiedUser({ firstName: "Margaret", lastName: "Hamilton", companyName: "Apollo Ads" });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInAs(page.context(), user);
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Welcome, Margaret" }).waitFor();
    const card = page.locator("dl");
    const facts = await card.evaluate((list) =>
      [...list.querySelectorAll("div")].map((row) => [
        row.querySelector("dt")?.textContent,
        row.querySelector("dd")?.textContent,
      ]),
    );
    expect(facts).toEqual([
      ["Email", user.email],
      ["Name", "Margaret Hamilton"],
      ["Company", "Apollo Ads"],
      ["Role", "Admin"],
    ]);
    await page.getByText("Next steps", { exact: true }).waitFor();
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
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInAs(page.context(), user);
    await page.goto("/dashboard");
    const card = (name: string) => page.getByRole("group", { name });
    await card("Campaigns").getByText("0", { exact: true }).waitFor();
    await card("Total Spend").getByText("$0.00", { exact: true }).waitFor();
    await card("Platforms").getByText("0", { exact: true }).waitFor();

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
        platform: "meta-ads",
        account: { currency: "EUR" },
        campaigns: [{ spend: { [today]: 4_250 } }],
      });
    });
    await page.reload();
    await card("Campaigns").getByText("3", { exact: true }).waitFor();
    await card("Total Spend").getByText("$1,244.56", { exact: true }).waitFor();
    await card("Total Spend").getByText("€42.50", { exact: true }).waitFor();
    await card("Platforms").getByText("2", { exact: true }).waitFor();
  });

  it("names the user's own workspace in the organization switcher", async () => {
    const user = await createVerifiedUser({ firstName: "Dorothy", companyName: "Vaughan Media" });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInAs(page.context(), user);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Switch Organization: Vaughan Media Owner" }).waitFor();
  });
});
