import type { TFunction } from "i18next";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { API_KEY_NAME_MAX_LENGTH } from "#core/api-keys/api-key-schemas.ts";
import type { ApiKeyScope } from "#core/shared/domain-enums.ts";
import { formatDate } from "#core/shared/number-format.ts";
import type { ApiKeyStatus } from "./api-keys-types.ts";

/** How a key is sent: shown as code, the same in every language. */
export const BEARER_HEADER = "Authorization: Bearer <key>";

/**
 * "Nov 21, 2026" in the reader's locale. The time zone is the reader's (the profile's) for a moment
 * such as a creation; an expiry is a UTC calendar date (it ends at 00:00 UTC), so it reads in UTC.
 */
export function formatKeyDate(iso: string, { locale = "en-US", timeZone = "UTC" } = {}): string {
  // A stale profile time zone reads in UTC rather than breaking the page.
  return formatDate(iso, locale, { timeZone });
}

/** The stored prefix with an ellipsis, so nobody mistakes it for the whole key: "adh_Xy12AbCd…". */
export function maskedKey(prefix: string): string {
  return `${prefix}…`;
}

/** The catalog key ("apiKeys" namespace) of a scope's label. */
export const SCOPE_LABEL_KEYS = {
  read: "scopes.read",
  read_write: "scopes.readWrite",
} as const satisfies Record<ApiKeyScope, string>;

/** The catalog key ("apiKeys" namespace) of a scope's description in the Create API key form. */
export const SCOPE_DESCRIPTION_KEYS = {
  read: "scopes.readDescription",
  read_write: "scopes.readWriteDescription",
} as const satisfies Record<ApiKeyScope, string>;

/** The catalog key ("apiKeys" namespace) of a status badge. */
export const STATUS_LABEL_KEYS = {
  active: "status.active",
  expired: "status.expired",
  revoked: "status.revoked",
} as const satisfies Record<ApiKeyStatus, string>;

// Core writes this one with its limit in the sentence: the catalog holds it with a placeholder.
const NAME_TOO_LONG_MESSAGE = `A key's name has at most ${API_KEY_NAME_MAX_LENGTH} characters.`;

/**
 * A message of core's API keys slice (a validation message of the Create API key form, an error)
 * in the reader's language; English when no translator is given.
 */
export function translateApiKeyMessage(t: TFunction | undefined, message: string): string {
  if (!t) return message;
  if (message === NAME_TOO_LONG_MESSAGE) return t("apiKeys:errors.nameTooLong", { max: API_KEY_NAME_MAX_LENGTH });
  return translateMessage(t, message);
}
