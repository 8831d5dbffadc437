/**
 * goals_and_pacing: the organization's goals against this month so far (the dashboard's goal
 * cards) and, when a budget plan with a monthly budget exists, the plan's pacing and projection.
 */
import { z } from "zod";
import type { AssistantTool } from "../assistant-tool.ts";
import type { AssistantToolDeps } from "../assistant-tool-deps.ts";
import { resolveToolRange } from "./tool-range.ts";
import { moneyOf, ratioOf } from "./tool-values.ts";

const input = z.object({}).strict();
type Input = z.infer<typeof input>;

export function goalsAndPacingTool(deps: AssistantToolDeps): AssistantTool<Input> {
  return {
    name: "goals_and_pacing",
    description:
      "Shows the organization's goals (monthly budget, target ROAS or CPA, overall and per platform) against this month so far, and how spend is pacing against the monthly budget plan, with the month-end projection.",
    input: input as z.ZodType<Input>,
    permission: "workspace.read",
    proposes: false,
    async run(actor) {
      const modules = deps.modules();
      const { today } = await resolveToolRange(deps, actor, undefined, "today");
      const [progress, pacing] = await Promise.all([
        modules.goals.getGoalProgress(actor, { today }),
        modules.budgets.getBudgetPacing(actor),
      ]);
      const goals = progress.goals.map(({ goal, actual, budget, target, uncountedCurrencies }) => ({
        scope: goal.scope,
        currency: goal.currency,
        monthlyBudget: moneyOf(goal.monthlyBudgetMinor, goal.currency),
        spentThisMonth: moneyOf(actual.spendMinor, goal.currency),
        revenueThisMonth: moneyOf(actual.revenueMinor, goal.currency),
        conversionsThisMonth: actual.conversions,
        pacing: budget && {
          pace: budget.pace,
          spentShare: ratioOf(budget.spentFraction),
          monthElapsedShare: ratioOf(budget.elapsedFraction),
          expectedByToday: moneyOf(budget.expectedMinor, goal.currency),
          projectedMonthEnd: moneyOf(budget.projectedMinor, goal.currency),
          remaining: moneyOf(budget.remainingMinor, goal.currency),
        },
        target:
          target === null
            ? null
            : target.kind === "roas"
              ? { kind: "roas", target: target.target, actual: ratioOf(target.actual), isMet: target.isMet }
              : {
                  kind: "cpa",
                  target: moneyOf(target.targetMinor, goal.currency),
                  actual: moneyOf(target.actualMinor, goal.currency),
                  isMet: target.isMet,
                },
        uncountedCurrencies,
      }));
      const currency = pacing.currency;
      const plan =
        pacing.plan && currency
          ? {
              currency,
              monthlyBudget: moneyOf(pacing.plan.budgetMinor, currency),
              spent: moneyOf(pacing.plan.spentMinor, currency),
              idealByToday: moneyOf(pacing.plan.idealToDateMinor, currency),
              status: pacing.plan.status,
              projectedMonthEnd: {
                mean: moneyOf(pacing.plan.projection.meanMinor, currency),
                low: moneyOf(pacing.plan.projection.lowMinor, currency),
                high: moneyOf(pacing.plan.projection.highMinor, currency),
              },
              projectionReliable: pacing.plan.reliable,
              suggestedDailyBudgetToday: moneyOf(pacing.plan.suggestedDailyBudgetMinor, currency),
              groups: pacing.groups.map(({ group, pacing: groupPacing }) => ({
                name: group.name,
                kind: group.kind,
                platform: group.platform,
                status: groupPacing.status,
                spent: moneyOf(groupPacing.spentMinor, currency),
                minMonthly: moneyOf(groupPacing.minMonthlyMinor, currency),
                maxMonthly: moneyOf(groupPacing.maxMonthlyMinor, currency),
              })),
            }
          : null;
      const days = pacing.plan?.days ?? [];
      return {
        data: {
          today: pacing.today,
          month: pacing.month,
          daysElapsed: pacing.daysElapsed,
          daysInMonth: pacing.daysInMonth,
          goals,
          budgetPlan: plan,
          uncountedCurrencies: pacing.uncountedCurrencies,
        },
        citations: [
          { label: "Goals", href: "/goals" },
          ...(plan ? [{ label: `Budget plan — ${pacing.month}`, href: "/optimizer/plan" }] : []),
        ],
        chart:
          plan && currency
            ? {
                kind: "line" as const,
                title: `Cumulative spend this month (${currency})`,
                metric: "spend",
                labels: days.map((day) => day.date),
                series: [
                  { name: "actual", values: days.map((day) => moneyOf(day.actualMinor, currency)) },
                  { name: "ideal", values: days.map((day) => moneyOf(day.idealMinor, currency)) },
                  { name: "projected", values: days.map((day) => moneyOf(day.projected?.meanMinor, currency)) },
                ],
              }
            : undefined,
      };
    },
  };
}
