/**
 * What the assistant's tools call: the same guarded use cases the pages call (each checks the
 * actor's permission and works in the actor's organization), read when a tool runs, so the
 * composition root (server/services.ts) can hand over its modules after building them.
 */
import type { AnalyticsModule } from "#core/analytics/analytics-module.ts";
import type { BudgetsModule } from "#core/budgets/budgets-module.ts";
import type { CampaignsModule } from "#core/campaigns/campaigns-module.ts";
import type { GoalsModule } from "#core/goals/goals-module.ts";
import type { OptimizerModule } from "#core/optimizer/optimizer-module.ts";
import type { RulesModule } from "#core/rules/rules-module.ts";

export interface AssistantModules {
  analytics: Pick<AnalyticsModule, "resolveDateRange" | "listDailyMetricRows" | "getCampaignTable">;
  campaigns: Pick<
    CampaignsModule,
    "getCampaign" | "getAdAccount" | "listChangeLog" | "previewCampaignChanges" | "applyCampaignChanges"
  >;
  goals: Pick<GoalsModule, "getGoalProgress">;
  budgets: Pick<BudgetsModule, "getBudgetPacing">;
  rules: Pick<RulesModule, "listRules" | "previewRule">;
  optimizer: Pick<OptimizerModule, "listRecommendations">;
}

export interface AssistantToolDeps {
  /** The modules, read at call time (the composition root and its tests may swap one). */
  modules: () => AssistantModules;
  /** The organization's time zone: where its days, and so "yesterday" and "last 7 days", begin. */
  timeZoneOf: (organizationId: string) => Promise<string>;
}
