import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage, waitForMailTo } from "#tests/support/accounts.ts";
import { setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();
const desktop = () => browser.newPage({ viewport: { width: 1280, height: 900 } });
const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

describe("privacy and data", () => {
  it("builds a personal export in the background, shows its progress, mails it and downloads it", async () => {
    const { page, user } = await signedInPage(desktop);
    // Reached from the user menu.
    await page.goto("/dashboard");
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Privacy and data" }).click();
    await page.getByRole("heading", { name: "Privacy and data", level: 1 }).waitFor();
    await page.getByText("No export yet.").first().waitFor();

    await page.getByRole("button", { name: "Export my data" }).click();
    await toasts(page).getByText("Export requested. We will mail you when it is ready.").waitFor();
    // The job runs beside the server; the page follows it until the download is there.
    const download = page.getByRole("link", { name: /^Download/ }).first();
    await download.waitFor({ timeout: 30_000 });
    const mails = await waitForMailTo(user.email, 2, 30_000);
    expect(mails.at(-1)?.raw).toMatch(/^Subject: Your Adhelm data export is ready\r?$/m);

    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^adhelm-personal-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await file.path())));
    const account = JSON.parse(strFromU8(files["account.json"] as Uint8Array)) as Array<{ email: string }>;
    expect(account[0]?.email).toBe(user.email);
    expect(Object.keys(files)).toContain("sessions.csv");
  });

  it("schedules the account's deletion 30 days out, and cancels it", async () => {
    const { page } = await signedInPage(desktop);
    await page.goto("/account/privacy");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.getByRole("button", { name: "Delete after 30 days" }).click();
    await toasts(page).getByText("Your account will be deleted in 30 days. We sent you a confirmation.").waitFor();
    const status = page.getByRole("status").filter({ hasText: "Your account will be deleted on" });
    await status.waitFor();

    await page.reload();
    await status.waitFor();
    await status.getByRole("button", { name: "Cancel deletion" }).click();
    await toasts(page).getByText("Deletion cancelled. Your account stays.").waitFor();
    await page.getByRole("button", { name: "Delete my account" }).waitFor();
  });

  it("fits a phone", async () => {
    const { page } = await signedInPage(() => browser.newPage({ viewport: { width: 375, height: 812 } }));
    await page.goto("/account/privacy");
    await page.getByRole("heading", { name: "Privacy and data", level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
