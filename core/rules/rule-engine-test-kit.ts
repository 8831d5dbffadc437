/** Small builders for the engine's tests: campaigns, their days, rules and contexts. */
import { addDays, type CalendarDate } from "#core/dates/calendar-date.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { LAG_AGES, type LagCurve, type LagModel } from "./conversion-lag.ts";
import {
  buildEvaluationContext,
  type CampaignFacts,
  type ContextInput,
  type DailyMetricRow,
  type EvaluationContext,
} from "./evaluation-context.ts";
import {
  type Condition,
  DEFAULT_GUARDRAILS,
  type RuleDefinition,
  type RuleMetric,
  type RuleWindow,
} from "./rule-definition.ts";

/** A Thursday, the 20th: "this month" holds 20 days, "last 3 days" the 17th to the 19th. */
export const TODAY = "2025-03-20";
export const NOW = new Date("2025-03-20T15:00:00Z");

export function campaign(overrides: Partial<CampaignFacts> & { id: string }): CampaignFacts {
  return {
    name: `Campaign ${overrides.id}`,
    platform: "google-ads",
    adAccountId: "account-1",
    status: "enabled",
    dailyBudgetMinor: 10_000,
    currency: "USD",
    labels: [],
    ...overrides,
  };
}

type DayFigures = Partial<Omit<DailyMetricRow, "campaignId" | "date">>;

/** The same figures every day from `from` to `to` (both included). */
export function everyDay(
  campaignId: string,
  from: CalendarDate,
  to: CalendarDate,
  figures: DayFigures,
): DailyMetricRow[] {
  const rows: DailyMetricRow[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) rows.push(day(campaignId, date, figures));
  return rows;
}

export function day(campaignId: string, date: CalendarDate, figures: DayFigures): DailyMetricRow {
  return {
    campaignId,
    date,
    impressions: 0,
    clicks: 0,
    spendMinor: 0,
    conversions: 0,
    conversionValueMinor: 0,
    ...figures,
  };
}

export function condition(
  metric: RuleMetric,
  operator: Condition["operator"],
  comparand: number | { factor: number; metric: Extract<Condition["comparand"], { kind: "metric" }>["metric"] },
  window: RuleWindow = { kind: "yesterday" },
): Condition {
  return {
    metric,
    operator,
    comparand: typeof comparand === "number" ? { kind: "value", value: comparand } : { kind: "metric", ...comparand },
    window,
  };
}

/** A rule over every campaign with one group of `conditions` (all), no guard and no lag. */
export function ruleWith(conditions: Condition[], overrides: Partial<RuleDefinition> = {}): RuleDefinition {
  return {
    scope: { platforms: [], adAccountIds: [], campaigns: { kind: "all" } },
    conditions: { match: "all", groups: [{ match: "all", conditions }] },
    minimumData: [],
    lag: { excludeImmatureDays: false, completenessThreshold: 0.9 },
    schedule: { kind: "hourly" },
    actions: [{ kind: "pause" }],
    guardrails: DEFAULT_GUARDRAILS,
    ...overrides,
  };
}

/** A measured-looking curve for `platform` from completeness figures for the first ages (then 1). */
export function lagCurve(platform: AdPlatformId, first: number[]): LagCurve {
  const completeness = Array.from({ length: LAG_AGES }, (_, age) => first[age] ?? 1);
  return {
    platform,
    completeness,
    source: "measured",
    days: 21,
    ages: completeness.map((value, age) => ({ age, completeness: value, source: "measured", days: 21 })),
  };
}

/** Every platform complete on the day: the lag model leaves nothing out. */
export const NO_LAG: LagModel = Object.fromEntries(
  (["google-ads", "microsoft-ads", "facebook-ads", "tiktok-ads", "linkedin-ads"] as const).map((platform) => [
    platform,
    lagCurve(platform, [1]),
  ]),
);

export function contextOf(
  input: Partial<ContextInput> & Pick<ContextInput, "campaigns" | "metrics">,
): EvaluationContext {
  return buildEvaluationContext({ today: TODAY, now: NOW, timeZone: "UTC", days: 60, lag: NO_LAG, ...input });
}
