import type { IntegrationCard } from "#core/connections/list-integrations.ts";

export type { ConnectionView, IntegrationCard, SyncRunView } from "#core/connections/list-integrations.ts";

/** What the integrations route's loader hands the screen. */
export interface IntegrationsScreenProps {
  cards: IntegrationCard[];
  isSignedIn: boolean;
  /** Open the account picker for this connection (it just came back from consent). */
  chooseConnectionId: string | null;
  /** That connection's accounts past the plan's limit were left unmanaged: the picker says so. */
  planLimitNotice?: PlanLimitNotice | null;
  /** The server's time when the page was rendered, for "2 minutes ago". */
  now: string;
  /** The reader's time zone (their profile's; UTC for a visitor), for the dates and times shown. */
  timeZone: string;
}

export interface PlanLimitNotice {
  /** How many ad accounts were left unmanaged. */
  unmanaged: number;
  /** The plan's name and its ad account limit. */
  plan: string;
  allowed: number;
}

/** Every answer of the integrations route's action. */
export type IntegrationsActionResult =
  | { ok: true; intent: "choose-accounts" | "sync-now" | "disconnect"; toast: ActionToast }
  /** `limit`: the plan limit that refused it ("adAccounts"): the toast offers Upgrade. */
  | { ok: false; toast: ActionToast; limit?: string };

export interface ActionToast {
  kind: "success" | "error";
  title: string;
  description?: string;
}
