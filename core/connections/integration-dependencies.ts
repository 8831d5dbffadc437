import type { JobQueue } from "#core/ports/job-queue.ts";
import type { TokenCipher } from "#core/security/token-cipher.ts";
import type { ConnectorRegistry } from "#core/shared/connector-port.ts";
import type { SyncRepository } from "#core/sync/sync-repository.ts";
import type { ConnectionRepository } from "./connection-repository.ts";

/** What the connect flow's use cases need; wired once in `server/services.ts`. */
export interface IntegrationDependencies {
  connections: ConnectionRepository;
  syncs: SyncRepository;
  connectors: ConnectorRegistry;
  cipher: TokenCipher;
  jobs: JobQueue;
  /** Our public base URL; OAuth callbacks live under it. */
  appUrl: string;
}

/** The signed-in person a connect flow belongs to. */
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
