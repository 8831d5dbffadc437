/**
 * Security issue findings 13 and 14: a connection's sealed tokens are bound to their row and field
 * (a value copied elsewhere does not open), WooCommerce keys waiting on an OAuth state are bound to
 * that state, and an organization has one connection per platform however many callbacks race.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createTokenCipher, SealedTokenError, sealedPlace } from "#core/security/token-cipher.ts";
import type { ConnectorRegistry, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { completeConnection, receiveStoreKeys } from "./complete-connection.ts";
import type { ConnectingViewer, ConnectionParts } from "./connection-parts.ts";
import { type ConnectionRepository, createConnectionRepository } from "./connection-repository.ts";
import { openPlatformSession } from "./platform-session.ts";
import { openTokens, sealTokens } from "./save-grant.ts";
import { hashState } from "./start-connection.ts";

const cipher = createTokenCipher("sealed-connection-tokens-test-secret-0123456789");
let database: DatabaseHandle;
let connections: ConnectionRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  connections = createConnectionRepository(database.db);
});
afterAll(async () => {
  await database.close();
});

const tokensOf = (name: string): TokenSet => ({
  accessToken: `${name}-access`,
  refreshToken: `${name}-refresh`,
  expiresAt: new Date("2030-01-01T00:00:00Z"),
  context: {},
});

function grant(viewer: ConnectingViewer, tokens: TokenSet, platform: "google-ads" | "shopify" = "google-ads") {
  return connections.saveGrant({
    organizationId: viewer.organizationId,
    platform,
    userId: viewer.userId,
    sealTokens: (connectionId) => sealTokens(cipher, connectionId, tokens),
    context: {},
    displayName: null,
  });
}

async function connectionRow(connectionId: string) {
  return database.db.selectFrom("connections").selectAll().where("id", "=", connectionId).executeTakeFirstOrThrow();
}

async function openStored(organizationId: string, connectionId: string) {
  const connection = await connections.findById(organizationId, connectionId);
  if (!connection) throw new Error("no connection");
  return openTokens(cipher, connection);
}

describe("sealed connection tokens (finding 13)", () => {
  it("are v2 values bound to their connection and field: copied into another row or field they do not open", async () => {
    const ada = await createViewer(database.db, "Ada");
    const eve = await createViewer(database.db, "Eve");
    const adaConnection = await grant(ada, tokensOf("ada"));
    const eveConnection = await grant(eve, tokensOf("eve"));
    const adaRow = await connectionRow(adaConnection);
    expect(adaRow.access_token_encrypted).toMatch(new RegExp(`^v2\\.${cipher.keyId}\\.`));
    expect(await openStored(ada.organizationId, adaConnection)).toEqual({
      accessToken: "ada-access",
      refreshToken: "ada-refresh",
    });

    // Someone with write access to the database moves Ada's grant onto Eve's connection…
    await database.db
      .updateTable("connections")
      .set({ access_token_encrypted: adaRow.access_token_encrypted })
      .where("id", "=", eveConnection)
      .execute();
    await expect(openStored(eve.organizationId, eveConnection)).rejects.toMatchObject({ reason: "unopenable" });
    const eveRecord = await connections.findById(eve.organizationId, eveConnection);
    // A sync or a change gets "access revoked": the card asks to reconnect, the log keeps the reason.
    let failure: unknown;
    try {
      openPlatformSession({ connection: eveRecord!, connections, cipher, refresh: async (tokens) => tokens });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(PlatformError);
    expect(failure).toMatchObject({ kind: "access_revoked", platformCode: "sealed_token_unopenable" });
    expect((failure as Error).cause).toBeInstanceOf(SealedTokenError);

    // …or swaps a row's refresh token into its access token field.
    await database.db
      .updateTable("connections")
      .set({ access_token_encrypted: adaRow.refresh_token_encrypted })
      .where("id", "=", adaConnection)
      .execute();
    await expect(openStored(ada.organizationId, adaConnection)).rejects.toMatchObject({ reason: "unopenable" });
  });

  it("are sealed for the existing connection's id when connecting again revives it", async () => {
    const ada = await createViewer(database.db, "Ada");
    const first = await grant(ada, tokensOf("first"));
    await connections.disconnect(ada.organizationId, first, { deleteData: false });
    const second = await grant(ada, tokensOf("second"));
    expect(second).toBe(first);
    expect(await connections.findById(ada.organizationId, first)).toMatchObject({ status: "active" });
    expect(await openStored(ada.organizationId, first)).toEqual({
      accessToken: "second-access",
      refreshToken: "second-refresh",
    });
  });

  it("keeps WooCommerce keys waiting on an OAuth state bound to that state", async () => {
    const ada = await createViewer(database.db, "Ada");
    const keys: TokenSet = { accessToken: "ck_1", refreshToken: "cs_1", expiresAt: null, context: {} };
    const deps = {
      connections,
      cipher,
      appUrl: "http://app.test",
      connectors: {
        storeConnector: () => ({ completeAuthorization: async () => keys }),
      } as unknown as ConnectorRegistry,
    } as unknown as ConnectionParts;
    const expiresAt = new Date(Date.now() + 10 * 60_000);
    for (const state of ["state-with-keys", "state-without-keys"])
      await connections.createOAuthState({
        stateHash: hashState(state),
        organizationId: ada.organizationId,
        userId: ada.userId,
        sessionId: ada.sessionId,
        platform: "woocommerce",
        storeAddress: "https://shop.example",
        expiresAt,
      });
    await receiveStoreKeys(deps, { platform: "woocommerce", body: { user_id: "state-with-keys" } });
    const sealed = (await connections.findOAuthState(hashState("state-with-keys")))?.pendingTokensSealed ?? "";
    expect(sealed).toMatch(/^v2\./);
    expect(JSON.parse(cipher.decrypt(sealed, sealedPlace.pendingStoreTokens(hashState("state-with-keys"))))).toEqual(
      expect.objectContaining({ accessToken: "ck_1", refreshToken: "cs_1" }),
    );

    // Copied onto another state, they do not open: that callback fails instead of connecting them.
    expect(await connections.attachPendingTokens(hashState("state-without-keys"), sealed)).toBe(true);
    await expect(
      completeConnection(deps, {
        viewer: ada,
        platform: "woocommerce",
        query: new URLSearchParams({ user_id: "state-without-keys", success: "1" }),
      }),
    ).rejects.toMatchObject({ reason: expect.stringMatching(/copied from another row or field/) });
    expect(await connections.listForOrganization(ada.organizationId)).toEqual([]);
  });
});

describe("one connection per organization and platform (finding 14)", () => {
  it("two parallel grants for the same organization and platform make one connection and return its id", async () => {
    const ada = await createViewer(database.db, "Ada");
    const ids = await Promise.all([
      grant(ada, tokensOf("one")),
      grant(ada, tokensOf("two")),
      grant(ada, tokensOf("three")),
    ]);
    expect(new Set(ids).size).toBe(1);
    const rows = await database.db
      .selectFrom("connections")
      .select("id")
      .where("organization_id", "=", ada.organizationId)
      .where("platform", "=", "google-ads")
      .execute();
    expect(rows).toEqual([{ id: ids[0] }]);
    // Whichever grant came last, its tokens are sealed for that one row and open.
    const opened = await openStored(ada.organizationId, ids[0] ?? "");
    expect(["one-access", "two-access", "three-access"]).toContain(opened.accessToken);
    expect(opened.refreshToken).toBe(opened.accessToken?.replace("access", "refresh"));
  });

  it("refuses a second connection to the same platform written behind the repository's back", async () => {
    const ada = await createViewer(database.db, "Ada");
    await grant(ada, tokensOf("shop"), "shopify");
    await expect(
      database.db
        .insertInto("connections")
        .values({ id: "duplicate-shop", organization_id: ada.organizationId, platform: "shopify" })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});
