/**
 * Disconnecting asks the platform to drop the grant where it allows it: afterwards the sandbox
 * refuses the connection's old tokens. Where the platform has no revocation endpoint, or it does
 * not answer, the disconnect still happens and says what became of the grant.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlatformId } from "#core/shared/platforms.ts";
import { createFacebookAdsSandbox } from "#simulator/platforms/facebook-ads.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { createMicrosoftAdsSandbox } from "#simulator/platforms/microsoft-ads.ts";
import { actorOfViewer, createViewer, sandboxModules } from "#tests/support/integration-fixture.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createConnectionRepository } from "./connection-repository.ts";
import { openTokens } from "./save-grant.ts";

let sandbox: SandboxServer;
let modules: ReturnType<typeof sandboxModules>;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: {
      "google-ads": createGoogleAdsSandbox,
      "facebook-ads": createFacebookAdsSandbox,
      "microsoft-ads": createMicrosoftAdsSandbox,
    },
  });
  modules = sandboxModules(sandbox);
});
afterAll(async () => {
  await sandbox?.close();
});

/** A new organization that connected `platform` through the consent flow; its stored tokens, opened. */
async function connected(platform: PlatformId) {
  const viewer = await createViewer(sandbox.db);
  const actor = actorOfViewer(viewer);
  const { authorizeUrl } = await modules.connections.startConnection(actor, { sessionId: viewer.sessionId, platform });
  const back = await sandbox.authorize(authorizeUrl);
  const { connectionId } = await modules.connections.completeConnection(actor, {
    sessionId: viewer.sessionId,
    platform,
    query: back.searchParams,
  });
  const connection = await createConnectionRepository(sandbox.db).findById(viewer.organizationId, connectionId);
  if (!connection) throw new Error("the connection was not saved");
  const opened = openTokens(modules.parts.integrations.cipher, connection);
  const tokens = {
    accessToken: opened.accessToken ?? "",
    refreshToken: opened.refreshToken,
    expiresAt: connection.tokenExpiresAt,
    context: connection.context,
  };
  return { actor, organizationId: viewer.organizationId, connectionId, tokens };
}

async function storedConnection(organizationId: string, connectionId: string) {
  return createConnectionRepository(sandbox.db).findById(organizationId, connectionId);
}

describe("disconnecting a connection", () => {
  it("revokes the grant at Google first: the sandbox then refuses the old tokens", async () => {
    const { actor, organizationId, connectionId, tokens } = await connected("google-ads");
    const connector = modules.parts.integrations.connectors.adConnector("google-ads");
    await expect(connector.listAdAccounts(tokens)).resolves.not.toHaveLength(0);

    const result = await modules.connections.disconnectConnection(actor, { connectionId, deleteData: false });

    expect(result).toEqual({ platformAccess: "revoked" });
    await expect(connector.listAdAccounts(tokens)).rejects.toMatchObject({ kind: "access_revoked" });
    await expect(connector.refreshTokens(tokens)).rejects.toMatchObject({
      kind: "access_revoked",
      platformCode: "invalid_grant",
    });
    expect(await storedConnection(organizationId, connectionId)).toMatchObject({
      status: "disconnected",
      sealedAccessToken: null,
      sealedRefreshToken: null,
    });
  });

  it("disconnects Microsoft Advertising, which has no revocation endpoint, and says the app stays there", async () => {
    const { actor, organizationId, connectionId } = await connected("microsoft-ads");

    const result = await modules.connections.disconnectConnection(actor, { connectionId, deleteData: true });

    expect(result).toEqual({ platformAccess: "not_supported" });
    expect(await storedConnection(organizationId, connectionId)).toBeNull();
  });

  it("still disconnects when the platform fails to answer the revocation", async () => {
    const { actor, organizationId, connectionId, tokens } = await connected("facebook-ads");
    await sandbox.setFault({ kind: "server_error", platform: "facebook-ads" });
    try {
      const result = await modules.connections.disconnectConnection(actor, { connectionId, deleteData: false });
      expect(result).toEqual({ platformAccess: "failed" });
    } finally {
      await sandbox.clearFaults();
    }
    expect(await storedConnection(organizationId, connectionId)).toMatchObject({
      status: "disconnected",
      sealedAccessToken: null,
    });
    // Meta never heard of it: the grant still stands there.
    const connector = modules.parts.integrations.connectors.adConnector("facebook-ads");
    await expect(connector.listAdAccounts(tokens)).resolves.toBeDefined();
  });
});
