import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "#tests/support/accounts.ts";
import { setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();
const desktop = () => browser.newPage({ viewport: { width: 1280, height: 900 } });
const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

async function payOnTestPage(page: Page, cardNumber: string) {
  await page.waitForURL(/\/billing\/test-checkout\//);
  await page.getByText("Test payment — no real card is charged.").waitFor();
  await page.getByText("4000 0000 0000 0341").waitFor();
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Ada Lovelace");
  await page.getByRole("button", { name: /^Pay / }).click();
}

describe("billing", () => {
  it("shows the trial, checks out Starter with a test card, downloads its invoice and upgrades prorated", async () => {
    const { page } = await signedInPage(desktop);
    await page.goto("/billing");
    await page.getByRole("heading", { name: "Billing", level: 1 }).waitFor();
    await page.getByRole("heading", { name: /^Professional plan/ }).waitFor();
    await page.getByText(/Your trial has 14 days left and ends on/).waitFor();
    await page.getByRole("progressbar", { name: "Members and invitations" }).waitFor();
    await page.getByText("1 of 10").waitFor();
    // The sidebar's Billing badge is the amount due: nothing yet.
    await page
      .getByRole("navigation")
      .getByText(/^[$€]0$/)
      .first()
      .waitFor();

    // A declined card stays on the page with the reason; the good one comes back active.
    await page.getByRole("button", { name: "Choose Starter" }).click();
    await payOnTestPage(page, "4000 0000 0000 0002");
    await page.getByText("Your card was declined.").waitFor();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/\/billing$/);
    await toasts(page).getByText("Payment received. Your plan is active.").waitFor();
    await page.getByRole("heading", { name: /^Starter plan/ }).waitFor();
    await page.getByText(/^Renews on /).waitFor();

    await page.goto("/billing/invoices");
    const download = page.getByRole("link", { name: /^Download invoice .+ as PDF$/ });
    await download.waitFor();
    await page.getByRole("cell", { name: "Paid" }).waitFor();
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);

    await page.goto("/billing");
    await page.getByRole("button", { name: "Choose Professional" }).click();
    const dialog = page.getByRole("dialog", { name: "Switch to Professional" });
    await dialog.getByText(/^You pay .+ now for the rest of the period, prorated to the second\./).waitFor();
    await dialog.getByRole("button", { name: "Confirm change" }).click();
    await toasts(page)
      .getByText(/^You are now on the Professional plan\. .+ was charged\.$/)
      .waitFor();
    await page.getByRole("heading", { name: /^Professional plan/ }).waitFor();
  });

  it("refuses an invitation past the plan's member limit inside the dialog, with Upgrade one click away", async () => {
    const { page } = await signedInPage(desktop);
    await page.goto("/billing");
    await page.getByRole("button", { name: "Choose Starter" }).click();
    await payOnTestPage(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/billing$/);
    await page.getByRole("heading", { name: /^Starter plan/ }).waitFor();

    // Starter has 2 seats: the owner and one invitation fill them; a second invitation is refused.
    await page.goto("/settings/team");
    for (const email of ["first-seat@example.com", "second-seat@example.com"]) {
      await page.getByRole("button", { name: "Invite member" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Invite member" });
      await dialog.getByRole("textbox", { name: "Email" }).fill(email);
      await dialog.getByRole("button", { name: "Send invitation" }).click();
      if (email === "first-seat@example.com") await dialog.waitFor({ state: "detached" });
    }
    // The refusal shows in the dialog, where Upgrade can be reached (a toast's button cannot, beside a modal).
    const dialog = page.getByRole("dialog", { name: "Invite member" });
    const refusal = dialog.getByRole("alert").filter({ hasText: "Your Starter plan includes 2 team members" });
    await refusal.waitFor();
    expect(await page.getByText("second-seat@example.com").count()).toBe(0);
    await refusal.getByRole("link", { name: "Upgrade" }).click();
    await page.waitForURL(/\/billing#plans$/);
    await page.getByRole("heading", { name: "Plans" }).waitFor();
  }, 60_000);

  it("refuses more ad accounts than the plan has inside the account picker, with Upgrade one click away", async () => {
    const { page } = await signedInPage(desktop);
    await page.goto("/billing");
    await page.getByRole("button", { name: "Choose Starter" }).click();
    await payOnTestPage(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/billing$/);
    await page.getByRole("heading", { name: /^Starter plan/ }).waitFor();

    // Starter manages 3 ad accounts; the sandbox gives each platform 2 or 3, so two platforms are more.
    await page.goto("/integrations");
    for (const name of ["Google Ads", "Meta"]) {
      await page
        .getByRole("group", { name, exact: true })
        .getByRole("button", { name: /^Connect/ })
        .click();
      await page.getByRole("heading", { name: `Authorize Adhelm to manage your ${name} sandbox account` }).waitFor();
      await page.getByRole("button", { name: "Allow" }).click();
      const picker = page.getByRole("dialog");
      await picker.waitFor();
      for (const box of await picker.getByRole("checkbox").all()) if (!(await box.isChecked())) await box.check();
      await picker.getByRole("button", { name: "Save" }).click();
      if (name === "Google Ads") {
        await picker.waitFor({ state: "detached" });
        continue;
      }
      const refusal = picker.getByRole("alert").filter({ hasText: "Your Starter plan includes 3 ad accounts" });
      await refusal.waitFor();
      await refusal.getByRole("link", { name: "Upgrade" }).click();
    }
    await page.waitForURL(/\/billing#plans$/);
    await page.getByRole("heading", { name: "Plans" }).waitFor();
  }, 120_000);

  it("sends an Enterprise request to sales, refusing an incomplete one first", async () => {
    const { page } = await signedInPage(desktop);
    await page.goto("/billing");
    await page.getByRole("button", { name: "Contact sales" }).click();
    const dialog = page.getByRole("dialog", { name: "Talk to sales about Enterprise" });
    await dialog.getByRole("button", { name: "Send" }).click();
    await dialog.getByText("Enter your name.").waitFor();
    await dialog.getByLabel("Your name").fill("Ada Lovelace");
    await dialog.getByLabel("Work email").fill("ada@example.com");
    await dialog.getByLabel("Company").fill("Analytical Engines");
    await dialog.getByLabel("Number of ad accounts").fill("40");
    await dialog.getByLabel("What do you need?").fill("SSO and a security review for 40 accounts.");
    await dialog.getByRole("button", { name: "Send" }).click();
    await toasts(page).getByText("Thanks! Our sales team will get back to you shortly.").waitFor();
  });

  it("fits a phone", async () => {
    const { page } = await signedInPage(() => browser.newPage({ viewport: { width: 375, height: 812 } }));
    await page.goto("/billing");
    await page.getByRole("heading", { name: "Billing", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Plans" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
