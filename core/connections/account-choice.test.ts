/**
 * Issue 23 §2: "Decide later" in the account picker. A connection whose accounts were never chosen
 * says so (its card's `awaitsAccountChoice`), is not synced behind the person's back, and starts
 * its first sync the moment they choose. A platform with a single ad account needs no choice: it
 * is chosen at connect and starts syncing, as choosing would.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { createLinkedInAdsSandbox } from "#simulator/platforms/linkedin-ads.ts";
import { actorOfViewer, createViewer, sandboxModules } from "#tests/support/integration-fixture.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createSyncSchedule } from "./sync-schedule.ts";

let sandbox: SandboxServer;
let modules: ReturnType<typeof sandboxModules>;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { "google-ads": createGoogleAdsSandbox, "linkedin-ads": createLinkedInAdsSandbox },
    // Google Ads lists three accounts to choose from, LinkedIn only one.
    shapeFor: (_tenant, platform) => ({ accounts: platform === "linkedin-ads" ? 1 : 3, campaignsPerAccount: 2 }),
  });
  modules = sandboxModules(sandbox);
});
afterAll(async () => {
  await sandbox.close();
});

async function connect(platform: "google-ads" | "linkedin-ads") {
  const viewer = await createViewer(sandbox.db);
  const actor = actorOfViewer(viewer);
  const { authorizeUrl } = await modules.connections.startConnection(actor, { sessionId: viewer.sessionId, platform });
  const back = await sandbox.authorize(authorizeUrl);
  const completed = await modules.connections.completeConnection(actor, {
    sessionId: viewer.sessionId,
    platform,
    query: back.searchParams,
  });
  const cardOf = async () =>
    (await modules.connections.listIntegrations(actor)).find((card) => card.listing.id === platform)?.connection;
  const queuedSyncs = async () =>
    sandbox.db
      .selectFrom("jobs")
      .select("payload")
      .where("singleton_key", "=", completed.connectionId)
      .execute()
      .then((rows) => rows.map((row) => JSON.parse(row.payload) as { kind: string }));
  return { viewer, actor, completed, cardOf, queuedSyncs };
}

describe("Decide later", () => {
  it("leaves the connection waiting for its choice, unsynced and said so, until accounts are chosen", async () => {
    const { actor, completed, cardOf, queuedSyncs } = await connect("google-ads");
    expect(completed).toMatchObject({ needsAccountChoice: true });
    expect(completed.chosenAutomatically).toBeUndefined();

    // The person pressed "Decide later": nothing was chosen, nothing is queued.
    expect(await cardOf()).toMatchObject({ awaitsAccountChoice: true, status: "active", lastSyncedAt: null });
    expect(await queuedSyncs()).toEqual([]);
    // The schedule does not sync it behind their back either.
    const schedule = createSyncSchedule({ db: sandbox.db, requestSync: modules.connections.requestSync });
    await schedule.queueDueSyncs(60);
    expect(await queuedSyncs()).toEqual([]);

    // Choosing (from the card or the dashboard's prompt) starts its first sync at once.
    const card = await cardOf();
    const [first] = card?.accounts ?? [];
    expect(
      await modules.connections.chooseAdAccounts(actor, {
        connectionId: completed.connectionId,
        adAccountIds: [first?.id ?? ""],
      }),
    ).toEqual({ managed: 1 });
    expect(await cardOf()).toMatchObject({ awaitsAccountChoice: false, status: "syncing" });
    expect(await queuedSyncs()).toEqual([expect.objectContaining({ kind: "backfill" })]);

    // The sync runs and the card shows it synced, with no prompt.
    const outcome = await modules.sync.syncConnection(actor, {
      connectionId: completed.connectionId,
      kind: "backfill",
    });
    expect(outcome).toMatchObject({ outcome: "succeeded" });
    expect(await cardOf()).toMatchObject({
      awaitsAccountChoice: false,
      status: "active",
      lastSyncedAt: expect.any(String),
    });
  });
});

describe("a platform with one ad account", () => {
  it("chooses it at connect and starts its sync, as choosing would, and the audit log says so", async () => {
    const { viewer, completed, cardOf, queuedSyncs } = await connect("linkedin-ads");
    expect(completed).toMatchObject({ needsAccountChoice: false, chosenAutomatically: 1 });
    expect(await cardOf()).toMatchObject({
      awaitsAccountChoice: false,
      status: "syncing",
      accounts: [expect.objectContaining({ isManaged: true })],
    });
    expect(await queuedSyncs()).toEqual([expect.objectContaining({ kind: "backfill" })]);
    const events = await sandbox.db
      .selectFrom("audit_events")
      .select(["action", "details"])
      .where("organization_id", "=", viewer.organizationId)
      .execute();
    expect(events.map((event) => [event.action, event.details ? JSON.parse(event.details) : null]).sort()).toEqual([
      ["connection.accounts_chosen", { managed: 1, automatically: true }],
      ["connection.created", null],
    ]);
  });
});
