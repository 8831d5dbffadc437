/**
 * Ask Adhelm in the browser. With a model (a server of its own, pointed at the local fake
 * OpenAI-compatible server, and a sandbox platform connected): a streamed answer with a citation
 * and a chart, a proposal confirmed and then undone from the toast, and a German reader answered in
 * German; screenshots of it at 1440 and 375 px, light and dark. Without a model (the shared
 * server): a catalogue question answered.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES } from "#core/accounts/preferences-schema.ts";
import { openDatabase } from "#core/db/database.ts";
import { BUILD_DIR } from "#scripts/build-if-stale.ts";
import { startServer } from "#server/main.ts";
import { signedInPage } from "#tests/support/accounts.ts";
import { axeViolations } from "#tests/support/axe.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { type FakeOpenAi, startFakeOpenAi } from "#tests/support/fake-openai.ts";
import { freePort } from "#tests/support/free-port.ts";
import { TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const browser = setupBrowser();
const SYNC_TIMEOUT = 25_000;
/** The first answer on a fresh server reads a synced history; the machine may be busy. */
const ANSWER_TIMEOUT = 30_000;
const SCREENSHOTS = path.resolve("data/screenshots");

describe("Ask without a model", () => {
  it("answers a built-in question and says how to connect a model", async () => {
    const { page } = await signedInPage(() => browser.newPage({ viewport: { width: 1280, height: 900 } }));
    await page.goto("/ask-shown");
    await page.getByRole("heading", { name: "Ask Adhelm", level: 1 }).waitFor();
    await page.getByRole("main").getByText("Beta", { exact: true }).waitFor();
    await page.getByText(/No model is connected: Ask answers 20 common questions/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "What changed yesterday?" }).click();
    const answer = page.getByRole("article", { name: "Answer from Adhelm" });
    await answer.getByText(/^Nothing was changed from /).waitFor();
    await answer.getByRole("link", { name: /^Change log/ }).waitFor();
    // The conversation is kept, under the question's words, at its own address.
    await page.waitForURL(/\/ask-shown\?c=/);
    await page
      .getByRole("complementary", { name: "Conversations" })
      .getByRole("link", { name: "What changed yesterday?" })
      .waitFor();
  });
});

describe("Ask with a model", () => {
  let fake: FakeOpenAi;
  let server: Awaited<ReturnType<typeof startServer>>;
  let dataDir: string;
  let appUrl: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    mkdirSync(TEST_DATA_DIR, { recursive: true });
    dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "ask-model-"));
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    server = await startServer({
      env: testEnv({
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: appUrl,
        DATA_DIR: dataDir,
        LLM_BASE_URL: fake.url,
        LLM_API_KEY: "sk-e2e",
        LLM_MODEL: "fake-model",
      }),
      buildDir: BUILD_DIR,
    });
  });

  afterAll(async () => {
    await server?.stop();
    await fake?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A verified person on this server, signed in in a new page, with Google Ads connected and synced. */
  async function connectedPage(width: number, colorScheme: "light" | "dark" = "light") {
    const email = `asker-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const cookie = await verifiedSessionCookie(
      { request: (url, init) => fetch(`${appUrl}${url}`, init) },
      { appUrl, dataDir, email },
    );
    const page = await browser.newPage({ baseURL: appUrl, viewport: { width, height: 900 }, colorScheme });
    await page.context().addCookies(
      cookie.split("; ").map((pair) => {
        const separator = pair.indexOf("=");
        return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url: appUrl };
      }),
    );
    return { page, email };
  }

  async function connectGoogle(page: Page) {
    await page.goto("/integrations");
    await page.getByRole("group", { name: "Google Ads", exact: true }).getByRole("button", { name: "Connect" }).click();
    await page.getByRole("button", { name: "Allow" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await page
      .getByRole("group", { name: "Google Ads", exact: true })
      .getByText(/Last sync: (just now|\d+ seconds? ago)/)
      .waitFor({ timeout: SYNC_TIMEOUT });
  }

  async function withDatabase<T>(work: (db: ReturnType<typeof openDatabase>["db"]) => Promise<T>): Promise<T> {
    const handle = openDatabase({ sqliteFile: path.join(dataDir, "adhelm.db") });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }

  async function enabledCampaignOf(email: string): Promise<string> {
    return withDatabase(async (db) => {
      const row = await db
        .selectFrom("campaigns")
        .innerJoin("member", "member.organizationId", "campaigns.organization_id")
        .innerJoin("user", "user.id", "member.userId")
        .where("user.email", "=", email)
        .where("campaigns.status", "=", "enabled")
        .select("campaigns.name")
        .orderBy("campaigns.name")
        .executeTakeFirstOrThrow();
      return row.name;
    });
  }

  async function ask(page: Page, question: string) {
    const box = page.getByRole("textbox", { name: /Your question|Ihre Frage/ });
    await box.fill(question);
    await box.press("Enter");
  }

  it("streams an answer with a citation and a chart, then a proposal is confirmed and undone", {
    timeout: 120_000,
  }, async () => {
    const { page, email } = await connectedPage(1440);
    await connectGoogle(page);
    await page.goto("/ask-shown");
    await page.getByText(/Ask anything about your campaigns/).waitFor();

    await ask(page, "How much did we spend in the last 7 days?");
    const answers = page.getByRole("article", { name: "Answer from Adhelm" });
    const first = answers.first();
    await first.getByText(/^You spent \d+\.\d\d [A-Z]{3} in the last 7 days/).waitFor({ timeout: ANSWER_TIMEOUT });
    await first
      .getByRole("link", { name: /^Dashboard — / })
      .first()
      .waitFor();
    await first.getByRole("figure", { name: "Spend per day" }).waitFor();
    expect(
      await first
        .getByRole("link", { name: /^Dashboard — / })
        .first()
        .getAttribute("href"),
    ).toBe("/dashboard?range=last_7_days");

    const campaign = await enabledCampaignOf(email);
    await ask(page, `pause ${campaign}`);
    const card = page.getByRole("region", { name: `Proposed change to ${campaign}` });
    await card.getByText("Waiting for you").waitFor({ timeout: ANSWER_TIMEOUT });
    await card.getByText("Active").waitFor();
    await card.getByText("Paused").waitFor();
    await page.getByText(`I prepared the change for ${campaign}.`).waitFor();
    await page.waitForURL(/\/ask-shown\?c=/);

    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page), scheme).toEqual([]);
    }

    // Tall enough to hold the answer, its chart and the card above the question box.
    for (const [width, height, scheme] of [
      [1440, 1250, "light"],
      [1440, 1250, "dark"],
      [375, 1700, "light"],
      [375, 1700, "dark"],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.mouse.wheel(0, 10_000);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, `ask-${width}-${scheme}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: "light" });

    // Nothing changed yet; Confirm applies it, and the toast's Undo puts it back.
    expect(await campaignStatus(campaign)).toBe("enabled");
    await card.getByRole("button", { name: "Confirm" }).click();
    const toast = page.getByRole("listitem").filter({ hasText: `${campaign} paused` });
    await toast.waitFor();
    await card.getByText("Confirmed").waitFor();
    expect(await campaignStatus(campaign)).toBe("paused");
    await toast.getByRole("button", { name: "Undo" }).click();
    await page.getByText(`${campaign} is back as it was`).waitFor();
    await card.getByText("Undone").waitFor();
    expect(await campaignStatus(campaign)).toBe("enabled");
  });

  async function campaignStatus(name: string): Promise<string> {
    return withDatabase(
      async (db) =>
        (await db.selectFrom("campaigns").select("status").where("name", "=", name).executeTakeFirstOrThrow()).status,
    );
  }

  it("answers a German reader in German", async () => {
    const { page, email } = await connectedPage(375);
    await withDatabase(async (db) => {
      const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      const saved = await db
        .selectFrom("user_preferences")
        .select("preferences")
        .where("user_id", "=", user.id)
        .executeTakeFirst();
      const preferences = { ...DEFAULT_PREFERENCES, ...(saved ? JSON.parse(saved.preferences) : {}), language: "de" };
      if (saved)
        await db
          .updateTable("user_preferences")
          .set({ preferences: JSON.stringify(preferences) })
          .where("user_id", "=", user.id)
          .execute();
      else
        await db
          .insertInto("user_preferences")
          .values({ user_id: user.id, preferences: JSON.stringify(preferences) })
          .execute();
    });
    await page.goto("/ask-shown");
    await page.getByRole("heading", { name: "Ask Adhelm", level: 1 }).waitFor();
    await page.getByText("Was möchten Sie wissen?").waitFor();
    await ask(page, "Wie viel haben wir in den letzten 7 Tagen ausgegeben?");
    await page
      .getByRole("article", { name: "Antwort von Adhelm" })
      .getByText(/^In den letzten 7 Tagen haben Sie /)
      .waitFor();
    // On a phone the conversations open in a sheet.
    await page.getByRole("button", { name: "Unterhaltungen" }).click();
    await page
      .getByRole("dialog", { name: "Unterhaltungen" })
      .getByRole("link", { name: "Wie viel haben wir in den letzten 7 Tagen ausgegeben?" })
      .waitFor();
  });
});
