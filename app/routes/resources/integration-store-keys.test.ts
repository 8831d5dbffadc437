/**
 * POST /integrations/woocommerce/callback/keys, the store's server-to-server delivery of the API
 * keys it made for us, as a store (honest or not) sends it: over real HTTP to the app on a
 * loopback port, with no session. Keys are accepted only for a live, unused WooCommerce state we
 * issued, once, are held sealed on that state, and connect the organization that pressed Connect
 * when its browser comes back. The keys here are real sandbox store keys (ck_/cs_), so the store
 * the connection describes answers to them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  allConnections,
  CONNECTION_FAILED,
  type ConnectFlowServer,
  consent,
  type Member,
  oauthStateRow,
  pressConnect,
  returnToCallback,
  startConnectFlowServer,
} from "#tests/support/connect-flow-server.ts";

let server: ConnectFlowServer;
let ada: Member;
let bo: Member;

beforeAll(async () => {
  server = await startConnectFlowServer();
  ada = await server.signUp("Ada");
  bo = await server.signUp("Bo");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

// Each test starts with no connect flow under way and nothing connected (the people stay).
beforeEach(async () => {
  for (const table of ["oauth_states", "jobs", "connections"] as const)
    await server.database.db.deleteFrom(table).execute();
});

const STORE = "shop.example.com";

/** Keys the (sandbox) store made for `member`'s organization, in the body WooCommerce posts. */
function storeKeys(member: Member, state: string) {
  const kit = server.services.sandbox?.kit;
  if (!kit) throw new Error("The sandbox is off");
  const issued = kit.credentials.issueTokens({
    tenant: member.organizationId,
    platform: "woocommerce",
    accessTtlSeconds: null,
    withRefreshToken: true,
  });
  return {
    key_id: 4711,
    user_id: state,
    consumer_key: issued.accessToken,
    consumer_secret: issued.refreshToken ?? "",
    key_permissions: "read",
  };
}

/** The store's POST, server to server: no cookie, no Origin. */
async function postKeys(body: unknown, options: { raw?: string; contentType?: string; platform?: string } = {}) {
  const response = await fetch(`${server.url}/integrations/${options.platform ?? "woocommerce"}/callback/keys`, {
    method: "POST",
    headers: { "content-type": options.contentType ?? "application/json" },
    body: options.raw ?? JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text };
}

const wooConnect = (member: Member) => pressConnect(server, member, "woocommerce", STORE);
const browserBack = (state: string, success = "1") =>
  `/integrations/woocommerce/callback?success=${success}&user_id=${encodeURIComponent(state)}`;
const pendingOf = async (state: string) => (await oauthStateRow(server, state)).pending_tokens_encrypted;

/** Every oauth_states row that holds keys, and every connection, for "nothing was stored". */
async function storedAnything() {
  const held = await server.database.db
    .selectFrom("oauth_states")
    .select("id")
    .where("pending_tokens_encrypted", "is not", null)
    .execute();
  return { held: held.length, connections: (await allConnections(server)).length };
}

describe("the WooCommerce keys callback", () => {
  it("holds valid keys sealed until the browser returns, then connects only the organization that started", async () => {
    const { state } = await wooConnect(ada);
    const keys = storeKeys(ada, state);

    expect(await postKeys(keys)).toEqual({ status: 200, text: JSON.stringify({ ok: true }) });
    const held = await oauthStateRow(server, state);
    expect(held.pending_tokens_encrypted).toBeTruthy();
    expect(held.used_at).toBeNull();
    const stored = JSON.stringify(held);
    expect(stored).not.toContain(keys.consumer_secret);
    expect(stored).not.toContain(keys.consumer_key);
    expect(await allConnections(server)).toEqual([]);

    // Someone else's browser with the state in its URL gets nothing, and takes nothing.
    expect(await returnToCallback(server, bo, browserBack(state))).toEqual(CONNECTION_FAILED);
    expect(await allConnections(server)).toEqual([]);

    expect(await returnToCallback(server, ada, browserBack(state))).toEqual({
      status: 302,
      location: "/integrations",
      flash: { kind: "success", title: "Connection successful!" },
    });
    const connections = await allConnections(server);
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({
      organization_id: ada.organizationId,
      platform: "woocommerce",
      status: "active",
      created_by: ada.userId,
    });
    expect(connections[0]?.display_name).toBeTruthy();
    const connection = JSON.stringify(connections[0]);
    expect(connection).not.toContain(keys.consumer_secret);
    expect(connection).not.toContain(keys.consumer_key);
    // Its order backfill is queued for that organization's connection alone.
    const jobs = await server.database.db.selectFrom("jobs").select(["singleton_key", "payload"]).execute();
    expect(jobs.map((job) => job.singleton_key)).toEqual([connections[0]?.id]);
    expect(JSON.parse(jobs[0]?.payload ?? "{}")).toMatchObject({ organizationId: ada.organizationId });

    // Delivered again after the browser came back: the state is used.
    expect((await postKeys(storeKeys(ada, state))).status).toBe(400);
  });

  it("connects through the sandbox store's own consent page, which posts the keys before sending the browser back", async () => {
    const { authorizeUrl, state } = await wooConnect(bo);
    const back = await consent(server, bo, authorizeUrl);
    expect(back.pathname).toBe("/integrations/woocommerce/callback");
    expect(back.searchParams.get("success")).toBe("1");
    expect(await pendingOf(state)).toBeTruthy();

    expect((await returnToCallback(server, bo, back)).flash?.title).toBe("Connection successful!");
    const connections = await allConnections(server);
    expect(connections.map((connection) => [connection.organization_id, connection.platform])).toEqual([
      [bo.organizationId, "woocommerce"],
    ]);
  });

  it("refuses keys for a state it never issued", async () => {
    const response = await postKeys(storeKeys(ada, "a-state-nobody-issued"));
    expect(response.status).toBe(400);
    expect(await storedAnything()).toEqual({ held: 0, connections: 0 });
  });

  it("refuses keys for an expired state", async () => {
    const { state } = await wooConnect(ada);
    // As if the store posted a second after the state's OAUTH_STATE_TTL_MS ran out.
    await server.database.db
      .updateTable("oauth_states")
      .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
      .where("id", "=", (await oauthStateRow(server, state)).id)
      .execute();

    expect((await postKeys(storeKeys(ada, state))).status).toBe(400);
    expect(await pendingOf(state)).toBeNull();
    expect(await storedAnything()).toEqual({ held: 0, connections: 0 });
  });

  it("refuses keys for a state already used by the browser's return", async () => {
    const { state } = await wooConnect(ada);
    // The owner denied access: the browser came back with success=0 and used the state.
    expect(await returnToCallback(server, ada, browserBack(state, "0"))).toEqual(CONNECTION_FAILED);
    expect((await oauthStateRow(server, state)).used_at).not.toBeNull();

    expect((await postKeys(storeKeys(ada, state))).status).toBe(400);
    expect(await pendingOf(state)).toBeNull();
    expect(await storedAnything()).toEqual({ held: 0, connections: 0 });
  });

  it("refuses keys for another platform's state", async () => {
    const shopify = await pressConnect(server, ada, "shopify", "northwind-outdoor");
    const google = await pressConnect(server, ada, "google-ads");

    for (const { state } of [shopify, google]) {
      expect((await postKeys(storeKeys(ada, state))).status).toBe(400);
      expect(await pendingOf(state)).toBeNull();
    }
    // Nor does another platform's keys route exist.
    const { state } = await wooConnect(ada);
    expect((await postKeys(storeKeys(ada, state), { platform: "shopify" })).status).toBe(404);
    expect(await storedAnything()).toEqual({ held: 0, connections: 0 });
  });

  it("takes keys once per state: a second delivery is a conflict and changes nothing", async () => {
    const { state } = await wooConnect(ada);
    expect((await postKeys(storeKeys(ada, state))).status).toBe(200);
    const first = await pendingOf(state);
    expect(first).toBeTruthy();

    const second = await postKeys(storeKeys(ada, state));
    expect(second.status).toBe(409);
    expect(await pendingOf(state)).toBe(first);
    expect(await storedAnything()).toEqual({ held: 1, connections: 0 });
  });

  it("answers 400, not 500, to a body that is not a JSON object", async () => {
    const { state } = await wooConnect(ada);
    const bodies: Array<{ raw: string; contentType?: string }> = [
      { raw: "" },
      { raw: "not json at all" },
      { raw: "{" },
      { raw: "null" },
      { raw: '"keys"' },
      { raw: "42" },
      { raw: "[]" },
      { raw: "{}" },
      { raw: JSON.stringify({ user_id: { $ne: null } }) },
      {
        raw: `user_id=${state}&consumer_key=ck_1&consumer_secret=cs_1`,
        contentType: "application/x-www-form-urlencoded",
      },
    ];
    for (const body of bodies) {
      const response = await postKeys(null, body);
      expect({ body: body.raw, status: response.status }).toEqual({ body: body.raw, status: 400 });
    }
    expect(await pendingOf(state)).toBeNull();
    expect(await storedAnything()).toEqual({ held: 0, connections: 0 });
  });

  // Malformed (no consumer_key, a secret without cs_) or write-only keys are the connector's
  // "rejected" PlatformError, which the route answers 400 (it used to rethrow it: a 500).
  it("refuses keys in the wrong shape for a live state with a 4xx, not a 500", async () => {
    const { state } = await wooConnect(ada);
    const good = storeKeys(ada, state);
    const { consumer_key: _missing, ...withoutKey } = good;
    const malformed = [
      { user_id: state },
      withoutKey,
      { ...good, consumer_secret: "not-a-secret" },
      { ...good, key_permissions: "write" },
    ];
    const statuses: number[] = [];
    for (const body of malformed) statuses.push((await postKeys(body)).status);
    expect(await pendingOf(state)).toBeNull();
    expect(statuses.map((status) => status >= 400 && status < 500)).toEqual([true, true, true, true]);
    // A good delivery for the same state is still taken afterwards.
    expect((await postKeys(good)).status).toBe(200);
  });
});
