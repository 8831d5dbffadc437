import type { Actor } from "#core/access/actor.ts";
import { addDays, type CalendarDate, calendarDateIn } from "#core/dates/calendar-date.ts";
import type { AdsClock } from "#core/sync/ads-clock.ts";
import {
  type GroupPacing,
  type PacingCurve,
  type PlanPacing,
  paceGroup,
  pacePlan,
  pacingFrame,
  WEEKDAY_HISTORY_DAYS,
} from "./budget-pacing-forecast.ts";
import type { SpendRow } from "./budget-plan-repository.ts";
import type { BudgetPlan, BudgetPlanGroup } from "./budget-plan-types.ts";
import { type BudgetPlanDependencies, loadBudgetPlan } from "./get-budget-plan.ts";

export interface BudgetPacingDependencies extends BudgetPlanDependencies {
  /** The ads clock: the sandbox's moved clock moves pacing's days too. */
  clock: AdsClock;
  /** The organization's time zone (its owner's), where its days begin. */
  timeZoneOf: (organizationId: string) => Promise<string>;
}

export interface GroupPacingView {
  group: Pick<BudgetPlanGroup, "id" | "name" | "kind" | "platform">;
  pacing: GroupPacing;
}

/** Pacing of the current month, ready for the pacing card. */
export interface BudgetPacing {
  /** The organization's today, and the month it is in (YYYY-MM). */
  today: CalendarDate;
  month: string;
  daysInMonth: number;
  daysElapsed: number;
  /** The plan's currency (the goal's); null when the organization has no goal. */
  currency: string | null;
  curve: PacingCurve;
  /** "even" when the weekday curve was chosen but there is not yet enough history for it. */
  curveUsed: PacingCurve;
  /** The whole plan against its monthly budget; null when no monthly budget is set. */
  plan: PlanPacing | null;
  /** Each group against its minimum and maximum (needs the plan's currency). */
  groups: GroupPacingView[];
  /** Other currencies the organization's campaigns spent in this month: pacing counts the plan's only. */
  uncountedCurrencies: string[];
}

/** The month so far and its projection, for the organization's plan and each of its groups. */
export async function getBudgetPacing(deps: BudgetPacingDependencies, actor: Actor): Promise<BudgetPacing> {
  const organizationId = actor.organizationId;
  const [plan, timeZone, now] = await Promise.all([
    loadBudgetPlan(deps, organizationId),
    deps.timeZoneOf(organizationId),
    deps.clock.now(),
  ]);
  return paceBudgetPlan(deps, plan, calendarDateIn(timeZone, now));
}

/** The pacing of a loaded plan on `today` (the alert job and the optimizer's rebalance read it too). */
export async function paceBudgetPlan(
  deps: Pick<BudgetPlanDependencies, "budgets">,
  plan: BudgetPlan,
  today: CalendarDate,
): Promise<BudgetPacing> {
  const monthStart = `${today.slice(0, 7)}-01`;
  const historyFrom = addDays(today, -WEEKDAY_HISTORY_DAYS);
  const from = historyFrom < monthStart ? historyFrom : monthStart;
  const [rows, dataFrom] = await Promise.all([
    deps.budgets.listSpend(plan.organizationId, from, today),
    deps.budgets.firstMetricsDate(plan.organizationId),
  ]);
  const currency = plan.currency;
  const counted = rows.filter((row) => row.currency === currency);
  const uncountedCurrencies = [
    ...new Set(
      rows
        .filter((row) => row.currency !== currency && row.date >= monthStart && row.spendMinor > 0)
        .map((row) => row.currency),
    ),
  ].sort();
  const spendByDate = sumByDate(counted);
  const frame = pacingFrame({ today, curve: plan.pacingCurve, spendByDate, dataFrom });
  const groups: GroupPacingView[] =
    currency === null
      ? []
      : plan.groups.map((group) => {
          const members = new Set(group.campaignIds);
          const inGroup = counted.filter((row) =>
            group.kind === "platform" ? row.platform === group.platform : members.has(row.campaignId),
          );
          return {
            group: { id: group.id, name: group.name, kind: group.kind, platform: group.platform },
            pacing: paceGroup(frame, {
              minMonthlyMinor: group.minMonthlyMinor,
              maxMonthlyMinor: group.maxMonthlyMinor,
              spendByDate: sumByDate(inGroup),
              dataFrom,
            }),
          };
        });
  return {
    today,
    month: frame.month,
    daysInMonth: frame.daysInMonth,
    daysElapsed: frame.daysElapsed,
    currency,
    curve: frame.curve,
    curveUsed: frame.curveUsed,
    plan:
      plan.monthlyBudgetMinor === null || currency === null
        ? null
        : pacePlan(frame, { budgetMinor: plan.monthlyBudgetMinor, spendByDate, dataFrom }),
    groups,
    uncountedCurrencies,
  };
}

function sumByDate(rows: SpendRow[]): Map<CalendarDate, number> {
  const sums = new Map<CalendarDate, number>();
  for (const row of rows) sums.set(row.date, (sums.get(row.date) ?? 0) + row.spendMinor);
  return sums;
}
