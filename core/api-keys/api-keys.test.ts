import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { ApiKeyDependencies } from "./api-key-dependencies.ts";
import { createApiKeyDependencies } from "./api-key-dependencies.ts";
import {
  authenticateApiKey,
  authenticateApiKeyOfOrganization,
  flushApiKeyUses,
  REVOKED_KEY_MESSAGE,
  UNKNOWN_KEY_MESSAGE,
} from "./authenticate-api-key.ts";
import { createApiKey } from "./create-api-key.ts";
import { listApiKeys } from "./list-api-keys.ts";
import { revokeApiKey } from "./revoke-api-key.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Key use cases on a clock the test moves. */
function keysAt(start: string, cacheTtlMs = 30_000) {
  let now = new Date(start);
  const deps: ApiKeyDependencies = { ...createApiKeyDependencies(database.db, { cacheTtlMs }), now: () => now };
  return {
    deps,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

describe("creating and listing API keys", () => {
  it("returns the key once, stores only its hash and prefix, and lists it with who made it", async () => {
    const ada = await createViewer(database.db, "Ada Lovelace");
    const { deps } = keysAt("2026-03-10T12:00:00Z");
    const created = await createApiKey(deps, {
      organizationId: ada.organizationId,
      userId: ada.userId,
      values: { name: "  Reporting  ", expiresOn: "2026-06-30", scope: "read" },
    });
    expect(created.plaintext).toMatch(/^adh_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toEqual({
      id: expect.any(String),
      name: "Reporting",
      prefix: created.plaintext.slice(0, 12),
      scope: "read",
      createdAt: "2026-03-10T12:00:00.000Z",
      createdBy: { id: ada.userId, name: "Ada Lovelace" },
      lastUsedAt: null,
      expiresAt: "2026-06-30T00:00:00.000Z",
      revokedAt: null,
      status: "active",
    });
    const stored = await database.db.selectFrom("api_keys").selectAll().where("id", "=", created.apiKey.id).execute();
    expect(JSON.stringify(stored)).not.toContain(created.plaintext);
    expect(stored[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);

    const second = await createApiKey(deps, {
      organizationId: ada.organizationId,
      userId: ada.userId,
      values: { name: "Zapier", expiresOn: "" },
    });
    // Read only unless asked for (issue 23 §4).
    expect(second.apiKey).toMatchObject({ scope: "read", expiresAt: null });
    expect(second.plaintext).not.toBe(created.plaintext);
    const listed = await listApiKeys(deps, ada.organizationId);
    expect(listed.map((key) => key.name).sort()).toEqual(["Reporting", "Zapier"]);
    // Another organization sees none of them.
    const bo = await createViewer(database.db, "Bo");
    expect(await listApiKeys(deps, bo.organizationId)).toEqual([]);
  });

  it("refuses a bad name, scope or expiry and stores nothing", async () => {
    const ada = await createViewer(database.db);
    const { deps } = keysAt("2026-03-10T12:00:00Z");
    for (const [values, message] of [
      [{ name: "" }, /name/],
      [{ name: "x".repeat(101) }, /at most 100/],
      [{ name: "Old", expiresOn: "2026-03-10" }, /after today/],
      [{ name: "Odd", expiresOn: "10/03/2027" }, /YYYY-MM-DD/],
      [{ name: "Root", scope: "admin" }, /read only/],
    ] as const)
      await expect(
        createApiKey(deps, { organizationId: ada.organizationId, userId: ada.userId, values }),
      ).rejects.toMatchObject({ code: "unprocessable_entity", message: expect.stringMatching(message) });
    expect(await listApiKeys(deps, ada.organizationId)).toEqual([]);
  });
});

describe("authenticating a key", () => {
  it("tells unknown, revoked and expired keys apart, and an expired key's status says so", async () => {
    const ada = await createViewer(database.db);
    const clock = keysAt("2026-03-10T12:00:00Z");
    const key = await createApiKey(clock.deps, {
      organizationId: ada.organizationId,
      userId: ada.userId,
      values: { name: "Short-lived", expiresOn: "2026-03-11", scope: "read_write" },
    });
    expect(await authenticateApiKey(clock.deps, key.plaintext)).toEqual({
      apiKeyId: key.apiKey.id,
      organizationId: ada.organizationId,
      keyName: "Short-lived",
      scope: "read_write",
      // The key does at most what Ada, who made it, may do.
      creatorRole: "owner",
      planId: "professional",
      readOnly: null,
    });
    await expect(authenticateApiKey(clock.deps, "adh_not-a-key")).rejects.toMatchObject({
      code: "unauthorized",
      message: UNKNOWN_KEY_MESSAGE,
    });
    // One character off (a different one: the key may well end in "A").
    const typo = `${key.plaintext.slice(0, -1)}${key.plaintext.endsWith("A") ? "B" : "A"}`;
    await expect(authenticateApiKey(clock.deps, typo)).rejects.toMatchObject({
      message: UNKNOWN_KEY_MESSAGE,
    });

    clock.advance(12 * 60 * 60 * 1000);
    await expect(authenticateApiKey(clock.deps, key.plaintext)).rejects.toMatchObject({
      code: "unauthorized",
      message: expect.stringMatching(/^This API key expired on 2026-03-11\./),
    });
    expect((await listApiKeys(clock.deps, ada.organizationId))[0]?.status).toBe("expired");

    const other = await createApiKey(clock.deps, {
      organizationId: ada.organizationId,
      userId: ada.userId,
      values: { name: "Revoked" },
    });
    await revokeApiKey(clock.deps, { organizationId: ada.organizationId, apiKeyId: other.apiKey.id });
    await expect(authenticateApiKey(clock.deps, other.plaintext)).rejects.toMatchObject({
      message: REVOKED_KEY_MESSAGE,
    });
  });

  it("stops a revoked key at once on its node and within the cache's lifetime on another", async () => {
    const ada = await createViewer(database.db);
    const bo = await createViewer(database.db, "Bo");
    const here = keysAt("2026-03-10T12:00:00Z");
    const elsewhere = keysAt("2026-03-10T12:00:00Z");
    const key = await createApiKey(here.deps, {
      organizationId: ada.organizationId,
      userId: ada.userId,
      values: { name: "CI" },
    });
    await authenticateApiKey(here.deps, key.plaintext);
    await authenticateApiKey(elsewhere.deps, key.plaintext);

    await expect(
      revokeApiKey(here.deps, { organizationId: bo.organizationId, apiKeyId: key.apiKey.id }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await authenticateApiKey(here.deps, key.plaintext);
    const revoked = await revokeApiKey(here.deps, { organizationId: ada.organizationId, apiKeyId: key.apiKey.id });
    expect(revoked).toMatchObject({ status: "revoked", revokedAt: "2026-03-10T12:00:00.000Z" });
    await expect(authenticateApiKey(here.deps, key.plaintext)).rejects.toMatchObject({ message: REVOKED_KEY_MESSAGE });
    // The other node trusts its cached lookup until it is 30 seconds old.
    elsewhere.advance(29_000);
    await expect(authenticateApiKey(elsewhere.deps, key.plaintext)).resolves.toMatchObject({ apiKeyId: key.apiKey.id });
    elsewhere.advance(1_000);
    await expect(authenticateApiKey(elsewhere.deps, key.plaintext)).rejects.toMatchObject({
      message: REVOKED_KEY_MESSAGE,
    });
  });

  it("finds a member's chosen key only in their organization", async () => {
    const ada = await createViewer(database.db);
    const bo = await createViewer(database.db, "Bo");
    const { deps } = keysAt("2026-03-10T12:00:00Z");
    const key = await createApiKey(deps, {
      organizationId: ada.organizationId,
      userId: ada.userId,
      values: { name: "Try it" },
    });
    await expect(
      authenticateApiKeyOfOrganization(deps, { organizationId: ada.organizationId, apiKeyId: key.apiKey.id }),
    ).resolves.toMatchObject({ apiKeyId: key.apiKey.id, organizationId: ada.organizationId });
    await expect(
      authenticateApiKeyOfOrganization(deps, { organizationId: bo.organizationId, apiKeyId: key.apiKey.id }),
    ).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("writes last_used_at in batches, at most once a minute per key", async () => {
    const ada = await createViewer(database.db);
    const clock = keysAt("2026-03-10T12:00:00Z");
    const key = await createApiKey(clock.deps, {
      organizationId: ada.organizationId,
      userId: ada.userId,
      values: { name: "Sync" },
    });
    const lastUsed = async () => (await listApiKeys(clock.deps, ada.organizationId))[0]?.lastUsedAt;

    await authenticateApiKey(clock.deps, key.plaintext);
    expect(await lastUsed()).toBeNull();
    await flushApiKeyUses(clock.deps);
    expect(await lastUsed()).toBe("2026-03-10T12:00:00.000Z");

    clock.advance(59_000);
    await authenticateApiKey(clock.deps, key.plaintext);
    await flushApiKeyUses(clock.deps);
    expect(await lastUsed()).toBe("2026-03-10T12:00:00.000Z");
    clock.advance(1_000);
    await authenticateApiKey(clock.deps, key.plaintext);
    await flushApiKeyUses(clock.deps);
    expect(await lastUsed()).toBe("2026-03-10T12:01:00.000Z");
  });
});
