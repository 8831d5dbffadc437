/**
 * What running a rule needs of the engine (evaluate-rule.ts and its neighbours): the organization's
 * evaluation context, each campaign in scope judged with its trace, and the actions planned under
 * the guardrails. run-rule.ts, preview and the API work through this seam; rules-engine.ts builds it.
 */
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { RuleAction, RuleDefinition } from "./rule-definition.ts";
import type { PastRuleAction } from "./rules-repository.ts";

export interface EvaluatedCampaign {
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  currency: string;
  status: "enabled" | "paused" | "removed";
  dailyBudgetMinor: number | null;
  fired: boolean;
  trace: unknown;
}

/** An action the rule will take on a campaign, resolved to what is pushed (budgets as amounts). */
export type PlannedAction =
  | { kind: "pause" }
  | { kind: "enable" }
  | { kind: "set_budget"; fromMinor: number | null; toMinor: number; note: string | null }
  | { kind: "add_label"; label: string }
  | { kind: "remove_label"; label: string }
  | { kind: "notify"; channels: Extract<RuleAction, { kind: "notify" }>["channels"] };

export interface CampaignPlan {
  campaignId: string;
  /** Null when the campaign may be acted on; else why not (cooldown, a limit, nothing to change). */
  skipReason: string | null;
  actions: PlannedAction[];
}

export interface RuleEvaluation {
  today: string;
  timeZone: string;
  campaigns: EvaluatedCampaign[];
}

export interface RuleEngine {
  /** Judges every campaign in the rule's scope at `now`, in the organization's time zone. */
  evaluate(organizationId: string, definition: RuleDefinition, now: Date): Promise<RuleEvaluation>;
  /**
   * The actions for the campaigns that fired, under the guardrails: the cooldown, the limits per
   * run and per day, and the most a budget may move per day (from the rule's past actions).
   */
  plan(input: {
    definition: RuleDefinition;
    evaluation: RuleEvaluation;
    pastActions: PastRuleAction[];
    now: Date;
  }): CampaignPlan[];
}
