import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encrypts third-party tokens at rest with AES-256-GCM. The key is derived from the server
 * secret with HKDF, so no extra secret is needed and a database dump alone reveals nothing.
 *
 * Format `v2.<kid>.<iv>.<tag>.<ciphertext>` (each part base64url):
 * - `kid` is a short fingerprint of the key (not secret), so a value sealed under another
 *   `AUTH_SECRET` is named as such instead of failing as "tampered with";
 * - every value is bound to where it is stored (its "place", e.g. `connections:<id>:access_token`)
 *   as additional authenticated data, together with the version and the key id: a sealed value
 *   copied into another row or another field does not open;
 * - the tag is always 16 bytes, and a shorter one is refused.
 *
 * `v1.<iv>.<tag>.<ciphertext>` values, written by earlier releases without a place, still open, so
 * existing installations keep working; every write is v2, and `npm run rotate-key` re-seals them.
 */
export interface TokenCipher {
  /** The fingerprint of this cipher's key, as written in every value it seals. */
  readonly keyId: string;
  /** Seals `plaintext` for one place (see `sealedPlace`). */
  encrypt(plaintext: string, place: string): string;
  /** Opens a value sealed for `place`. Throws a `SealedTokenError` when it cannot. */
  decrypt(sealed: string, place: string): string;
  /** True when the value is in the current format under this cipher's key (nothing to re-seal). */
  isCurrent(sealed: string): boolean;
}

/** The places sealed values live in, used as their additional authenticated data. */
export const sealedPlace = {
  connectionToken: (connectionId: string, field: "access_token" | "refresh_token") =>
    `connections:${connectionId}:${field}`,
  /** WooCommerce's keys, held on the OAuth state (by its hash) until the browser comes back. */
  pendingStoreTokens: (stateHash: string) => `oauth_states:${stateHash}:pending_tokens`,
};

export type SealedTokenFailure =
  /** Not a sealed value in any known format. */
  | "malformed"
  /** A v2 value whose key id is not this cipher's: sealed under another AUTH_SECRET. */
  | "other_key"
  /** The right format and key id, but it does not authenticate: tampered with, or moved from its place. */
  | "unopenable";

export class SealedTokenError extends Error {
  readonly reason: SealedTokenFailure;
  /** The key id written in the value (v2), if any. */
  readonly sealedKeyId: string | null;
  constructor(reason: SealedTokenFailure, message: string, sealedKeyId: string | null = null) {
    super(message);
    this.name = "SealedTokenError";
    this.reason = reason;
    this.sealedKeyId = sealedKeyId;
  }
}

const CURRENT_VERSION = "v2";
const LEGACY_VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID_LENGTH = 8;

/** The key id of a secret's token key: what `v2` values sealed under it carry. */
export function tokenKeyId(serverSecret: string): string {
  return keyIdOf(deriveKey(serverSecret));
}

/** The key id written in a v2 value, or null for a v1 value or something else. */
export function sealedKeyIdOf(sealed: string): string | null {
  const [version, kid] = sealed.split(".");
  return version === CURRENT_VERSION && kid ? kid : null;
}

function deriveKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "adhelm", "third-party-token-encryption", 32));
}

function keyIdOf(key: Buffer): string {
  return createHmac("sha256", key).update("kid").digest("base64url").slice(0, KEY_ID_LENGTH);
}

/** The version and key id are authenticated with the place, so none of the three can be swapped. */
function additionalData(keyId: string, place: string): Buffer {
  return Buffer.from(`adhelm-token:${CURRENT_VERSION}:${keyId}:${place}`, "utf8");
}

function requirePlace(place: string): void {
  if (typeof place !== "string" || place.length === 0)
    throw new Error("A sealed token needs the place it is stored in (see sealedPlace).");
}

export function createTokenCipher(serverSecret: string): TokenCipher {
  const key = deriveKey(serverSecret);
  const keyId = keyIdOf(key);

  function open(iv: Buffer, tag: Buffer, ciphertext: Buffer, aad: Buffer | null, sealedKeyId: string | null) {
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
      throw new SealedTokenError("malformed", "Not a sealed token: wrong IV or tag length.", sealedKeyId);
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
    } catch {
      throw new SealedTokenError(
        "unopenable",
        aad
          ? "A sealed token does not open: it was tampered with or copied from another row or field."
          : "A sealed token (v1) does not open: it was tampered with or sealed under another AUTH_SECRET.",
        sealedKeyId,
      );
    }
  }

  return {
    keyId,
    encrypt(plaintext, place) {
      requirePlace(place);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(additionalData(keyId, place));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [
        CURRENT_VERSION,
        keyId,
        ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")),
      ].join(".");
    },
    decrypt(sealed, place) {
      requirePlace(place);
      const parts = sealed.split(".");
      const fromBase64 = (part: string) => Buffer.from(part, "base64url");
      if (parts[0] === CURRENT_VERSION && parts.length === 5) {
        const [, sealedKeyId = "", iv = "", tag = "", ciphertext = ""] = parts;
        if (sealedKeyId !== keyId)
          throw new SealedTokenError(
            "other_key",
            `This token was sealed under another AUTH_SECRET (key id ${sealedKeyId}; the current key id is ${keyId}). Re-seal it with npm run rotate-key and the old secret, or reconnect the platform.`,
            sealedKeyId,
          );
        return open(fromBase64(iv), fromBase64(tag), fromBase64(ciphertext), additionalData(keyId, place), sealedKeyId);
      }
      if (parts[0] === LEGACY_VERSION && parts.length === 4) {
        // Written before values were bound to their place: it opens wherever it is.
        const [, iv = "", tag = "", ciphertext = ""] = parts;
        return open(fromBase64(iv), fromBase64(tag), fromBase64(ciphertext), null, null);
      }
      throw new SealedTokenError("malformed", "Not a sealed token.");
    },
    isCurrent(sealed) {
      return sealedKeyIdOf(sealed) === keyId && sealed.split(".").length === 5;
    },
  };
}
