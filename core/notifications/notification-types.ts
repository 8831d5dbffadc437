/**
 * What other slices hand the notifications slice: rules, monitoring, pacing and the webhooks'
 * own failures raise a notification through `Notify`, and the slice stores it (in-app), mails it
 * (critical at once, the rest in the daily digest), pushes it and publishes it to webhooks, as
 * each person's preferences and the organization's endpoints say.
 */

export const NOTIFICATION_KINDS = [
  "rule",
  "anomaly",
  "sync",
  "token",
  "campaign",
  "pacing",
  "webhook",
  "billing",
  "system",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const SEVERITIES = ["critical", "warning", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface NewNotification {
  organizationId: string;
  /** Null or absent: everyone in the organization. */
  userId?: string | null;
  kind: NotificationKind;
  severity: Severity;
  /**
   * The words, from the producing slice's catalog (core/<slice>/locales/<language>/<catalog>.json,
   * registered with the notifications slice by name): `<key>.title` and `<key>.body`, with the
   * params. Stored in English as title and body, and shown, mailed and pushed in each reader's language.
   */
  message: NotificationMessage;
  /** An app path such as /rules/abc or /campaigns/xyz. */
  link?: string | null;
  objectType?: "rule" | "rule_run" | "campaign" | "connection" | "organization" | "webhook" | null;
  objectId?: string | null;
  /** The same key in one organization is stored once (a rerun, two nodes). */
  dedupeKey?: string | null;
  /** Machine-readable details, also sent to webhooks. */
  data?: Record<string, unknown>;
  /** Which channels a rule asked for; absent: every channel the person's preferences allow. */
  channels?: readonly ("in_app" | "email" | "push" | "webhook")[];
}

export interface NotificationMessage {
  /** The catalog's name, e.g. "rule-alerts" or "monitoring-alerts". */
  catalog: string;
  /** e.g. "ruleFired" → "ruleFired.title" and "ruleFired.body". */
  key: string;
  /**
   * Numbers, amounts ({ amountMinor, currency }), ROAS ({ roas: 2.35 } → "2.35×") and calendar dates
   * ({ date: "YYYY-MM-DD" }) are formatted in each reader's locale by the notifications slice.
   */
  params?: Record<
    string,
    string | number | { amountMinor: number; currency: string } | { roas: number } | { date: string }
  >;
}

/** Raises a notification; resolves to its id, or null when its dedupe key was already used. */
export type Notify = (notification: NewNotification) => Promise<string | null>;
