/**
 * Ask over HTTP, in process: POST /ask/stream streams NDJSON (the catalogue without a model, the
 * fake model's tokens with one), refuses strangers, other sites and bad input before streaming, and
 * the monthly limit in the reader's words; the page's loader and its conversation actions.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as askPage from "#app/routes/app/ask.tsx";
import type { AskEvent } from "#core/assistant/chat/chat-types.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { type FakeOpenAi, startFakeOpenAi } from "#tests/support/fake-openai.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";
import * as askStream from "./ask-stream.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";

let database: DatabaseHandle;
let dataDir: string;
let fake: FakeOpenAi;
let catalogueApp: ReturnType<typeof createApp>;
let modelApp: ReturnType<typeof createApp>;

function appWith(overrides: Record<string, string>) {
  const env = testEnv({ APP_URL, DATA_DIR: dataDir, ...overrides });
  const handlePage = createRouteHandler([
    { path: "/ask/stream", module: askStream },
    { path: "/ask-shown", module: askPage },
  ]);
  return createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "ask-route-"));
  fake = await startFakeOpenAi();
  catalogueApp = appWith({});
  modelApp = appWith({ LLM_BASE_URL: fake.url, LLM_MODEL: "fake-model" });
});

afterAll(async () => {
  await fake?.stop();
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signUp() {
  const email = `asker-${randomUUID()}@example.com`;
  const cookie = await verifiedSessionCookie(catalogueApp, { appUrl: APP_URL, dataDir, email });
  const user = await database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  const member = await database.db
    .selectFrom("member")
    .select("organizationId")
    .where("userId", "=", user.id)
    .executeTakeFirstOrThrow();
  return { cookie, organizationId: member.organizationId };
}

function post(app: ReturnType<typeof createApp>, url: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(url, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL, ...headers },
    body: JSON.stringify(body),
  });
}

/** Reads the NDJSON stream line by line, noting when the first token arrived. */
async function readEvents(response: Response, started: number) {
  const events: AskEvent[] = [];
  let firstTokenMs: number | null = null;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines.filter(Boolean)) {
      const event = JSON.parse(line) as AskEvent;
      if (event.type === "token" && firstTokenMs === null) firstTokenMs = performance.now() - started;
      events.push(event);
    }
  }
  return { events, firstTokenMs, chunks: events.length };
}

describe("POST /ask/stream", () => {
  it("refuses a stranger, another site and an empty question before anything streams", async () => {
    const anonymous = await post(catalogueApp, "/ask/stream", { question: "What changed yesterday?" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: "unauthorized" } });

    const { cookie } = await signUp();
    const otherSite = await post(
      catalogueApp,
      "/ask/stream",
      { question: "Hi" },
      { cookie, origin: "https://evil.test" },
    );
    expect(otherSite.status).toBe(403);

    const empty = await post(catalogueApp, "/ask/stream", { question: "   " }, { cookie });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toEqual({ error: { code: "unprocessable_entity", message: "Type a question." } });
    const german = await post(catalogueApp, "/ask/stream", { question: "" }, { cookie, "accept-language": "de" });
    expect(await german.json()).toMatchObject({ error: { message: expect.any(String) } });
  });

  it("streams a catalogue answer without a model, and keeps the conversation for the page", async () => {
    const { cookie } = await signUp();
    const response = await post(catalogueApp, "/ask/stream", { question: "What changed yesterday?" }, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(response.headers.get("content-encoding")).toBeNull();
    const { events } = await readEvents(response, performance.now());
    expect(events.map((event) => event.type)).toEqual(["start", "tool", "citation", "token", "done"]);
    const done = events.at(-1) as Extract<AskEvent, { type: "done" }>;
    expect(done.message).toMatchObject({ source: "catalogue", toolCalls: [{ name: "explain_change", ok: true }] });
    expect(done.message.text).toMatch(/^Nothing was changed from /);

    const start = events[0] as Extract<AskEvent, { type: "start" }>;
    const page = await catalogueApp.request(`/ask-shown?c=${start.conversationId}`, { headers: { cookie } });
    const data = (await page.json()) as {
      conversations: Array<{ id: string; title: string }>;
      isModelConnected: boolean;
      suggestions: unknown[];
      opened: { messages: Array<{ role: string }> };
      usage: { current: { questions: number } } | null;
    };
    expect(data).toMatchObject({
      isModelConnected: false,
      conversations: [{ id: start.conversationId, title: "What changed yesterday?" }],
      opened: { messages: [{ role: "user" }, { role: "assistant" }] },
      usage: { current: { questions: 1 } },
    });
    expect(data.suggestions).toHaveLength(20);

    const renamed = await post(
      catalogueApp,
      "/ask-shown.data",
      { intent: "rename", conversationId: start.conversationId, title: "" },
      { cookie },
    );
    expect(renamed.status).toBe(422);
    expect(await renamed.json()).toMatchObject({ ok: false, fieldErrors: { title: "Give the conversation a name." } });
    const deleted = await post(
      catalogueApp,
      "/ask-shown.data",
      { intent: "delete", conversationId: start.conversationId },
      { cookie },
    );
    expect(await deleted.json()).toMatchObject({ ok: true, intent: "delete" });
  });

  it("streams the model's answer token by token", async () => {
    const { cookie } = await signUp();
    const started = performance.now();
    const response = await post(modelApp, "/ask/stream", { question: "How much did we spend?" }, { cookie });
    expect(response.status).toBe(200);
    const { events, firstTokenMs } = await readEvents(response, started);
    expect(events.filter((event) => event.type === "token").length).toBeGreaterThan(5);
    expect(events).toContainEqual({ type: "tool", name: "query_metrics" });
    expect(events.at(-1)).toMatchObject({ type: "done", message: { source: "model" } });
    expect(firstTokenMs).toBeGreaterThan(0);
  });

  it("refuses past the monthly limit, in the reader's words", async () => {
    const { cookie, organizationId } = await signUp();
    await database.db
      .insertInto("assistant_usage")
      .values({ organization_id: organizationId, period: new Date().toISOString().slice(0, 7), questions: 2_000 })
      .execute();
    const response = await post(catalogueApp, "/ask/stream", { question: "What changed yesterday?" }, { cookie });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      error: {
        code: "rate_limited",
        message:
          "Your Professional plan includes 2,000 questions a month, and they are used up. Upgrade for more, or ask again next month.",
      },
    });
  });
});
