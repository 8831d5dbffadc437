import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseJobQueue } from "#adapters/jobs/database-job-queue.ts";
import { createLogger } from "#adapters/logger.ts";
import { createOutboundFetch } from "#adapters/outbound-http.ts";
import * as integrationsRoute from "#app/routes/app/integrations.tsx";
import * as callbackRoute from "#app/routes/resources/integration-callback.ts";
import * as connectRoute from "#app/routes/resources/integration-connect.ts";
import * as storeKeysRoute from "#app/routes/resources/integration-store-keys.ts";
import { createConnectorRegistry } from "#connectors/connector-registry.ts";
import { systemActor, userActor } from "#core/access/actor.ts";
import type { ConnectionsDependencies } from "#core/connections/connections-module.ts";
import { createConnectionsModule } from "#core/connections/connections-module.ts";
import { SYNC_ACTOR } from "#core/connections/sync-schedule.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { AppError } from "#core/errors/app-error.ts";
import { createTokenCipher } from "#core/security/token-cipher.ts";
import { createSyncRepository } from "#core/sync/sync-repository.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { createApp } from "./app.ts";
import { sandboxCredentialsFor } from "./sandbox-host.ts";
import { createServices, type ServerServices } from "./services.ts";

/**
 * Finding 2: with the sandbox off, WooCommerce calls the store URL a user typed. It must not let a
 * signed-in user make the server call loopback or the private network, nor show a store's words.
 */
const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";
const STORE_SECRET_TEXT = "SECRET-STORE-TEXT from /var/www";

interface Deployment {
  app: ReturnType<typeof createApp>;
  services: ServerServices;
  database: DatabaseHandle;
  dataDir: string;
  cookie: string;
}

/** A WooCommerce store on 127.0.0.1 that records every request; `refuseKeys` makes it answer 401 with its own text. */
let store: Server;
let storeUrl: string;
let received: Array<{ url: string; authorization: string | undefined }> = [];
let refuseKeys = false;
const deployments: Deployment[] = [];

async function deploy(overrides: Record<string, string>): Promise<Deployment> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "woocommerce-ssrf-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir, ADS_SANDBOX: "false", ...overrides });
  const handlePage = createRouteHandler([
    { path: "/integrations", module: integrationsRoute },
    { path: "/integrations/:platform/connect", module: connectRoute },
    { path: "/integrations/:platform/callback", module: callbackRoute },
    { path: "/integrations/:platform/callback/keys", module: storeKeysRoute },
  ]);
  const services = createServices({ env, database, logger });
  const app = createApp({ env, logger, services, handlePage });
  const deployment = { app, services, database, dataDir, cookie: "" };
  deployments.push(deployment);
  deployment.cookie = await signUp(deployment);
  return deployment;
}

/**
 * Signs a user up and in through the real auth routes; returns the session cookie. The mailed
 * link is not what this test is about, so the address is marked verified in the database.
 */
async function signUp({ app, database }: Pick<Deployment, "app" | "database">): Promise<string> {
  const email = "ada@example.com";
  const password = "Engine-1843";
  const post = (url: string, body: unknown) =>
    app.request(url, {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP_URL },
      body: JSON.stringify(body),
    });
  const signedUp = await post("/api/auth/sign-up/email", {
    firstName: "Ada",
    lastName: "Lovelace",
    companyName: "Engines",
    email,
    password,
    confirmPassword: password,
    acceptTerms: true,
  });
  expect(signedUp.ok).toBe(true);
  await database.db.updateTable("user").set({ emailVerified: true }).where("email", "=", email).execute();
  const signedIn = await post("/api/auth/sign-in/email", { email, password });
  expect(signedIn.ok).toBe(true);
  return signedIn.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

function flashOf(response: Response): { kind: string; title: string; description?: string } | null {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("adhelm.flash="));
  return cookie ? JSON.parse(decodeURIComponent(cookie.slice("adhelm.flash=".length).split(";")[0] ?? "")) : null;
}

/**
 * What a browser and the store would do: Connect with the store URL, the keys POSTed to our
 * callback (anyone who holds the state can post them), then the browser's return.
 */
async function connectStore({ app, cookie }: Deployment, storeAddress: string) {
  const connect = await app.request("/integrations/woocommerce/connect", {
    method: "POST",
    headers: { cookie, origin: APP_URL, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ storeAddress }).toString(),
  });
  expect(connect.status).toBe(302);
  const authorizeUrl = new URL(connect.headers.get("location") ?? "");
  // The consent page is the browser's to visit; Adhelm's server has not called the store.
  expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${storeUrl}/wc-auth/v1/authorize`);
  const state = authorizeUrl.searchParams.get("user_id") ?? "";
  const keys = await app.request("/integrations/woocommerce/callback/keys", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      key_id: 7,
      user_id: state,
      consumer_key: "ck_attacker",
      consumer_secret: "cs_attacker",
      key_permissions: "read",
    }),
  });
  expect(keys.status).toBe(200);
  return app.request(`/integrations/woocommerce/callback?success=1&user_id=${encodeURIComponent(state)}`, {
    headers: { cookie },
  });
}

beforeAll(async () => {
  store = createServer((request, response) => {
    received.push({ url: request.url ?? "", authorization: request.headers.authorization });
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (refuseKeys)
      return json(401, { code: "woocommerce_rest_authentication_error", message: STORE_SECRET_TEXT, data: {} });
    if (request.url === "/wp-json/") return json(200, { name: "Internal shop", timezone_string: "UTC" });
    if (request.url === "/wp-json/wc/v3/data/currencies/current") return json(200, { code: "EUR" });
    if (request.url?.startsWith("/wp-json/wc/v3/orders")) return json(200, []);
    return json(404, { code: "rest_no_route", message: STORE_SECRET_TEXT, data: { status: 404 } });
  });
  await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve));
  storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const deployment of deployments) {
    await deployment.database.close().catch(() => {});
    rmSync(deployment.dataDir, { recursive: true, force: true });
  }
  store?.closeAllConnections();
  await new Promise<void>((resolve) => store?.close(() => resolve()) ?? resolve());
});

describe("WooCommerce store URLs with the sandbox off", () => {
  it("refuses a loopback store: Connection failed, and the listener receives nothing", async () => {
    received = [];
    const deployment = await deploy({});
    const response = await connectStore(deployment, storeUrl);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/integrations");
    expect(flashOf(response)).toMatchObject({ kind: "error", title: "Connection failed" });
    expect(received).toEqual([]);
    const connections = await deployment.database.db.selectFrom("connections").select("id").execute();
    expect(connections).toEqual([]);
  });

  it("reaches a store on the private network with WOOCOMMERCE_ALLOW_PRIVATE, and shows its errors in our words", async () => {
    received = [];
    const deployment = await deploy({ WOOCOMMERCE_ALLOW_PRIVATE: "true" });
    const response = await connectStore(deployment, storeUrl);
    expect(flashOf(response)).toMatchObject({ kind: "success" });
    expect(received[0]).toEqual({
      url: "/wp-json/",
      authorization: `Basic ${Buffer.from("ck_attacker:cs_attacker").toString("base64")}`,
    });

    // The keys stop working: the card shows Adhelm's words, never the store's body.
    refuseKeys = true;
    try {
      const [connection] = await deployment.database.db
        .selectFrom("connections")
        .select(["id", "organization_id"])
        .execute();
      const result = await deployment.services.sync.syncConnection(
        systemActor(connection?.organization_id ?? "", SYNC_ACTOR),
        { connectionId: connection?.id ?? "", kind: "backfill" },
      );
      expect(result.outcome).toBe("failed");
    } finally {
      refuseKeys = false;
    }
    const page = await deployment.app.request("/integrations", { headers: { cookie: deployment.cookie } });
    const { cards } = (await page.json()) as {
      cards: Array<{ listing: { id: string }; connection: { status: string; lastError: string | null } | null }>;
    };
    const card = cards.find((entry) => entry.listing.id === "woocommerce");
    expect(card?.connection?.status).toBe("error");
    expect(card?.connection?.lastError).toContain("The store refused Adhelm's keys.");
    expect(JSON.stringify(cards)).not.toContain("SECRET-STORE-TEXT");
  });

  it("refuses an http:// store up front in production, but not in the sandbox", async () => {
    const deployment = deployments[0] ?? (await deploy({}));
    const [member] = await deployment.database.db
      .selectFrom("member")
      .select(["userId", "organizationId", "role"])
      .execute();
    const actor = userActor({
      userId: member?.userId ?? "",
      name: "Ada",
      organizationId: member?.organizationId ?? "",
      role: member?.role,
    });
    // The deployment's connections module, with the connectors of another configuration.
    const db = deployment.database.db;
    const moduleWith = (connectors: ConnectionsDependencies["connectors"]) =>
      createConnectionsModule({
        db,
        connectors,
        cipher: createTokenCipher("x".repeat(32)),
        jobs: createDatabaseJobQueue({ db, logger }),
        appUrl: APP_URL,
        syncHistory: createSyncRepository(db),
      });
    const outboundFetch = createOutboundFetch({ requireHttps: true });
    const env = { AUTH_SECRET: "x".repeat(32), ADS_SANDBOX_URL: `${APP_URL}/sandbox`, isProduction: true };
    const live = moduleWith(createConnectorRegistry({ ...env, ADS_SANDBOX: false }, { outboundFetch }));
    const refused = await live
      .startConnection(actor, {
        sessionId: "s",
        platform: "woocommerce",
        storeAddress: "http://shop.example.com",
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe("Enter your store URL with https://, like https://shop.example.com.");
    expect((refused as AppError).status).toBe(422);
    await expect(
      live.startConnection(actor, { sessionId: "s", platform: "woocommerce", storeAddress: "shop.example.com" }),
    ).resolves.toMatchObject({
      authorizeUrl: expect.stringMatching(/^https:\/\/shop\.example\.com\/wc-auth\/v1\/authorize\?/),
    });

    const sandbox = moduleWith(
      createConnectorRegistry({ ...env, ADS_SANDBOX: true }, { sandboxCredentials: sandboxCredentialsFor(env) }),
    );
    await expect(
      sandbox.startConnection(actor, {
        sessionId: "s",
        platform: "woocommerce",
        storeAddress: "http://shop.example.test",
      }),
    ).resolves.toMatchObject({ authorizeUrl: expect.stringContaining("/sandbox/woocommerce/shop.example.test/") });
  });
});
