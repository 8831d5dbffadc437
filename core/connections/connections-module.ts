import type { Kysely } from "kysely";
import type { Actor, Visitor } from "#core/access/actor.ts";
import { useCase } from "#core/access/permissions.ts";
import { type AuditLog, createAuditLog } from "#core/audit/audit-log.ts";
import { createLimitCheck, createRoomCheck } from "#core/billing/billing-limits.ts";
import { createBillingRepository } from "#core/billing/billing-repository.ts";
import type { Database } from "#core/db/schema.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { TokenCipher } from "#core/security/token-cipher.ts";
import type { ConnectorRegistry, TokenSet } from "#core/shared/connector-port.ts";
import type { SyncRunKind } from "#core/shared/domain-enums.ts";
import type { AdPlatformId, StorePlatformId } from "#core/shared/platforms.ts";
import { chooseAdAccounts } from "./choose-ad-accounts.ts";
import { completeConnection, receiveStoreKeys } from "./complete-connection.ts";
import { connectWithGrant } from "./connect-with-grant.ts";
import type { ConnectingViewer, ConnectionParts } from "./connection-parts.ts";
import { createConnectionRepository } from "./connection-repository.ts";
import { disconnectConnection } from "./disconnect-connection.ts";
import { listIntegrations } from "./list-integrations.ts";
import { findListing } from "./platform-catalog.ts";
import { requestSync } from "./request-sync.ts";
import { requireConnectedConnection } from "./require-connection.ts";
import { startConnection } from "./start-connection.ts";
import type { SyncHistory } from "./sync-history.ts";
import { syncNow } from "./sync-now.ts";

/** What the connections module is built from; wired once in `server/services.ts`. */
export interface ConnectionsDependencies {
  db: Kysely<Database>;
  connectors: ConnectorRegistry;
  cipher: TokenCipher;
  jobs: JobQueue;
  /** Our public base URL; OAuth callbacks live under it. */
  appUrl: string;
  /** The sync engine's runs, for each card's progress and history (core/sync implements it). */
  syncHistory: SyncHistory;
  /** Where connecting, choosing accounts and disconnecting are recorded (the organization's audit log). */
  audit?: AuditLog;
  /** Where a grant the platform would not revoke at disconnect is noted. */
  logger?: Logger;
}

/**
 * A connection's whole lifecycle: the catalogue and each card's health, connecting (the OAuth
 * flow bound to the browser session, WooCommerce's key delivery), choosing the managed accounts,
 * syncing now and disconnecting. The sync engine (core/sync) works on connections through this
 * slice's repository and ports; nothing here imports it.
 */
export function createConnectionsModule(deps: ConnectionsDependencies) {
  const parts: ConnectionParts = {
    connections: createConnectionRepository(deps.db),
    syncHistory: deps.syncHistory,
    connectors: deps.connectors,
    cipher: deps.cipher,
    jobs: deps.jobs,
    appUrl: deps.appUrl,
    assertWithinLimit: createLimitCheck(createBillingRepository(deps.db)),
    roomWithinLimit: createRoomCheck(createBillingRepository(deps.db)),
  };
  const audit = deps.audit ?? createAuditLog(deps.db);
  const connectionTarget = (id: string, platform: string) => ({
    type: "connection",
    id,
    label: findListing(platform)?.name ?? platform,
  });
  return {
    /** The integrations screen: every platform of the catalogue, with the organization's connection. */
    listIntegrations: useCase("workspace.read", (actor) => listIntegrations(parts, actor.organizationId)),
    /** The same catalogue for a visitor who is not signed in: no connections, Connect asks to sign in. */
    browseIntegrations: async (_visitor: Visitor) => listIntegrations(parts, null),
    /** Connect: a fresh single-use state bound to the person's browser session; returns the consent URL. */
    startConnection: useCase(
      "connections.manage",
      (actor, input: { sessionId: string; platform: string; storeAddress?: string }) =>
        startConnection(parts, {
          viewer: connectingViewer(actor, input.sessionId),
          platform: input.platform,
          storeAddress: input.storeAddress,
        }),
    ),
    /** The platform's redirect back, in the browser session that pressed Connect. */
    completeConnection: useCase(
      "connections.manage",
      async (actor, input: { sessionId: string; platform: string; query: URLSearchParams }) => {
        const completed = await completeConnection(parts, {
          viewer: connectingViewer(actor, input.sessionId),
          platform: input.platform,
          query: input.query,
        });
        await audit.record(actor, {
          action: "connection.created",
          target: connectionTarget(completed.connectionId, completed.platform),
        });
        if (completed.chosenAutomatically)
          await audit.record(actor, {
            action: "connection.accounts_chosen",
            target: connectionTarget(completed.connectionId, completed.platform),
            details: { managed: completed.chosenAutomatically, automatically: true },
          });
        return completed;
      },
    ),
    /**
     * WooCommerce's server-to-server delivery of the keys it made: no session, so no actor. The keys
     * are only held, sealed, on a live state we issued, until that state's browser completes it.
     */
    receiveStoreKeys: async (_visitor: Visitor, input: { platform: StorePlatformId; body: Record<string, unknown> }) =>
      receiveStoreKeys(parts, input),
    /** A grant obtained outside the browser (the demo seed's sandbox grants), backfill queued. */
    connectWithGrant: useCase(
      "connections.manage",
      async (actor, input: { platform: AdPlatformId | StorePlatformId; tokens: TokenSet }) => {
        const connected = await connectWithGrant(parts, {
          ...input,
          organizationId: actor.organizationId,
          userId: personOf(actor),
        });
        await audit.record(actor, {
          action: "connection.created",
          target: connectionTarget(connected.connectionId, input.platform),
        });
        return connected;
      },
    ),
    /**
     * The account picker's answer. "Decide later" sends nothing: the connection then waits for a
     * choice, says so on its card and on the dashboard, and is not synced until it is made.
     */
    chooseAdAccounts: useCase(
      "connections.manage",
      async (actor, input: { connectionId: string; adAccountIds: string[] }) => {
        const chosen = await chooseAdAccounts(parts, { ...input, organizationId: actor.organizationId });
        const connection = await parts.connections.findById(actor.organizationId, input.connectionId);
        await audit.record(actor, {
          action: "connection.accounts_chosen",
          target: connectionTarget(input.connectionId, connection?.platform ?? ""),
          details: { managed: chosen.managed },
        });
        return chosen;
      },
    ),
    disconnectConnection: useCase(
      "connections.manage",
      async (actor, input: { connectionId: string; deleteData: boolean }) => {
        const connection = await parts.connections.findById(actor.organizationId, input.connectionId);
        const disconnected = await disconnectConnection(
          { ...parts, logger: deps.logger },
          { ...input, organizationId: actor.organizationId },
        );
        await audit.record(actor, {
          action: "connection.removed",
          target: connectionTarget(input.connectionId, connection?.platform ?? ""),
          details: { dataDeleted: input.deleteData, platformAccess: disconnected.platformAccess },
        });
        return disconnected;
      },
    ),
    /** "Sync now" on a card; `isQueued` is false when a sync of it is already queued or running. */
    syncNow: useCase("connections.sync", (actor, input: { connectionId: string }) =>
      syncNow(parts, { ...input, organizationId: actor.organizationId }),
    ),
    /** Queues a sync of a given kind (the scheduler's incremental runs); false when one is pending. */
    requestSync: useCase("connections.sync", async (actor, input: { connectionId: string; kind: SyncRunKind }) => {
      await requireConnectedConnection(parts.connections, actor.organizationId, input.connectionId);
      return requestSync(parts, { ...input, organizationId: actor.organizationId });
    }),
  };
}

export type ConnectionsModule = ReturnType<typeof createConnectionsModule>;

/** Only a person connects a platform: the grant and the OAuth state are theirs. */
function personOf(actor: Actor): string {
  if (actor.kind !== "user")
    throw new AppError("forbidden", "Only a person signed in to Adhelm can connect a platform.");
  return actor.id;
}

function connectingViewer(actor: Actor, sessionId: string): ConnectingViewer {
  return { userId: personOf(actor), sessionId, organizationId: actor.organizationId };
}
