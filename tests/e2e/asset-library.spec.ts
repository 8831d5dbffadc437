/**
 * The asset library with synced creatives, in the browser: connect Google Ads (the sandbox), wait
 * for the ad-level sync, then the library's filters in the URL, the tired badge and its evidence,
 * compare (a fifth choice refused), and a creative's page. Desktop light, then phone dark, with no
 * accessibility violations and nothing wider than the screen; screenshots for review.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, signInAs, type TestUser } from "#tests/support/accounts.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();
const SYNC_TIMEOUT = 60_000;
const SCREENSHOTS = path.resolve("data/screenshots/asset-library");
let connectedUser: Promise<TestUser> | undefined;

/** This file's user, whose organization has Google Ads (the sandbox) connected: made once, on first use. */
function userWithGoogleAds(): Promise<TestUser> {
  connectedUser ??= (async () => {
    const user = await createVerifiedUser({ firstName: "Ada", lastName: "Lovelace" });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page.context(), user);
    await connectGoogleAds(page);
    await page.close();
    return user;
  })();
  return connectedUser;
}

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

const card = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const tiredBadges = (page: Page) => page.getByRole("button", { name: /^Tired: why .+ is marked tired$/ });
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

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

/** The library once the ad level has synced: a tired creative is among them. */
async function openLibrary(page: Page, query = "") {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await page.goto(`/assets${query}`);
    const shown = await tiredBadges(page)
      .first()
      .waitFor({ timeout: SYNC_TIMEOUT / 4 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
  }
  await tiredBadges(page).first().waitFor({ timeout: SYNC_TIMEOUT });
}

/** Nothing wider than the screen; on failure, the message names the widest elements. */
async function hasNoOverflow(page: Page) {
  const { scroll, client, widest } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const widest = [...document.querySelectorAll("body *")]
      .filter((element) => {
        if (element.getBoundingClientRect().right <= width + 1) return false;
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const overflow = getComputedStyle(parent).overflowX;
          if (/(auto|scroll|hidden|clip)/.test(overflow) && parent.getBoundingClientRect().right <= width + 1)
            return false;
        }
        return true;
      })
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
    return { scroll: document.documentElement.scrollWidth, client: width, widest };
  });
  expect(scroll, widest.join("\n")).toBeLessThanOrEqual(client);
}

describe("the asset library with synced creatives", () => {
  it("filters, shows why a creative is tired, compares two and opens a creative's page", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page.context(), await userWithGoogleAds());
    await openLibrary(page);
    await page.getByRole("heading", { name: "Assets", level: 1 }).waitFor();
    await page.getByRole("button", { name: /^Date range:/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await hasNoOverflow(page);
    await shoot(page, "library-1440-light");

    // The evidence of fatigue, in a popover.
    await tiredBadges(page).first().click();
    const evidence = page.getByRole("dialog");
    await evidence.getByText("This creative is tired").waitFor();
    await evidence.getByRole("table", { name: "Fatigue evidence: first days against recent days" }).waitFor();
    await evidence.getByRole("rowheader", { name: "CTR" }).waitFor();
    await shoot(page, "library-tired-popover-1440-light");
    await page.keyboard.press("Escape");

    // Filters live in the URL.
    await page.getByRole("checkbox", { name: "Tired only" }).check();
    await page.waitForURL(/tired=1/);
    await tiredBadges(page).first().waitFor();
    const shownCount = await page
      .getByRole("listitem")
      .filter({ has: tiredBadges(page) })
      .count();
    expect(shownCount).toBeGreaterThan(0);
    await page.getByRole("combobox", { name: "Source" }).selectOption("uploaded");
    await page.waitForURL(/source=uploaded/);
    await page.getByRole("heading", { name: "No creatives match these filters" }).waitFor();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await tiredBadges(page).first().waitFor();
    await page.getByRole("combobox", { name: "Platform" }).selectOption("google-ads");
    await page.waitForURL(/platform=google-ads/);
    await tiredBadges(page).first().waitFor();

    // The table sorts by its headers.
    await page.getByRole("link", { name: "Show as table" }).click();
    await page.waitForURL(/layout=table/);
    await page.getByRole("link", { name: "Sort by CTR" }).click();
    await page.waitForURL(/sort=ctr/);
    await page.getByRole("columnheader", { name: "Sort by CTR" }).and(page.locator("[aria-sort]")).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "table-1440-light");

    // Compare: four at most; the fifth is refused with the reason.
    const boxes = page.getByRole("checkbox", { name: /^Compare / });
    for (let index = 0; index < 5; index += 1) await boxes.nth(index).click();
    await toast(page, "You can compare up to 4 creatives at a time. Remove one to add another.").waitFor();
    const bar = page.getByRole("region", { name: "Creatives to compare" });
    for (let index = 2; index < 4; index += 1) await boxes.nth(index).click();
    await bar.getByRole("link", { name: "Compare 2" }).click();
    await page.waitForURL(/\/assets\/compare\?ids=/);
    await page.getByRole("heading", { name: "Compare creatives", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Daily trends" }).waitFor();
    await page.getByRole("button", { name: "Spend", pressed: false }).click();
    await page.getByRole("button", { name: "Spend", pressed: true }).waitFor();
    await page.getByRole("rowheader", { name: "ROAS" }).waitFor();
    await page.locator(".recharts-surface").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await hasNoOverflow(page);
    await shoot(page, "compare-1440-light");

    // A creative's page, from the compare view.
    await page.getByRole("main").getByRole("listitem").getByRole("link").first().click();
    await page.waitForURL(/\/assets\/creatives\//);
    await page.getByRole("heading", { name: "Landing page" }).waitFor();
    await page.getByRole("heading", { name: "Fatigue" }).waitFor();
    await page.getByRole("heading", { name: /^Used in \d+ ads?$/ }).waitFor();
    await page.getByRole("heading", { name: "By day" }).waitFor();
    await page.locator(".recharts-surface").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await hasNoOverflow(page);
    await shoot(page, "creative-1440-light");
    // Where it is used links to the campaign's page.
    expect(await page.locator('main a[href^="/campaigns/mes-ads/"]').count()).toBeGreaterThan(0);
    await page.close();
  }, 240_000);

  it("reads well on a phone in dark mode", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, colorScheme: "dark" });
    await signInAs(page.context(), await userWithGoogleAds());
    await openLibrary(page);
    expect(await axeViolations(page)).toEqual([]);
    await hasNoOverflow(page);
    await shoot(page, "library-375-dark");
    await page.getByRole("link", { name: "Show as table" }).click();
    await page.waitForURL(/layout=table/);
    await hasNoOverflow(page);
    await shoot(page, "table-375-dark");

    const boxes = page.getByRole("checkbox", { name: /^Compare / });
    await boxes.nth(0).click();
    await boxes.nth(1).click();
    await page.getByRole("region", { name: "Creatives to compare" }).getByRole("link", { name: "Compare 2" }).click();
    await page.getByRole("heading", { name: "Compare creatives", level: 1 }).waitFor();
    await page.locator(".recharts-surface").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await hasNoOverflow(page);
    await shoot(page, "compare-375-dark");

    await page.getByRole("main").getByRole("listitem").getByRole("link").first().click();
    await page.getByRole("heading", { name: "Landing page" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await hasNoOverflow(page);
    await shoot(page, "creative-375-dark");
    await page.close();
  }, 180_000);
});
