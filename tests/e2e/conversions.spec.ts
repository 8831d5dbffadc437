/**
 * Conversion settings in the browser: connect Google Ads, count "Add to cart" on /settings/conversions
 * and see the dashboard's conversions rise; turn it back and they return. Desktop light and phone
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
const SCREENSHOTS = path.resolve("data/screenshots/conversions");

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

const card = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

/** The dashboard's conversions, as a number ("1,234", "12.3K"). */
async function dashboardConversions(page: Page): Promise<number> {
  await page.goto("/dashboard");
  const text = (await card(page, "Conversions").textContent()) ?? "";
  const match = /([\d.,]+)\s*([KM]?)/.exec(text.replace(/^Conversions/, ""));
  if (!match) throw new Error(`no conversions figure in “${text}”`);
  const value = Number((match[1] ?? "").replaceAll(",", ""));
  return value * (match[2] === "K" ? 1_000 : match[2] === "M" ? 1_000_000 : 1);
}

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

async function hasNoOverflow(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

describe("conversion settings", () => {
  it("counts Add to cart, and the dashboard's conversions rise; turned back, they return", async () => {
    const { page } = await signedInPage(() => browser.newPage({ viewport: { width: 1440, height: 900 } }));
    // Nothing connected yet: the page says where to start.
    await page.goto("/settings/conversions");
    await page.getByRole("heading", { name: "Conversion settings", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "No ad platform connected" }).waitFor();
    expect(await page.getByRole("link", { name: "Go to Integrations" }).getAttribute("href")).toBe("/integrations");

    await connectGoogleAds(page);
    const before = await dashboardConversions(page);

    await page.goto("/settings/conversions");
    const google = page.getByRole("region", { name: "Google Ads" });
    await google.waitFor();
    const addToCart = google.getByRole("switch", { name: /^Counts as a conversion: Add to cart, / }).first();
    // The sync's conversion level comes after the campaign level: wait for the actions.
    await addToCart.waitFor({ timeout: SYNC_TIMEOUT }).catch(async () => {
      await page.reload();
      await addToCart.waitFor({ timeout: SYNC_TIMEOUT });
    });
    expect(await addToCart.getAttribute("aria-checked")).toBe("false");
    expect(
      await google
        .getByRole("switch", { name: /^Counts as a conversion: Purchase, / })
        .first()
        .getAttribute("aria-checked"),
    ).toBe("true");
    await google.getByText("30-day click, 1-day view").first().waitFor();
    await page.getByRole("heading", { name: "Revenue truth" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await hasNoOverflow(page);
    await shoot(page, "conversions-1440-light");

    // Each account of the sandbox has its own Add to cart (and maybe its own currency): count them all.
    const allAddToCart = google.getByRole("switch", { name: /^Counts as a conversion: Add to cart, / });
    const accounts = await allAddToCart.count();
    const setAll = async (checked: "true" | "false") => {
      for (let index = 0; index < accounts; index++) {
        const toggle = allAddToCart.nth(index);
        await toggle.click();
        // The switch follows the stored choice once the change (and the history behind it) is saved.
        await expect.poll(() => toggle.getAttribute("aria-checked"), { timeout: SYNC_TIMEOUT }).toBe(checked);
      }
    };
    await setAll("true");
    await toast(page, "This action now counts as a conversion").first().waitFor({ timeout: SYNC_TIMEOUT });
    const counted = await dashboardConversions(page);
    expect(counted).toBeGreaterThan(before);

    await page.goto("/settings/conversions");
    await setAll("false");
    await toast(page, "This action no longer counts as a conversion").first().waitFor({ timeout: SYNC_TIMEOUT });
    expect(await dashboardConversions(page)).toBe(before);
  }, 180_000);

  it("reads well on a phone in dark mode", async () => {
    const { page } = await signedInPage(() =>
      browser.newPage({ viewport: { width: 375, height: 800 }, colorScheme: "dark" }),
    );
    await connectGoogleAds(page);
    await page.goto("/settings/conversions");
    const addToCart = page.getByRole("switch", { name: /^Counts as a conversion: Add to cart, / }).first();
    await addToCart.waitFor({ timeout: SYNC_TIMEOUT }).catch(async () => {
      await page.reload();
      await addToCart.waitFor({ timeout: SYNC_TIMEOUT });
    });
    await page.getByRole("radio", { name: /Platform-reported/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await hasNoOverflow(page);
    await shoot(page, "conversions-375-dark");
  }, 180_000);
});
