import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConnectorMetadata } from "#connectors/connector.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import {
  SANDBOX_TEST_APP_URL,
  type SandboxServer,
  sandboxHostOptions,
  startSandboxServer,
} from "#tests/support/sandbox-server.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createSandboxApp, sandboxAdminToken } from "./sandbox-app.ts";
import type { SandboxKit } from "./sandbox-kit.ts";

/**
 * A tiny platform module in the shape the real ones take: an authorize page, the consent POST,
 * a token endpoint and one API call. It proves the kit end to end over real HTTP.
 */
function createFakePlatform(kit: SandboxKit): Hono {
  const app = new Hono();
  // Like Google's accounts host, the entry point redirects before the consent page shows.
  app.get("/o/auth", (c) => c.redirect(`../authorize?${new URL(c.req.url).searchParams}`, 302));
  app.get("/authorize", (c) =>
    kit.consent.render(c, {
      platform: "google-ads",
      clientId: c.req.query("client_id") ?? "",
      redirectUri: c.req.query("redirect_uri") ?? "",
      state: c.req.query("state") ?? "",
      scope: c.req.query("scope"),
    }),
  );
  app.post(
    "/consent",
    kit.consent.handler((decision) => {
      const url = new URL(decision.redirectUri);
      url.searchParams.set("state", decision.state);
      if (!decision.isAllowed) {
        url.searchParams.set("error", "access_denied");
        return url.toString();
      }
      const code = kit.credentials.issueCode({
        tenant: decision.tenant,
        platform: "google-ads",
        clientId: decision.clientId,
        redirectUri: decision.redirectUri,
      });
      url.searchParams.set("code", code);
      return url.toString();
    }),
  );
  app.post("/token", async (c) => {
    const form = await c.req.parseBody();
    const credentials = kit.appCredentials("google-ads");
    if (form.client_id !== credentials.clientId || form.client_secret !== credentials.clientSecret) {
      return c.json({ error: "invalid_client" }, 401);
    }
    let tenant: string | null = null;
    if (form.grant_type === "authorization_code") {
      tenant = kit.credentials.redeemCode(String(form.code), {
        platform: "google-ads",
        clientId: credentials.clientId,
        redirectUri: String(form.redirect_uri),
      });
    } else if (form.grant_type === "refresh_token") {
      const check = await kit.credentials.checkRefreshToken(String(form.refresh_token), "google-ads");
      if (!check.ok) return c.json({ error: "invalid_grant", reason: check.reason }, 400);
      tenant = check.tenant;
    }
    if (!tenant) return c.json({ error: "invalid_grant" }, 400);
    const tokens = kit.credentials.issueTokens({
      tenant,
      platform: "google-ads",
      accessTtlSeconds: 3600,
      withRefreshToken: true,
    });
    return c.json({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      expires_in: tokens.expiresIn,
    });
  });
  app.get("/accounts", async (c) => {
    const token = c.req.header("authorization")?.replace(/^Bearer /, "") ?? "";
    const check = await kit.credentials.checkAccessToken(token, "google-ads");
    if (!check.ok) return c.json({ error: check.reason }, 401);
    const fault = await kit.faults.take({ tenant: check.tenant, platform: "google-ads" });
    if (fault === "throttle") return c.json({ error: "RESOURCE_TEMPORARILY_EXHAUSTED" }, 429);
    if (fault === "server_error") return c.json({ error: "INTERNAL" }, 500);
    return c.json({ tenant: check.tenant, accounts: kit.engine.listAccounts(check.tenant, "google-ads") });
  });
  app.get("/boom", () => {
    throw new Error("a bug in a platform module");
  });
  return app;
}

const metadata: ConnectorMetadata = {
  platform: "google-ads",
  liveUrls: { authorize: "https://accounts.google.com/o/oauth2/v2/auth" },
  sandboxUrls: (root) => ({
    authorize: `${root}/google-ads/o/auth`,
    token: `${root}/google-ads/token`,
    api: `${root}/google-ads`,
  }),
  liveCredentialVariables: { clientId: "GOOGLE_ADS_CLIENT_ID", clientSecret: "GOOGLE_ADS_CLIENT_SECRET" },
};

const REDIRECT_URI = `${SANDBOX_TEST_APP_URL}/integrations/google-ads/callback`;
let server: SandboxServer;

beforeAll(async () => {
  server = await startSandboxServer({ platforms: { "google-ads": createFakePlatform }, tenant: "org_harness" });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.clearFaults();
});

function authorizeUrl(state = "state-123"): string {
  const config = server.config(metadata);
  const url = new URL(config.urls.authorize!);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: REDIRECT_URI,
    state,
    scope: "https://www.googleapis.com/auth/adwords",
    response_type: "code",
  }).toString();
  return url.toString();
}

async function requestTokens(body: Record<string, string>) {
  const config = server.config(metadata);
  const response = await fetch(config.urls.token!, {
    method: "POST",
    body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

async function connect() {
  const callback = await server.authorize(authorizeUrl());
  const code = callback.searchParams.get("code")!;
  const tokens = await requestTokens({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI });
  expect(tokens.status).toBe(200);
  return { code, accessToken: tokens.body.access_token!, refreshToken: tokens.body.refresh_token! };
}

async function listAccounts(accessToken: string) {
  const response = await fetch(`${server.root}/google-ads/accounts`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return { status: response.status, body: (await response.json()) as { error?: string; tenant?: string } };
}

describe("the harness and the kit, over HTTP", () => {
  it("gives the connector sandbox URLs and the sandbox app credentials", () => {
    const config = server.config(metadata);
    expect(config.clientId).toBe("adhelm-sandbox-google-ads");
    expect(config.clientSecret.length).toBeGreaterThan(20);
    expect(config.urls.token).toBe(`${server.root}/google-ads/token`);
    expect(server.root).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox$/);
  });

  it("runs consent Allow → code → tokens → an API call for the consenting tenant", async () => {
    const callback = await server.authorize(authorizeUrl("abc"));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("state")).toBe("abc");
    const code = callback.searchParams.get("code");
    expect(code).toBeTruthy();
    const tokens = await requestTokens({ grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT_URI });
    expect(tokens.status).toBe(200);
    expect(tokens.body.expires_in).toBe(3600);
    const accounts = await listAccounts(tokens.body.access_token!);
    expect(accounts.status).toBe(200);
    expect(accounts.body).toEqual({
      tenant: "org_harness",
      accounts: server.kit.engine.listAccounts("org_harness", "google-ads"),
    });
  });

  it("refuses a code used twice, a code for another redirect URI and a made-up token", async () => {
    const { code } = await connect();
    expect(await requestTokens({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI })).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
    const other = (await server.authorize(authorizeUrl())).searchParams.get("code")!;
    expect(
      (await requestTokens({ grant_type: "authorization_code", code: other, redirect_uri: "http://evil.test/cb" }))
        .status,
    ).toBe(400);
    expect(await listAccounts("ya29.not-a-real-token.signature")).toMatchObject({
      status: 401,
      body: { error: "invalid" },
    });
  });

  it("sends Deny back to the redirect URI with the platform's denial and no code", async () => {
    const callback = await server.authorize(authorizeUrl("denied-state"), { deny: true });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe("denied-state");
    expect(callback.searchParams.has("code")).toBe(false);
  });

  it("expires tokens issued before an expired_token fault; a refresh fixes it while the fault stays", async () => {
    const { accessToken, refreshToken } = await connect();
    await server.setFault({ kind: "expired_token", platform: "google-ads" });
    expect(await listAccounts(accessToken)).toMatchObject({ status: 401, body: { error: "expired" } });
    const refreshed = await requestTokens({ grant_type: "refresh_token", refresh_token: refreshToken });
    expect(refreshed.status).toBe(200);
    expect((await listAccounts(refreshed.body.access_token!)).status).toBe(200);
  });

  it("revokes access and refresh until the fault is cleared; a new consent then works", async () => {
    const { accessToken, refreshToken } = await connect();
    await server.setFault({ kind: "revoked", tenant: "org_harness" });
    expect(await listAccounts(accessToken)).toMatchObject({ status: 401, body: { error: "revoked" } });
    expect(await requestTokens({ grant_type: "refresh_token", refresh_token: refreshToken })).toMatchObject({
      status: 400,
      body: { error: "invalid_grant", reason: "revoked" },
    });
    await server.clearFaults();
    const again = await connect();
    expect((await listAccounts(again.accessToken)).status).toBe(200);
  });

  it("throttles as many calls as a throttle fault's remaining, then serves again", async () => {
    const { accessToken } = await connect();
    await server.setFault({ kind: "throttle", platform: "google-ads", remaining: 2 });
    const statuses = [];
    for (let call = 0; call < 4; call++) statuses.push((await listAccounts(accessToken)).status);
    expect(statuses).toEqual([429, 429, 200, 200]);
  });

  it("applies faults only to their tenant and platform, and a probability of 0 never hits", async () => {
    const { accessToken } = await connect();
    await server.setFault({ kind: "server_error", platform: "facebook-ads" });
    await server.setFault({ kind: "server_error", tenant: "another_org" });
    await server.setFault({ kind: "throttle", probability: 0 });
    expect((await listAccounts(accessToken)).status).toBe(200);
    await server.setFault({ kind: "server_error", tenant: "org_harness", platform: "google-ads" });
    expect((await listAccounts(accessToken)).status).toBe(500);
  });

  it("slows calls down by a slow fault's delay", async () => {
    const { accessToken } = await connect();
    await server.setFault({ kind: "slow", delayMs: 250 });
    const started = performance.now();
    expect((await listAccounts(accessToken)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it("moves the clock through the admin API and the engine follows", async () => {
    const before = await server.kit.engine.today();
    const today = await server.advanceClock(2);
    const expected = new Date(`${before}T00:00:00Z`);
    expected.setUTCDate(expected.getUTCDate() + 2);
    expect(today).toBe(expected.toISOString().slice(0, 10));
    expect(await server.kit.engine.today()).toBe(today);
  });
});

describe("the consent page", () => {
  it("asks in the platform's name, names the tenant and the grant, carries the CSP nonce and has no script", async () => {
    const response = await fetch(authorizeUrl());
    expect(response.status).toBe(200);
    const html = await response.text();
    const title = "Authorize Adhelm to manage your Google Ads sandbox account";
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(html).toContain("org_harness");
    expect(html).toContain("See, edit, create and delete your Google Ads accounts and data");
    expect(html).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
    expect(html).toMatch(/<form method="post" action="\/sandbox\/google-ads\/consent">/);
    expect(html).toContain("prefers-color-scheme: dark");
    expect(html).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<style nonce="${nonce}">`);
  });

  it("refuses a form whose fields were changed, with a 400 page", async () => {
    const html = await (await fetch(authorizeUrl())).text();
    const fields = new URLSearchParams();
    for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      fields.set(match[1]!, match[2]!.replaceAll("&amp;", "&").replaceAll("&quot;", '"'));
    fields.set("tenant", "someone_else");
    fields.set("decision", "allow");
    const response = await fetch(`${server.root}/google-ads/consent`, {
      method: "POST",
      body: fields,
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This consent request is not valid");
  });
});

describe("the admin API", () => {
  const adminUrl = (path: string) => `${server.root}/_admin${path}`;
  const asAdmin = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
  const goodToken = () => sandboxAdminToken("sandbox-server-test-secret-0123456789abcdef");

  it.each([
    ["no token", {}],
    ["a wrong token", { authorization: "Bearer nope" }],
  ])("answers 401 with %s", async (_label, headers) => {
    for (const [method, path] of [
      ["GET", "/clock"],
      ["POST", "/clock"],
      ["GET", "/faults"],
      ["POST", "/faults"],
      ["DELETE", "/faults"],
    ] as const) {
      const response = await fetch(adminUrl(path), { method, headers });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    }
  });

  it("reads the clock, lists, adds and clears faults", async () => {
    const clock = await fetch(adminUrl("/clock"), { headers: asAdmin(goodToken()) });
    expect(await clock.json()).toEqual({ today: await server.kit.engine.today(), offsetDays: expect.any(Number) });
    const added = await fetch(adminUrl("/faults"), {
      method: "POST",
      headers: asAdmin(goodToken()),
      body: JSON.stringify({ kind: "throttle", platform: "tiktok-ads", probability: 0.25, remaining: 3 }),
    });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    const listed = (await (await fetch(adminUrl("/faults"), { headers: asAdmin(goodToken()) })).json()) as {
      faults: unknown[];
    };
    expect(listed.faults).toEqual([
      expect.objectContaining({
        id,
        kind: "throttle",
        platform: "tiktok-ads",
        tenant: null,
        probability: 0.25,
        remaining: 3,
      }),
    ]);
    const cleared = await fetch(adminUrl("/faults"), { method: "DELETE", headers: asAdmin(goodToken()) });
    expect(cleared.status).toBe(204);
    expect(await (await fetch(adminUrl("/faults"), { headers: asAdmin(goodToken()) })).json()).toEqual({ faults: [] });
  });

  it.each([
    ["/clock", "not json"],
    ["/clock", JSON.stringify({ advanceDays: 0 })],
    ["/clock", JSON.stringify({ advanceDays: 1.5 })],
    ["/faults", JSON.stringify({ kind: "meltdown" })],
    ["/faults", JSON.stringify({ kind: "throttle", probability: 2 })],
    ["/faults", JSON.stringify({ kind: "throttle", platform: "myspace" })],
    ["/faults", JSON.stringify({ kind: "slow" })],
  ])("answers 400 invalid_request to POST %s with %s", async (path, body) => {
    const response = await fetch(adminUrl(path), { method: "POST", headers: asAdmin(goodToken()), body });
    expect(response.status).toBe(400);
    const envelope = (await response.json()) as { error: { code: string; message: string } };
    expect(envelope.error.code).toBe("invalid_request");
    expect(envelope.error.message.length).toBeGreaterThan(0);
  });
});

describe("the sandbox app", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("indexes its platforms and admin endpoints, answers unknown paths with 404 JSON and platform bugs with 500", async () => {
    const errors: unknown[] = [];
    const { app, adminToken } = createSandboxApp({
      ...sandboxHostOptions(database.db),
      secret: "another-secret-0123456789abcdef0123456789",
      platforms: { "google-ads": createFakePlatform },
      logger: { error: (details) => errors.push(details) },
    });
    expect(adminToken).toBe(sandboxAdminToken("another-secret-0123456789abcdef0123456789"));
    expect(adminToken).not.toBe(sandboxAdminToken("sandbox-server-test-secret-0123456789abcdef"));
    const root = new Hono().route("/sandbox", app);
    const index = (await (await root.request("/sandbox")).json()) as { platforms: { id: string; root: string }[] };
    expect(index.platforms).toEqual([{ id: "google-ads", name: "Google Ads", root: "/sandbox/google-ads" }]);
    expect(JSON.stringify(index)).toContain("/sandbox/_admin/faults");
    const missing = await root.request("/sandbox/meta/v26.0/me");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");
    const broken = await root.request("/sandbox/google-ads/boom");
    expect(broken.status).toBe(500);
    expect(errors).toHaveLength(1);
  });

  it("asks a visitor without a session to sign in first and takes no login_hint for the tenant", async () => {
    const { app } = createSandboxApp({
      ...sandboxHostOptions(database.db),
      secret: "s".repeat(40),
      platforms: { "google-ads": createFakePlatform },
      appUrl: "http://localhost:3000",
    });
    const redirect = encodeURIComponent("http://localhost:3000/integrations/google-ads/callback");
    const query = `client_id=adhelm-sandbox-google-ads&redirect_uri=${redirect}&state=s`;
    for (const hint of ["", "&login_hint=org_hint"]) {
      const response = await app.request(`/google-ads/authorize?${query}${hint}`);
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain("Sign in to Adhelm first");
      expect(html).toContain('href="http://localhost:3000/login"');
      expect(html).not.toContain('name="tenant"');
      expect(html).not.toContain("nonce=");
    }
  });

  it("accepts no redirect URI at all without an app URL", async () => {
    const { app } = createSandboxApp({
      ...sandboxHostOptions(database.db),
      secret: "s".repeat(40),
      platforms: { "google-ads": createFakePlatform },
      resolveTenant: async () => "org_1",
    });
    const redirect = encodeURIComponent("http://localhost:3000/integrations/google-ads/callback");
    const response = await app.request(`/google-ads/authorize?client_id=c&redirect_uri=${redirect}&state=s`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This consent request is not valid");
  });
});
