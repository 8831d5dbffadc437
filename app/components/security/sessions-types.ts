import type { ActionRefusal } from "#app/components/account/account-action.ts";
import type { ActiveSession } from "#core/accounts/list-sessions.ts";

export interface SessionsScreenProps {
  sessions: ActiveSession[];
  /** The reader's time zone (their profile's). */
  timeZone: string;
  /** The server's clock when the page was read, for "5 minutes ago". */
  now: string;
}

export type SessionsActionResult = { ok: true; intent: "revoke" | "revoke-others"; revoked: number } | ActionRefusal;
