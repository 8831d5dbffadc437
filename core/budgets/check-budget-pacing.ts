import { systemActor } from "#core/access/actor.ts";
import type { Notify } from "#core/notifications/notification-types.ts";
import { BUDGET_ALERTS_CATALOG, PACING_ALERT_KEYS } from "./budget-alerts-text.ts";
import { type BudgetPacing, type BudgetPacingDependencies, getBudgetPacing } from "./get-budget-pacing.ts";

/** Who the pacing check acts as. */
export const PACING_ACTOR = { id: "budget-pacing", label: "Adhelm pacing" } as const;

export interface PacingCheckDependencies extends BudgetPacingDependencies {
  notify: Notify;
}

export interface PacingCheckResult {
  pacing: BudgetPacing;
  /** The alert this check sent, if any. */
  sent: "under" | "over" | null;
}

/**
 * Checks the organization's pacing and raises an under- or over-pacing notification when the plan
 * has a monthly budget and the month-end projection's whole 80% interval lies outside the tolerance
 * band (so noise does not alert): at most once per month, kind and day. The notification's dedupe key
 * is the day's, so a check that stopped between notifying and recording notifies nothing twice.
 */
export async function checkBudgetPacing(
  deps: PacingCheckDependencies,
  organizationId: string,
): Promise<PacingCheckResult> {
  const pacing = await getBudgetPacing(deps, systemActor(organizationId, PACING_ACTOR));
  const kind = pacing.plan?.alert ?? null;
  if (!pacing.plan || kind === null || pacing.currency === null) return { pacing, sent: null };
  const last = await deps.budgets.lastAlertDay(organizationId, pacing.month, kind);
  if (last !== null && last >= pacing.today) return { pacing, sent: null };
  const { plan, currency } = pacing;
  const amount = (amountMinor: number) => ({ amountMinor, currency });
  const data = {
    month: pacing.month,
    budget_minor: plan.budgetMinor,
    spent_minor: plan.spentMinor,
    projected_minor: plan.projection.meanMinor,
    projected_low_minor: plan.projection.lowMinor,
    projected_high_minor: plan.projection.highMinor,
    suggested_daily_minor: plan.suggestedDailyBudgetMinor,
    currency,
  };
  await deps.notify({
    organizationId,
    kind: "pacing",
    severity: "warning",
    message: {
      catalog: BUDGET_ALERTS_CATALOG,
      key: PACING_ALERT_KEYS[kind],
      params: {
        projected: amount(plan.projection.meanMinor),
        low: amount(plan.projection.lowMinor),
        high: amount(plan.projection.highMinor),
        budget: amount(plan.budgetMinor),
        spent: amount(plan.spentMinor),
        suggested: amount(plan.suggestedDailyBudgetMinor),
      },
    },
    link: "/optimizer/plan",
    objectType: "organization",
    objectId: organizationId,
    dedupeKey: `pacing:${pacing.month}:${kind}:${pacing.today}`,
    data,
  });
  const recorded = await deps.budgets.recordAlert({
    organizationId,
    month: pacing.month,
    kind,
    day: pacing.today,
    data,
  });
  return { pacing, sent: recorded ? kind : null };
}
