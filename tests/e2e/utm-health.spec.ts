/**
 * The UTM health check in the browser, on /settings/conversions: connect Google Ads, see the share
 * of ads tagged and the ads lacking UTM parameters, fix one in one click (the confirmation shows
 * the suffix to set, the result says Fixed) and see it leave the list. Desktop light and phone
 * dark, with no accessibility violations and nothing wider than the screen.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "#tests/support/accounts.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();
const SYNC_TIMEOUT = 45_000;
const SCREENSHOTS = path.resolve("data/screenshots/utm-health");

/** The whole page, or with `fullPage: false` what the screen shows (a dialog over the page). */
async function shoot(page: Page, name: string, fullPage = true) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

const card = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

async function connectGoogleAds(page: Page) {
  await page.goto("/integrations");
  await card(page, "Google Ads").getByRole("button", { name: "Connect" }).click();
  await page.getByRole("heading", { name: "Authorize Adhelm to manage your Google Ads sandbox account" }).waitFor();
  await page.getByRole("button", { name: "Allow" }).click();
  const picker = page.getByRole("dialog");
  await picker.waitFor();
  await picker.getByRole("button", { name: "Save" }).click();
  await page.getByText("Connection successful!").waitFor();
  await card(page, "Google Ads").getByText("Active", { exact: true }).waitFor({ timeout: SYNC_TIMEOUT });
}

/** /settings/conversions once the ad level has synced: the list of ads lacking UTM parameters is there. */
async function openUtmHealth(page: Page) {
  await page.goto("/settings/conversions");
  const untagged = page.getByRole("heading", { name: /lacks? UTM parameters$/, level: 3 });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const shown = await untagged
      .waitFor({ timeout: SYNC_TIMEOUT / 3 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
    await page.reload();
  }
  await untagged.waitFor({ timeout: SYNC_TIMEOUT });
}

async function hasNoOverflow(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

describe("the UTM health check", () => {
  it("shows the share tagged and fixes an ad's UTM parameters in one click", async () => {
    const { page } = await signedInPage(() => browser.newPage({ viewport: { width: 1440, height: 900 } }));
    await connectGoogleAds(page);
    await openUtmHealth(page);
    await page.getByRole("heading", { name: "UTM health", level: 2 }).waitFor();
    await page.getByRole("img", { name: /% of ads tagged$/ }).waitFor();
    await page.getByRole("progressbar", { name: /^Google Ads: \d+% tagged$/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await hasNoOverflow(page);
    await shoot(page, "utm-health-1440-light");

    const fix = page.getByRole("button", { name: /^Fix the UTM parameters of / }).first();
    const adName = ((await fix.getAttribute("aria-label")) ?? "").replace("Fix the UTM parameters of ", "");
    // Ads in different campaigns may share a name: count this name's buttons, to see one of them go.
    const sameName = page.getByRole("button", { name: `Fix the UTM parameters of ${adName}`, exact: true });
    const namesake = await sameName.count();
    await fix.click();
    const dialog = page.getByRole("dialog", { name: "Set the URL suffix of 1 ad?" });
    await dialog.waitFor();
    const suffix = (await dialog.locator("code").first().textContent()) ?? "";
    expect(suffix).toMatch(/utm_source=google/);
    expect(suffix).toMatch(/utm_medium=cpc/);
    expect(suffix).toMatch(/utm_campaign=/);
    await shoot(page, "utm-health-confirm", false);
    await dialog.getByRole("button", { name: "Set the suffix" }).click();
    const results = dialog.getByRole("list", { name: "Result per ad" });
    await results.getByText("Fixed", { exact: true }).waitFor({ timeout: SYNC_TIMEOUT });
    await dialog.getByText("Done: 1 ad fixed.").waitFor();
    await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
    await dialog.waitFor({ state: "hidden" });
    // The page's figures were read again: the ad is no longer among those lacking UTMs.
    await expect.poll(() => sameName.count(), { timeout: SYNC_TIMEOUT }).toBe(namesake - 1);
  }, 180_000);

  it("reads well on a phone in dark mode", async () => {
    const { page } = await signedInPage(() =>
      browser.newPage({ viewport: { width: 375, height: 800 }, colorScheme: "dark" }),
    );
    await connectGoogleAds(page);
    await openUtmHealth(page);
    await page.getByRole("img", { name: /% of ads tagged$/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await hasNoOverflow(page);
    await shoot(page, "utm-health-375-dark");
  }, 180_000);
});
