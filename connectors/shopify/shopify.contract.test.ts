import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ExternalOrder, StoreConnector, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { createShopifySandbox } from "#simulator/platforms/shopify.ts";
import type { SimOrder } from "#simulator/sandbox-kit.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createShopifyConnector } from "./connector.ts";
import { shopifyMetadata } from "./metadata.ts";

const REDIRECT_URI = "https://app.example.com/integrations/shopify/callback";
const SHOP = "demo-store.myshopify.com";
const DAY_MS = 86_400_000;

let sandbox: SandboxServer;
let connector: StoreConnector;
let tokens: TokenSet;

function authorizeInput(state: string) {
  return { state, redirectUri: REDIRECT_URI, storeAddress: "demo-store" };
}

async function connect(state = "state-shopify"): Promise<TokenSet> {
  const callback = await sandbox.authorize(connector.authorizeUrl(authorizeInput(state)));
  return connector.completeAuthorization(callback.searchParams, authorizeInput(state));
}

async function catchError(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

function dayStart(today: string, shiftDays: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + shiftDays * DAY_MS).toISOString();
}

/** What the connector should return for an engine order (Shopify's DateTime has whole seconds). */
function expectedOrder(order: SimOrder): ExternalOrder {
  return {
    externalId: order.id,
    name: `#${order.number}`,
    createdAt: new Date(Math.floor(Date.parse(order.createdAt) / 1000) * 1000).toISOString(),
    currency: order.currency,
    totalMinor: order.totalMinor,
    refundedMinor: order.refundedMinor,
    utmSource: order.utmSource,
    utmMedium: order.utmMedium,
    utmCampaign: order.utmCampaign,
  };
}

async function graphql(accessToken: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${sandbox.root}/shopify/${SHOP}/admin/api/2026-10/graphql.json`, {
    method: "POST",
    headers: { "content-type": "application/json", "X-Shopify-Access-Token": accessToken },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { shopify: createShopifySandbox },
    appUrl: new URL(REDIRECT_URI).origin,
  });
  connector = createShopifyConnector(sandbox.config(shopifyMetadata));
  tokens = await connect();
});

afterEach(async () => {
  await sandbox.clearFaults();
});

afterAll(async () => {
  await sandbox?.close();
});

describe("Shopify connector against the sandbox", () => {
  it("sends the merchant to the shop's own authorize page for read_orders", () => {
    const url = new URL(connector.authorizeUrl(authorizeInput("s-1")));
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.root}/shopify/${SHOP}/admin/oauth/authorize`);
    expect(url.searchParams.get("client_id")).toBe(sandbox.config(shopifyMetadata).clientId);
    expect(url.searchParams.get("scope")).toBe("read_orders");
    expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(url.searchParams.get("state")).toBe("s-1");
  });

  it("shows Shopify's OAuth error page to an unknown client id", async () => {
    const url = new URL(connector.authorizeUrl(authorizeInput("s-2")));
    url.searchParams.set("client_id", "someone-else");
    const response = await fetch(url, { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("invalid_request: The client_id provided is invalid");
  });

  it("verifies the signed callback and gets an expiring offline token with a refresh token", async () => {
    const callback = await sandbox.authorize(connector.authorizeUrl(authorizeInput("state-exchange")));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    for (const name of ["code", "hmac", "host", "shop", "state", "timestamp"])
      expect(callback.searchParams.get(name)).toBeTruthy();
    expect(callback.searchParams.get("shop")).toBe(SHOP);
    const grant = await connector.completeAuthorization(callback.searchParams, authorizeInput("state-exchange"));
    const now = Date.now();
    expect(grant.refreshToken).toBeTruthy();
    expect(Math.abs((grant.expiresAt?.getTime() ?? 0) - (now + 3600_000))).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(grant.context.refreshTokenExpiresAt ?? "") - (now + 90 * DAY_MS))).toBeLessThan(60_000);
    expect(grant.context.shop).toBe(SHOP);
    expect(grant.context.scope).toBe("read_orders");
  });

  it("refuses a callback whose hmac, shop or state does not verify", async () => {
    const callback = await sandbox.authorize(connector.authorizeUrl(authorizeInput("state-tamper")));
    const forged = new URLSearchParams(callback.searchParams);
    forged.set("shop", "evil-store.myshopify.com");
    expect((await catchError(connector.completeAuthorization(forged, authorizeInput("state-tamper")))).message).toMatch(
      /hmac/,
    );
    const otherStore = { ...authorizeInput("state-tamper"), storeAddress: "other-store" };
    expect((await catchError(connector.completeAuthorization(callback.searchParams, otherStore))).kind).toBe(
      "rejected",
    );
    expect(
      (await catchError(connector.completeAuthorization(callback.searchParams, authorizeInput("another-state"))))
        .message,
    ).toMatch(/state/);
    // The untouched callback still works: nothing above spent the code.
    const grant = await connector.completeAuthorization(callback.searchParams, authorizeInput("state-tamper"));
    expect(grant.accessToken).toBeTruthy();
  });

  it("keeps a cancelled install inside the shop admin, never reaching our redirect", async () => {
    const landing = await sandbox.authorize(connector.authorizeUrl(authorizeInput("state-deny")), { deny: true });
    expect(landing.toString()).toBe(`${sandbox.root}/shopify/${SHOP}/admin/apps`);
    expect(landing.searchParams.has("code")).toBe(false);
  });

  it("rotates both tokens on refresh", async () => {
    const grant = await connect("state-refresh");
    const refreshed = await connector.refreshTokens(grant);
    expect(refreshed.accessToken).not.toBe(grant.accessToken);
    expect(refreshed.refreshToken).not.toBe(grant.refreshToken);
    expect(refreshed.context.shop).toBe(SHOP);
    expect(Math.abs((refreshed.expiresAt?.getTime() ?? 0) - (Date.now() + 3600_000))).toBeLessThan(60_000);
    expect((await connector.describeStore(refreshed)).name).toBeTruthy();
  });

  it("describes the store with the engine's name, currency and time zone", async () => {
    expect(await connector.describeStore(tokens)).toEqual(sandbox.kit.engine.describeStore(sandbox.tenant, "shopify"));
  });

  it("fetches every paid order of a range, across pages, equal to the engine's", async () => {
    const today = await sandbox.kit.engine.today();
    const from = dayStart(today, -4);
    const range = { from: from.slice(0, 10), to: dayStart(today, -1).slice(0, 10) };
    const orders = await connector.fetchPaidOrders(tokens, range);
    const expected = await sandbox.kit.engine.listOrders(sandbox.tenant, "shopify", { from, to: dayStart(today, 0) });
    // More than one page of 100.
    expect(expected.length).toBeGreaterThan(100);
    expect(orders).toEqual(expected.map(expectedOrder));
    expect(orders.some((order) => order.refundedMinor > 0)).toBe(true);
    expect(orders.some((order) => order.utmSource !== null)).toBe(true);
    const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
    expect(total(orders.map((order) => order.totalMinor))).toBe(total(expected.map((order) => order.totalMinor)));
  });

  it("clamps the range to the 60 days read_orders can see", async () => {
    const today = await sandbox.kit.engine.today();
    const range = { from: dayStart(today, -90).slice(0, 10), to: dayStart(today, -57).slice(0, 10) };
    const orders = await connector.fetchPaidOrders(tokens, range);
    const expected = await sandbox.kit.engine.listOrders(sandbox.tenant, "shopify", {
      from: dayStart(today, -59),
      to: dayStart(today, -56),
    });
    expect(orders).toEqual(expected.map(expectedOrder));
    expect(
      await connector.fetchPaidOrders(tokens, { from: range.from, to: dayStart(today, -70).slice(0, 10) }),
    ).toEqual([]);
  });

  it("hides orders older than 60 days, as Shopify does for read_orders", async () => {
    const today = await sandbox.kit.engine.today();
    const older = await sandbox.kit.engine.listOrders(sandbox.tenant, "shopify", {
      from: dayStart(today, -70),
      to: dayStart(today, -69),
    });
    expect(older.length).toBeGreaterThan(0);
    const { body } = await graphql(
      tokens.accessToken,
      "query Old($query: String!) { orders(first: 10, query: $query) { edges { node { id } } } }",
      { query: `created_at:>='${dayStart(today, -70)}' created_at:<'${dayStart(today, -69)}'` },
    );
    expect(body).toMatchObject({ data: { orders: { edges: [] } } });
  });

  describe("errors", () => {
    it("reports THROTTLED with the wait the cost extension implies", async () => {
      await sandbox.setFault({ kind: "throttle", platform: "shopify", remaining: 1 });
      const today = await sandbox.kit.engine.today();
      const error = await catchError(connector.fetchPaidOrders(tokens, { from: today, to: today }));
      expect(error.kind).toBe("throttled");
      expect(error.platformCode).toBe("THROTTLED");
      // 803 points wanted, 321 available, 100 restored per second.
      expect(error.retryAfterMs).toBe(4820);
    });

    it("reports a server error as unavailable", async () => {
      await sandbox.setFault({ kind: "server_error", platform: "shopify", remaining: 1 });
      const error = await catchError(connector.describeStore(tokens));
      expect(error.kind).toBe("unavailable");
      expect(error.httpStatus).toBe(500);
    });

    it("reports an expired token, which a refresh fixes", async () => {
      const grant = await connect("state-expired");
      await sandbox.setFault({ kind: "expired_token", platform: "shopify" });
      expect((await catchError(connector.describeStore(grant))).kind).toBe("token_expired");
      const refreshed = await connector.refreshTokens(grant);
      expect((await connector.describeStore(refreshed)).currency).toBe("USD");
    });

    it("reports an uninstalled app: the token fails and the refresh is refused", async () => {
      const grant = await connect("state-revoked");
      await sandbox.setFault({ kind: "revoked", platform: "shopify" });
      expect((await catchError(connector.describeStore(grant))).kind).toBe("token_expired");
      expect((await catchError(connector.refreshTokens(grant))).kind).toBe("access_revoked");
    });

    it("passes on Shopify's message for a query over the 1,000-point cap", async () => {
      const greedy = createShopifyConnector(sandbox.config(shopifyMetadata), { pageSize: 250 });
      const today = await sandbox.kit.engine.today();
      const error = await catchError(greedy.fetchPaidOrders(tokens, { from: today, to: today }));
      expect(error.kind).toBe("rejected");
      expect(error.platformCode).toBe("MAX_COST_EXCEEDED");
      expect(error.message).toMatch(/^Query cost is 2003, which exceeds the single query max cost limit \(1000\)/);
    });
  });

  describe("the sandbox's GraphQL", () => {
    it("answers unknown fields with Shopify's validation error", async () => {
      const { status, body } = await graphql(tokens.accessToken, "{ shop { name planName } }");
      expect(status).toBe(200);
      expect(body).toMatchObject({
        errors: [{ message: "Field 'planName' doesn't exist on type 'Shop'", extensions: { code: "undefinedField" } }],
      });
    });

    it("pages with cursors and reports the query cost", async () => {
      const query = `query Page($after: String) {
        orders(first: 2, after: $after, sortKey: CREATED_AT, query: "financial_status:paid") {
          edges { cursor node { id createdAt } }
          pageInfo { hasNextPage endCursor }
        }
      }`;
      const first = await graphql(tokens.accessToken, query);
      const page = first.body as {
        data: { orders: { edges: { node: { id: string } }[]; pageInfo: { endCursor: string; hasNextPage: boolean } } };
        extensions: { cost: { requestedQueryCost: number } };
      };
      expect(page.data.orders.edges).toHaveLength(2);
      expect(page.data.orders.pageInfo.hasNextPage).toBe(true);
      expect(page.extensions.cost.requestedQueryCost).toBe(5);
      const second = (await graphql(tokens.accessToken, query, { after: page.data.orders.pageInfo.endCursor }))
        .body as typeof page;
      const ids = [...page.data.orders.edges, ...second.data.orders.edges].map((edge) => edge.node.id);
      expect(new Set(ids).size).toBe(4);
    });

    it("answers 401 to a missing token", async () => {
      const { status, body } = await graphql("", "{ shop { name } }");
      expect(status).toBe(401);
      expect(body.errors).toMatch(/Invalid API key or access token/);
    });
  });
});
