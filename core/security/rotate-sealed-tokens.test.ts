import { createCipheriv, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createNotificationRepository } from "#core/notifications/notification-repository.ts";
import { createVapidKeyStore } from "#core/notifications/web-push.ts";
import { webhookSecretPlace } from "#core/webhooks/webhook-secrets.ts";
import { createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { rotateSealedTokens, TokenRotationError } from "./rotate-sealed-tokens.ts";
import { createTokenCipher, sealedPlace } from "./token-cipher.ts";

const OLD_SECRET = "the-old-auth-secret-of-at-least-32-characters";
const NEW_SECRET = "the-new-auth-secret-of-at-least-32-characters";
const oldCipher = createTokenCipher(OLD_SECRET);
const newCipher = createTokenCipher(NEW_SECRET);

/** What releases before key ids and places wrote: `v1.<iv>.<tag>.<ciphertext>`, no AAD. */
function sealAsV1(secret: string, plaintext: string): string {
  const key = Buffer.from(hkdfSync("sha256", secret, "adhelm", "third-party-token-encryption", 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"))].join(".");
}

const access = (id: string) => sealedPlace.connectionToken(id, "access_token");
const refresh = (id: string) => sealedPlace.connectionToken(id, "refresh_token");

let database: DatabaseHandle;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

/** An installation whose tokens were sealed under OLD_SECRET, by this release (v2) and an earlier one (v1). */
async function seedSealedTokens() {
  const { db } = database;
  const viewer = await createViewer(db);
  const connection = async (
    platform: string,
    tokens: (id: string) => { access: string | null; refresh: string | null },
    status: "active" | "disconnected" = "active",
  ) => {
    const id = randomUUID();
    const sealed = tokens(id);
    await db
      .insertInto("connections")
      .values({
        id,
        organization_id: viewer.organizationId,
        platform,
        status,
        access_token_encrypted: sealed.access,
        refresh_token_encrypted: sealed.refresh,
      })
      .execute();
    return id;
  };
  const ids = {
    v2: await connection("google-ads", (id) => ({
      access: oldCipher.encrypt("google-access", access(id)),
      refresh: oldCipher.encrypt("google-refresh", refresh(id)),
    })),
    v1: await connection("facebook-ads", () => ({ access: sealAsV1(OLD_SECRET, "facebook-access"), refresh: null })),
    alreadyNew: await connection("tiktok-ads", (id) => ({
      access: newCipher.encrypt("tiktok-access", access(id)),
      refresh: null,
    })),
    disconnected: await connection("linkedin-ads", () => ({ access: null, refresh: null }), "disconnected"),
  };
  const state = async (name: string, options: { expiresInMs: number; isUsed?: boolean }) => {
    const stateHash = `hash-${name}-${randomUUID()}`;
    await db
      .insertInto("oauth_states")
      .values({
        id: stateHash,
        organization_id: viewer.organizationId,
        user_id: viewer.userId,
        session_id: viewer.sessionId,
        platform: "woocommerce",
        store_address: "https://shop.example",
        pending_tokens_encrypted: oldCipher.encrypt(
          `{"accessToken":"ck_${name}"}`,
          sealedPlace.pendingStoreTokens(stateHash),
        ),
        expires_at: new Date(Date.now() + options.expiresInMs).toISOString(),
        used_at: options.isUsed ? new Date().toISOString() : null,
      })
      .execute();
    return stateHash;
  };
  const states = {
    waiting: await state("waiting", { expiresInMs: 10 * 60_000 }),
    expired: await state("expired", { expiresInMs: -60_000 }),
    used: await state("used", { expiresInMs: 10 * 60_000, isUsed: true }),
  };
  const endpoint = async (name: string, previous: "none" | "in-grace" | "expired", cipher = oldCipher) => {
    const id = `whe_${name}_${randomUUID().slice(0, 8)}`;
    await db
      .insertInto("webhook_endpoints")
      .values({
        id,
        organization_id: viewer.organizationId,
        url: `https://hooks.example.com/${name}`,
        description: null,
        event_types_json: '["anomaly.detected"]',
        secret_encrypted: cipher.encrypt(`whsec_${name}`, webhookSecretPlace.current(id)),
        previous_secret_encrypted:
          previous === "none" ? null : cipher.encrypt(`whsec_${name}_before`, webhookSecretPlace.previous(id)),
        previous_secret_expires_at:
          previous === "none" ? null : new Date(Date.now() + (previous === "in-grace" ? 3_600_000 : -60_000)),
        created_by: viewer.userId,
      })
      .execute();
    return id;
  };
  const endpoints = {
    rotated: await endpoint("rotated", "in-grace"),
    expired: await endpoint("expired", "expired"),
    alreadyNew: await endpoint("already-new", "none", newCipher),
  };
  // The Web Push key pair, made on first start the way the server makes it.
  const vapid = await createVapidKeyStore(createNotificationRepository(db), oldCipher).keys();
  return { viewer, ids, states, endpoints, vapid };
}

async function webhookSecrets(id: string) {
  return database.db
    .selectFrom("webhook_endpoints")
    .select(["secret_encrypted", "previous_secret_encrypted", "previous_secret_expires_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function snapshot() {
  return {
    connections: await database.db
      .selectFrom("connections")
      .select(["id", "access_token_encrypted", "refresh_token_encrypted"])
      .orderBy("id")
      .execute(),
    states: await database.db
      .selectFrom("oauth_states")
      .select(["id", "pending_tokens_encrypted"])
      .orderBy("id")
      .execute(),
    webhooks: await database.db
      .selectFrom("webhook_endpoints")
      .select(["id", "secret_encrypted", "previous_secret_encrypted", "previous_secret_expires_at"])
      .orderBy("id")
      .execute(),
    settings: await database.db.selectFrom("app_settings").select(["key", "value"]).orderBy("key").execute(),
  };
}

async function connectionTokens(id: string) {
  return database.db
    .selectFrom("connections")
    .select(["access_token_encrypted", "refresh_token_encrypted"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

describe("rotating AUTH_SECRET (npm run rotate-key)", () => {
  it("re-seals every sealed token under the new secret in place, v1 values too, and a rerun changes nothing", async () => {
    const { ids, states, endpoints, vapid } = await seedSealedTokens();

    const report = await rotateSealedTokens(database.db, { oldSecret: OLD_SECRET, newSecret: NEW_SECRET });
    expect(report).toEqual({
      accessTokens: 2,
      refreshTokens: 1,
      pendingStoreTokens: 1,
      // Both secrets of the rotated endpoint, the current one of the endpoint whose overlap is over.
      webhookSecrets: 3,
      vapidKeys: 1,
      fromV1: 1,
      alreadyCurrent: 2,
      clearedPendingStoreTokens: 2,
      clearedWebhookSecrets: 1,
      oldKeyId: oldCipher.keyId,
      newKeyId: newCipher.keyId,
    });

    const google = await connectionTokens(ids.v2);
    expect(newCipher.decrypt(google.access_token_encrypted ?? "", access(ids.v2))).toBe("google-access");
    expect(newCipher.decrypt(google.refresh_token_encrypted ?? "", refresh(ids.v2))).toBe("google-refresh");
    const facebook = await connectionTokens(ids.v1);
    expect(facebook.access_token_encrypted).toMatch(new RegExp(`^v2\\.${newCipher.keyId}\\.`));
    expect(newCipher.decrypt(facebook.access_token_encrypted ?? "", access(ids.v1))).toBe("facebook-access");
    expect(
      newCipher.decrypt((await connectionTokens(ids.alreadyNew)).access_token_encrypted ?? "", access(ids.alreadyNew)),
    ).toBe("tiktok-access");
    expect(await connectionTokens(ids.disconnected)).toEqual({
      access_token_encrypted: null,
      refresh_token_encrypted: null,
    });
    // The old secret opens nothing any more.
    expect(() => oldCipher.decrypt(google.access_token_encrypted ?? "", access(ids.v2))).toThrow(/another AUTH_SECRET/);

    const pending = async (stateHash: string) =>
      (
        await database.db
          .selectFrom("oauth_states")
          .select("pending_tokens_encrypted")
          .where("id", "=", stateHash)
          .executeTakeFirstOrThrow()
      ).pending_tokens_encrypted;
    expect(
      newCipher.decrypt((await pending(states.waiting)) ?? "", sealedPlace.pendingStoreTokens(states.waiting)),
    ).toBe('{"accessToken":"ck_waiting"}');
    expect(await pending(states.expired)).toBeNull();
    expect(await pending(states.used)).toBeNull();

    // Webhooks keep signing with the same secrets, the old one too during its overlap.
    const rotated = await webhookSecrets(endpoints.rotated);
    expect(newCipher.decrypt(rotated.secret_encrypted, webhookSecretPlace.current(endpoints.rotated))).toBe(
      "whsec_rotated",
    );
    expect(
      newCipher.decrypt(rotated.previous_secret_encrypted ?? "", webhookSecretPlace.previous(endpoints.rotated)),
    ).toBe("whsec_rotated_before");
    expect(rotated.previous_secret_expires_at).not.toBeNull();
    const expired = await webhookSecrets(endpoints.expired);
    expect(newCipher.decrypt(expired.secret_encrypted, webhookSecretPlace.current(endpoints.expired))).toBe(
      "whsec_expired",
    );
    expect(expired).toMatchObject({ previous_secret_encrypted: null, previous_secret_expires_at: null });
    expect(
      newCipher.decrypt(
        (await webhookSecrets(endpoints.alreadyNew)).secret_encrypted,
        webhookSecretPlace.current(endpoints.alreadyNew),
      ),
    ).toBe("whsec_already-new");
    // The server under the new secret opens the same VAPID pair: the browsers' subscriptions stay valid.
    expect(await createVapidKeyStore(createNotificationRepository(database.db), newCipher).keys()).toEqual(vapid);

    // A second run (say, after a crash) finds everything under the new key and leaves it be.
    const before = await snapshot();
    expect(await rotateSealedTokens(database.db, { oldSecret: OLD_SECRET, newSecret: NEW_SECRET })).toMatchObject({
      accessTokens: 0,
      refreshTokens: 0,
      pendingStoreTokens: 0,
      webhookSecrets: 0,
      vapidKeys: 0,
      alreadyCurrent: 10,
      clearedPendingStoreTokens: 0,
      clearedWebhookSecrets: 0,
    });
    expect(await snapshot()).toEqual(before);
  });

  it("changes nothing, and names the value and the key ids but no secret, when the old secret is wrong", async () => {
    const { ids } = await seedSealedTokens();
    const before = await snapshot();
    const wrong = "not-the-old-secret-but-also-32-characters-long";

    const failure = await rotateSealedTokens(database.db, { oldSecret: wrong, newSecret: NEW_SECRET }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TokenRotationError);
    const message = (failure as Error).message;
    // Whichever of the two old values it met first: the v2 one names its key id.
    expect([
      `The sealed value at connections:${ids.v2}:access_token (key id ${oldCipher.keyId}) opens under neither`,
      `The sealed value at connections:${ids.v1}:access_token (v1, no key id) opens under neither`,
    ]).toContain(message.slice(0, message.indexOf(" the old nor")));
    expect(message).toContain(`(old key id ${createTokenCipher(wrong).keyId}, new key id ${newCipher.keyId})`);
    expect(message).toContain("Nothing was changed.");
    for (const secret of [wrong, OLD_SECRET, NEW_SECRET]) expect(message).not.toContain(secret);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a value moved from its row, even under the right old secret, and changes nothing", async () => {
    const { ids } = await seedSealedTokens();
    const moved = (await connectionTokens(ids.v2)).access_token_encrypted;
    await database.db
      .updateTable("connections")
      .set({ access_token_encrypted: moved })
      .where("id", "=", ids.alreadyNew)
      .execute();
    const before = await snapshot();
    await expect(rotateSealedTokens(database.db, { oldSecret: OLD_SECRET, newSecret: NEW_SECRET })).rejects.toThrow(
      `The sealed value at connections:${ids.alreadyNew}:access_token (key id ${oldCipher.keyId}) opens under neither`,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("stops at a webhook secret that opens under neither secret, and rolls back what it had re-sealed", async () => {
    const { endpoints } = await seedSealedTokens();
    const stranger = createTokenCipher("a-third-secret-nobody-gave-us-32-characters");
    await database.db
      .updateTable("webhook_endpoints")
      .set({ secret_encrypted: stranger.encrypt("whsec_x", webhookSecretPlace.current(endpoints.expired)) })
      .where("id", "=", endpoints.expired)
      .execute();
    const before = await snapshot();
    await expect(rotateSealedTokens(database.db, { oldSecret: OLD_SECRET, newSecret: NEW_SECRET })).rejects.toThrow(
      `The sealed value at webhook_endpoints:${endpoints.expired}:secret (key id ${stranger.keyId}) opens under neither`,
    );
    // The platform tokens were re-sealed before it in the same transaction: they are back as they were.
    expect(await snapshot()).toEqual(before);
  });

  it("without an old secret, upgrades v1 values sealed under the current secret to v2", async () => {
    const viewer = await createViewer(database.db);
    const id = randomUUID();
    await database.db
      .insertInto("connections")
      .values({
        id,
        organization_id: viewer.organizationId,
        platform: "shopify",
        access_token_encrypted: sealAsV1(NEW_SECRET, "shop-access"),
      })
      .execute();
    expect(await rotateSealedTokens(database.db, { oldSecret: null, newSecret: NEW_SECRET })).toMatchObject({
      accessTokens: 1,
      fromV1: 1,
    });
    const sealed = (await connectionTokens(id)).access_token_encrypted ?? "";
    expect(newCipher.isCurrent(sealed)).toBe(true);
    expect(newCipher.decrypt(sealed, access(id))).toBe("shop-access");
  });
});
