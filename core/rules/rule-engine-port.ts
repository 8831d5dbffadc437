/**
 * What running a rule needs of the engine (evaluate-rule.ts, rule-guardrails.ts and their
 * neighbours): each campaign in scope judged at a moment, with its trace, and the actions planned
 * under the guardrails. run-rule.ts and preview-rule.ts work through this seam; rule-engine.ts
 * builds it over the database.
 */
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { BacktestResult } from "./backtest-rule.ts";
import type { RuleDefinition } from "./rule-definition.ts";
import type { CampaignPlan } from "./rule-guardrails.ts";
import type { PastRuleAction } from "./rules-repository.ts";

export type { CampaignPlan, PlannedAction } from "./rule-guardrails.ts";

export interface EvaluatedCampaign {
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  currency: string;
  status: CampaignStatus;
  dailyBudgetMinor: number | null;
  labels: readonly string[];
  fired: boolean;
  trace: unknown;
}

export interface RuleEvaluation {
  today: string;
  timeZone: string;
  campaigns: EvaluatedCampaign[];
}

export interface RuleEngine {
  /** Judges every campaign in the rule's scope now (the ads clock's today, in the organization's time zone). */
  evaluate(organizationId: string, definition: RuleDefinition): Promise<RuleEvaluation>;
  /** Replays the rule day by day over the last `days` days of history (backtest-rule.ts). */
  backtest(organizationId: string, definition: RuleDefinition, days: number): Promise<BacktestResult>;
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
