/**
 * The /integrations screen's action (intents disconnect, sync-now and choose-accounts) and its
 * loader, as a member of another organization who knows organization A's ids uses them. They read
 * as not found, and A's connections, accounts, data and job queue stay exactly as they were.
 * Organization A connected Google Ads through the real flow (the app on a loopback port and the
 * built-in sandbox), and has a Meta connection with campaigns and daily metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFlash } from "#app/lib/flash.server.ts";
import { createPreferencesRepository } from "#core/accounts/preferences-repository.ts";
import { DEFAULT_PREFERENCES } from "#core/accounts/preferences-schema.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import {
  type ConnectFlowServer,
  connectAdPlatform,
  type Member,
  startConnectFlowServer,
} from "#tests/support/connect-flow-server.ts";

let server: ConnectFlowServer;
let ada: Member;
let bo: Member;
/** Ada's Google Ads (connected through the sandbox) and Meta (seeded with campaigns and metrics). */
let adaGoogle: string;
let adaMeta: string;
let adaAccountIds: string[];
let boGoogle: string;

beforeAll(async () => {
  server = await startConnectFlowServer();
  ada = await server.signUp("Ada");
  bo = await server.signUp("Bo");
  adaGoogle = (await connectAdPlatform(server, ada, "google-ads")).connectionId;
  ({ connectionId: adaMeta } = await seedConnection(server.database.db, {
    organizationId: ada.organizationId,
    platform: "facebook-ads",
    campaigns: [{ spend: { "2026-01-05": 12_345, "2026-01-06": 10_000 } }, { spend: { "2026-01-07": 2_000 } }],
  }));
  ({ connectionId: boGoogle } = await seedConnection(server.database.db, {
    organizationId: bo.organizationId,
    platform: "google-ads",
    campaigns: [{ spend: { "2026-01-05": 70_000 } }],
  }));
  adaAccountIds = (
    await server.database.db
      .selectFrom("ad_accounts")
      .select("id")
      .where("connection_id", "=", adaGoogle)
      .orderBy("name")
      .execute()
  ).map((row) => row.id);
  // The sandbox gives every organization 2–3 accounts per platform, all managed after Connect.
  expect(adaAccountIds.length).toBeGreaterThanOrEqual(2);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** Everything of one organization that these intents could change, plus the whole job queue. */
async function snapshotOf(organizationId: string) {
  const db = server.database.db;
  return {
    connections: await db
      .selectFrom("connections")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .orderBy("id")
      .execute(),
    adAccounts: await db
      .selectFrom("ad_accounts")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .orderBy("id")
      .execute(),
    campaigns: await db
      .selectFrom("campaigns")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .orderBy("id")
      .execute(),
    metrics: await db
      .selectFrom("campaign_daily_metrics")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .orderBy("campaign_id")
      .orderBy("date")
      .execute(),
    syncRuns: await db.selectFrom("sync_runs").selectAll().where("organization_id", "=", organizationId).execute(),
    jobs: await db.selectFrom("jobs").selectAll().orderBy("id").execute(),
  };
}

/** A form post to the integrations screen's action, as the card's buttons send it. */
async function postIntent(member: Member, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  const response = await server.request("/integrations", {
    method: "POST",
    headers: { origin: server.url, cookie: member.cookie },
    body,
  });
  return { status: response.status, body: (await response.json()) as { ok: boolean; toast: { title: string } } };
}

const NOT_FOUND = {
  status: 404,
  body: {
    ok: false,
    toast: { kind: "error", title: "That did not work", description: "This connection no longer exists." },
  },
};

describe("another organization's ids on the integrations screen", () => {
  it("cannot disconnect organization A's connections, whether keeping or deleting their data", async () => {
    const before = await snapshotOf(ada.organizationId);
    expect(before.campaigns).toHaveLength(2);
    expect(before.metrics).toHaveLength(3);

    for (const connectionId of [adaGoogle, adaMeta])
      for (const data of ["delete", "keep"])
        expect(await postIntent(bo, { intent: "disconnect", connectionId, data })).toEqual(NOT_FOUND);

    const after = await snapshotOf(ada.organizationId);
    expect(after).toEqual(before);
    const google = after.connections.find((connection) => connection.id === adaGoogle);
    expect(google).toMatchObject({ status: "active" });
    expect(google?.access_token_encrypted).toBeTruthy();
  });

  it("cannot queue a sync of organization A's connection", async () => {
    const before = await snapshotOf(ada.organizationId);
    expect(before.jobs).toEqual([]);

    for (const connectionId of [adaGoogle, adaMeta])
      expect(await postIntent(bo, { intent: "sync-now", connectionId })).toEqual(NOT_FOUND);

    expect(await snapshotOf(ada.organizationId)).toEqual(before);
  });

  it("cannot choose organization A's ad accounts, on A's connection or on its own", async () => {
    const before = await snapshotOf(ada.organizationId);
    const boBefore = await snapshotOf(bo.organizationId);
    const [first = ""] = adaAccountIds;

    for (const isFirstChoice of ["true", "false"])
      expect(
        await postIntent(bo, {
          intent: "choose-accounts",
          connectionId: adaGoogle,
          adAccountIds: [first],
          isFirstChoice,
        }),
      ).toEqual(NOT_FOUND);

    // On its own connection, A's accounts are not among the connection's accounts.
    const mixed = await postIntent(bo, { intent: "choose-accounts", connectionId: boGoogle, adAccountIds: [first] });
    expect(mixed.status).toBe(422);
    expect(mixed.body.ok).toBe(false);

    expect(await snapshotOf(ada.organizationId)).toEqual(before);
    expect(await snapshotOf(bo.organizationId)).toEqual(boBefore);
  });

  it("does not open the account picker for, or show, organization A's connection", async () => {
    const response = await server.request(`/integrations?choose=${adaGoogle}`, {
      headers: { cookie: bo.cookie },
    });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(JSON.parse(page).chooseConnectionId).toBeNull();
    for (const id of [adaGoogle, adaMeta, ...adaAccountIds]) expect(page).not.toContain(id);
  });

  it("does all three for organization A's own member (the same requests, in the right organization)", async () => {
    const [first = "", ...others] = adaAccountIds;

    expect(await postIntent(ada, { intent: "sync-now", connectionId: adaGoogle })).toMatchObject({
      status: 200,
      body: { ok: true, toast: { title: "Sync started" } },
    });
    const queued = (await snapshotOf(ada.organizationId)).jobs;
    expect(queued.map((job) => job.singleton_key)).toEqual([adaGoogle]);
    await server.database.db.deleteFrom("jobs").execute();

    expect(
      await postIntent(ada, { intent: "choose-accounts", connectionId: adaGoogle, adAccountIds: [first] }),
    ).toMatchObject({ status: 200, body: { ok: true, toast: { title: "Ad accounts updated" } } });
    const accounts = (await snapshotOf(ada.organizationId)).adAccounts.filter(
      (account) => account.connection_id === adaGoogle,
    );
    expect(accounts.filter((account) => Boolean(account.is_managed)).map((account) => account.id)).toEqual([first]);
    expect(others.length).toBeGreaterThan(0);

    expect(await postIntent(ada, { intent: "disconnect", connectionId: adaMeta, data: "delete" })).toMatchObject({
      status: 200,
      body: { ok: true, toast: { title: "Disconnected" } },
    });
    const after = await snapshotOf(ada.organizationId);
    expect(after.connections.map((connection) => connection.id)).toEqual([adaGoogle]);
    expect(after.campaigns).toEqual([]);
  });
});

describe("the answers in the reader's language", () => {
  it("words the action's toasts and the connect flow's failures in German for a German reader", async () => {
    const preferences = createPreferencesRepository(server.database.db);
    await preferences.save(bo.userId, { ...DEFAULT_PREFERENCES, language: "de" });
    try {
      expect(await postIntent(bo, { intent: "sync-now", connectionId: adaGoogle })).toEqual({
        status: 404,
        body: {
          ok: false,
          toast: {
            kind: "error",
            title: "Das hat nicht geklappt",
            description: "Diese Verbindung besteht nicht mehr.",
          },
        },
      });
      expect(await postIntent(bo, { intent: "sync-now" })).toMatchObject({
        status: 400,
        body: { ok: false, toast: { title: "Da fehlt etwas", description: "Bitte versuchen Sie es erneut." } },
      });

      // A sentence core builds with the platform's name is worded by the catalog too.
      const response = await server.request(`${server.url}/integrations/twitter-ads/connect`, {
        method: "POST",
        headers: { origin: server.url, cookie: bo.cookie, referer: `${server.url}/integrations` },
        body: new URLSearchParams(),
      });
      expect(response.status).toBe(302);
      const flash = readFlash(
        new Request(server.url, { headers: { cookie: response.headers.getSetCookie().join("; ") } }),
      );
      expect(flash?.flash).toMatchObject({
        kind: "error",
        title: "Verbindung fehlgeschlagen",
        description: "Twitter/X ist demnächst verfügbar und kann noch nicht verbunden werden.",
      });
    } finally {
      await preferences.save(bo.userId, DEFAULT_PREFERENCES);
    }
  });

  it("keeps the spec's English for an English reader", async () => {
    const response = await server.request(`${server.url}/integrations/twitter-ads/connect`, {
      method: "POST",
      headers: { origin: server.url, cookie: bo.cookie, referer: `${server.url}/integrations` },
      body: new URLSearchParams(),
    });
    const flash = readFlash(
      new Request(server.url, { headers: { cookie: response.headers.getSetCookie().join("; ") } }),
    );
    expect(flash?.flash).toMatchObject({
      kind: "error",
      title: "Connection failed",
      description: "Twitter/X is coming soon and cannot be connected yet.",
    });
  });
});
