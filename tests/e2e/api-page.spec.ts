import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, signInAs } from "#tests/support/accounts.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { organizationOwnedBy, withServerDatabase } from "#tests/support/server-database.ts";

const browser = setupBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const ENDPOINTS = [
  ["List campaigns", "GET /api/v1/campaigns"],
  ["Create a campaign", "POST /api/v1/campaigns"],
  ["Get campaign metrics", "GET /api/v1/campaigns/{id}/metrics"],
  ["Update a campaign", "PUT /api/v1/campaigns/{id}"],
] as const;

const card = (page: Page, endpoint: string) => page.getByRole("article", { name: endpoint, exact: true });

/** A signed-in member whose team has synced Google Ads campaigns, and optionally an API key made on the keys page. */
async function member(options: { withKey: boolean }): Promise<{ page: Page; key: string | null }> {
  const user = await createVerifiedUser({ firstName: "Ada" });
  const page = await browser.newPage(DESKTOP);
  await signInAs(page.context(), user);
  await withServerDatabase(async (db) => {
    const organizationId = await organizationOwnedBy(db, user.email);
    await seedConnection(db, {
      organizationId,
      platform: "google-ads",
      campaigns: [{ spend: { "2026-01-01": 1_000 } }, { status: "paused" }, { status: "removed" }],
    });
  });
  if (!options.withKey) return { page, key: null };
  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Create API key", exact: true }).click();
  const form = page.getByRole("dialog", { name: "Create API key" });
  await form.getByRole("textbox", { name: "Name" }).fill("Try it");
  await form.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByRole("dialog", { name: "Your new API key" });
  const key = await shown.getByRole("textbox", { name: "API key" }).inputValue();
  await shown.getByRole("button", { name: "Done" }).click();
  return { page, key };
}

describe("the /api page's Try it", () => {
  it("shows anonymous visitors the documented example on a static page, with a way to their own data", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/api");
    expect(await page.locator("html").getAttribute("data-hydrated")).toBe("static");
    expect(await page.getByRole("link", { name: "API reference" }).first().getAttribute("href")).toBe("/api/reference");
    const list = card(page, "GET /api/v1/campaigns");
    await list.getByText("Try it").click();
    const example = list.getByRole("region", { name: "Example response: GET /api/v1/campaigns", exact: true });
    await expect.poll(() => example.isVisible()).toBe(true);
    expect(JSON.parse((await example.textContent()) ?? "").data[0].id).toBe("cmp_8f3k2m1q");
    const note = list.getByRole("link", { name: "Sign in and create an API key to run this against your own data." });
    expect(await note.getAttribute("href")).toBe("/login?redirectTo=%2Fsettings%2Fapi-keys");
    expect(await list.getByRole("region", { name: "Response: GET /api/v1/campaigns", exact: true }).count()).toBe(0);
  });

  it("runs against a member's own campaigns once their team has a key, and asks before a write", async () => {
    const { page } = await member({ withKey: false });
    await page.goto("/api");
    const exampleCard = card(page, "GET /api/v1/campaigns");
    await exampleCard.getByText("Try it").click();
    expect(
      await exampleCard
        .getByRole("link", { name: "Create an API key to run this against your own data." })
        .getAttribute("href"),
    ).toBe("/settings/api-keys");

    // With a key, Try it is a real call through the API as the team, sent as a plain form post.
    await page.goto("/settings/api-keys");
    await page.getByRole("button", { name: "Create your first key" }).click();
    const form = page.getByRole("dialog", { name: "Create API key" });
    await form.getByRole("textbox", { name: "Name" }).fill("Reporting");
    await form.getByRole("button", { name: "Create key" }).click();
    await page.getByRole("dialog", { name: "Your new API key" }).getByRole("button", { name: "Done" }).click();

    await page.goto("/api");
    expect(await page.locator("html").getAttribute("data-hydrated")).toBe("static");
    const list = card(page, "GET /api/v1/campaigns");
    await list.getByText("Runs with your team's data as the key “Reporting”", { exact: false }).waitFor();
    await list.getByRole("button", { name: "Try it GET /api/v1/campaigns" }).click();
    const answer = list.getByRole("region", { name: "Response: GET /api/v1/campaigns" });
    await answer.getByText("200 OK", { exact: true }).waitFor();
    expect(new URL(page.url()).hash).toBe("#endpoint-list-campaigns");
    await answer.getByText("RateLimit-Remaining", { exact: true }).waitFor();
    const body = await answer.getByRole("region", { name: "Response body: GET /api/v1/campaigns" }).textContent();
    const { data } = JSON.parse(body ?? "") as { data: Array<{ name: string; status: string }> };
    // The team's own active and paused campaigns, not the documented example's.
    expect(data.map((campaign) => [campaign.name, campaign.status]).sort()).toEqual([
      ["Campaign 1", "active"],
      ["Campaign 2", "paused"],
    ]);

    const metrics = card(page, "GET /api/v1/campaigns/{id}/metrics");
    await metrics.getByRole("button", { name: "Try it GET /api/v1/campaigns/{id}/metrics" }).click();
    const metricsAnswer = metrics.getByRole("region", { name: "Response: GET /api/v1/campaigns/{id}/metrics" });
    await metricsAnswer.getByText("200 OK", { exact: true }).waitFor();
    const kpis = JSON.parse(
      (await metricsAnswer.getByRole("region", { name: /^Response body/ }).textContent()) ?? "",
    ) as { data: Record<string, unknown> };
    for (const key of ["spend", "roas", "roi"]) expect(kpis.data).toHaveProperty(key);

    // A write says what it will do before anything is sent.
    const create = card(page, "POST /api/v1/campaigns");
    await create.getByText("Try it").click();
    const confirmation = create.getByRole("note");
    await expect.poll(() => confirmation.textContent()).toContain("a paused campaign named “API test campaign”");
    expect(await confirmation.textContent()).toContain("in your ad account “google-ads account”");
    await create.getByRole("button", { name: "Send POST request" }).waitFor();
    const update = card(page, "PUT /api/v1/campaigns/{id}");
    await update.getByText("Try it").click();
    await expect.poll(() => update.getByRole("note").textContent()).toContain("a change that changes nothing");
  });
});

describe("the API reference", () => {
  it("documents the four endpoints from the live OpenAPI document, and its console sends real requests", async () => {
    const { page, key } = await member({ withKey: true });
    await page.goto("/api/reference");
    await page.getByRole("heading", { name: "Adhelm API", level: 1 }).waitFor();
    for (const [summary, endpoint] of ENDPOINTS) {
      const section = page.getByRole("region", { name: summary, exact: true });
      const [method, path] = endpoint.split(" ");
      await section
        .getByText(path ?? "", { exact: true })
        .first()
        .waitFor();
      await section
        .getByText(method ?? "", { exact: true })
        .first()
        .waitFor();
      await section.getByRole("form", { name: `Console: ${endpoint}`, exact: true }).waitFor();
    }
    for (const guide of ["Authentication", "Errors", "Idempotency", "Rate limits", "Pagination"])
      await page.getByRole("heading", { name: guide, level: 2 }).waitFor();
    expect(await page.getByRole("link", { name: "OpenAPI 3.1 document" }).getAttribute("href")).toBe(
      "/api/v1/openapi.json",
    );
    expect(await axeViolations(page)).toEqual([]);

    const listConsole = page.getByRole("form", { name: "Console: GET /api/v1/campaigns", exact: true });
    await listConsole.getByRole("button", { name: "Send request" }).click();
    await listConsole.getByRole("alert").getByText("Paste an API key first.", { exact: false }).waitFor();
    await listConsole.getByLabel("API key").fill("adh_not-a-real-key");
    await listConsole.getByRole("button", { name: "Send request" }).click();
    const answer = listConsole.getByRole("region", { name: "Response: GET /api/v1/campaigns" });
    await answer.getByText("401 Unauthorized", { exact: true }).waitFor();

    await listConsole.getByLabel("API key").fill(key ?? "");
    await listConsole.getByRole("textbox", { name: "status query" }).fill("paused");
    await listConsole.getByRole("button", { name: "Send request" }).click();
    await answer.getByText("200 OK", { exact: true }).waitFor();
    await answer.getByText("RateLimit-Remaining", { exact: true }).waitFor();
    const body = JSON.parse((await answer.getByRole("region", { name: /^Response body/ }).textContent()) ?? "") as {
      data: Array<{ name: string }>;
    };
    expect(body.data.map((campaign) => campaign.name)).toEqual(["Campaign 2"]);

    // The page's ETag sent back: nothing changed, so 304 and no body.
    const etag = await answer
      .getByRole("term")
      .filter({ hasText: /^ETag$/ })
      .locator("xpath=following-sibling::dd[1]")
      .textContent();
    expect(etag).toMatch(/^W\/"/);
    await listConsole.getByRole("textbox", { name: "If-None-Match header" }).fill(etag ?? "");
    await listConsole.getByRole("button", { name: "Send request" }).click();
    await answer.getByText("304 Not Modified", { exact: true }).waitFor();
    expect(await answer.getByRole("region", { name: /^Response body/ }).count()).toBe(0);

    // The key is shared by the page's consoles and kept for this tab only.
    const metricsConsole = page.getByRole("form", { name: "Console: GET /api/v1/campaigns/{id}/metrics" });
    expect(await metricsConsole.getByLabel("API key").inputValue()).toBe(key);
    await page.reload();
    await page.waitForSelector("html[data-hydrated=true]", { state: "attached" });
    await expect.poll(() => metricsConsole.getByLabel("API key").inputValue()).toBe(key);
  }, 90_000);
});
