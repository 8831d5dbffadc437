/**
 * What one optimization starts from, read for an organization: the plan currency's enabled
 * campaigns with a daily budget of their own (the others listed as left out, with the reason), each
 * one's daily history (up to a year, through yesterday: spend, conversions and revenue from the
 * plan's source), its platform's conversion lag, its bounds (the plan's, within the platform's
 * minimum daily budget), the plan's groups as daily bounds (monthly ÷ the days of this month), and
 * the daily budget to spread:
 * - a recommendation (the page, the API, auto-apply) moves money between campaigns: it spreads
 *   today's total of the campaigns' daily budgets, lowered when the plan has a monthly budget so
 *   that a month spent at that total from today on cannot exceed it (the budget left ÷ the days left);
 * - the daily rebalance (the job, when the plan asks for it) spreads pacing's suggested daily budget,
 *   which moves the total too, toward the month's budget.
 */
import { addDays, type CalendarDate, calendarDateIn } from "#core/dates/calendar-date.ts";
import { LAG_AGES } from "#core/rules/conversion-lag.ts";
import type { AllocationGroup, DailyPoint, OptimizerObjective } from "./engine-types.ts";
import type { MonthBudget, OptimizerDependencies, OptimizerPlan } from "./optimizer-dependencies.ts";
import type { CampaignRow, MetricRow } from "./optimizer-records.ts";
import type { LeftOutCampaign, OptimizerReadiness, RunNote } from "./optimizer-types.ts";

/** Days of history read per campaign. */
export const HISTORY_DAYS = 365;
/** A campaign needs this many days with spend before the optimizer trusts any curve. */
export const MIN_HISTORY_DAYS = 14;

export interface CampaignInput {
  campaign: CampaignRow & { dailyBudgetMinor: number };
  /** Oldest first, from its first synced day through yesterday, missing days as zero. */
  history: DailyPoint[];
  /** completeness[age] of its platform's conversions (the engine's `completeness`). */
  completeness: number[];
  /** The daily amount's bounds: the plan's, within the platform's minimum. */
  min: number;
  max: number | null;
  /** Which limit makes `min` and `max` (for the reasons). */
  minSource: "plan" | "platform";
  platformMinimumMinor: number;
}

export interface OptimizerInput {
  organizationId: string;
  timeZone: string;
  /** The organization's date on the ads clock. */
  today: CalendarDate;
  readiness: OptimizerReadiness;
  plan: OptimizerPlan;
  objective: OptimizerObjective;
  /** The revenue the outcome counts (platform when store revenue is unavailable). */
  revenueSource: "platform" | "store";
  currency: string | null;
  campaigns: CampaignInput[];
  leftOut: LeftOutCampaign[];
  groups: AllocationGroup[];
  /** Where `budgetMinor` comes from (see the notes). */
  budgetBasis: "pacing" | "campaigns" | "capped";
  /** The daily budget to spread and today's total of the considered campaigns' budgets, minor units. */
  budgetMinor: number;
  currentBudgetMinor: number;
  notes: RunNote[];
}

export async function buildOptimizerInput(
  deps: Pick<
    OptimizerDependencies,
    | "optimizer"
    | "clock"
    | "timeZoneOf"
    | "loadPlan"
    | "monthBudget"
    | "storeRevenueDays"
    | "conversionCompleteness"
    | "minimumDailyBudgetMinor"
  >,
  organizationId: string,
  options: { rebalance?: boolean } = {},
): Promise<OptimizerInput> {
  const [timeZone, plan, rows, completenessOf] = await Promise.all([
    deps.timeZoneOf(organizationId),
    deps.loadPlan(organizationId),
    deps.optimizer.listCampaigns(organizationId),
    deps.conversionCompleteness(organizationId),
  ]);
  const today = calendarDateIn(timeZone, await deps.clock.now());
  const notes: RunNote[] = [];

  const currency = plan.currency ?? dominantCurrency(rows);
  if (!plan.currency && currency) notes.push("currency_from_campaigns");

  const leftOut: LeftOutCampaign[] = [];
  const considered: Array<CampaignRow & { dailyBudgetMinor: number }> = [];
  for (const row of rows) {
    const reason =
      row.currency !== currency
        ? "other_currency"
        : row.dailyBudgetMinor == null || row.dailyBudgetMinor <= 0
          ? "no_daily_budget"
          : row.status !== "enabled"
            ? "paused"
            : null;
    if (reason)
      leftOut.push({
        campaignId: row.id,
        campaignName: row.name,
        platform: row.platform,
        currency: row.currency,
        reason,
      });
    else considered.push(row as CampaignRow & { dailyBudgetMinor: number });
  }

  const from = addDays(today, -HISTORY_DAYS);
  const yesterday = addDays(today, -1);
  const ids = considered.map((campaign) => campaign.id);
  let revenueSource = plan.revenueSource;
  const [metrics, storeDays] = await Promise.all([
    deps.optimizer.listDailyMetrics(organizationId, ids, from, yesterday),
    plan.objective === "revenue" && plan.revenueSource === "store" && deps.storeRevenueDays && ids.length > 0
      ? deps.storeRevenueDays(organizationId, from, yesterday)
      : Promise.resolve(null),
  ]);
  if (plan.objective === "revenue" && plan.revenueSource === "store" && !storeDays) {
    revenueSource = "platform";
    notes.push("store_revenue_unavailable");
  }
  const storeRevenue = storeDays ? new Map(storeDays.map((day) => [`${day.campaignId} ${day.date}`, day])) : null;

  const byCampaign = new Map<string, MetricRow[]>();
  for (const row of metrics) {
    const list = byCampaign.get(row.campaignId);
    if (list) list.push(row);
    else byCampaign.set(row.campaignId, [row]);
  }

  const campaigns: CampaignInput[] = considered.map((campaign) => {
    const completeness = completenessOf(campaign.platform);
    const platformMinimumMinor = currency ? deps.minimumDailyBudgetMinor(campaign.platform, currency) : 0;
    const bounds = plan.bounds.get(campaign.id);
    const planMin = bounds?.minDailyMinor ?? null;
    let max = bounds?.maxDailyMinor ?? null;
    // The platform refuses anything under its minimum, whatever the plan says.
    if (max != null && max < platformMinimumMinor) max = platformMinimumMinor;
    const min = Math.max(planMin ?? 0, platformMinimumMinor);
    return {
      campaign,
      history: historyOf(byCampaign.get(campaign.id) ?? [], yesterday, storeRevenue, campaign.id),
      completeness: Array.from({ length: LAG_AGES }, (_, age) => completeness(age)),
      min: max != null ? Math.min(min, max) : min,
      max,
      minSource: planMin != null && planMin >= platformMinimumMinor ? "plan" : "platform",
      platformMinimumMinor,
    };
  });

  const daysInMonth = daysInMonthOf(today);
  const consideredIds = new Set(ids);
  const groups: AllocationGroup[] = plan.groups
    .map((group) => ({
      id: group.id,
      campaignIds: group.campaignIds.filter((id) => consideredIds.has(id)),
      min: group.minMonthlyMinor != null ? group.minMonthlyMinor / daysInMonth : 0,
      max: group.maxMonthlyMinor != null ? group.maxMonthlyMinor / daysInMonth : null,
    }))
    .filter((group) => group.campaignIds.length > 0);

  const currentBudgetMinor = considered.reduce((sum, campaign) => sum + campaign.dailyBudgetMinor, 0);
  const month = plan.monthlyBudgetMinor != null ? await deps.monthBudget(organizationId) : null;
  const { budgetMinor, budgetBasis } = dailyBudgetOf(
    currentBudgetMinor,
    month,
    options.rebalance === true && plan.rebalanceDaily,
  );
  notes.push(BASIS_NOTES[budgetBasis]);

  const readiness: OptimizerReadiness =
    campaigns.length === 0
      ? "no_campaigns"
      : campaigns.some((item) => item.history.filter((day) => day.spend > 0).length >= MIN_HISTORY_DAYS)
        ? "ready"
        : "not_enough_history";

  return {
    organizationId,
    timeZone,
    today,
    readiness,
    plan,
    objective: plan.objective,
    revenueSource,
    currency,
    campaigns,
    leftOut,
    groups,
    budgetBasis,
    budgetMinor,
    currentBudgetMinor,
    notes,
  };
}

const BASIS_NOTES = {
  pacing: "budget_from_pacing",
  campaigns: "budget_from_campaigns",
  capped: "budget_capped_by_plan",
} as const satisfies Record<OptimizerInput["budgetBasis"], RunNote>;

/**
 * The daily total to spread: pacing's suggestion for the daily rebalance; otherwise today's total,
 * no more than the month's budget left spread evenly over its days left (with a monthly budget).
 */
export function dailyBudgetOf(
  currentBudgetMinor: number,
  month: MonthBudget | null,
  rebalance: boolean,
): { budgetMinor: number; budgetBasis: OptimizerInput["budgetBasis"] } {
  if (rebalance && month && month.suggestedDailyMinor > 0)
    return { budgetMinor: Math.round(month.suggestedDailyMinor), budgetBasis: "pacing" };
  if (month) {
    const cap = Math.floor(month.remainingMinor / month.daysLeft);
    if (cap < currentBudgetMinor) return { budgetMinor: cap, budgetBasis: "capped" };
  }
  return { budgetMinor: currentBudgetMinor, budgetBasis: "campaigns" };
}

/** The currency with the most daily budget among enabled campaigns (then any campaign's). */
function dominantCurrency(rows: readonly CampaignRow[]): string | null {
  const totals = new Map<string, number>();
  for (const row of rows)
    if (row.status === "enabled" && row.dailyBudgetMinor)
      totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.dailyBudgetMinor);
  const best = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  return best?.[0] ?? rows[0]?.currency ?? null;
}

/** A campaign's days from its first synced one through `lastDay`, with the days in between as zero. */
function historyOf(
  rows: readonly MetricRow[],
  lastDay: CalendarDate,
  storeRevenue: Map<string, { revenueMinor: number }> | null,
  campaignId: string,
): DailyPoint[] {
  const first = rows[0];
  if (!first) return [];
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const history: DailyPoint[] = [];
  for (let date = first.date; date <= lastDay; date = addDays(date, 1)) {
    const row = byDate.get(date);
    const revenue = storeRevenue
      ? (storeRevenue.get(`${campaignId} ${date}`)?.revenueMinor ?? 0)
      : (row?.revenueMinor ?? 0);
    history.push({ date, spend: row?.spendMinor ?? 0, conversions: row?.conversions ?? 0, revenue });
  }
  return history;
}

function daysInMonthOf(date: CalendarDate): number {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The outcome a day counts for the objective. */
export function outcomeOf(day: DailyPoint, objective: OptimizerObjective): number {
  return objective === "conversions" ? day.conversions : day.revenue;
}
