import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { type Context, Hono } from "hono";
import type { Kysely } from "kysely";
import type { ConnectorMetadata } from "#connectors/connector.ts";
import type { Database } from "#core/db/schema.ts";
import type { ConnectorConfig } from "#core/shared/connector-port.ts";
import type { PlatformId } from "#core/shared/platforms.ts";
import { securityHeaders } from "#server/middleware/security-headers.ts";
import { sandboxHostOptions } from "#server/sandbox-host.ts";
import type { MarketEngineOptions } from "#simulator/market-engine.ts";
import { createSandboxApp } from "#simulator/sandbox-app.ts";
import type { FaultKind, SandboxKit } from "#simulator/sandbox-kit.ts";
import { freePort } from "./free-port.ts";
import { createTestDatabase } from "./test-database.ts";

/**
 * The built-in sandbox on a real port, for connector contract tests: a private database, the
 * sandbox app at `/sandbox` behind the app's security headers, and a browser-like consent helper.
 * It stands in for a signed-in session of `tenant`, and for an app at `appUrl`, whose
 * `/integrations/<platform>/callback` is the only redirect URI the sandbox accepts.
 */
export interface SandboxServer {
  /** e.g. http://127.0.0.1:PORT/sandbox */
  root: string;
  /** The tenant the consent page uses (resolveTenant returns it). */
  tenant: string;
  /** The app's base URL the sandbox sends browsers and keys back to (default http://app.test). */
  appUrl: string;
  /** `appUrl/integrations/<platform>/callback`, the redirect URI the sandbox accepts. */
  callbackUrl(platform: PlatformId): string;
  kit: SandboxKit;
  db: Kysely<Database>;
  /** Sandbox URLs (metadata.sandboxUrls(root)) plus the sandbox app credentials for that platform. */
  config(metadata: ConnectorMetadata): ConnectorConfig;
  /**
   * Like a browser: GET the authorize URL (following redirects inside the sandbox), read the
   * consent form, submit Allow (or Deny), and return the URL of the final redirect Location
   * without fetching it.
   */
  authorize(authorizeUrl: string, options?: { deny?: boolean }): Promise<URL>;
  setFault(fault: {
    kind: FaultKind;
    platform?: PlatformId;
    tenant?: string;
    probability?: number;
    remaining?: number;
    delayMs?: number;
  }): Promise<void>;
  clearFaults(): Promise<void>;
  /** Moves the sandbox clock; returns the sandbox's new today. */
  advanceClock(days: number): Promise<string>;
  close(): Promise<void>;
}

export interface SandboxServerOptions {
  platforms: Partial<Record<PlatformId, (kit: SandboxKit) => Hono>>;
  tenant?: string;
  /** Overrides a tenant's market size per ad platform (e.g. 1 account × 500 campaigns). */
  shapeFor?: MarketEngineOptions["shapeFor"];
  /** The real time by default; the sandbox clock's offset applies on top. */
  now?: () => Date;
  /** The app whose callbacks the sandbox accepts (default http://app.test). */
  appUrl?: string;
  /** The visitor's tenant; by default always `tenant`, as if that organization were signed in. */
  resolveTenant?: (c: Context) => Promise<string | null>;
  /** The sandbox's rate limit per minute (its default otherwise). */
  requestsPerMinute?: number;
}

/** The sandbox's tables and rate limit over a test database, as the server gives them. */
export { sandboxHostOptions };

/** The app URL the harness's sandbox accepts callbacks under, unless a test names another. */
export const SANDBOX_TEST_APP_URL = "http://app.test";

/** The server secret the harness's sandbox derives its keys from. */
export const SANDBOX_TEST_SECRET = "sandbox-server-test-secret-0123456789abcdef";
const MAX_REDIRECTS = 10;

export async function startSandboxServer(options: SandboxServerOptions): Promise<SandboxServer> {
  const tenant = options.tenant ?? "org_sandbox_test";
  const appUrl = options.appUrl ?? SANDBOX_TEST_APP_URL;
  const database = await createTestDatabase();
  const {
    app: sandbox,
    kit,
    adminToken,
  } = createSandboxApp({
    ...sandboxHostOptions(database.db),
    secret: SANDBOX_TEST_SECRET,
    platforms: options.platforms,
    resolveTenant: options.resolveTenant ?? (async () => tenant),
    appUrl,
    requestsPerMinute: options.requestsPerMinute,
    shapeFor: options.shapeFor,
    now: options.now,
  });
  const app = new Hono();
  app.use(securityHeaders({ isProduction: false }));
  app.route("/sandbox", sandbox);

  const port = await freePort();
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const origin = `http://127.0.0.1:${port}`;
  const root = `${origin}/sandbox`;

  async function admin(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${root}/_admin${path}`, {
      method,
      headers: {
        authorization: `Bearer ${adminToken}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`sandbox admin ${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  }

  const isInsideSandbox = (url: URL) => url.origin === origin && `${url.pathname}/`.startsWith("/sandbox/");

  return {
    root,
    tenant,
    appUrl,
    callbackUrl: (platform) => `${appUrl}/integrations/${platform}/callback`,
    kit,
    db: database.db,

    config(metadata) {
      return { ...kit.appCredentials(metadata.platform), urls: metadata.sandboxUrls(root) };
    },

    async authorize(authorizeUrl, authorizeOptions = {}) {
      let url = new URL(authorizeUrl);
      let page: Response | undefined;
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        const response = await fetch(url, { redirect: "manual" });
        const location = response.headers.get("location");
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          const next = new URL(location, url);
          // A redirect out of the sandbox is the end of the flow (e.g. an error sent back at once).
          if (!isInsideSandbox(next)) return next;
          url = next;
          continue;
        }
        page = response;
        break;
      }
      if (!page) throw new Error(`authorize: more than ${MAX_REDIRECTS} redirects from ${authorizeUrl}`);
      const html = await page.text();
      if (page.status !== 200) throw new Error(`authorize: GET ${url} answered ${page.status}: ${html.slice(0, 500)}`);
      const form = readConsentForm(html);
      if (!form) throw new Error(`authorize: no consent form at ${url}: ${html.slice(0, 500)}`);
      const action = new URL(form.action, url);
      const body = new URLSearchParams(form.fields);
      body.set("decision", authorizeOptions.deny ? "deny" : "allow");
      const decided = await fetch(action, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body,
      });
      const location = decided.headers.get("location");
      if (decided.status < 300 || decided.status >= 400 || !location) {
        throw new Error(
          `authorize: POST ${action} answered ${decided.status}: ${(await decided.text()).slice(0, 500)}`,
        );
      }
      await decided.body?.cancel();
      return new URL(location, action);
    },

    async setFault(fault) {
      await admin("POST", "/faults", fault);
    },

    async clearFaults() {
      await admin("DELETE", "/faults");
    },

    async advanceClock(days) {
      const response = await admin("POST", "/clock", { advanceDays: days });
      return ((await response.json()) as { today: string }).today;
    },

    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive sockets from fetch would hold close() open.
        server.closeIdleConnections();
      });
      await database.close();
    },
  };
}

/** The consent form's action and hidden fields. */
function readConsentForm(html: string): { action: string; fields: [string, string][] } | null {
  const form = /<form\b[^>]*>/i.exec(html);
  if (!form) return null;
  const action = readAttributes(form[0]).get("action");
  if (action === undefined) return null;
  const fields: [string, string][] = [];
  for (const input of html.matchAll(/<input\b[^>]*>/gi)) {
    const attributes = readAttributes(input[0]);
    const name = attributes.get("name");
    if (attributes.get("type")?.toLowerCase() === "hidden" && name) fields.push([name, attributes.get("value") ?? ""]);
  }
  return { action, fields };
}

function readAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([a-zA-Z_:][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? ""));
  }
  return attributes;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_entity, code: string) => {
    const lower = code.toLowerCase();
    if (lower === "amp") return "&";
    if (lower === "lt") return "<";
    if (lower === "gt") return ">";
    if (lower === "quot") return '"';
    if (lower === "apos") return "'";
    return String.fromCodePoint(lower.startsWith("#x") ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1)));
  });
}
