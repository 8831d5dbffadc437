import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEVELOPMENT_AUTH_SECRET } from "#core/config/env.ts";
import { sandboxAdminToken } from "#simulator/sandbox-app.ts";
import { signedInPage } from "#tests/support/accounts.ts";
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
