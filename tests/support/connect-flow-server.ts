import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import { readFlash } from "#app/lib/flash.server.ts";
import * as integrationsRoute from "#app/routes/app/integrations.tsx";
import * as integrationCallbackRoute from "#app/routes/resources/integration-callback.ts";
import * as integrationConnectRoute from "#app/routes/resources/integration-connect.ts";
import * as integrationStoreKeysRoute from "#app/routes/resources/integration-store-keys.ts";
import { hashState } from "#core/connections/start-connection.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { type App, createApp } from "#server/app.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { freePort } from "./free-port.ts";
import { silentLogger } from "./integration-fixture.ts";
import { linkIn, waitForMail } from "./outbox.ts";
import { createRouteHandler } from "./route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "./test-database.ts";
import { testEnv } from "./test-env.ts";

/**
 * The whole app (createApp over createServices, the built-in sandbox on) listening on a real
 * loopback port, so APP_URL is a real address: connectors call the sandbox over HTTP, and the
 * sandbox's WooCommerce posts its keys to our keys callback over HTTP, as in production. The
 * browser's requests go over HTTP too (`request`, redirects not followed). The integration routes
 * (the /integrations screen's loader and action, Connect, the callback and the keys callback)
 * run through their route modules, without rendering.
 */
export interface ConnectFlowServer {
  /** APP_URL, e.g. http://127.0.0.1:PORT */
  url: string;
  app: App;
  /** A browser's request to the app over HTTP (a path or a URL); redirects are not followed. */
  request(target: string | URL, init?: RequestInit): Promise<Response>;
  services: ServerServices;
  database: DatabaseHandle;
  /** A new verified user, signed in through the real auth routes (sign-up, mailed link). */
  signUp(name: string): Promise<Member>;
  /** Another session of the same user (another browser). */
  signIn(member: Member): Promise<Browser>;
  close(): Promise<void>;
}

export interface Browser {
  cookie: string;
  sessionId: string;
}

export interface Member extends Browser {
  email: string;
  userId: string;
  organizationId: string;
}

export const MEMBER_PASSWORD = "Engine-1843";

export async function startConnectFlowServer(): Promise<ConnectFlowServer> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "connect-flow-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = testEnv({
    APP_URL: url,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    ADS_SANDBOX: "true",
    AUTH_SIGN_UPS_PER_IP_PER_HOUR: "10000",
    AUTH_FAILED_SIGN_INS_PER_IP: "10000",
    // Usage of the public API is not part of these tests; its timer stays quiet.
    API_USAGE_FLUSH_MS: "60000",
  });
  const services = createServices({ env, database, logger: silentLogger });
  const handlePage = createRouteHandler([
    { path: "/integrations", module: integrationsRoute },
    { path: "/integrations/:platform/connect", module: integrationConnectRoute },
    { path: "/integrations/:platform/callback", module: integrationCallbackRoute },
    { path: "/integrations/:platform/callback/keys", module: integrationStoreKeysRoute },
  ]);
  const app = createApp({ env, logger: silentLogger, services, handlePage });
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });

  const request = (target: string | URL, init: RequestInit = {}) =>
    fetch(new URL(target, url), { redirect: "manual", ...init });

  /** The cookies an answer set, as a Cookie header; cleared ones ("name=") left out. */
  const cookiesOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0] ?? "")
      .filter((pair) => pair && !pair.endsWith("="))
      .join("; ");

  async function sessionIdOf(cookie: string): Promise<string> {
    const response = await request("/api/auth/get-session", { headers: { cookie } });
    const body = (await response.json()) as { session?: { id: string } } | null;
    if (!body?.session?.id) throw new Error(`No session for cookie: ${response.status}`);
    return body.session.id;
  }

  return {
    url,
    app,
    request,
    services,
    database,

    async signUp(name) {
      const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const signUp = await request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({
          firstName: name,
          lastName: "Tester",
          companyName: `${name} Outdoor`,
          email,
          password: MEMBER_PASSWORD,
          confirmPassword: MEMBER_PASSWORD,
          acceptTerms: true,
        }),
      });
      if (!signUp.ok) throw new Error(`Sign-up failed: ${signUp.status} ${await signUp.text()}`);
      const [mail] = await waitForMail(dataDir, email);
      const token = new URL(linkIn(mail?.raw ?? "", `${url}/auth/callback?`) ?? "").searchParams.get("token_hash");
      // The mailed link signs in only the browser that signed up: its cookies go along.
      const verified = await request(`/api/auth/verify-email?token=${encodeURIComponent(token ?? "")}`, {
        headers: { cookie: cookiesOf(signUp) },
      });
      const cookie = cookiesOf(verified);
      const member = await database.db
        .selectFrom("member")
        .innerJoin("user", "user.id", "member.userId")
        .where("user.email", "=", email)
        .select(["member.organizationId", "user.id as userId"])
        .executeTakeFirstOrThrow();
      return { email, cookie, sessionId: await sessionIdOf(cookie), ...member };
    },

    async signIn(member) {
      const response = await request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({ email: member.email, password: MEMBER_PASSWORD }),
      });
      if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
      const cookie = cookiesOf(response);
      return { cookie, sessionId: await sessionIdOf(cookie) };
    },

    async close() {
      await services.publicApi.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Connect on a card: the form post, answered with the platform's consent URL. */
export async function pressConnect(
  server: ConnectFlowServer,
  browser: Browser,
  platform: string,
  storeAddress?: string,
): Promise<{ authorizeUrl: URL; state: string }> {
  const response = await server.request(`${server.url}/integrations/${platform}/connect`, {
    method: "POST",
    headers: { origin: server.url, cookie: browser.cookie, referer: `${server.url}/integrations` },
    body: new URLSearchParams(storeAddress ? { storeAddress } : {}),
  });
  const location = response.headers.get("location");
  if (response.status !== 302 || !location)
    throw new Error(`Connect ${platform} answered ${response.status}: ${await response.text()}`);
  const authorizeUrl = new URL(location, server.url);
  if (authorizeUrl.origin !== server.url)
    throw new Error(`Connect ${platform} sent the browser elsewhere: ${authorizeUrl.href}`);
  const state = authorizeUrl.searchParams.get("state") ?? authorizeUrl.searchParams.get("user_id");
  if (!state) throw new Error(`No state in ${authorizeUrl.href}`);
  return { authorizeUrl, state };
}

/**
 * Like a browser on the sandbox's consent page: GET the authorize URL (following redirects inside
 * the sandbox), submit Allow (or Deny), and return where the sandbox sends the browser next,
 * without following it.
 */
export async function consent(
  server: ConnectFlowServer,
  browser: Browser,
  authorizeUrl: URL,
  options: { deny?: boolean } = {},
): Promise<URL> {
  let url = authorizeUrl;
  let page: Response | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const response = await server.request(url.href, { headers: { cookie: browser.cookie } });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (!next.pathname.startsWith("/sandbox/")) return next;
      url = next;
      continue;
    }
    page = response;
    break;
  }
  if (!page) throw new Error(`consent: too many redirects from ${authorizeUrl.href}`);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent: GET ${url.href} answered ${page.status}: ${html.slice(0, 300)}`);
  const form = /<form\b[^>]*\baction="([^"]*)"/i.exec(html);
  if (!form?.[1]) throw new Error(`consent: no form at ${url.href}`);
  const body = new URLSearchParams();
  for (const input of html.matchAll(/<input\b[^>]*>/gi)) {
    const tag = input[0];
    if (!/type="hidden"/i.test(tag)) continue;
    const name = /\bname="([^"]*)"/i.exec(tag)?.[1];
    if (name) body.set(decodeEntities(name), decodeEntities(/\bvalue="([^"]*)"/i.exec(tag)?.[1] ?? ""));
  }
  body.set("decision", options.deny ? "deny" : "allow");
  const action = new URL(decodeEntities(form[1]), url);
  const decided = await server.request(action.href, {
    method: "POST",
    headers: { origin: server.url, cookie: browser.cookie, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  const location = decided.headers.get("location");
  if (decided.status < 300 || decided.status >= 400 || !location)
    throw new Error(`consent: POST ${action.href} answered ${decided.status}: ${(await decided.text()).slice(0, 300)}`);
  return new URL(location, action);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_match, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** What the browser sees when it follows the platform back to our callback. */
export interface CallbackOutcome {
  status: number;
  location: string | null;
  /** The toast the next page shows, from the flash cookie. */
  flash: { kind: string; title: string; description?: string } | null;
}

export async function returnToCallback(
  server: ConnectFlowServer,
  browser: Browser | null,
  callbackUrl: URL | string,
): Promise<CallbackOutcome> {
  const target = new URL(callbackUrl, server.url);
  const response = await server.request(target.href, { headers: browser ? { cookie: browser.cookie } : {} });
  const flashCookie = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  const flash = flashCookie ? readFlash(new Request(server.url, { headers: { cookie: flashCookie } })) : null;
  return { status: response.status, location: response.headers.get("location"), flash: flash?.flash ?? null };
}

/** The toast every failed connect ends with. */
export const CONNECTION_FAILED = {
  status: 302,
  location: "/integrations",
  flash: {
    kind: "error",
    title: "Connection failed",
    description: "There was an error connecting to the platform. Please try again.",
  },
} as const;

/** The oauth_states row of a state we issued, as stored. */
export function oauthStateRow(server: ConnectFlowServer, state: string) {
  return server.database.db
    .selectFrom("oauth_states")
    .selectAll()
    .where("id", "=", hashState(state))
    .executeTakeFirstOrThrow();
}

/** Every connection row, whoever owns it. */
export function allConnections(server: ConnectFlowServer) {
  return server.database.db.selectFrom("connections").selectAll().orderBy("created_at").execute();
}

/** The whole connect flow of an ad platform for `member`: Connect, Allow, back to the picker. */
export async function connectAdPlatform(
  server: ConnectFlowServer,
  member: Member,
  platform: string,
): Promise<{ connectionId: string }> {
  const { authorizeUrl } = await pressConnect(server, member, platform);
  const outcome = await returnToCallback(server, member, await consent(server, member, authorizeUrl));
  const connectionId = outcome.location?.startsWith("/integrations?choose=")
    ? new URL(outcome.location, server.url).searchParams.get("choose")
    : null;
  if (!connectionId) throw new Error(`Connecting ${platform} failed: ${JSON.stringify(outcome)}`);
  return { connectionId };
}
