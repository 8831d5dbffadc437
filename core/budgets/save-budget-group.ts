import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import { budgetGroupFormSchema, fieldErrorsOf, MAX_GROUPS } from "./budget-plan-schema.ts";
import type { BudgetPlanGroup } from "./budget-plan-types.ts";
import { type BudgetPlanDependencies, loadBudgetPlan } from "./get-budget-plan.ts";
import { planRefusal } from "./save-budget-plan-settings.ts";
import { TOO_SMALL_MESSAGE } from "./set-campaign-budget-bounds.ts";

/**
 * Creates a plan group, or replaces one of the organization's (the form's `id`), from an untrusted
 * form: a platform (one group per platform) or chosen campaigns of the organization (each campaign
 * in one such group at most), with a monthly minimum and maximum in the plan's currency. The
 * groups' minimums together must fit in the monthly budget. Returns the saved group as the plan
 * reads it.
 */
export async function saveBudgetGroup(
  deps: BudgetPlanDependencies,
  actor: Actor,
  form: unknown,
): Promise<BudgetPlanGroup> {
  const parsed = budgetGroupFormSchema.safeParse(form);
  if (!parsed.success) throw planRefusal(fieldErrorsOf(parsed.error));
  const group = parsed.data;
  const organizationId = actor.organizationId;
  const plan = await loadBudgetPlan(deps, organizationId);
  const others = plan.groups.filter((existing) => existing.id !== group.id);
  if (group.id !== null && others.length === plan.groups.length)
    throw new AppError("not_found", "There is no such budget group in your organization.");
  if (group.id === null && plan.groups.length >= MAX_GROUPS)
    throw planRefusal({ form: "A plan has at most 50 groups." });

  const fieldErrors: Record<string, string> = {};
  const currency = plan.currency;
  const hasAmounts = group.minMonthly !== null || group.maxMonthly !== null;
  if (hasAmounts && currency === null)
    fieldErrors.minMonthly = "Set a monthly budget in Goals first: group amounts are in its currency.";
  const toMinor = (amount: number | null) =>
    amount === null || currency === null ? null : decimalToMinor(amount, currency);
  const minMonthlyMinor = toMinor(group.minMonthly);
  const maxMonthlyMinor = toMinor(group.maxMonthly);
  if (maxMonthlyMinor === 0) fieldErrors.maxMonthly = TOO_SMALL_MESSAGE;

  if (
    group.kind === "platform" &&
    others.some((other) => other.kind === "platform" && other.platform === group.platform)
  )
    fieldErrors.platform = "This platform already has a group.";
  if (group.kind === "campaigns") {
    const known = new Set((await deps.budgets.listCampaigns(organizationId)).map((campaign) => campaign.id));
    if (group.campaignIds.some((id) => !known.has(id)))
      fieldErrors.campaignIds = "Choose campaigns of your organization.";
    else {
      const taken = new Set(others.filter((other) => other.kind === "campaigns").flatMap((other) => other.campaignIds));
      if (group.campaignIds.some((id) => taken.has(id)))
        fieldErrors.campaignIds = "A campaign can be in one group only; some of these are in another group.";
    }
  }
  if (plan.monthlyBudgetMinor !== null && minMonthlyMinor !== null) {
    const minimums = others.reduce((sum, other) => sum + (other.minMonthlyMinor ?? 0), minMonthlyMinor);
    if (minimums > plan.monthlyBudgetMinor)
      fieldErrors.minMonthly ??= "The groups' minimums add up to more than the monthly budget.";
  }
  if (Object.keys(fieldErrors).length > 0) throw planRefusal(fieldErrors);

  const id = await deps.budgets.saveGroup(organizationId, group.id, {
    name: group.name,
    kind: group.kind,
    platform: group.platform,
    campaignIds: group.campaignIds,
    minMonthlyMinor,
    maxMonthlyMinor,
  });
  if (id === null) throw new AppError("not_found", "There is no such budget group in your organization.");
  const saved = (await loadBudgetPlan(deps, organizationId)).groups.find((candidate) => candidate.id === id);
  if (!saved) throw new AppError("not_found", "There is no such budget group in your organization.");
  return saved;
}
