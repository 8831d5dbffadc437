import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newSignedInPage } from "#tests/support/accounts.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();

// Every public page is checked by public-site.spec.ts; these are the screens behind sign-in,
// the auth forms and the 404 page.
describe("accessibility (axe-core, WCAG 2.1 AA)", () => {
  it.each([
    ["/login", "light"],
    ["/signup", "dark"],
    ["/forgot-password", "light"],
    ["/dashboard", "light"],
    ["/dashboard", "dark"],
    ["/profile", "light"],
    ["/preferences", "dark"],
    ["/settings/general", "light"],
    ["/settings/team", "dark"],
    ["/settings/audit", "light"],
    ["/account/security", "dark"],
    ["/account/privacy", "light"],
    ["/billing", "dark"],
    ["/billing/invoices", "light"],
    ["/no-such-page", "light"],
  ] as const)("%s in %s has no violations", async (path, colorScheme) => {
    const options = { colorScheme, viewport: { width: 1280, height: 800 } };
    const isAppScreen = !["/login", "/signup", "/forgot-password", "/no-such-page"].includes(path);
    const page = isAppScreen ? await newSignedInPage(browser, options) : await browser.newPage(options);
    await page.goto(path);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("toasts (axe-core, WCAG 2.1 AA)", () => {
  /** Checked once it has slid in: axe cannot judge contrast through a running opacity transition. */
  async function expectSettledToastToPass(page: Page, title: string) {
    const toast = page.getByRole("listitem").filter({ hasText: title });
    await expect.poll(() => toast.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
    expect(await axeViolations(page)).toEqual([]);
  }

  it.each(["light", "dark"] as const)("success and error toasts in %s have no violations", async (colorScheme) => {
    const page = await newSignedInPage(browser, { colorScheme, viewport: { width: 1280, height: 800 } });
    await page.goto("/preferences");
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expectSettledToastToPass(page, "Preferences saved");

    await page.goto("/profile");
    await page
      .getByLabel("Upload avatar")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expectSettledToastToPass(page, "Invalid file type");
  });
});
