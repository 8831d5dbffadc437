/**
 * The rule engine over the database: loads the organization's evaluation context (campaigns,
 * metrics, labels, store revenue, goals, the lag model) for the days a rule needs, judges the
 * campaigns with their traces, and plans the actions under the guardrails.
 */
import type { Kysely } from "kysely";
import { calendarDateIn } from "#core/dates/calendar-date.ts";
import type { Database } from "#core/db/schema.ts";
import { organizationTimeZone } from "#core/organizations/organization-time-zone.ts";
import type { AdsClock } from "#core/sync/ads-clock.ts";
import { backtestRule } from "./backtest-rule.ts";
import { evaluateRule } from "./evaluate-rule.ts";
import type { RuleDefinition } from "./rule-definition.ts";
import type { RuleEngine, RuleEvaluation } from "./rule-engine-port.ts";
import { type PastCampaignAction, planRuleActions } from "./rule-guardrails.ts";
import { loadEvaluationContext } from "./rule-metrics-repository.ts";
import { requiredHistoryDays } from "./rule-windows.ts";

export function createRuleEngine({ db, clock }: { db: Kysely<Database>; clock: AdsClock }): RuleEngine {
  async function contextFor(organizationId: string, definition: RuleDefinition, backtestDays: number) {
    const timeZone = await organizationTimeZone(db, organizationId);
    const now = await clock.now();
    const scope = definition.scope.campaigns;
    return loadEvaluationContext(db, organizationId, {
      today: calendarDateIn(timeZone, now),
      now,
      timeZone,
      days: requiredHistoryDays(definition, backtestDays),
      campaignIds: scope.kind === "list" ? scope.campaignIds : undefined,
    });
  }

  return {
    async backtest(organizationId, definition, days) {
      return backtestRule(definition, await contextFor(organizationId, definition, days), { days });
    },

    async evaluate(organizationId: string, definition: RuleDefinition): Promise<RuleEvaluation> {
      const context = await contextFor(organizationId, definition, 0);
      const evaluation = evaluateRule(definition, context, { trace: true });
      const facts = new Map(context.campaigns.map((campaign) => [campaign.id, campaign]));
      return {
        today: evaluation.today,
        timeZone: evaluation.timeZone,
        campaigns: evaluation.campaigns.map((campaign) => {
          const fact = facts.get(campaign.campaignId)!;
          return {
            campaignId: campaign.campaignId,
            campaignName: campaign.campaignName,
            platform: campaign.platform,
            currency: campaign.currency,
            status: fact.status,
            dailyBudgetMinor: fact.dailyBudgetMinor,
            labels: fact.labels,
            fired: campaign.fired,
            trace: campaign.trace,
          };
        }),
      };
    },

    plan({ definition, evaluation, pastActions, now }) {
      const history: PastCampaignAction[] = pastActions.map((past) => {
        const budget = past.actions.find((action) => action.kind === "set_budget" || action.kind === "change_budget");
        return {
          campaignId: past.campaignId,
          at: past.at,
          budgetFromMinor: budget?.before?.dailyBudgetMinor ?? null,
          budgetToMinor: budget?.after?.dailyBudgetMinor ?? null,
        };
      });
      return planRuleActions({
        actions: definition.actions,
        guardrails: definition.guardrails,
        now,
        timeZone: evaluation.timeZone,
        fired: evaluation.campaigns
          .filter((campaign) => campaign.fired)
          .map((campaign) => ({
            campaignId: campaign.campaignId,
            status: campaign.status,
            dailyBudgetMinor: campaign.dailyBudgetMinor,
            labels: campaign.labels,
          })),
        history,
      });
    },
  };
}
