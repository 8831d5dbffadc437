import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { createDatabaseJobQueue } from "#adapters/jobs/database-job-queue.ts";
import { createLogger } from "#adapters/logger.ts";
import { createConnectorRegistry } from "#connectors/connector-registry.ts";
import { type Actor, type Role, userActor } from "#core/access/actor.ts";
import type { ConnectingViewer, ConnectionParts } from "#core/connections/connection-parts.ts";
import { createConnectionRepository } from "#core/connections/connection-repository.ts";
import { createConnectionsModule } from "#core/connections/connections-module.ts";
import type { Database } from "#core/db/schema.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { createTokenCipher } from "#core/security/token-cipher.ts";
import type { ConnectorRegistry } from "#core/shared/connector-port.ts";
import { createAdsClock } from "#core/sync/ads-clock.ts";
import type { SyncDependencies } from "#core/sync/sync-connection.ts";
import { createSyncModule } from "#core/sync/sync-module.ts";
import { createSyncRepository } from "#core/sync/sync-repository.ts";
import { createSandboxStateRepository } from "#simulator/sandbox-state-repository.ts";
import type { SandboxServer } from "./sandbox-server.ts";

export const silentLogger = createLogger({ level: "silent", isPretty: false });

/** A user with an organization and a session id, written as sign-up would have. */
export async function createViewer(db: Kysely<Database>, name = "Ada"): Promise<ConnectingViewer> {
  const userId = randomUUID();
  await db
    .insertInto("user")
    .values({ id: userId, name, email: `${userId}@example.test`, emailVerified: true })
    .execute();
  const organization = await createOrganizationRepository(db).createWithOwner({
    name: `${name}'s workspace`,
    ownerId: userId,
  });
  return { userId, sessionId: randomUUID(), organizationId: organization.organizationId };
}

/** The connectors of a deployment whose every platform talks to this sandbox. */
export function sandboxConnectors(sandbox: SandboxServer): ConnectorRegistry {
  return createConnectorRegistry(
    { AUTH_SECRET: "unused-because-the-harness-gives-config", ADS_SANDBOX: true, ADS_SANDBOX_URL: sandbox.root },
    { sandboxConfig: (_platform, metadata) => sandbox.config(metadata) },
  );
}

/** The connect flow's and the sync's dependencies, over the sandbox harness's database. */
export function integrationDependencies(
  sandbox: SandboxServer,
  overrides: Partial<SyncDependencies> = {},
): { integrations: ConnectionParts; sync: SyncDependencies } {
  const connections = createConnectionRepository(sandbox.db);
  const syncs = createSyncRepository(sandbox.db);
  const connectors = sandboxConnectors(sandbox);
  const cipher = createTokenCipher("integration-fixture-secret-0123456789");
  const jobs = createDatabaseJobQueue({ db: sandbox.db, logger: silentLogger });
  const sandboxState = createSandboxStateRepository(sandbox.db);
  return {
    integrations: { connections, syncHistory: syncs, connectors, cipher, jobs, appUrl: sandbox.appUrl },
    sync: {
      connections,
      syncs,
      connectors,
      cipher,
      clock: createAdsClock({ offsetDays: () => sandboxState.getClockOffsetDays() }),
      logger: silentLogger,
      backfillDays: 90,
      retryPolicy: { baseDelayMs: 5, maxDelayMs: 50, maxAttempts: 8 },
      ...overrides,
    },
  };
}

/** The person of `createViewer` as the actor of the use cases, with a role in their organization. */
export function actorOfViewer(viewer: ConnectingViewer, role: Role = "owner"): Actor {
  return userActor({ userId: viewer.userId, name: "Ada", organizationId: viewer.organizationId, role });
}

/**
 * The connections and sync modules over the sandbox harness (the parts of `integrationDependencies`),
 * as server/services.ts wires them.
 */
export function sandboxModules(sandbox: SandboxServer, overrides: Partial<SyncDependencies> = {}) {
  const { integrations, sync } = integrationDependencies(sandbox, overrides);
  return {
    parts: { integrations, sync },
    connections: createConnectionsModule({ ...integrations, db: sandbox.db }),
    sync: createSyncModule({ ...sync, db: sandbox.db }),
  };
}
