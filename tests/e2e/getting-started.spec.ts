import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, signInAs, waitForMailTo } from "#tests/support/accounts.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const desktop = { viewport: { width: 1280, height: 800 } };

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
const sidebar = (page: Page) => page.getByRole("complementary", { name: "Sidebar" });
const badgeLink = (page: Page, progress: string) =>
  sidebar(page).getByRole("link", { name: `Getting Started ${progress}`, exact: true });
const step = (page: Page, title: string) => page.getByRole("group", { name: title, exact: true });

async function expectProgress(page: Page, completed: number) {
  await page.getByText(`${completed} of 6 complete`, { exact: true }).waitFor();
  expect(
    await page.getByRole("progressbar", { name: `${completed} of 6 complete` }).getAttribute("aria-valuenow"),
  ).toBe(String(completed));
  await badgeLink(page, `${completed}/6`).waitFor();
}

async function isComplete(page: Page, title: string): Promise<boolean> {
  return (await step(page, title).getByText("Complete", { exact: true }).count()) === 1;
}

describe("getting started", () => {
  it("completes its six steps as their facts come true, and the sidebar badge follows", async () => {
    // Signed up without a company: the profile is not complete yet.
    const user = await createVerifiedUser({ firstName: "Grace", companyName: "" });
    const page = await browser.newPage(desktop);
    await signInAs(page.context(), user);
    const organizationId = await withServerDatabase((db) => organizationOwnedBy(db, user.email));

    await page.goto("/getting-started");
    await page.getByRole("heading", { name: "Getting started", level: 1 }).waitFor();
    await expectProgress(page, 1);
    expect(await isComplete(page, "Verify your email")).toBe(true);
    expect(await isComplete(page, "Complete your profile")).toBe(false);
    expect(await page.getByRole("list", { name: "Setup steps" }).getByRole("listitem").count()).toBe(6);
    expect(await axeViolations(page)).toEqual([]);

    // An address that is not verified (any more) offers a fresh link.
    await withServerDatabase((db) =>
      db.updateTable("user").set({ emailVerified: false }).where("email", "=", user.email).execute(),
    );
    await page.reload();
    await expectProgress(page, 0);
    await step(page, "Verify your email").getByRole("button", { name: "Resend verification email" }).click();
    await toasts(page).getByText("Check your email", { exact: true }).waitFor();
    // The sign-up's mail, then the new one.
    await waitForMailTo(user.email, 2);
    await withServerDatabase((db) =>
      db.updateTable("user").set({ emailVerified: true }).where("email", "=", user.email).execute(),
    );

    // Step 2 through the profile screen; the badge moves on the next page.
    await page.reload();
    await step(page, "Complete your profile").getByRole("link", { name: "Complete profile" }).click();
    await page.waitForURL("**/account/profile");
    await expect.poll(() => page.getByRole("button", { name: "Save Changes" }).isEnabled()).toBe(true);
    await page.getByRole("textbox", { name: "Company name" }).fill("Navy Compilers");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toasts(page).getByText("Profile updated", { exact: true }).waitFor();
    await badgeLink(page, "2/6").click();
    await page.waitForURL("**/getting-started");
    await expectProgress(page, 2);
    expect(await isComplete(page, "Complete your profile")).toBe(true);

    // Step 5 through the goals screen: the badge moves as soon as they are saved.
    await step(page, "Set your goals").getByRole("link", { name: "Set goals" }).click();
    await page.waitForURL("**/goals");
    await expect.poll(() => page.getByRole("button", { name: "Save goals" }).isEnabled()).toBe(true);
    await page.getByRole("radio", { name: "ROAS" }).first().click();
    await page.getByRole("textbox", { name: "Target ROAS" }).fill("3.5");
    await page.getByRole("button", { name: "Save goals" }).click();
    await toasts(page).getByText("Goals saved", { exact: true }).waitFor();
    await badgeLink(page, "3/6").waitFor();

    // Steps 3, 4 and 6: what connecting, a store and an API key leave behind.
    await withServerDatabase(async (db) => {
      await seedConnection(db, { organizationId, platform: "google-ads" });
      await seedConnection(db, { organizationId, platform: "shopify" });
    });
    await page.goto("/getting-started");
    await expectProgress(page, 5);
    expect(await isComplete(page, "Connect an ad platform")).toBe(true);
    expect(await isComplete(page, "Connect your store")).toBe(true);
    expect(await isComplete(page, "Create an API key or invite a teammate")).toBe(false);
    expect(
      await step(page, "Create an API key or invite a teammate")
        .getByRole("link", { name: "Create an API key" })
        .getAttribute("href"),
    ).toBe("/settings/api-keys");

    await withServerDatabase((db) =>
      db
        .insertInto("api_keys")
        .values({
          id: randomUUID(),
          organization_id: organizationId,
          name: "Reporting",
          prefix: "adh_e2e",
          key_hash: randomUUID(),
        })
        .execute(),
    );
    await page.reload();
    await expectProgress(page, 6);
    await page.getByRole("heading", { name: "You're all set" }).waitFor();
    await page.getByRole("link", { name: "Go to the dashboard" }).waitFor();
  });
});
