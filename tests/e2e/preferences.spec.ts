import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES } from "#core/accounts/preferences-schema.ts";
import { signedInPage } from "#tests/support/accounts.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";
import { chooseOption } from "#tests/support/choose-option.ts";

const browser = setupBrowser();
const newDesktopPage = () => browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" });

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
const switchNamed = (page: Page, name: string) => page.getByRole("switch", { name, exact: true });
const isOn = async (page: Page, name: string) =>
  (await switchNamed(page, name).getAttribute("aria-checked")) === "true";

/** Opens the screen and waits for hydration: the save button is disabled until then. */
async function openPreferences(page: Page, path = "/preferences") {
  await page.goto(path);
  await expect.poll(() => page.getByRole("button", { name: "Save Preferences" }).isEnabled()).toBe(true);
}

/** Posts to the route's action the way its fetcher does (React Router's `.data` endpoint). */
function postToAction(page: Page, data: unknown) {
  return page.request.post("/preferences.data", { data, headers: { origin: baseUrl() } });
}

const SWITCH_DEFAULTS: Array<[string, boolean]> = [
  ["Email notifications", true],
  ["Push notifications", true],
  ["Marketing emails", false],
  ["Campaign alerts", true],
  ["Billing alerts", true],
  ["Auto-refresh", true],
  ["Compact mode", false],
  ["Show tooltips", true],
  ["Usage analytics", true],
  ["Data sharing", false],
  ["Necessary cookies", true],
  ["Analytics cookies", true],
  ["Marketing cookies", false],
];

/** The switches' ids, in SWITCH_DEFAULTS' order: they name them in any language. */
const SWITCH_IDS = [
  "notifications-email",
  "notifications-push",
  "notifications-marketing",
  "notifications-campaigns",
  "notifications-billing",
  "dashboard-autoRefresh",
  "dashboard-compactMode",
  "dashboard-showTooltips",
  "privacy-analytics",
  "privacy-dataSharing",
  "privacy-cookiesNecessary",
  "privacy-cookiesAnalytics",
  "privacy-cookiesMarketing",
];

async function switchStatesById(page: Page): Promise<Array<[string, boolean]>> {
  const states: Array<[string, boolean]> = [];
  for (const [index, [name]] of SWITCH_DEFAULTS.entries())
    states.push([
      name,
      (await page.locator(`#preference-${SWITCH_IDS[index]}`).getAttribute("aria-checked")) === "true",
    ]);
  return states;
}

async function switchStates(page: Page): Promise<Array<[string, boolean]>> {
  const states: Array<[string, boolean]> = [];
  for (const [name] of SWITCH_DEFAULTS) states.push([name, await isOn(page, name)]);
  return states;
}

describe("preferences screen", () => {
  it("shows the defaults in four cards, each switch labelled", async () => {
    const { page } = await signedInPage(newDesktopPage);
    await openPreferences(page);
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await breadcrumb.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/dashboard");
    for (const title of ["Appearance", "Notifications", "Dashboard Settings", "Privacy & Data"]) {
      expect(await page.getByRole("heading", { name: title, level: 2, exact: true }).count(), title).toBe(1);
    }
    expect(await switchStates(page)).toEqual(SWITCH_DEFAULTS);
    expect(await switchNamed(page, "Necessary cookies").isDisabled()).toBe(true);
    expect(await page.getByRole("combobox", { name: "Theme" }).textContent()).toContain("System");
    expect(await page.getByRole("combobox", { name: "Language" }).textContent()).toContain("English");
    expect(await page.getByRole("combobox", { name: "Refresh interval" }).textContent()).toContain("30 seconds");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
  });

  it("saves switches, the refresh interval and the language, and keeps them after a reload", async () => {
    const { page } = await signedInPage(newDesktopPage);
    await openPreferences(page, "/account/preferences");
    await switchNamed(page, "Marketing emails").click();
    await switchNamed(page, "Push notifications").click();
    await switchNamed(page, "Compact mode").click();
    await switchNamed(page, "Data sharing").click();
    await switchNamed(page, "Marketing cookies").click();
    await chooseOption(page, "Refresh interval", "5 minutes");
    await chooseOption(page, "Language", "Français");
    await page.getByRole("button", { name: "Save Preferences" }).click();
    // The toast already speaks the language just saved.
    await toasts(page).getByText("Préférences enregistrées", { exact: true }).waitFor();
    expect(await toasts(page).getByText("Vos préférences ont été mises à jour.").isVisible()).toBe(true);
    // The root loader revalidates after the action and sets <html lang> from the saved language;
    // the screen and the sidebar switch to it without a reload.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("fr");
    await page.getByRole("heading", { name: "Préférences", level: 1 }).waitFor();
    const sidebar = page.getByRole("complementary", { name: "Barre latérale" });
    expect(await sidebar.getByRole("link", { name: "Tableau de bord", exact: true }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(await page.getByText("Le site public et les documents juridiques restent en anglais.").count()).toBe(1);

    const changed = new Set([
      "Marketing emails",
      "Push notifications",
      "Compact mode",
      "Data sharing",
      "Marketing cookies",
    ]);
    const expected = SWITCH_DEFAULTS.map(([name, value]): [string, boolean] => [
      name,
      changed.has(name) ? !value : value,
    ]);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    // The first HTML is already French.
    expect(await page.getByRole("heading", { name: "Préférences", level: 1 }).count()).toBe(1);
    expect(await switchStatesById(page)).toEqual(expected);
    expect(await page.getByRole("combobox", { name: "Fréquence d’actualisation" }).textContent()).toContain(
      "5 minutes",
    );
    // Each language keeps its own name.
    expect(await page.getByRole("combobox", { name: "Langue" }).textContent()).toContain("Français");

    // Other screens follow the saved language too.
    await page.goto("/profile");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
  });

  it("applies the theme at once and keeps it in this browser only", async () => {
    const { page } = await signedInPage(newDesktopPage);
    await openPreferences(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await chooseOption(page, "Theme", "Dark");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await expect.poll(() => page.getByRole("combobox", { name: "Theme" }).textContent()).toContain("Dark");
  });

  it("answers a forged value with 400 and a clear message, and saves nothing", async () => {
    const { page } = await signedInPage(newDesktopPage);
    await openPreferences(page);
    const badInterval = await postToAction(page, {
      ...DEFAULT_PREFERENCES,
      language: "de",
      dashboard: { ...DEFAULT_PREFERENCES.dashboard, refreshInterval: "5" },
    });
    expect(badInterval.status()).toBe(400);
    expect(await badInterval.text()).toContain("Choose a refresh interval from the list");

    const noNecessaryCookies = await postToAction(page, {
      ...DEFAULT_PREFERENCES,
      privacy: { ...DEFAULT_PREFERENCES.privacy, cookiesNecessary: false },
    });
    expect(noNecessaryCookies.status()).toBe(400);
    expect(await noNecessaryCookies.text()).toContain("Necessary cookies cannot be turned off");

    await page.reload();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await switchStates(page)).toEqual(SWITCH_DEFAULTS);
    expect(await page.getByRole("combobox", { name: "Refresh interval" }).textContent()).toContain("30 seconds");
  });

  it("answers a save without a session with 'No user logged in'", async () => {
    const page = await newDesktopPage();
    const response = await postToAction(page, DEFAULT_PREFERENCES);
    expect(response.status()).toBe(401);
    expect(await response.text()).toContain("No user logged in");
  });
});
