import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Database } from "#core/db/schema.ts";
import { createVerifiedUser, signInAs } from "#tests/support/accounts.ts";
import { type SeededConnection, seedConnection } from "#tests/support/ad-data.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const MINUTE = 60_000;

const cardOf = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

/** A signed-in page of a new user whose organization has the given connection, as a sync left it. */
async function pageWithConnection(
  seed: Omit<SeededConnection, "organizationId">,
  after?: (db: Kysely<Database>, ids: { organizationId: string; connectionId: string }) => Promise<void>,
) {
  const user = await createVerifiedUser({ firstName: "Grace" });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInAs(page.context(), user);
  const ids = await withServerDatabase(async (db) => {
    const organizationId = await organizationOwnedBy(db, user.email);
    const { connectionId } = await seedConnection(db, { organizationId, ...seed });
    await after?.(db, { organizationId, connectionId });
    return { organizationId, connectionId };
  });
  return { page, ...ids };
}

async function setLastSynced(db: Kysely<Database>, connectionId: string, at: Date) {
  await db
    .updateTable("connections")
    .set({ last_synced_at: at.toISOString() })
    .where("id", "=", connectionId)
    .execute();
}

describe("integrations screen", () => {
  it("shows anonymous visitors the whole catalogue, and Connect asks them to sign in first", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto("/integrations");
    await page.getByRole("heading", { name: "Integrations", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Ad platforms", level: 2 }).waitFor();
    await page.getByRole("heading", { name: "E-commerce", level: 2 }).waitFor();
    for (const name of [
      "Google Ads",
      "Microsoft Advertising",
      "Meta",
      "Twitter/X",
      "LinkedIn",
      "TikTok",
      "Shopify",
      "WooCommerce",
    ])
      await cardOf(page, name).waitFor();
    await cardOf(page, "Meta").getByText("Recommended", { exact: true }).waitFor();

    const comingSoon = cardOf(page, "Twitter/X").getByRole("button", { name: "Coming soon", exact: true });
    expect(await comingSoon.isDisabled()).toBe(true);
    expect(await cardOf(page, "Twitter/X").getByRole("button", { name: "Connect" }).count()).toBe(0);

    await cardOf(page, "Google Ads").getByRole("button", { name: "Connect Google Ads", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).search).toBe("?redirectTo=%2Fintegrations");
  });

  it("asks a store's address before connecting it", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto("/integrations");
    await cardOf(page, "Shopify").getByRole("button", { name: "Connect Shopify", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Connect Shopify" });
    const address = dialog.getByRole("textbox", { name: "Shop domain" });
    expect(await address.getAttribute("placeholder")).toBe("your-store.myshopify.com");
    expect(await address.getAttribute("name")).toBe("storeAddress");
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("tells a signed-in team with nothing connected what to do next", async () => {
    const user = await createVerifiedUser({ firstName: "Ada" });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAs(page.context(), user);
    await page.goto("/integrations");
    await page.getByText("Connect an ad platform to start syncing campaigns", { exact: false }).waitFor();
    await cardOf(page, "Google Ads").getByRole("button", { name: "Connect Google Ads", exact: true }).waitFor();
  });

  it("shows a connection as Active with Manage, Disconnect and a computed last sync", async () => {
    const { page } = await pageWithConnection({ platform: "google-ads" }, (db, { connectionId }) =>
      setLastSynced(db, connectionId, new Date(Date.now() - 5 * MINUTE - 10_000)),
    );
    await page.goto("/integrations");
    const card = cardOf(page, "Google Ads");
    await card.getByText("Active", { exact: true }).waitFor();
    await card.getByText("Last sync: 5 minutes ago", { exact: true }).waitFor();
    await card.getByText("1 of 1 ad account managed", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Manage Google Ads", exact: true }).waitFor();
    await card.getByRole("button", { name: "Disconnect Google Ads", exact: true }).waitFor();
    expect(await card.getByRole("button", { name: "Connect Google Ads", exact: true }).count()).toBe(0);
    // The other platforms are still there to connect.
    await cardOf(page, "Meta").getByRole("button", { name: "Connect Meta", exact: true }).waitFor();
  });

  it("manages the ad accounts and lists the sync history, failures with the platform's words", async () => {
    const { page } = await pageWithConnection({ platform: "google-ads" }, async (db, ids) => {
      await setLastSynced(db, ids.connectionId, new Date(Date.now() - 3 * 60 * MINUTE));
      const startedAt = new Date(Date.now() - 3 * 60 * MINUTE - 2 * MINUTE);
      await db
        .insertInto("sync_runs")
        .values({
          id: randomUUID(),
          organization_id: ids.organizationId,
          connection_id: ids.connectionId,
          kind: "incremental",
          status: "failed",
          window_from: "2026-01-01",
          window_to: "2026-01-03",
          retries: 2,
          error: "The Google Ads API refused the request: quota exhausted.",
          started_at: startedAt.toISOString(),
          finished_at: startedAt.toISOString(),
        })
        .execute();
    });
    await page.goto("/integrations");
    await cardOf(page, "Google Ads").getByRole("button", { name: "Manage Google Ads", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Manage Google Ads" });
    const account = dialog.getByRole("checkbox", { name: "google-ads account", exact: true });
    expect(await account.getAttribute("aria-checked")).toBe("true");
    // Nothing changed yet: nothing to save.
    const save = dialog.getByRole("button", { name: "Save", exact: true });
    expect(await save.isDisabled()).toBe(true);
    await account.click();
    await dialog.getByText("Choose at least one ad account to manage.", { exact: true }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await account.click();

    const history = dialog.getByRole("table", { name: "Sync history" });
    // The failed run; the scheduler may add an incremental run of its own meanwhile (the last sync
    // was three hours ago).
    const failedRun = history
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "Incremental", exact: true }) })
      .filter({ has: page.getByText("Failed", { exact: true }) });
    await failedRun.waitFor();
    await history.getByText("The Google Ads API refused the request: quota exhausted.").waitFor();
    await dialog.getByRole("button", { name: "Sync now Google Ads", exact: true }).waitFor();
  });

  it("follows a running sync live, without a reload, until it has finished", async () => {
    const runId = randomUUID();
    const steps = (count: number) => JSON.stringify(Array.from({ length: count }, (_, index) => `step:${index}`));
    const { page, connectionId } = await pageWithConnection({ platform: "google-ads", status: "syncing" }, (db, ids) =>
      db
        .insertInto("sync_runs")
        .values({
          id: runId,
          organization_id: ids.organizationId,
          connection_id: ids.connectionId,
          kind: "backfill",
          status: "running",
          window_from: "2026-01-01",
          window_to: "2026-03-31",
          steps_total: 9,
          steps_done: steps(4),
          started_at: new Date().toISOString(),
          finished_at: null,
        })
        .execute()
        .then(() => undefined),
    );
    await page.goto("/integrations");
    const card = cardOf(page, "Google Ads");
    await card.getByText("Syncing", { exact: true }).waitFor();
    await card.getByText("Syncing for the first time…", { exact: true }).waitFor();
    const progress = card.getByRole("progressbar", { name: "Backfilling 90 days… 4 of 9" });
    expect(await progress.getAttribute("aria-valuenow")).toBe("4");
    expect(await progress.getAttribute("aria-valuemax")).toBe("9");

    await withServerDatabase((db) =>
      db
        .updateTable("sync_runs")
        .set({ steps_done: steps(6) })
        .where("id", "=", runId)
        .execute(),
    );
    await card.getByRole("progressbar", { name: "Backfilling 90 days… 6 of 9" }).waitFor();

    await withServerDatabase(async (db) => {
      const finishedAt = new Date().toISOString();
      await db
        .updateTable("sync_runs")
        .set({ steps_done: steps(9), status: "succeeded", finished_at: finishedAt })
        .where("id", "=", runId)
        .execute();
      await db
        .updateTable("connections")
        .set({ status: "active", last_synced_at: finishedAt })
        .where("id", "=", connectionId)
        .execute();
    });
    await card.getByText("Active", { exact: true }).waitFor();
    await card.getByText("Last sync: just now", { exact: true }).waitFor();
    expect(await card.getByRole("progressbar").count()).toBe(0);
  });

  it("shows a failing connection's error and offers Reconnect", async () => {
    const { page } = await pageWithConnection({ platform: "google-ads", status: "error" }, (db, { connectionId }) =>
      db
        .updateTable("connections")
        .set({ last_error: "Access was revoked: the token expired. Reconnect to continue." })
        .where("id", "=", connectionId)
        .execute()
        .then(() => undefined),
    );
    await page.goto("/integrations");
    const card = cardOf(page, "Google Ads");
    await card.getByText("Error", { exact: true }).waitFor();
    await card.getByText("Access was revoked: the token expired.", { exact: false }).waitFor();
    await card.getByRole("button", { name: "Reconnect Google Ads", exact: true }).waitFor();
    await card.getByText("Never synced", { exact: true }).waitFor();
  });

  it("disconnects and deletes the synced data after asking, and the card offers Connect again", async () => {
    const { page } = await pageWithConnection(
      { platform: "google-ads", campaigns: [{ spend: { "2026-01-01": 1_000 } }] },
      (db, { connectionId }) => setLastSynced(db, connectionId, new Date(Date.now() - 2 * MINUTE)),
    );
    await page.goto("/integrations");
    const card = cardOf(page, "Google Ads");
    await card.getByRole("button", { name: "Disconnect Google Ads", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Disconnect Google Ads?" });
    const keep = confirm.getByRole("radio", { name: "Keep the synced data" });
    expect(await keep.getAttribute("aria-checked")).toBe("true");
    await confirm.getByRole("radio", { name: "Delete the synced data" }).click();
    await confirm.getByRole("button", { name: "Disconnect", exact: true }).click();

    await page.getByText("Disconnected", { exact: true }).waitFor();
    await page.getByText("Its synced data was deleted.", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Connect Google Ads", exact: true }).waitFor();
    expect(await card.getByText("Active", { exact: true }).count()).toBe(0);
    await confirm.waitFor({ state: "hidden" });
  });

  it("opens the account picker after consent, and saving it says the connection is successful", async () => {
    const { page, connectionId } = await pageWithConnection({ platform: "google-ads" });
    await page.goto(`/integrations?choose=${connectionId}`);
    const picker = page.getByRole("dialog", { name: "Choose the ad accounts Adhelm manages" });
    const account = picker.getByRole("checkbox", { name: "google-ads account", exact: true });
    expect(await account.getAttribute("aria-checked")).toBe("true");
    await picker.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Connection successful!", { exact: true }).waitFor();
    await picker.waitFor({ state: "hidden" });
    await page.waitForURL((url) => url.pathname === "/integrations" && !url.searchParams.has("choose"));
  });
});
