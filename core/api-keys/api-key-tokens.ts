import { createHash, randomBytes } from "node:crypto";

/** Every key starts with this, so a leaked key is easy to recognise (and to scan for). */
export const API_KEY_MARKER = "adh_";
/** How much of a key the list shows: the marker and 8 characters. */
const DISPLAY_PREFIX_LENGTH = API_KEY_MARKER.length + 8;
const API_KEY_PATTERN = /^adh_[A-Za-z0-9_-]{43}$/;

export interface GeneratedApiKey {
  /** Shown once, never stored. */
  plaintext: string;
  /** SHA-256 hex: what the database keeps. A key has 256 random bits, so a fast hash is enough. */
  hash: string;
  /** e.g. adh_Xy12AbCd: tells keys apart in the list. */
  displayPrefix: string;
}

export function hashApiKey(plaintext: string): string {
  return createHash("sha256").update(plaintext).digest("hex");
}

/** `adh_` + 32 random bytes in base64url. */
export function generateApiKey(): GeneratedApiKey {
  const plaintext = `${API_KEY_MARKER}${randomBytes(32).toString("base64url")}`;
  return { plaintext, hash: hashApiKey(plaintext), displayPrefix: plaintext.slice(0, DISPLAY_PREFIX_LENGTH) };
}

/** A cheap check before any lookup: anything else cannot be one of our keys. */
export function looksLikeApiKey(text: string): boolean {
  return API_KEY_PATTERN.test(text);
}
