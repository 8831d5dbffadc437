/**
 * The connections module as its callers meet it: every use case checks the actor first (a member
 * does not wire the organization), and the scheduler queues due syncs as Adhelm, one per
 * connection however often it ticks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseJobQueue } from "#adapters/jobs/database-job-queue.ts";
import { createConnectorRegistry } from "#connectors/connector-registry.ts";
import { systemActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createTokenCipher } from "#core/security/token-cipher.ts";
import { createSyncRepository } from "#core/sync/sync-repository.ts";
import { actorOfViewer, createViewer, silentLogger } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createConnectionRepository } from "./connection-repository.ts";
import { type ConnectionsModule, createConnectionsModule } from "./connections-module.ts";
import { createAdPlatformAccess, NOT_CONNECTED_MESSAGE } from "./platform-access.ts";
import { sealTokens } from "./save-grant.ts";
import { createSyncSchedule, SYNC_ACTOR } from "./sync-schedule.ts";

const cipher = createTokenCipher("connections-module-test-secret-0123456789");
// Pointed at a sandbox that does not listen: nothing here calls a platform.
const connectors = createConnectorRegistry(
  { AUTH_SECRET: "unused", ADS_SANDBOX: true, ADS_SANDBOX_URL: "http://127.0.0.1:9/sandbox" },
  {
    sandboxConfig: (_platform, metadata) => ({
      clientId: "id",
      clientSecret: "secret",
      urls: metadata.sandboxUrls("http://127.0.0.1:9/sandbox"),
    }),
  },
);
let database: DatabaseHandle;
let connections: ConnectionsModule;

beforeAll(async () => {
  database = await createTestDatabase();
  connections = createConnectionsModule({
    db: database.db,
    connectors,
    cipher,
    jobs: createDatabaseJobQueue({ db: database.db, logger: silentLogger }),
    appUrl: "http://app.test",
    syncHistory: createSyncRepository(database.db),
  });
});
afterAll(async () => {
  await database.close();
});

/** A connected Google Ads connection of a new organization, stored as a finished connect would. */
async function connectedOrganization(name: string) {
  const viewer = await createViewer(database.db, name);
  const connectionId = await createConnectionRepository(database.db).saveGrant({
    organizationId: viewer.organizationId,
    platform: "google-ads",
    userId: viewer.userId,
    sealTokens: (id) =>
      sealTokens(cipher, id, { accessToken: "access", refreshToken: null, expiresAt: null, context: {} }),
    context: {},
    displayName: null,
  });
  return { viewer, connectionId };
}

const rowsOf = async (organizationId: string) => ({
  connections: await database.db
    .selectFrom("connections")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .execute(),
  oauthStates: await database.db
    .selectFrom("oauth_states")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .execute(),
});

describe("the connections module", () => {
  it("refuses an analyst who tries to disconnect or start a connection (403), and changes nothing", async () => {
    const { viewer, connectionId } = await connectedOrganization("Ada");
    const member = actorOfViewer(viewer, "analyst");
    const before = await rowsOf(viewer.organizationId);
    const forbidden = {
      code: "forbidden",
      status: 403,
      message: "Your role in this organization does not allow this.",
    };

    await expect(connections.disconnectConnection(member, { connectionId, deleteData: true })).rejects.toMatchObject(
      forbidden,
    );
    await expect(
      connections.startConnection(member, { sessionId: viewer.sessionId, platform: "google-ads" }),
    ).rejects.toMatchObject(forbidden);
    await expect(connections.chooseAdAccounts(member, { connectionId, adAccountIds: [] })).rejects.toMatchObject(
      forbidden,
    );
    expect(await rowsOf(viewer.organizationId)).toEqual(before);
    expect(before.connections[0]).toMatchObject({ id: connectionId, status: "active" });

    // An owner may; the member still sees the card.
    await connections.disconnectConnection(actorOfViewer(viewer, "owner"), { connectionId, deleteData: false });
    const cards = await connections.listIntegrations(member);
    expect(cards.find((card) => card.listing.id === "google-ads")?.connection).toBeNull();
  });

  it("lets only a person connect: Adhelm's own jobs cannot start a connect flow", async () => {
    const { viewer } = await connectedOrganization("Bo");
    await expect(
      connections.startConnection(systemActor(viewer.organizationId, SYNC_ACTOR), {
        sessionId: "s",
        platform: "google-ads",
      }),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe("the sync schedule", () => {
  it("queues each due connection's incremental sync once, for its own organization", async () => {
    await database.db.deleteFrom("jobs").execute();
    const ada = await connectedOrganization("Ada");
    const bo = await connectedOrganization("Bo");
    const schedule = createSyncSchedule({ db: database.db, requestSync: connections.requestSync });

    expect(await schedule.queueDueSyncs(60)).toBeGreaterThanOrEqual(2);
    const jobs = await database.db.selectFrom("jobs").select(["singleton_key", "payload"]).execute();
    for (const { viewer, connectionId } of [ada, bo]) {
      const job = jobs.find((candidate) => candidate.singleton_key === connectionId);
      expect(JSON.parse(job?.payload ?? "{}")).toEqual({
        organizationId: viewer.organizationId,
        connectionId,
        kind: "incremental",
      });
    }
    // The next tick finds them queued already.
    expect(await schedule.queueDueSyncs(60)).toBe(0);
  });
});

describe("ad platform access for another slice's use cases", () => {
  it("opens a session on the actor's organization's live connection only", async () => {
    const ada = await connectedOrganization("Ada");
    const bo = await connectedOrganization("Bo");
    const access = createAdPlatformAccess({ db: database.db, connectors, cipher });
    const notConnected = { code: "conflict", message: NOT_CONNECTED_MESSAGE };

    expect(await access.openAdPlatform(actorOfViewer(ada.viewer), ada.connectionId)).toMatchObject({
      platform: "google-ads",
      session: { retries: 0 },
    });
    await expect(access.openAdPlatform(actorOfViewer(bo.viewer), ada.connectionId)).rejects.toMatchObject(notConnected);
    await connections.disconnectConnection(actorOfViewer(ada.viewer), {
      connectionId: ada.connectionId,
      deleteData: false,
    });
    await expect(access.openAdPlatform(actorOfViewer(ada.viewer), ada.connectionId)).rejects.toMatchObject(
      notConnected,
    );
  });
});
