import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEVELOPMENT_AUTH_SECRET } from "#core/config/env.ts";
import { sandboxAdminToken } from "#simulator/sandbox-app.ts";
import { signedInPage } from "#tests/support/accounts.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { duplicateControlNames } from "#tests/support/axe-control-names.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const SYNC_TIMEOUT = 25_000;
/** A whole connect: consent, the account picker and a backfill waited for, on a machine that may be busy. */
const CONNECT_TIMEOUT = 90_000;

const AD_PLATFORMS = [
  ["google-ads", "Google Ads"],
  ["microsoft-ads", "Microsoft Advertising"],
  ["facebook-ads", "Meta"],
  ["tiktok-ads", "TikTok"],
  ["linkedin-ads", "LinkedIn"],
] as const;

const STORES = [
  ["shopify", "Shopify", "northwind-outdoor"],
  ["woocommerce", "WooCommerce", "https://shop.northwind.example"],
] as const;

/** The sandbox's admin API, as a test sets faults (the server runs with the development secret). */
async function sandboxAdmin(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${baseUrl()}/sandbox/_admin${path}`, {
    method,
    headers: {
      authorization: `Bearer ${sandboxAdminToken(DEVELOPMENT_AUTH_SECRET)}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`sandbox admin ${method} ${path}: ${response.status}`);
}

const card = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

/** Consent on the sandbox's page, then the account picker with every account ticked. */
async function allowAndPickAccounts(page: Page, name: string) {
  await page.getByRole("heading", { name: `Authorize Adhelm to manage your ${name} sandbox account` }).waitFor();
  await page.getByRole("button", { name: "Allow" }).click();
  const picker = page.getByRole("dialog");
  await picker.waitFor();
  const boxes = picker.getByRole("checkbox");
  expect(await boxes.count()).toBeGreaterThan(0);
  for (const box of await boxes.all()) expect(await box.isChecked()).toBe(true);
  await picker.getByRole("button", { name: "Save" }).click();
  await page.getByText("Connection successful!").waitFor();
}

async function waitUntilSynced(page: Page, name: string) {
  await card(page, name).getByText("Active", { exact: true }).waitFor({ timeout: SYNC_TIMEOUT });
  await card(page, name)
    .getByText(/Last sync: (just now|\d+ seconds? ago)/)
    .waitFor({ timeout: SYNC_TIMEOUT });
}

describe("connecting platforms", () => {
  it.each(AD_PLATFORMS)(
    "connects %s through its consent page and the account picker, then backfills",
    async (_id, name) => {
      const { page } = await signedInPage(() => browser.newPage({ viewport: { width: 1280, height: 900 } }));
      await page.goto("/integrations");
      await card(page, name).getByRole("button", { name: "Connect" }).click();
      await allowAndPickAccounts(page, name);
      await waitUntilSynced(page, name);
      // Saving takes ?choose= out of the address (a client-side replace that may land after the card updates).
      await page.waitForURL((url) => url.pathname === "/integrations" && !url.searchParams.has("choose"));

      await page.goto("/dashboard");
      await page.getByRole("group", { name: "Platforms" }).getByText("1", { exact: true }).waitFor();
      const campaigns = await page.getByRole("group", { name: "Campaigns" }).textContent();
      expect(Number(/\d+/.exec(campaigns ?? "")?.[0])).toBeGreaterThan(0);
    },
    CONNECT_TIMEOUT,
  );

  it.each(STORES)(
    "connects the %s store after asking where it is",
    async (_id, name, address) => {
      const { page } = await signedInPage(() => browser.newPage({ viewport: { width: 1280, height: 900 } }));
      await page.goto("/dashboard/integrations");
      await card(page, name).getByRole("button", { name: "Connect" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("textbox").fill(address);
      await dialog.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { name: `Authorize Adhelm to manage your ${name} sandbox account` }).waitFor();
      await page.getByRole("button", { name: "Allow" }).click();
      await page.getByText("Connection successful!").waitFor();
      await waitUntilSynced(page, name);
    },
    CONNECT_TIMEOUT,
  );

  it("says the connection failed when consent is denied, and connects nothing", async () => {
    const { page } = await signedInPage(() => browser.newPage());
    await page.goto("/integrations");
    await card(page, "TikTok").getByRole("button", { name: "Connect" }).click();
    await page.getByRole("heading", { name: "Authorize Adhelm to manage your TikTok sandbox account" }).waitFor();
    await page.getByRole("button", { name: "Deny" }).click();
    await page.getByText("Connection failed").waitFor();
    await page.getByText("There was an error connecting to the platform. Please try again.").waitFor();
    await card(page, "TikTok").getByRole("button", { name: "Connect" }).waitFor();
  });

  it(
    "shows the platform's error when access is revoked, and Reconnect brings the connection back",
    async () => {
      const { page, user } = await signedInPage(() => browser.newPage({ viewport: { width: 1280, height: 900 } }));
      await page.goto("/integrations");
      await card(page, "Google Ads").getByRole("button", { name: "Connect" }).click();
      await allowAndPickAccounts(page, "Google Ads");
      await waitUntilSynced(page, "Google Ads");

      const tenant = await withServerDatabase((db) => organizationOwnedBy(db, user.email));
      await sandboxAdmin("POST", "/faults", { kind: "revoked", tenant, platform: "google-ads" });
      try {
        await card(page, "Google Ads").getByRole("button", { name: "Manage" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Sync now" }).click();
        await page.getByText("Sync started").waitFor();
        await page.keyboard.press("Escape");
        await card(page, "Google Ads").getByText("Error", { exact: true }).waitFor({ timeout: SYNC_TIMEOUT });
        await card(page, "Google Ads")
          .getByText(/Reconnect to continue/)
          .waitFor();
      } finally {
        await sandboxAdmin("DELETE", "/faults");
      }
      await card(page, "Google Ads").getByRole("button", { name: "Reconnect" }).click();
      await allowAndPickAccounts(page, "Google Ads");
      await waitUntilSynced(page, "Google Ads");
    },
    CONNECT_TIMEOUT,
  );
});

describe("choosing the ad accounts later (issue 23 §2)", () => {
  it(
    "after Decide later the card and the dashboard ask for accounts; choosing from the dashboard syncs the first numbers",
    async () => {
      const { page } = await signedInPage(() => browser.newPage({ viewport: { width: 1280, height: 900 } }));
      await page.goto("/integrations");
      await card(page, "Google Ads").getByRole("button", { name: "Connect Google Ads", exact: true }).click();
      await page.getByRole("heading", { name: "Authorize Adhelm to manage your Google Ads sandbox account" }).waitFor();
      await page.getByRole("button", { name: "Allow" }).click();
      const picker = page.getByRole("dialog");
      await picker.getByRole("button", { name: "Decide later" }).click();
      await picker.waitFor({ state: "hidden" });

      // Not silently unsynced: the card says what is missing and offers the picker.
      const google = card(page, "Google Ads");
      await google.getByText("Not syncing", { exact: true }).waitFor();
      await google.getByText("Choose accounts to start syncing", { exact: true }).waitFor();
      await google.getByRole("link", { name: "Choose accounts for Google Ads", exact: true }).waitFor();
      expect(await google.getByText("Active", { exact: true }).count()).toBe(0);

      // The dashboard says so too, and its prompt opens the same picker.
      await page.goto("/dashboard");
      const prompt = page.getByRole("region", { name: "Choose accounts to start syncing" });
      await prompt.getByRole("link", { name: "Choose Google Ads accounts" }).click();
      await page.waitForURL((url) => url.pathname === "/integrations" && url.searchParams.has("choose"));
      const chooser = page.getByRole("dialog", { name: "Choose the ad accounts Adhelm manages" });
      const boxes = chooser.getByRole("checkbox");
      await boxes.first().waitFor();
      expect(await boxes.count()).toBeGreaterThan(1);
      // Only the first account, for a change.
      await chooser.getByRole("checkbox", { name: /select all/i }).click();
      await boxes.nth(1).click();
      await chooser.getByRole("button", { name: "Save" }).click();
      await page.getByText("Connection successful!").waitFor();
      await waitUntilSynced(page, "Google Ads");
      await google.getByText(/^1 of \d+ ad accounts managed$/).waitFor();

      // The first numbers, and no more prompt.
      await page.goto("/dashboard");
      await page.getByRole("group", { name: "Platforms" }).getByText("1", { exact: true }).waitFor();
      const campaigns = await page.getByRole("group", { name: "Campaigns" }).textContent();
      expect(Number(/\d+/.exec(campaigns ?? "")?.[0])).toBeGreaterThan(0);
      expect(await page.getByRole("region", { name: "Choose accounts to start syncing" }).count()).toBe(0);
    },
    CONNECT_TIMEOUT,
  );
});

describe("each control's name on the integrations page (issue 23 §2)", () => {
  it(
    "names every card's actions after its platform, so no two controls that do different things share a name",
    async () => {
      const { page } = await signedInPage(() => browser.newPage({ viewport: { width: 1280, height: 900 } }));
      await page.goto("/integrations");
      // Unconnected cards: a Connect per platform, each with its own name.
      for (const [, name] of AD_PLATFORMS)
        await card(page, name)
          .getByRole("button", { name: `Connect ${name}`, exact: true })
          .waitFor();
      expect(await duplicateControlNames(page)).toEqual([]);

      // A connected card: Manage, Disconnect and, in Manage, Sync now, with the platform in their names.
      await card(page, "Meta").getByRole("button", { name: "Connect Meta", exact: true }).click();
      await allowAndPickAccounts(page, "Meta");
      await page.waitForURL((url) => url.pathname === "/integrations" && !url.searchParams.has("choose"));
      await card(page, "Meta").getByRole("button", { name: "Disconnect Meta", exact: true }).waitFor();
      expect(await duplicateControlNames(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await card(page, "Meta").getByRole("button", { name: "Manage Meta", exact: true }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Sync now Meta", exact: true }).waitFor();
      await page.keyboard.press("Escape");

      // The check itself fails on two controls with one name that do different things.
      await page.evaluate(() => {
        for (const intent of ["pause", "delete"]) {
          const form = document.createElement("form");
          form.action = `/test/${intent}`;
          form.innerHTML = `<input type="hidden" name="intent" value="${intent}"><button type="submit">Go</button>`;
          document.querySelector("main")?.append(form);
        }
      });
      expect(await duplicateControlNames(page)).toEqual([
        expect.stringMatching(/^"Go" names 2 controls that do different things/),
      ]);
    },
    CONNECT_TIMEOUT,
  );
});
