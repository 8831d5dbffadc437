import type { Kysely, Transaction } from "kysely";
import type { Database } from "#core/db/schema.ts";
import { VAPID_PLACE } from "#core/notifications/web-push.ts";
import { webhookSecretPlace } from "#core/webhooks/webhook-secrets.ts";
import { createTokenCipher, sealedKeyIdOf, sealedPlace, type TokenCipher } from "./token-cipher.ts";

/**
 * Re-seals every sealed token in the database under a new AUTH_SECRET, so changing the secret does
 * not mean reconnecting every platform (`npm run rotate-key`, scripts/rotate-key.ts). What is sealed:
 * - `connections.access_token_encrypted` and `refresh_token_encrypted`;
 * - `oauth_states.pending_tokens_encrypted`: WooCommerce keys waiting for the browser to return.
 *   Those of used or expired states can never be used again: they are cleared rather than re-sealed,
 *   so no value under the old secret is left behind.
 * - `webhook_endpoints.secret_encrypted`, and `previous_secret_encrypted` while its day of grace
 *   after a rotation lasts; an expired previous secret signs nothing any more and is cleared;
 * - the VAPID private key of Web Push, sealed inside `app_settings` "vapid"
 *   (core/notifications/web-push.ts). Were it left behind, the server would make a new key pair
 *   and every browser would have to subscribe to push again.
 *
 * One transaction: a value that opens under neither secret (or was changed while this ran) aborts it
 * and nothing changes. A value already under the new key (v2, its key id) is left as it is, so a
 * second run after a crash is safe. v1 values (earlier releases) are re-sealed as v2 under the new
 * key whichever of the two secrets they open under. Nothing secret is ever put in a message.
 */
export interface RotationReport {
  /** Re-sealed under the new key, per place. */
  accessTokens: number;
  refreshTokens: number;
  pendingStoreTokens: number;
  /** Webhook endpoints' signing secrets: current ones and previous ones still in their day of grace. */
  webhookSecrets: number;
  /** The VAPID private key (0 or 1). */
  vapidKeys: number;
  /** Of those, how many were v1 values of earlier releases. */
  fromV1: number;
  /** Already under the new key: left as they were. */
  alreadyCurrent: number;
  /** Pending WooCommerce keys of used or expired OAuth states, cleared. */
  clearedPendingStoreTokens: number;
  /** Previous webhook secrets whose day of grace was over, cleared. */
  clearedWebhookSecrets: number;
  /** The key ids (fingerprints, not secrets) of the old and new keys. */
  oldKeyId: string | null;
  newKeyId: string;
}

export class TokenRotationError extends Error {
  constructor(message: string) {
    super(`${message} Nothing was changed.`);
    this.name = "TokenRotationError";
  }
}

export interface RotationInput {
  /** The secret the values were sealed under; omitted, v1 values under the new secret are upgraded only. */
  oldSecret: string | null;
  newSecret: string;
  now?: Date;
}

type Resealed = { kind: "current" } | { kind: "resealed"; value: string; wasV1: boolean };

function resealerFor(oldCipher: TokenCipher | null, newCipher: TokenCipher) {
  return function reseal(value: string, place: string): Resealed {
    const sealedKeyId = sealedKeyIdOf(value);
    const isV1 = value.startsWith("v1.");
    const candidates: TokenCipher[] = [];
    if (newCipher.isCurrent(value)) candidates.push(newCipher);
    else if (isV1) candidates.push(...(oldCipher ? [oldCipher] : []), newCipher);
    else if (oldCipher && sealedKeyId === oldCipher.keyId) candidates.push(oldCipher);
    for (const cipher of candidates) {
      let plaintext: string;
      try {
        plaintext = cipher.decrypt(value, place);
      } catch {
        continue;
      }
      if (cipher === newCipher && !isV1) return { kind: "current" };
      return { kind: "resealed", value: newCipher.encrypt(plaintext, place), wasV1: isV1 };
    }
    const sealedAs = isV1
      ? "v1, no key id"
      : sealedKeyId
        ? `key id ${sealedKeyId}`
        : "not a sealed value in a known format";
    const keys = `old key id ${oldCipher?.keyId ?? "(no old secret given)"}, new key id ${newCipher.keyId}`;
    throw new TokenRotationError(
      `The sealed value at ${place} (${sealedAs}) opens under neither the old nor the new AUTH_SECRET (${keys}). Check OLD_AUTH_SECRET.`,
    );
  };
}

/** Where core/notifications/web-push.ts keeps the VAPID key pair (its private key is sealed for VAPID_PLACE). */
const VAPID_SETTING = "vapid";

type CountedPlace = "accessTokens" | "refreshTokens" | "pendingStoreTokens" | "webhookSecrets" | "vapidKeys";

/** One rotation's transaction, its re-sealer and its report, handed to each place's pass. */
interface RotationPass {
  trx: Transaction<Database>;
  reseal: (value: string, place: string) => Resealed;
  count: (outcome: Resealed, field: CountedPlace) => void;
  report: RotationReport;
  now: number;
}

function changedMeanwhile(place: string) {
  return new TokenRotationError(
    `The sealed value at ${place} changed while the rotation ran (is a server still running?).`,
  );
}

export async function rotateSealedTokens(db: Kysely<Database>, input: RotationInput): Promise<RotationReport> {
  const oldCipher = input.oldSecret ? createTokenCipher(input.oldSecret) : null;
  const newCipher = createTokenCipher(input.newSecret);
  const reseal = resealerFor(oldCipher, newCipher);
  const now = (input.now ?? new Date()).getTime();
  const report: RotationReport = {
    accessTokens: 0,
    refreshTokens: 0,
    pendingStoreTokens: 0,
    webhookSecrets: 0,
    vapidKeys: 0,
    fromV1: 0,
    alreadyCurrent: 0,
    clearedPendingStoreTokens: 0,
    clearedWebhookSecrets: 0,
    oldKeyId: oldCipher?.keyId ?? null,
    newKeyId: newCipher.keyId,
  };
  const count = (outcome: Resealed, field: CountedPlace) => {
    if (outcome.kind === "current") report.alreadyCurrent += 1;
    else {
      report[field] += 1;
      if (outcome.wasV1) report.fromV1 += 1;
    }
  };

  await db.transaction().execute(async (trx) => {
    const pass: RotationPass = { trx, reseal, count, report, now };
    await resealConnectionTokens(pass);
    await resealPendingStoreTokens(pass);
    await resealWebhookSecrets(pass);
    await resealVapidKey(pass);
  });
  return report;
}

async function resealConnectionTokens({ trx, reseal, count }: RotationPass): Promise<void> {
  const connections = await trx
    .selectFrom("connections")
    .select(["id", "access_token_encrypted", "refresh_token_encrypted"])
    .where((eb) => eb.or([eb("access_token_encrypted", "is not", null), eb("refresh_token_encrypted", "is not", null)]))
    .orderBy("id")
    .execute();
  for (const row of connections) {
    const changes: { access_token_encrypted?: string; refresh_token_encrypted?: string } = {};
    if (row.access_token_encrypted) {
      const outcome = reseal(row.access_token_encrypted, sealedPlace.connectionToken(row.id, "access_token"));
      count(outcome, "accessTokens");
      if (outcome.kind === "resealed") changes.access_token_encrypted = outcome.value;
    }
    if (row.refresh_token_encrypted) {
      const outcome = reseal(row.refresh_token_encrypted, sealedPlace.connectionToken(row.id, "refresh_token"));
      count(outcome, "refreshTokens");
      if (outcome.kind === "resealed") changes.refresh_token_encrypted = outcome.value;
    }
    if (Object.keys(changes).length === 0) continue;
    // Compare and set: a token refreshed meanwhile by a running server is not overwritten.
    const result = await trx
      .updateTable("connections")
      .set(changes)
      .where("id", "=", row.id)
      .where((eb) =>
        eb.and([
          row.access_token_encrypted === null
            ? eb("access_token_encrypted", "is", null)
            : eb("access_token_encrypted", "=", row.access_token_encrypted),
          row.refresh_token_encrypted === null
            ? eb("refresh_token_encrypted", "is", null)
            : eb("refresh_token_encrypted", "=", row.refresh_token_encrypted),
        ]),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw changedMeanwhile(`connections:${row.id}`);
  }
}

async function resealPendingStoreTokens({ trx, reseal, count, report, now }: RotationPass): Promise<void> {
  const states = await trx
    .selectFrom("oauth_states")
    .select(["id", "pending_tokens_encrypted", "expires_at", "used_at"])
    .where("pending_tokens_encrypted", "is not", null)
    .orderBy("id")
    .execute();
  for (const state of states) {
    const sealed = state.pending_tokens_encrypted ?? "";
    const place = sealedPlace.pendingStoreTokens(state.id);
    const isDead = state.used_at !== null || new Date(state.expires_at).getTime() <= now;
    let replacement: string | null;
    if (isDead) {
      replacement = null;
      report.clearedPendingStoreTokens += 1;
    } else {
      const outcome = reseal(sealed, place);
      count(outcome, "pendingStoreTokens");
      if (outcome.kind === "current") continue;
      replacement = outcome.value;
    }
    const result = await trx
      .updateTable("oauth_states")
      .set({ pending_tokens_encrypted: replacement })
      .where("id", "=", state.id)
      .where("pending_tokens_encrypted", "=", sealed)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw changedMeanwhile(place);
  }
}

/**
 * Every endpoint's signing secret, and its previous one while that still signs beside it; a
 * previous secret past its day of grace is cleared (and its end with it), as the deliveries ignore it.
 */
async function resealWebhookSecrets({ trx, reseal, count, report, now }: RotationPass): Promise<void> {
  const endpoints = await trx
    .selectFrom("webhook_endpoints")
    .select(["id", "secret_encrypted", "previous_secret_encrypted", "previous_secret_expires_at"])
    .orderBy("id")
    .execute();
  for (const row of endpoints) {
    const changes: {
      secret_encrypted?: string;
      previous_secret_encrypted?: string | null;
      previous_secret_expires_at?: null;
    } = {};
    const current = reseal(row.secret_encrypted, webhookSecretPlace.current(row.id));
    count(current, "webhookSecrets");
    if (current.kind === "resealed") changes.secret_encrypted = current.value;
    if (row.previous_secret_encrypted) {
      const expiresAt = row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at).getTime() : null;
      if (expiresAt === null || expiresAt <= now) {
        changes.previous_secret_encrypted = null;
        changes.previous_secret_expires_at = null;
        report.clearedWebhookSecrets += 1;
      } else {
        const previous = reseal(row.previous_secret_encrypted, webhookSecretPlace.previous(row.id));
        count(previous, "webhookSecrets");
        if (previous.kind === "resealed") changes.previous_secret_encrypted = previous.value;
      }
    }
    if (Object.keys(changes).length === 0) continue;
    // Compare and set: a secret rotated meanwhile by a running server is not overwritten.
    const result = await trx
      .updateTable("webhook_endpoints")
      .set(changes)
      .where("id", "=", row.id)
      .where("secret_encrypted", "=", row.secret_encrypted)
      .where((eb) =>
        row.previous_secret_encrypted === null
          ? eb("previous_secret_encrypted", "is", null)
          : eb("previous_secret_encrypted", "=", row.previous_secret_encrypted),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw changedMeanwhile(`webhook_endpoints:${row.id}`);
  }
}

/** The VAPID key pair: its public key stays as it is, so the browsers' subscriptions stay valid. */
async function resealVapidKey({ trx, reseal, count }: RotationPass): Promise<void> {
  const setting = await trx
    .selectFrom("app_settings")
    .select("value")
    .where("key", "=", VAPID_SETTING)
    .executeTakeFirst();
  if (!setting) return;
  let stored: { publicKey?: unknown; privateKey?: unknown };
  try {
    stored = JSON.parse(setting.value) as typeof stored;
  } catch {
    stored = {};
  }
  const sealed = typeof stored.privateKey === "string" ? stored.privateKey : "";
  // Not in the expected shape: reseal names the place and stops the rotation like any unreadable value.
  const outcome = reseal(sealed, VAPID_PLACE);
  count(outcome, "vapidKeys");
  if (outcome.kind === "current") return;
  const result = await trx
    .updateTable("app_settings")
    .set({ value: JSON.stringify({ ...stored, privateKey: outcome.value }) })
    .where("key", "=", VAPID_SETTING)
    .where("value", "=", setting.value)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw changedMeanwhile(VAPID_PLACE);
}
