/**
 * Every route that takes a request body, sent the bodies a client can get wrong: JSON to a form,
 * a form to JSON, nothing, broken JSON, bytes that are no form. Each must be answered as the
 * client's mistake (4xx, or a redirect), never with a 500 and a stack in the error log.
 * The page routes come from the route table (app/routes.ts), the HTTP routes from the Hono app's
 * own list and better-auth's endpoint list, so a new action or endpoint is covered without
 * being added here.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import routeTable from "#app/routes.ts";
import { userActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { createRouteHandler, type TestRoute } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const APP_URL = "http://localhost:3000";
const EMAIL = "ada@example.com";
const PASSWORD = "Engine-1843";

// Bytes that are neither UTF-8 nor a form nor JSON: invalid percent escapes, a stray boundary.
const GARBAGE = new Uint8Array([
  0xff, 0xfe, 0x00, 0x25, 0x7a, 0x7a, 0x3d, 0x25, 0xe0, 0x26, 0x2d, 0x2d, 0x0d, 0x0a, 0x7b, 0x22, 0x80, 0xc3, 0x28,
]);
const BODIES: { name: string; contentType?: string; body?: BodyInit }[] = [
  { name: "a JSON object", contentType: "application/json", body: '{"unexpected":true}' },
  { name: "a JSON array", contentType: "application/json", body: "[1,2]" },
  { name: "broken JSON", contentType: "application/json", body: '{"unexpected":' },
  { name: "an empty form", contentType: "application/x-www-form-urlencoded", body: "" },
  { name: "no body and no type" },
  { name: "garbage as a form", contentType: "application/x-www-form-urlencoded", body: GARBAGE },
  { name: "garbage as multipart", contentType: "multipart/form-data; boundary=adhelm", body: GARBAGE },
  { name: "multipart without a boundary", contentType: "multipart/form-data", body: GARBAGE },
  { name: "garbage as text", contentType: "text/plain", body: GARBAGE },
  { name: "garbage as an image", contentType: "image/png", body: GARBAGE },
];

// A plausible value for each dynamic segment; an unknown one fails the test, to be added here.
const PARAMS: Record<string, string> = {
  platform: "woocommerce",
  document: "terms",
  slug: "blended-roas-with-shopify",
  campaignId: "00000000-0000-4000-8000-000000000000",
  id: "00000000-0000-4000-8000-000000000000",
  node: "act_1",
  accountId: "1",
  shop: "northwind-outdoor.myshopify.com",
  version: "2025-01",
  host: "shop.example.com",
  token: "not-a-real-invitation-token",
  exportId: "00000000-0000-4000-8000-000000000000",
};

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

/** The route table as flat URL patterns ("/integrations/:platform/connect") with their module files. */
function flatten(entries: RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent}/${entry.path}` : parent;
    const own = entry.path || entry.index ? [{ path: full || "/", file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], full)];
  });
}

/** A pattern with its parameters and wildcards filled in (React Router's or Hono's syntax). */
function fill(pattern: string): string {
  return pattern
    .replace(/:(\w+)(\{[^}]*\})?\??/g, (_match, name: string) => {
      const value = PARAMS[name];
      if (!value) throw new Error(`No plausible value for :${name} in ${pattern}; add one to PARAMS`);
      return encodeURIComponent(value);
    })
    .replace(/\*$/, "no-such-page");
}

const errorLines: string[] = [];
const logger = createLogger({
  level: "error",
  isPretty: false,
  destination: { write: (line: string) => errorLines.push(line) },
});
let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;
let services: ReturnType<typeof createServices>;
let pageRoutes: (TestRoute & { file: string })[];
let cookie = "";
let apiKey = "";

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "bad-bodies-"));
  // High limits: a 429 would answer before the body is read, which is the part under test.
  const env = testEnv({
    APP_URL,
    DATA_DIR: dataDir,
    PUBLIC_FORMS_PER_IP_PER_HOUR: "100000",
    NEWSLETTER_MAILS_PER_ADDRESS_PER_HOUR: "100000",
    AUTH_SIGN_UPS_PER_IP_PER_HOUR: "100000",
    AUTH_FAILED_SIGN_INS_PER_IP: "100000",
    AUTH_FAILED_SIGN_INS_PER_ACCOUNT: "100000",
    AUTH_MAILS_PER_ADDRESS_PER_HOUR: "100000",
    API_RATE_LIMIT_PER_MINUTE: "100000",
  });
  pageRoutes = await Promise.all(
    flatten(routeTable as RouteEntry[]).map(async ({ path: pattern, file }) => ({
      path: pattern,
      file,
      module: (await import(path.resolve("app", file))) as TestRoute["module"],
    })),
  );
  services = createServices({ env, database, logger });
  app = createApp({ env, logger, services, handlePage: createRouteHandler(pageRoutes) });
  cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email: EMAIL });
  const member = await database.db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select(["member.organizationId", "member.userId"])
    .executeTakeFirstOrThrow();
  const owner = userActor({ ...member, name: "Owner", role: "owner" });
  const created = await services.apiKeys.createApiKey(owner, { name: "Bad bodies", scope: "read_write" });
  apiKey = created.plaintext;
}, 60_000);

afterAll(async () => {
  await services?.publicApi.stop().catch(() => {});
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Sign-out endpoints end the session under test; sign in again when one did. */
async function ensureSession(): Promise<void> {
  if (await services.auth.api.getSession({ headers: new Headers({ cookie }) })) return;
  const { headers } = await services.auth.api.signInEmail({
    body: { email: EMAIL, password: PASSWORD },
    returnHeaders: true,
  });
  cookie = headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

interface Target {
  method: string;
  url: string;
  headers?: Record<string, string>;
}

/** Sends every bad body to each target, anonymous and signed in; returns what answered 5xx. */
async function sendBadBodies(targets: Target[]): Promise<string[]> {
  const failures: string[] = [];
  for (const target of targets) {
    for (const isSignedIn of [false, true]) {
      for (const { name, contentType, body } of BODIES) {
        if (isSignedIn) await ensureSession();
        const headers = new Headers({ origin: APP_URL, ...target.headers });
        if (contentType) headers.set("content-type", contentType);
        if (isSignedIn) headers.set("cookie", cookie);
        const linesBefore = errorLines.length;
        // A library printing the client's mistake as an error (a stack on stderr) counts too.
        const printedBefore = vi.mocked(console.error).mock.calls.length;
        // Absolute, as a browser sends it: React Router checks an action's Origin against the URL.
        const response = await app.request(`${APP_URL}${target.url}`, { method: target.method, headers, body });
        await response.arrayBuffer();
        const logged = [
          ...errorLines.slice(linesBefore).map((line) => (JSON.parse(line) as { msg: string }).msg),
          ...vi
            .mocked(console.error)
            .mock.calls.slice(printedBefore)
            .map((args) => `console: ${args.map(String).join(" ").slice(0, 120)}`),
        ];
        if (response.status >= 500 || logged.length > 0)
          failures.push(
            `${target.method} ${target.url} ${isSignedIn ? "signed in" : "anonymous"}, ${name}: ${response.status}${logged.length ? ` logged ${logged.join(", ")}` : ""}`,
          );
      }
    }
  }
  return failures;
}

describe("a body that is not what the route takes", () => {
  it("is refused by every page action in the route table, on the page URL and its .data URL", async () => {
    const seen = new Set<string>();
    const targets: Target[] = [];
    for (const route of pageRoutes) {
      // Aliases share a module: one URL each is enough.
      if (typeof route.module.action !== "function" || seen.has(route.file)) continue;
      seen.add(route.file);
      const url = fill(route.path);
      targets.push({ method: "POST", url }, { method: "POST", url: `${url === "/" ? "/_root" : url}.data` });
    }
    // The walk found the actions (a broken import of the table would otherwise pass silently).
    expect(seen.size).toBeGreaterThanOrEqual(12);
    expect(await sendBadBodies(targets)).toEqual([]);
  }, 120_000);

  it("is refused by every HTTP route of the app: /api/auth (ours and better-auth's), /api/v1", async () => {
    const targets = new Map<string, Target>();
    for (const route of app.routes) {
      if (route.path === "/*" || route.method === "GET" || route.path.startsWith("/sandbox")) continue;
      const method = route.method === "ALL" ? "POST" : route.method;
      const url = fill(route.path);
      // A key, so the API reaches the body instead of answering 401.
      const headers: Record<string, string> = url.startsWith("/api/v1/") ? { authorization: `Bearer ${apiKey}` } : {};
      targets.set(`${method} ${url}`, { method, url, headers });
    }
    for (const endpoint of Object.values(services.auth.api) as { path?: string; options?: { method?: unknown } }[]) {
      const methods = [endpoint.options?.method].flat();
      if (!endpoint.path || !methods.includes("POST")) continue;
      const url = fill(`/api/auth${endpoint.path}`);
      targets.set(`POST ${url}`, { method: "POST", url });
    }
    expect(targets.size).toBeGreaterThan(30);
    expect(await sendBadBodies([...targets.values()])).toEqual([]);
  }, 240_000);

  it("is refused by the built-in sandbox's routes", async () => {
    const targets = new Map<string, Target>();
    for (const route of app.routes) {
      if (!route.path.startsWith("/sandbox") || route.method === "GET") continue;
      const method = route.method === "ALL" ? "POST" : route.method;
      const url = fill(route.path);
      targets.set(`${method} ${url}`, { method, url });
    }
    expect(targets.size).toBeGreaterThan(20);
    expect(await sendBadBodies([...targets.values()])).toEqual([]);
  }, 120_000);
});
