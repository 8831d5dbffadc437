/**
 * The shapes of managing campaigns: a change asked for on one campaign or a selection, its preview
 * (before → after, shown in the confirmation), its per-campaign result, and the change log that
 * records every change pushed to a platform, with its undo.
 */

import type { ChangeAction, ChangeActorType, ChangeOutcome, ChangeSource } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";

/** What a campaign's editable settings were, or became. Only the fields a change touches are set. */
export interface CampaignSettings {
  status?: "enabled" | "paused" | "removed";
  dailyBudgetMinor?: number | null;
  name?: string;
}

/** A daily budget: an absolute amount in the campaign's currency, or a relative change (+10, -25). */
export type BudgetAdjustment = { kind: "absolute"; amountMinor: number } | { kind: "percent"; percent: number };

export type RequestedChange =
  | { action: "pause" }
  | { action: "enable" }
  | { action: "set_budget"; budget: BudgetAdjustment }
  | { action: "rename"; name: string };

/**
 * Who or what made a logged change, as the log keeps it: a person, an API key, or Adhelm itself
 * (rules, the optimizer). Written from the use case's actor (`core/access/actor.ts`).
 */
export interface LoggedActor {
  type: ChangeActorType;
  id: string | null;
  /** Shown in the log: the person's name, or "API key “Reporting”". */
  label: string;
}

export interface ChangePreview {
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  currency: string;
  before: CampaignSettings;
  after: CampaignSettings;
  /** The campaign is already as asked (e.g. pausing a paused campaign): nothing will be sent. */
  isUnchanged: boolean;
  /** Why this campaign cannot take the change (e.g. a budget that would fall to zero); null when it can. */
  problem: string | null;
}

export type ChangeItemOutcome = ChangeOutcome | "skipped";

export interface ChangeItemResult {
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  outcome: ChangeItemOutcome;
  /** For a failure: the platform's or Adhelm's reason, in words a person understands. */
  message: string;
  /** The change log entry written for it; null when skipped. */
  changeId: string | null;
  before: CampaignSettings;
  after: CampaignSettings;
}

export interface ApplyChangesResult {
  batchId: string;
  results: ChangeItemResult[];
  succeeded: number;
  failed: number;
  skipped: number;
}

export interface ChangeLogEntry {
  id: string;
  campaignId: string | null;
  campaignName: string;
  platform: string;
  actor: LoggedActor;
  source: ChangeSource;
  action: ChangeAction;
  reason: string | null;
  before: CampaignSettings;
  after: CampaignSettings;
  /** The campaign's currency, for its budgets; null once the campaign row is gone. */
  currency: string | null;
  outcome: ChangeOutcome;
  platformResponse: string | null;
  batchId: string | null;
  undoOf: string | null;
  undoneBy: string | null;
  /** ISO timestamp, UTC. */
  createdAt: string;
  /** A succeeded change that was not undone yet and is not a creation. */
  canUndo: boolean;
}
