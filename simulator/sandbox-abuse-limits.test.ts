import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import type { ConnectorRegistry, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import type { PlatformId } from "#core/shared/platforms.ts";
import { sandboxConnectors } from "#tests/support/integration-fixture.ts";
import { type SandboxServer, sandboxHostOptions, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createSandboxApp } from "./sandbox-app.ts";
import { createAppCallbackCheck, MAX_ORDER_DAYS, MAX_REPORT_DAYS } from "./sandbox-guards.ts";
import { SANDBOX_PLATFORMS } from "./sandbox-platforms.ts";

/**
 * Finding 7: no platform module redirects anywhere but the app's own callback (errors included),
 * one request cannot make the sandbox compute an unbounded market, and the sandbox is rate limited.
 */

const DAY_MS = 86_400_000;
let sandbox: SandboxServer;
let registry: ConnectorRegistry;
let victim: { origin: string; requests: string[]; server: Server };

beforeAll(async () => {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  victim = { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
  sandbox = await startSandboxServer({ platforms: SANDBOX_PLATFORMS });
  registry = sandboxConnectors(sandbox);
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => victim.server.close(resolve));
});
let spies: { mockRestore(): void }[] = [];
afterEach(() => {
  for (const spy of spies) spy.mockRestore();
  spies = [];
});

/** Watches an engine method (restored after the test). */
function watch(method: "dailyMetrics" | "listOrders") {
  const spy = vi.spyOn(sandbox.kit.engine, method);
  spies.push(spy);
  return spy;
}

function authorizeUrlOf(platform: PlatformId, redirectUri: string): string {
  const input = { state: "state-1", redirectUri };
  if (platform === "shopify") return registry.storeConnector(platform).authorizeUrl({ ...input, storeAddress: "demo" });
  if (platform === "woocommerce")
    return registry.storeConnector(platform).authorizeUrl({ ...input, storeAddress: "shop.example.com" });
  return registry.adConnector(platform).authorizeUrl(input);
}

/** Like a browser: follows redirects inside the sandbox and stops at the first answer leaving it. */
async function visit(url: string): Promise<Response> {
  let target = new URL(url);
  for (let hop = 0; hop < 5; hop++) {
    const response = await fetch(target, { redirect: "manual" });
    const location = response.headers.get("location");
    if (!location || !new URL(location, target).href.startsWith(`${sandbox.root}/`)) return response;
    target = new URL(location, target);
  }
  throw new Error(`Too many redirects from ${url}`);
}

describe("the authorize pages", () => {
  const platforms = Object.keys(SANDBOX_PLATFORMS) as PlatformId[];

  it.each(platforms)(
    "of %s refuse a redirect_uri that is not the app's callback, without redirecting",
    async (platform) => {
      const accepted = await visit(authorizeUrlOf(platform, sandbox.callbackUrl(platform)));
      expect(accepted.status).toBe(200);
      await accepted.body?.cancel();
      for (const foreign of [
        `${victim.origin}/integrations/${platform}/callback`,
        `${sandbox.appUrl}/integrations/${platform}/callback/../../../admin`,
        `${sandbox.appUrl}.evil.example/integrations/${platform}/callback`,
        "https://evil.example/",
      ]) {
        const response = await visit(authorizeUrlOf(platform, foreign));
        expect(response.status, foreign).toBe(400);
        expect(response.headers.get("location"), foreign).toBeNull();
        expect(await response.text()).not.toContain("<form");
      }
      expect(victim.requests).toEqual([]);
    },
  );

  it.each([
    ["microsoft-ads", { response_type: "token" }],
    ["microsoft-ads", { scope: "openid" }],
    ["linkedin-ads", { response_type: "token" }],
    ["linkedin-ads", { scope: "r_everything" }],
  ] as const)("of %s check the redirect_uri before reporting %o by redirecting to it", async (platform, change) => {
    const url = new URL(authorizeUrlOf(platform, "https://evil.example/phish"));
    for (const [name, value] of Object.entries(change)) url.searchParams.set(name, value);
    const response = await visit(url.href);
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    // With the app's own callback, the same problem is still reported back to it.
    const own = new URL(authorizeUrlOf(platform, sandbox.callbackUrl(platform)));
    for (const [name, value] of Object.entries(change)) own.searchParams.set(name, value);
    const reported = await visit(own.href);
    expect(reported.status).toBe(302);
    expect(reported.headers.get("location")).toMatch(new RegExp(`^${sandbox.callbackUrl(platform)}\\?`));
  });
});

describe("the callback check", () => {
  const isAppCallback = createAppCallbackCheck("https://app.example.com/");

  it.each([
    ["https://app.example.com/integrations/google-ads/callback", "browser", true],
    ["https://APP.example.com:443/integrations/google-ads/callback?x=1", "browser", true],
    ["https://app.example.com/integrations/google-ads/callback/keys", "keys", true],
    ["https://app.example.com/integrations/google-ads/callback/keys", "browser", false],
    ["http://app.example.com/integrations/google-ads/callback", "browser", false],
    ["https://app.example.com:8443/integrations/google-ads/callback", "browser", false],
    ["https://app.example.com.evil.example/integrations/google-ads/callback", "browser", false],
    ["https://user:pw@app.example.com/integrations/google-ads/callback", "browser", false],
    ["https://app.example.com/integrations/google-ads/callback#x", "browser", false],
    ["https://app.example.com/integrations/google-ads/callback/../../../admin", "browser", false],
    ["https://app.example.com/integrations/facebook-ads/callback", "browser", false],
    ["javascript:alert(1)//app.example.com/integrations/google-ads/callback", "browser", false],
    ["not a url", "browser", false],
  ] as const)("takes %s as a %s callback of google-ads: %s", (url, kind, expected) => {
    expect(isAppCallback("google-ads", url, kind)).toBe(expected);
  });

  it("takes nothing without an app URL", () => {
    expect(
      createAppCallbackCheck(undefined)("google-ads", "https://app.example.com/integrations/google-ads/callback"),
    ).toBe(false);
  });
});

describe("a report or order listing over the sandbox's span", () => {
  async function connect(platform: "google-ads" | "facebook-ads" | "microsoft-ads") {
    const connector = registry.adConnector(platform);
    const redirectUri = sandbox.callbackUrl(platform);
    const callback = await sandbox.authorize(connector.authorizeUrl({ state: `span-${platform}`, redirectUri }));
    const tokens: TokenSet = await connector.exchangeCode(callback.searchParams, redirectUri);
    const [account] = await connector.listAdAccounts(tokens);
    return { connector, tokens, account: account! };
  }

  // LinkedIn's connector asks in windows of its own, so its API is called directly below.
  it.each(["google-ads", "facebook-ads", "microsoft-ads"] as const)(
    "is refused by %s in its own error shape, without computing the market",
    async (platform) => {
      const { connector, tokens, account } = await connect(platform);
      const today = await sandbox.kit.engine.today();
      const dailyMetrics = watch("dailyMetrics");
      const from = new Date(Date.parse(`${today}T00:00:00Z`) - MAX_REPORT_DAYS * DAY_MS).toISOString().slice(0, 10);
      const error = await connector.fetchDailyMetrics(tokens, account, { from, to: today }).catch((caught) => caught);
      expect(error).toBeInstanceOf(PlatformError);
      expect((error as PlatformError).kind).toBe("rejected");
      expect(dailyMetrics).not.toHaveBeenCalled();
    },
  );

  it("is refused by LinkedIn's adAnalytics in its error shape, without computing the market", async () => {
    const { accessToken } = sandbox.kit.credentials.issueTokens({
      tenant: sandbox.tenant,
      platform: "linkedin-ads",
      accessTtlSeconds: 3600,
      withRefreshToken: false,
    });
    const [account] = sandbox.kit.engine.listAccounts(sandbox.tenant, "linkedin-ads");
    const dailyMetrics = watch("dailyMetrics");
    const analytics = (start: string, end: string) => {
      const date = (text: string) =>
        `(year:${Number(text.slice(0, 4))},month:${Number(text.slice(5, 7))},day:${Number(text.slice(8))})`;
      const query = `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=(start:${date(start)},end:${date(end)})&accounts=List(urn%3Ali%3AsponsoredAccount%3A${account!.id})`;
      return fetch(`${sandbox.root}/linkedin-ads/rest/adAnalytics?${query}`, {
        headers: {
          authorization: `Bearer ${accessToken}`,
          "LinkedIn-Version": "202607",
          "X-Restli-Protocol-Version": "2.0.0",
        },
      });
    };
    const refused = await analytics("2020-01-01", await sandbox.kit.engine.today());
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      status: 400,
      message: expect.stringContaining(`${MAX_REPORT_DAYS} days`),
    });
    expect(dailyMetrics).not.toHaveBeenCalled();
    const today = await sandbox.kit.engine.today();
    const monthAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * DAY_MS).toISOString().slice(0, 10);
    expect((await analytics(monthAgo, today)).status).toBe(200);
    expect(dailyMetrics).toHaveBeenCalledTimes(1);
  });

  it("is refused by WooCommerce with rest_invalid_param, without computing the orders", async () => {
    const issued = sandbox.kit.credentials.issueTokens({
      tenant: sandbox.tenant,
      platform: "woocommerce",
      accessTtlSeconds: null,
      withRefreshToken: true,
    });
    const authorization = `Basic ${Buffer.from(`${issued.accessToken}:${issued.refreshToken}`).toString("base64")}`;
    const listOrders = watch("listOrders");
    const orders = (query: string) =>
      fetch(`${sandbox.root}/woocommerce/shop.example.com/wp-json/wc/v3/orders?dates_are_gmt=true&${query}`, {
        headers: { authorization },
      });
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);
    for (const query of [
      "after=2000-01-01T00:00:00",
      `after=${iso(now - (MAX_ORDER_DAYS + 1) * DAY_MS)}&before=${iso(now)}`,
      "before=2999-01-01T00:00:00",
    ]) {
      const response = await orders(query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe("rest_invalid_param");
    }
    expect(listOrders).not.toHaveBeenCalled();
    const sync = await orders(`after=${iso(now - 15 * DAY_MS)}&before=${iso(now)}`);
    expect(sync.status).toBe(200);
    expect(listOrders).toHaveBeenCalledTimes(1);
  });

  it("is refused by Shopify when one query selects orders more than five times", async () => {
    const issued = sandbox.kit.credentials.issueTokens({
      tenant: sandbox.tenant,
      platform: "shopify",
      accessTtlSeconds: 3600,
      withRefreshToken: false,
    });
    const listOrders = watch("listOrders");
    const fields = Array.from({ length: 6 }, (_, index) => `o${index}: orders(first: 0) { pageInfo { hasNextPage } }`);
    const response = await fetch(`${sandbox.root}/shopify/demo.myshopify.com/admin/api/2026-10/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-access-token": issued.accessToken },
      body: JSON.stringify({ query: `{ ${fields.join(" ")} }` }),
    });
    const body = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.message).toBe("A query may select orders at most 5 times.");
    expect(listOrders).not.toHaveBeenCalled();
  });
});

describe("the sandbox's limits", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The sandbox in process, its clock in the middle of a rate-limit window so the count cannot roll over. */
  function sandboxAt(instant: string, requestsPerMinute: number) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(instant));
    const { app, kit } = createSandboxApp({
      ...sandboxHostOptions(database.db),
      secret: "limits-test-secret-0123456789abcdef0123",
      platforms: {},
      requestsPerMinute,
      clientAddress: (c) => c.req.header("x-client") ?? "local",
    });
    return { root: new Hono().route("/sandbox", app), kit };
  }

  it("answers a JSON 429 with Retry-After past its limit per minute, per address", async () => {
    const { root } = sandboxAt("2026-03-02T10:00:20Z", 5);
    const statuses: number[] = [];
    for (let call = 0; call < 5; call++)
      statuses.push((await root.request("/sandbox", { headers: { "x-client": "203.0.113.5" } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await root.request("/sandbox", { headers: { "x-client": "203.0.113.5" } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("40");
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    // Another address has its own allowance, and so does the next minute.
    expect((await root.request("/sandbox", { headers: { "x-client": "203.0.113.6" } })).status).toBe(200);
    vi.setSystemTime(new Date("2026-03-02T10:01:00Z"));
    expect((await root.request("/sandbox", { headers: { "x-client": "203.0.113.5" } })).status).toBe(200);
  });

  it("counts calls carrying a genuine credential under its tenant, and made-up tokens under the address", async () => {
    const { root, kit } = sandboxAt("2026-03-02T11:00:20Z", 3);
    const address = { "x-client": "198.51.100.7" };
    for (let call = 0; call < 3; call++) await root.request("/sandbox", { headers: address });
    expect((await root.request("/sandbox", { headers: address })).status).toBe(429);
    const tokenOf = (tenant: string) =>
      kit.credentials.issueTokens({ tenant, platform: "google-ads", accessTtlSeconds: 3600, withRefreshToken: false })
        .accessToken;
    const asTenant = (token: string) => ({ ...address, authorization: `Bearer ${token}` });
    const orgA = tokenOf("org_a");
    for (let call = 0; call < 3; call++)
      expect((await root.request("/sandbox", { headers: asTenant(orgA) })).status).toBe(200);
    expect((await root.request("/sandbox", { headers: asTenant(tokenOf("org_a")) })).status).toBe(429);
    expect((await root.request("/sandbox", { headers: asTenant(tokenOf("org_b")) })).status).toBe(200);
    expect((await root.request("/sandbox", { headers: asTenant("ya29.made-up.token") })).status).toBe(429);
  });

  it("refuses a request body over 1 MB with a 413", async () => {
    const { root } = sandboxAt("2026-03-02T12:00:20Z", 100);
    const response = await root.request("/sandbox/google-ads/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=".padEnd(1024 * 1024 + 10, "x"),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
  });
});
