import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, signInAs } from "#tests/support/accounts.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();

/** Sonner's toasts live in the "Notifications" region. */
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe("Settings → Audit log", () => {
  it("shows an admin what was done, filters it and downloads it as CSV", async () => {
    const user = await createVerifiedUser({ firstName: "Ada", lastName: "Lovelace" });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAs(page.context(), user);

    // Something to record: a new API key.
    await page.goto("/settings/api-keys");
    await page.getByRole("button", { name: "Create API key", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Create API key" });
    await form.getByRole("textbox", { name: "Name" }).fill("Reporting");
    await form.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByRole("dialog", { name: "Your new API key" });
    const key = await shown.getByRole("textbox", { name: "API key" }).inputValue();
    await shown.getByRole("button", { name: "Done" }).click();

    // The sidebar's Settings group offers the log to an owner.
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await sidebar.getByRole("link", { name: "Audit log", exact: true }).click();
    await page.getByRole("heading", { name: "Audit log", level: 1 }).waitFor();
    const table = page.getByRole("table", { name: "Audit log entries, newest first" });
    const created = table.getByRole("row").filter({ hasText: "Ada Lovelace created the API key Reporting" });
    await created.waitFor();
    expect(await created.innerText()).toContain(`Reporting (${key.slice(0, 12)}…)`);
    await table.getByRole("row").filter({ hasText: "Ada Lovelace signed in" }).first().waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await axeViolations(page)).toEqual([]);

    // Only the API keys: the sign-ins go.
    await page.getByRole("combobox", { name: "Activity" }).selectOption("api_key");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/action=api_key/);
    await table.getByRole("row").filter({ hasText: "signed in" }).waitFor({ state: "detached" });
    await created.waitFor();
    // A search that matches nothing says so.
    await page.getByRole("searchbox", { name: "Search" }).fill("no such thing");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByRole("heading", { name: "No entries match these filters" }).waitFor();
    await page.getByRole("link", { name: "Clear filters" }).first().click();
    await created.waitFor();

    await page.getByRole("button", { name: "Export", exact: true }).click();
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "CSV", exact: true }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^adhelm-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    // A byte order mark first, so that spreadsheets read the file as UTF-8.
    const download = await readFile(await file.path(), "utf8");
    expect(download.startsWith("\uFEFF")).toBe(true);
    const csv = download.slice(1);
    expect(csv.split("\r\n")[0]).toBe("Time (UTC),Actor,Actor type,Action,Target type,Target,Details,IP address");
    expect(csv).toContain("Ada Lovelace,user,api_key.created,api_key,");
    expect(csv).not.toContain(key);

    // The download is itself in the log.
    await page.reload();
    await table
      .getByRole("row")
      .filter({ hasText: /Ada Lovelace downloaded adhelm-audit-log-/ })
      .waitFor();

    // On a phone the entries are cards, and nothing spills sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await page
      .getByRole("list", { name: "Audit log entries, newest first" })
      .getByText("Ada Lovelace created the API key Reporting", { exact: false })
      .waitFor();
    expect(await fitsWidth(page)).toBe(true);
  });
});

describe("Settings → Audit log for a manager", () => {
  it("is not in the sidebar, and the page says only admins see it", async () => {
    const owner = await createVerifiedUser({ companyName: `Audited ${randomUUID().slice(0, 6)}` });
    const manager = await createVerifiedUser({ firstName: "Max" });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAs(page.context(), manager);
    // Max joins the owner's organization as a manager, and his session works in it.
    await withServerDatabase(async (db) => {
      const organizationId = await organizationOwnedBy(db, owner.email);
      const { id: userId } = await db
        .selectFrom("user")
        .select("id")
        .where("email", "=", manager.email)
        .executeTakeFirstOrThrow();
      await db
        .insertInto("member")
        .values({ id: randomUUID(), organizationId, userId, role: "manager", createdAt: new Date().toISOString() })
        .execute();
      await db
        .updateTable("session")
        .set({ activeOrganizationId: organizationId })
        .where("userId", "=", userId)
        .execute();
    });
    await page.goto("/dashboard");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await sidebar.getByRole("link", { name: "Team", exact: true }).waitFor();
    expect(await sidebar.getByRole("link", { name: "Audit log", exact: true }).count()).toBe(0);

    // The refusal is a 403 document, which Chromium reports as a failed load: expected here, and
    // any other console error still fails the test.
    const unexpected: string[] = [];
    page.removeAllListeners("console");
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().includes("status of 403")) unexpected.push(message.text());
    });
    const response = await page.goto("/settings/audit");
    expect(response?.status()).toBe(403);
    await page.getByRole("heading", { name: "Only admins can see the audit log" }).waitFor();
    await page.getByText("Your role (Manager) does not include the audit log", { exact: false }).waitFor();
    expect(await page.getByRole("link", { name: "Export CSV" }).count()).toBe(0);
    const csv = await page.request.get("/exports/audit-log.csv");
    expect(csv.status()).toBe(403);
    expect(unexpected).toEqual([]);
  });
});

describe("Account → Security", () => {
  it("lists the sessions of two browsers and signs the other one out", async () => {
    const user = await createVerifiedUser({ firstName: "Grace", lastName: "Hopper" });
    const here = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const there = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await signInAs(here.context(), user);
    await signInAs(there.context(), user);
    await there.goto("/dashboard");

    // The user menu leads to it.
    await here.goto("/dashboard");
    await here.getByRole("button", { name: /^User menu/ }).click();
    await here.getByRole("menuitem", { name: "Security" }).click();
    await here.getByRole("heading", { name: "Security", level: 1 }).waitFor();
    const sessions = here.getByRole("region", { name: "Active sessions" });
    expect(await sessions.getByRole("listitem").count()).toBe(2);
    expect(await sessions.getByText("This device", { exact: true }).count()).toBe(1);
    expect(await axeViolations(here)).toEqual([]);

    await sessions.getByRole("button", { name: /^Sign out of / }).click();
    await toast(here, "That session is signed out").waitFor();
    await sessions.getByText("You are signed in on this device only.").waitFor();
    expect(await sessions.getByRole("listitem").count()).toBe(1);

    // The other browser is signed out on its next request; this one is not.
    await there.reload();
    await there.waitForURL(/\/login/);
    await here.reload();
    await here.getByRole("heading", { name: "Security", level: 1 }).waitFor();

    // On a phone the page fits.
    await there.close();
    await here.setViewportSize({ width: 375, height: 800 });
    expect(await fitsWidth(here)).toBe(true);
  });
});
