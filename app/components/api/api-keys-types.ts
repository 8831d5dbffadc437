import type { ActionRefusal } from "#app/components/account/account-action.ts";
import type { ApiKeySummary } from "#core/api-keys/api-key-types.ts";

export type { ApiKeyStatus, ApiKeySummary } from "#core/api-keys/api-key-types.ts";

/** What the API keys route's loader hands the screen. */
export interface ApiKeysScreenProps {
  keys: ApiKeySummary[];
  organizationName: string;
  /** The server's time when the page was rendered, for "5 minutes ago". */
  now: string;
  /** The reader's time zone (their profile's): dates and times are shown in it. */
  timeZone: string;
}

/** Every answer of the API keys route's action. The plaintext travels once, in the create answer. */
export type ApiKeysActionResult =
  | { ok: true; intent: "create"; apiKey: ApiKeySummary; plaintext: string }
  | { ok: true; intent: "revoke"; apiKey: ApiKeySummary }
  | ActionRefusal;
