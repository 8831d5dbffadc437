import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ExternalOrder, StoreConnector, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { createWooCommerceSandbox } from "#simulator/platforms/woocommerce.ts";
import type { SimOrder } from "#simulator/sandbox-kit.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createWooCommerceConnector } from "./connector.ts";
import { woocommerceMetadata } from "./metadata.ts";

const STORE = "https://shop.example.com";
const DAY_MS = 86_400_000;

let sandbox: SandboxServer;
let connector: StoreConnector;
let tokens: TokenSet;

/** Our server's keys endpoint, as the integration layer serves it: it records what the store POSTs. */
let receiver: Server;
let redirectUri: string;
let receivedKeys: Record<string, unknown>[] = [];
let keysAnswerStatus = 200;

function authorizeInput(state: string) {
  return { state, redirectUri, storeAddress: "shop.example.com/" };
}

async function connect(state: string): Promise<TokenSet> {
  receivedKeys = [];
  const landing = await sandbox.authorize(connector.authorizeUrl(authorizeInput(state)));
  expect(landing.searchParams.get("success")).toBe("1");
  const keys = receivedKeys.find((body) => body.user_id === state);
  if (!keys) throw new Error("The store did not POST the keys.");
  return connector.completeAuthorization(keys, authorizeInput(state));
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

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => {
      if (request.method === "POST" && request.url === "/integrations/woocommerce/callback/keys") {
        receivedKeys.push(JSON.parse(text) as Record<string, unknown>);
        response.writeHead(keysAnswerStatus, { "content-type": "application/json" });
        response.end(JSON.stringify({ ok: keysAnswerStatus < 300 }));
        return;
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  redirectUri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/integrations/woocommerce/callback`;

  sandbox = await startSandboxServer({
    platforms: { woocommerce: createWooCommerceSandbox },
    appUrl: new URL(redirectUri).origin,
  });
  connector = createWooCommerceConnector(sandbox.config(woocommerceMetadata));
  tokens = await connect("state-woo");
});

afterEach(async () => {
  keysAnswerStatus = 200;
  await sandbox.clearFaults();
});

afterAll(async () => {
  await sandbox?.close();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()) ?? resolve());
});

describe("WooCommerce connector against the sandbox", () => {
  it("asks the store for read keys, with our return and keys-callback URLs", () => {
    const url = new URL(connector.authorizeUrl(authorizeInput("s-1")));
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.root}/woocommerce/shop.example.com/wc-auth/v1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_name: "Adhelm",
      scope: "read",
      user_id: "s-1",
      return_url: redirectUri,
      callback_url: `${redirectUri}/keys`,
    });
  });

  it("answers a request without callback_url with WordPress's error page", async () => {
    const url = new URL(connector.authorizeUrl(authorizeInput("s-2")));
    url.searchParams.delete("callback_url");
    const response = await fetch(url, { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Missing parameter callback_url");
  });

  it("receives the keys by POST, then the browser returns with success=1", async () => {
    receivedKeys = [];
    const landing = await sandbox.authorize(connector.authorizeUrl(authorizeInput("state-allow")));
    expect(`${landing.origin}${landing.pathname}`).toBe(redirectUri);
    expect(landing.searchParams.get("success")).toBe("1");
    expect(landing.searchParams.get("user_id")).toBe("state-allow");
    expect(receivedKeys).toHaveLength(1);
    const [keys] = receivedKeys;
    expect(keys).toMatchObject({ user_id: "state-allow", key_permissions: "read" });
    expect(typeof keys!.key_id).toBe("number");
    const grant = await connector.completeAuthorization(keys!, authorizeInput("state-allow"));
    expect(grant).toEqual({
      accessToken: keys!.consumer_key,
      refreshToken: keys!.consumer_secret,
      expiresAt: null,
      context: { store: STORE, keyId: String(keys!.key_id), keyPermissions: "read" },
    });
    expect(grant.accessToken).toMatch(/^ck_/);
    expect(grant.refreshToken).toMatch(/^cs_/);
  });

  it("sends the browser back with success=0 when our keys endpoint fails", async () => {
    keysAnswerStatus = 500;
    const landing = await sandbox.authorize(connector.authorizeUrl(authorizeInput("state-failed")));
    expect(landing.searchParams.get("success")).toBe("0");
    expect(landing.searchParams.get("user_id")).toBe("state-failed");
  });

  it("reports a denial as success=0 and sends no keys", async () => {
    receivedKeys = [];
    const landing = await sandbox.authorize(connector.authorizeUrl(authorizeInput("state-deny")), { deny: true });
    expect(`${landing.origin}${landing.pathname}`).toBe(redirectUri);
    expect(landing.searchParams.get("success")).toBe("0");
    expect(landing.searchParams.get("user_id")).toBe("state-deny");
    expect(receivedKeys).toEqual([]);
    const error = await catchError(connector.completeAuthorization(landing.searchParams, authorizeInput("state-deny")));
    expect(error.message).toMatch(/did not approve/);
  });

  it("refuses keys meant for another authorization", async () => {
    const keys = {
      key_id: 1,
      user_id: "someone-else",
      consumer_key: "ck_x",
      consumer_secret: "cs_y",
      key_permissions: "read",
    };
    expect((await catchError(connector.completeAuthorization(keys, authorizeInput("state-mine")))).kind).toBe(
      "rejected",
    );
  });

  it("keeps the keys on refresh: they do not expire", async () => {
    expect(await connector.refreshTokens(tokens)).toEqual(tokens);
  });

  it("describes the store with the engine's name, currency and time zone", async () => {
    expect(await connector.describeStore(tokens)).toEqual(
      sandbox.kit.engine.describeStore(sandbox.tenant, "woocommerce"),
    );
  });

  it("fetches every paid order of a range, across pages, equal to the engine's", async () => {
    const today = await sandbox.kit.engine.today();
    const from = dayStart(today, -4);
    const orders = await connector.fetchPaidOrders(tokens, {
      from: from.slice(0, 10),
      to: dayStart(today, -1).slice(0, 10),
    });
    const expected = await sandbox.kit.engine.listOrders(sandbox.tenant, "woocommerce", {
      from,
      to: dayStart(today, 0),
    });
    expect(expected.length).toBeGreaterThan(100);
    expect(orders).toEqual(expected.map(expectedOrder));
    expect(orders.some((order) => order.refundedMinor > 0)).toBe(true);
    expect(orders.some((order) => order.utmCampaign !== null)).toBe(true);
  });

  describe("errors", () => {
    it("reports a throttling host with its Retry-After", async () => {
      await sandbox.setFault({ kind: "throttle", platform: "woocommerce", remaining: 1 });
      const error = await catchError(connector.describeStore(tokens));
      expect(error.kind).toBe("throttled");
      expect(error.retryAfterMs).toBe(2000);
      expect(error.message).toBe("The store asked Adhelm to slow down.");
    });

    it("reports a server error as unavailable", async () => {
      await sandbox.setFault({ kind: "server_error", platform: "woocommerce", remaining: 1 });
      const today = await sandbox.kit.engine.today();
      const error = await catchError(connector.fetchPaidOrders(tokens, { from: today, to: today }));
      expect(error.kind).toBe("unavailable");
      expect(error.httpStatus).toBe(500);
      // The store's page text ("critical error") is never passed on.
      expect(error.message).toBe("The store had an error (HTTP 500).");
      expect(error.platformCode).toBe("internal_server_error");
    });

    it("reports refused keys as revoked: keys never expire, so no refresh can help", async () => {
      const grant = await connect("state-expired");
      await sandbox.setFault({ kind: "expired_token", platform: "woocommerce" });
      const error = await catchError(connector.describeStore(grant));
      expect(error.kind).toBe("access_revoked");
      expect(error.platformCode).toBe("woocommerce_rest_authentication_error");
      const refreshed = await connector.refreshTokens(grant);
      expect((await catchError(connector.describeStore(refreshed))).kind).toBe("access_revoked");
    });

    it("reports deleted keys as revoked, in our words", async () => {
      const grant = await connect("state-revoked");
      await sandbox.setFault({ kind: "revoked", platform: "woocommerce" });
      const error = await catchError(connector.describeStore(grant));
      expect(error.kind).toBe("access_revoked");
      expect(error.message).toBe("The store refused Adhelm's keys.");
    });

    it("reports an invalid parameter in our words, not the store's", async () => {
      const greedy = createWooCommerceConnector(sandbox.config(woocommerceMetadata), { pageSize: 101 });
      const today = await sandbox.kit.engine.today();
      const error = await catchError(greedy.fetchPaidOrders(tokens, { from: today, to: today }));
      expect(error.kind).toBe("rejected");
      expect(error.httpStatus).toBe(400);
      expect(error.message).toBe("The store refused Adhelm's request as invalid.");
      expect(error.platformCode).toBe("rest_invalid_param");
    });
  });

  describe("the sandbox's REST API", () => {
    const get = (path: string, authorization?: string) =>
      fetch(`${sandbox.root}/woocommerce/shop.example.com/wp-json${path}`, {
        headers: authorization ? { authorization } : {},
      });
    const basic = () => `Basic ${Buffer.from(`${tokens.accessToken}:${tokens.refreshToken}`).toString("base64")}`;

    it("pages orders with X-WP-Total, X-WP-TotalPages and Link", async () => {
      const today = await sandbox.kit.engine.today();
      const after = dayStart(today, -2).slice(0, 19);
      const response = await get(
        `/wc/v3/orders?after=${after}&dates_are_gmt=true&per_page=2&page=2&order=asc`,
        basic(),
      );
      expect(response.status).toBe(200);
      const total = Number(response.headers.get("x-wp-total"));
      expect(total).toBeGreaterThan(4);
      expect(Number(response.headers.get("x-wp-totalpages"))).toBe(Math.ceil(total / 2));
      expect(response.headers.get("link")).toMatch(/page=1[^>]*>; rel="prev", <[^>]*page=3[^>]*>; rel="next"/);
      const orders = (await response.json()) as { total: string; date_created_gmt: string; refunds: unknown[] }[];
      expect(orders).toHaveLength(2);
      expect(orders[0]!.total).toMatch(/^\d+\.\d{2}$/);
      expect(orders[0]!.date_created_gmt.localeCompare(orders[1]!.date_created_gmt)).toBeLessThanOrEqual(0);
    });

    it("answers WP_Error JSON to a request without keys or with a wrong secret", async () => {
      const anonymous = await get("/wc/v3/orders");
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ code: "woocommerce_rest_cannot_view", data: { status: 401 } });
      const wrongSecret = await get(
        "/wc/v3/orders",
        `Basic ${Buffer.from(`${tokens.accessToken}:cs_wrong`).toString("base64")}`,
      );
      expect(await wrongSecret.json()).toMatchObject({
        code: "woocommerce_rest_authentication_error",
        message: "Consumer secret is invalid.",
      });
    });

    it("answers rest_no_route for an unknown route", async () => {
      const response = await get("/wc/v3/nothing-here", basic());
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: "rest_no_route", data: { status: 404 } });
    });
  });
});
