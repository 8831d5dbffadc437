/**
 * The deletion purge revokes a deleted organization's platform grants where the platform allows
 * it: once the 30 days are over, its Google token no longer works at the (sandbox) platform, and
 * the organization and its connection are gone.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalFileStorage } from "#adapters/file-storage.ts";
import { createDatabaseJobQueue } from "#adapters/jobs/database-job-queue.ts";
import { createAuditLog } from "#core/audit/audit-log.ts";
import { createConnectionRepository } from "#core/connections/connection-repository.ts";
import { createPlatformAccessRevocation } from "#core/connections/revoke-platform-access.ts";
import { openTokens } from "#core/connections/save-grant.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { actorOfViewer, createViewer, sandboxModules, silentLogger } from "#tests/support/integration-fixture.ts";
import { createRecordingMailer } from "#tests/support/recording-mailer.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createPrivacyBackground, createPrivacyModule, type PrivacyModuleDependencies } from "./privacy-module.ts";

const DAY_MS = 86_400_000;
let sandbox: SandboxServer;
let modules: ReturnType<typeof sandboxModules>;
let clock = new Date();

beforeAll(async () => {
  sandbox = await startSandboxServer({ platforms: { "google-ads": createGoogleAdsSandbox } });
  modules = sandboxModules(sandbox);
});
afterAll(async () => {
  await sandbox?.close();
});

async function privacyDependencies(): Promise<PrivacyModuleDependencies> {
  return {
    db: sandbox.db,
    storage: createLocalFileStorage(await mkdtemp(path.join(tmpdir(), "adhelm-purge-revokes-"))),
    queue: createDatabaseJobQueue({ db: sandbox.db, logger: silentLogger }),
    mailer: createRecordingMailer().mailer,
    audit: createAuditLog(sandbox.db),
    logger: silentLogger,
    appUrl: "https://app.example.test",
    now: () => clock,
    revokePlatformAccess: createPlatformAccessRevocation({
      db: sandbox.db,
      connectors: modules.parts.integrations.connectors,
      cipher: modules.parts.integrations.cipher,
      logger: silentLogger,
    }).revokePlatformAccess,
  };
}

describe("the deletion purge", () => {
  it("revokes a deleted organization's Google grant at the platform", async () => {
    const deps = await privacyDependencies();
    const privacy = createPrivacyModule(deps);
    const background = createPrivacyBackground(deps);
    const viewer = await createViewer(sandbox.db, "Grace");
    const owner = actorOfViewer(viewer, "owner");
    const { authorizeUrl } = await modules.connections.startConnection(owner, {
      sessionId: viewer.sessionId,
      platform: "google-ads",
    });
    const back = await sandbox.authorize(authorizeUrl);
    const { connectionId } = await modules.connections.completeConnection(owner, {
      sessionId: viewer.sessionId,
      platform: "google-ads",
      query: back.searchParams,
    });
    const connection = await createConnectionRepository(sandbox.db).findById(viewer.organizationId, connectionId);
    if (!connection) throw new Error("the connection was not saved");
    const opened = openTokens(modules.parts.integrations.cipher, connection);
    const tokens = {
      accessToken: opened.accessToken ?? "",
      refreshToken: opened.refreshToken,
      expiresAt: connection.tokenExpiresAt,
      context: {},
    };
    const google = modules.parts.integrations.connectors.adConnector("google-ads");
    await expect(google.refreshTokens(tokens)).resolves.toMatchObject({ refreshToken: tokens.refreshToken });

    await privacy.requestOrganizationDeletion(owner);
    // Within the grace period nothing is revoked.
    clock = new Date(clock.getTime() + 29 * DAY_MS);
    await background.purge();
    await expect(google.listAdAccounts(tokens)).resolves.not.toHaveLength(0);

    clock = new Date(clock.getTime() + 2 * DAY_MS);
    expect((await background.purge()).deletions).toBe(1);

    await expect(google.refreshTokens(tokens)).rejects.toMatchObject({
      kind: "access_revoked",
      platformCode: "invalid_grant",
    });
    await expect(google.listAdAccounts(tokens)).rejects.toMatchObject({ kind: "access_revoked" });
    const left = await sandbox.db
      .selectFrom("organization")
      .select("id")
      .where("id", "=", viewer.organizationId)
      .executeTakeFirst();
    expect(left).toBeUndefined();
  });
});
