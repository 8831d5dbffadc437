import type { ConnectorMode } from "#core/shared/connector-port.ts";
import type { ConnectionStatus, SyncRunKind, SyncRunStatus } from "#core/shared/domain-enums.ts";
import { isAdPlatform, type PlatformId } from "#core/shared/platforms.ts";
import type { ConnectionParts } from "./connection-parts.ts";
import { PLATFORM_CATALOG, type PlatformListing } from "./platform-catalog.ts";

export interface SyncRunView {
  id: string;
  kind: SyncRunKind;
  status: SyncRunStatus;
  window: { from: string; to: string };
  campaigns: number;
  rows: number;
  retries: number;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface ConnectionView {
  id: string;
  status: ConnectionStatus;
  displayName: string | null;
  lastSyncedAt: string | null;
  lastError: string | null;
  /** The running sync's progress, when one runs. */
  progress: { done: number; total: number; kind: SyncRunKind } | null;
  accounts: Array<{ id: string; name: string; externalId: string; currency: string; isManaged: boolean }>;
  history: SyncRunView[];
  /**
   * An ad platform's connection whose accounts were never chosen ("Decide later" in the picker):
   * it is not synced until they are, and its card and the dashboard ask for the choice.
   */
  awaitsAccountChoice: boolean;
}

export interface IntegrationCard {
  listing: PlatformListing;
  mode: ConnectorMode | "coming-soon";
  /** Null when not connected (never, or disconnected). */
  connection: ConnectionView | null;
}

const HISTORY_LENGTH = 10;

/** The integrations screen: every platform of the catalogue, with the organization's connection. */
export async function listIntegrations(
  deps: Pick<ConnectionParts, "connections" | "syncHistory" | "connectors">,
  organizationId: string | null,
): Promise<IntegrationCard[]> {
  const connections = organizationId ? await deps.connections.listForOrganization(organizationId) : [];
  const running = organizationId ? await deps.syncHistory.listRunningRuns(organizationId) : [];
  return Promise.all(
    PLATFORM_CATALOG.map(async (listing): Promise<IntegrationCard> => {
      const mode = listing.isComingSoon ? "coming-soon" : deps.connectors.modeOf(listing.id as PlatformId);
      // The newest connection of the platform that is still connected.
      const connection = connections
        .filter((candidate) => candidate.platform === listing.id && candidate.status !== "disconnected")
        .at(-1);
      if (!connection || !organizationId) return { listing, mode, connection: null };
      const [accounts, history] = await Promise.all([
        deps.connections.listAdAccounts(organizationId, connection.id),
        deps.syncHistory.listRuns(organizationId, connection.id, HISTORY_LENGTH),
      ]);
      const run = running.find((candidate) => candidate.connectionId === connection.id);
      const awaitsAccountChoice = awaitsChoice({
        platform: listing.id,
        status: connection.status,
        lastSyncedAt: connection.lastSyncedAt,
        isRunning: run !== undefined,
        accounts: accounts.length,
        runs: history.length,
      });
      return {
        listing,
        mode,
        connection: {
          id: connection.id,
          status: connection.status,
          displayName: connection.displayName,
          lastSyncedAt: connection.lastSyncedAt?.toISOString() ?? null,
          lastError: connection.lastError,
          progress: run ? { done: run.stepsDone.length, total: run.stepsTotal, kind: run.kind } : null,
          accounts: accounts.map((account) => ({
            id: account.id,
            name: account.name,
            externalId: account.externalId,
            currency: account.currency,
            isManaged: account.isManaged,
          })),
          history: history.map((entry) => ({
            id: entry.id,
            kind: entry.kind,
            status: entry.status,
            window: { from: entry.windowFrom, to: entry.windowTo },
            campaigns: entry.campaignsSynced,
            rows: entry.rowsUpserted,
            retries: entry.retries,
            error: entry.error,
            startedAt: entry.startedAt.toISOString(),
            finishedAt: entry.finishedAt?.toISOString() ?? null,
          })),
          awaitsAccountChoice,
        },
      };
    }),
  );
}

/**
 * Waiting for the account picker: an ad platform, connected, with accounts to choose from, that
 * never synced nor tried to (choosing queues its first sync and marks it syncing). The sync
 * schedule leaves the same connections alone (connection-repository's listDueForSync).
 */
function awaitsChoice(connection: {
  platform: string;
  status: string;
  lastSyncedAt: Date | null;
  isRunning: boolean;
  accounts: number;
  runs: number;
}): boolean {
  return (
    isAdPlatform(connection.platform) &&
    connection.status === "active" &&
    connection.lastSyncedAt === null &&
    !connection.isRunning &&
    connection.accounts > 0 &&
    connection.runs === 0
  );
}
