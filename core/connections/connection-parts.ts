import type { AssertWithinLimit, RoomWithinLimit } from "#core/billing/billing-limits.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import type { TokenCipher } from "#core/security/token-cipher.ts";
import type { ConnectorRegistry } from "#core/shared/connector-port.ts";
import type { ConnectionRepository } from "./connection-repository.ts";
import type { SyncHistory } from "./sync-history.ts";

/**
 * What the slice's use case bodies work with. `createConnectionsModule` wires them once from its
 * dependencies; only the module's use cases (which check the actor first) are handed out.
 */
export interface ConnectionParts {
  connections: ConnectionRepository;
  syncHistory: SyncHistory;
  connectors: ConnectorRegistry;
  cipher: TokenCipher;
  jobs: JobQueue;
  /** Our public base URL; OAuth callbacks live under it. */
  appUrl: string;
  /** The plan's ad account limit, checked before choosing accounts. */
  assertWithinLimit?: AssertWithinLimit;
  /** How many more ad accounts the plan allows: a new connection manages at most that many. */
  roomWithinLimit?: RoomWithinLimit;
}

/** The signed-in person a connect flow belongs to: the OAuth state is bound to their session. */
export interface ConnectingViewer {
  userId: string;
  sessionId: string;
  organizationId: string;
}

/** Where a platform sends the browser back after consent. */
export function callbackUrlFor(appUrl: string, platform: string): string {
  return `${appUrl}/integrations/${platform}/callback`;
}

/** The spec's words for any failed connect (§8, Connection failed). */
export const CONNECTION_FAILED_MESSAGE = "There was an error connecting to the platform. Please try again.";
