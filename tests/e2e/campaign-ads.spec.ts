/**
 * The campaign page's Ads tab in the browser: connect Google Ads, open a campaign's ads (ad groups
 * with their totals, each ad with its creative's thumbnail and numbers), an ad's daily numbers in
 * the drawer, and a new ad made from an uploaded image on Google Ads (the form's own checks first).
 * Desktop light and phone dark, with no accessibility violations and nothing wider than the screen.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { signedInPage } from "#tests/support/accounts.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();
const SYNC_TIMEOUT = 45_000;
const SCREENSHOTS = path.resolve("data/screenshots/campaign-ads");

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

/** The first campaign's Ads tab, once its ads have synced (their thumbnails are shown). */
async function openAdsTab(page: Page) {
  await page.goto("/campaigns/mes-ads");
  // A campaign whose ads show images (the sandbox's Display, Shopping and YouTube campaigns): in the
  // table's rows on a desktop, in the cards on a phone.
  await page
    .locator('main a[href^="/campaigns/mes-ads/"]:visible', { hasText: /Display|Shopping|YouTube/ })
    .first()
    .click();
  await page.getByRole("navigation", { name: "Campaign sections" }).waitFor();
  await page.getByRole("link", { name: "Ads", exact: true }).click();
  await page.waitForURL(/tab=ads/);
  await page.getByRole("heading", { name: "Ad groups and ads", level: 2 }).waitFor();
  const thumbnail = page.getByRole("img", { name: /^Creative of / }).first();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const shown = await thumbnail
      .waitFor({ timeout: SYNC_TIMEOUT / 3 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
    await page.reload();
  }
  await thumbnail.waitFor({ timeout: SYNC_TIMEOUT });
  // The thumbnail is a real image the browser could draw.
  await thumbnail.scrollIntoViewIfNeeded();
  await expect
    .poll(() => thumbnail.evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: SYNC_TIMEOUT })
    .toBeGreaterThan(0);
}

async function hasNoOverflow(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

async function uploadImage(page: Page, name: string) {
  const bytes = await sharp({ create: { width: 1200, height: 628, channels: 3, background: "#2f6fde" } })
    .png()
    .toBuffer();
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`${origin}/asset-uploads`, {
    headers: { origin, "x-file-name": name },
    data: bytes,
  });
  expect(response.status()).toBe(201);
}

describe("the campaign page's ads", () => {
  it("lists ads with thumbnails, opens an ad's days, and creates an ad from an uploaded image on Google Ads", async () => {
    const { page } = await signedInPage(() => browser.newPage({ viewport: { width: 1440, height: 900 } }));
    await connectGoogleAds(page);
    await uploadImage(page, "spring-sale.png");
    await openAdsTab(page);
    await page
      .getByRole("table", { name: /^Ads of / })
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await hasNoOverflow(page);
    await shoot(page, "ads-1440-light");

    // An ad's drawer: its daily numbers.
    const firstAd = page
      .getByRole("table", { name: /^Ads of / })
      .first()
      .getByRole("link")
      .first();
    const headline = (await firstAd.textContent()) ?? "";
    await firstAd.click();
    const drawer = page.getByRole("dialog", { name: headline });
    await drawer.waitFor();
    await drawer.getByText(/^Daily numbers of this ad, /).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "ad-drawer-1440-light", false);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });

    // A new ad from the uploaded image: the form checks first, then Google Ads creates it.
    await page.getByRole("link", { name: "New ad" }).click();
    const dialog = page.getByRole("dialog", { name: "New ad with an uploaded image" });
    await dialog.waitFor();
    const landing = dialog.getByRole("textbox", { name: "Landing page URL" });
    expect(await landing.inputValue()).toMatch(/utm_source=google&utm_medium=cpc&utm_campaign=/);
    await dialog.getByRole("button", { name: "Create ad" }).click();
    await dialog.getByText("Choose an uploaded image.").waitFor();
    await dialog.getByText("Write a headline.").waitFor();
    await dialog.getByRole("textbox", { name: "Headline" }).fill("A headline much longer than thirty characters");
    await dialog.getByRole("button", { name: "Create ad" }).click();
    await dialog.getByText("At most 30 characters.").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole("radio", { name: "spring-sale" }).check();
    await dialog.getByRole("combobox", { name: "Ad group" }).selectOption({ index: 1 });
    await dialog.getByRole("textbox", { name: "Headline" }).fill("Spring sale");
    await dialog.getByRole("textbox", { name: "Text" }).fill("Everything 20% off until Sunday.");
    await shoot(page, "new-ad-1440-light", false);
    await dialog.getByRole("button", { name: "Create ad" }).click();
    await page.getByText("Ad “Spring sale” created on Google Ads.").waitFor({ timeout: SYNC_TIMEOUT });
    await dialog.waitFor({ state: "hidden" });
    // The page was read again: the new ad is in its ad group, with the uploaded image.
    const created = page.getByRole("link", { name: "Spring sale", exact: true }).first();
    await created.waitFor();
    await created.click();
    await page
      .getByRole("dialog", { name: "Spring sale" })
      .getByRole("img", { name: /^Creative of / })
      .scrollIntoViewIfNeeded();
    const createdDrawer = page.getByRole("dialog", { name: "Spring sale" });
    await createdDrawer.getByText("This ad did not deliver in the chosen range.").waitFor();
    await expect
      .poll(
        () =>
          createdDrawer
            .getByRole("img", { name: /^Creative of / })
            .evaluate((image) => (image as HTMLImageElement).naturalWidth),
        { timeout: SYNC_TIMEOUT },
      )
      .toBeGreaterThan(0);
  }, 240_000);

  it("reads well on a phone in dark mode, as cards", async () => {
    const { page } = await signedInPage(() =>
      browser.newPage({ viewport: { width: 375, height: 800 }, colorScheme: "dark" }),
    );
    await connectGoogleAds(page);
    await openAdsTab(page);
    expect(await axeViolations(page)).toEqual([]);
    await hasNoOverflow(page);
    await shoot(page, "ads-375-dark");
    await page.getByRole("article").first().getByRole("link").first().click();
    await page
      .getByRole("dialog")
      .getByText(/^Daily numbers of this ad, /)
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await hasNoOverflow(page);
    await shoot(page, "ad-drawer-375-dark", false);
  }, 180_000);
});
