import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, signInAs } from "#tests/support/accounts.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();

/** Sonner's toasts live in the "Notifications" region. */
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

const SHORT_DATE = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

function listCampaigns(key: string) {
  return fetch(`${baseUrl()}/api/v1/campaigns`, { headers: { authorization: `Bearer ${key}` } });
}

/** A signed-in member whose team has synced campaigns (as a sync would have written them). */
async function memberWithCampaigns(viewport: { width: number; height: number }, colorScheme: "light" | "dark") {
  const user = await createVerifiedUser({ firstName: "Grace", lastName: "Hopper" });
  const page = await browser.newPage({ viewport, colorScheme });
  await signInAs(page.context(), user);
  await withServerDatabase(async (db) => {
    const organizationId = await organizationOwnedBy(db, user.email);
    await seedConnection(db, { organizationId, platform: "google-ads", campaigns: [{}, { status: "paused" }] });
  });
  return page;
}

describe("Settings → API keys", () => {
  it("creates a key shown once, which then works, shows its last use and stops at once when revoked", async () => {
    const page = await memberWithCampaigns({ width: 1280, height: 900 }, "light");
    await page.goto("/settings/api-keys");
    await page.getByRole("heading", { name: "API keys", level: 1 }).waitFor();
    const empty = page.getByRole("region", { name: "No API keys yet" });
    expect(await empty.getByRole("link", { name: "Developer API overview" }).getAttribute("href")).toBe("/api");
    expect(await empty.getByRole("link", { name: "API reference" }).getAttribute("href")).toBe("/api/reference");

    await page.getByRole("button", { name: "Create API key", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Create API key" });
    // The form checks with the server's schema before anything is sent.
    await form.getByRole("button", { name: "Create key" }).click();
    await form.getByText("Give the key a name, e.g. Reporting.", { exact: true }).waitFor();
    await form.getByRole("textbox", { name: "Name" }).fill("Reporting");
    // Safe defaults (issue 23 §4): read only, expiring in 90 days.
    expect(await form.getByRole("combobox", { name: "Expires" }).inputValue()).toBe("90");
    expect(await form.getByRole("radio", { name: "Read only" }).getAttribute("aria-checked")).toBe("true");
    await form.getByRole("combobox", { name: "Expires" }).selectOption("30");
    await form.getByRole("radio", { name: "Read and write" }).click();
    await form.getByRole("button", { name: "Create key" }).click();

    const shown = page.getByRole("dialog", { name: "Your new API key" });
    await shown.getByText("Copy this key now. You won't be able to see it again.", { exact: true }).waitFor();
    const key = await shown.getByRole("textbox", { name: "API key" }).inputValue();
    expect(key).toMatch(/^adh_[A-Za-z0-9_-]{43}$/);
    await toast(page, "API key created").waitFor();
    await shown.getByRole("button", { name: "Copy" }).waitFor();
    await shown.getByRole("button", { name: "Done" }).click();
    await shown.waitFor({ state: "hidden" });

    // From now on only the prefix: never the key itself.
    const row = page.getByRole("table", { name: "Your team's keys" }).getByRole("row").filter({ hasText: "Reporting" });
    await row.getByText(`${key.slice(0, 12)}…`, { exact: true }).waitFor();
    await row.getByRole("cell", { name: "Read and write", exact: true }).waitFor();
    await row.getByRole("cell", { name: "Never", exact: true }).waitFor();
    const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await row.getByRole("cell", { name: SHORT_DATE.format(new Date(`${expiry}T00:00:00Z`)), exact: true }).waitFor();
    await row.getByText("by Grace Hopper", { exact: false }).waitFor();
    await row.getByText("Active", { exact: true }).waitFor();
    await page.reload();
    expect(await page.content()).not.toContain(key);
    await row.getByText("Active", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The key works against the team's own data…
    const listed = await listCampaigns(key);
    expect(listed.status).toBe(200);
    const { data } = (await listed.json()) as { data: Array<{ name: string; status: string }> };
    expect(data.map((campaign) => campaign.name).sort()).toEqual(["Campaign 1", "Campaign 2"]);
    // …and its use shows up (last-used times are written about once a second).
    await expect
      .poll(
        async () => {
          await page.reload();
          return page
            .getByRole("table", { name: "Your team's keys" })
            .getByRole("row")
            .filter({ hasText: "Reporting" })
            .getByRole("cell", { name: "Just now", exact: true })
            .count();
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(1);

    await row.getByRole("button", { name: "Revoke Reporting" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Revoke “Reporting”?" });
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await toast(page, "API key revoked").waitFor();
    await row.getByText("Revoked", { exact: true }).waitFor();
    expect(await row.getByRole("button", { name: "Revoke Reporting" }).count()).toBe(0);

    const refused = await listCampaigns(key);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain("Bearer");
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });

  it("on a phone in the dark: a read-only key that expires on a chosen date; strangers are sent to sign in", async () => {
    const anonymous = await browser.newPage();
    await anonymous.goto("/settings/api-keys");
    await anonymous.waitForURL((url) => url.pathname === "/login");
    expect(new URL(anonymous.url()).search).toBe("?redirectTo=%2Fsettings%2Fapi-keys");

    const page = await memberWithCampaigns({ width: 375, height: 812 }, "dark");
    await page.goto("/settings/api-keys");
    await page.getByRole("button", { name: "Create your first key" }).click();
    const form = page.getByRole("dialog", { name: "Create API key" });
    await form.getByRole("textbox", { name: "Name" }).fill("Looker Studio");
    await form.getByRole("combobox", { name: "Expires" }).selectOption("date");
    await form.getByRole("radio", { name: "Read only" }).click();
    await form.getByRole("button", { name: "Create key" }).click();
    await form.getByText("Choose the day the key stops working.", { exact: true }).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    await form.getByLabel("Expiry date").fill(today);
    await form.getByRole("button", { name: "Create key" }).click();
    await form.getByText("The expiry date must be after today.", { exact: true }).waitFor();
    await form.getByLabel("Expiry date").fill("2099-12-31");
    await form.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByRole("dialog", { name: "Your new API key" });
    const key = await shown.getByRole("textbox", { name: "API key" }).inputValue();
    await shown.getByRole("button", { name: "Done" }).click();

    const card = page
      .getByRole("list", { name: "Your team's keys" })
      .getByRole("listitem")
      .filter({ hasText: "Looker Studio" });
    await card.getByText("Read only", { exact: true }).waitFor();
    await card.getByText("Dec 31, 2099", { exact: true }).waitFor();
    expect(await page.getByRole("table", { name: "Your team's keys" }).isVisible()).toBe(false);
    await page.reload();
    await card.getByText("Read only", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Read only: it reads, and a write is refused.
    expect((await listCampaigns(key)).status).toBe(200);
    const write = await fetch(`${baseUrl()}/api/v1/campaigns/any`, {
      method: "PUT",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ status: "paused" }),
    });
    expect(write.status).toBe(403);
  });
});
