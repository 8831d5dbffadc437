/**
 * The domain's closed sets of values. `core/db/schema.ts` types its columns with them; the domain
 * does not depend on the table layout.
 */

/** A platform connection's state. */
export type ConnectionStatus = "active" | "syncing" | "error" | "disconnected";

/** A campaign's delivery status, as every platform's own status maps to it. */
export type CampaignStatus = "enabled" | "paused" | "removed";

export type NewsletterStatus = "pending" | "confirmed" | "unsubscribed";

export type SyncRunKind = "backfill" | "incremental" | "manual";
export type SyncRunStatus = "running" | "succeeded" | "failed";

/** Who made a campaign change, where it came from, what it did and how it ended (the change log). */
export type ChangeActorType = "user" | "api_key" | "system";
export type ChangeSource = "app" | "api" | "undo" | "rule" | "optimizer";
export type ChangeAction = "create" | "pause" | "enable" | "set_budget" | "rename" | "update";
export type ChangeOutcome = "succeeded" | "failed";

export type GoalTargetKind = "roas" | "cpa";

export type ApiKeyScope = "read" | "read_write";
