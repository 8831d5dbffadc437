import type { Actor } from "#core/access/actor.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { CampaignBounds } from "./budget-plan-repository.ts";
import { campaignBoundsFormSchema, fieldErrorsOf } from "./budget-plan-schema.ts";
import type { BudgetPlanDependencies } from "./get-budget-plan.ts";
import { planRefusal } from "./save-budget-plan-settings.ts";

export const TOO_SMALL_MESSAGE = "This amount is smaller than the currency's smallest unit.";

/**
 * Sets campaigns' daily budget bounds (in each campaign's own currency, typed in major units) from
 * an untrusted form `{ bounds: [{ campaignId, minDaily, maxDaily }] }`. An entry with neither bound
 * clears the campaign's bounds. Every campaign must be one of the organization's; nothing changes
 * unless every entry is valid. Returns the organization's bounds.
 */
export async function setCampaignBudgetBounds(
  deps: BudgetPlanDependencies,
  actor: Actor,
  form: unknown,
): Promise<CampaignBounds[]> {
  const parsed = campaignBoundsFormSchema.safeParse(form);
  if (!parsed.success) throw planRefusal(fieldErrorsOf(parsed.error));
  const campaigns = new Map(
    (await deps.budgets.listCampaigns(actor.organizationId)).map((campaign) => [campaign.id, campaign]),
  );
  const fieldErrors: Record<string, string> = {};
  const entries: CampaignBounds[] = [];
  parsed.data.bounds.forEach((entry, index) => {
    const campaign = campaigns.get(entry.campaignId);
    if (!campaign) {
      fieldErrors[`bounds.${index}.campaignId`] = "Choose a campaign of your organization.";
      return;
    }
    const toMinor = (amount: number | null) => (amount === null ? null : decimalToMinor(amount, campaign.currency));
    const bounds = {
      campaignId: entry.campaignId,
      minDailyMinor: toMinor(entry.minDaily),
      maxDailyMinor: toMinor(entry.maxDaily),
    };
    if (bounds.maxDailyMinor === 0) fieldErrors[`bounds.${index}.maxDaily`] = TOO_SMALL_MESSAGE;
    entries.push(bounds);
  });
  if (Object.keys(fieldErrors).length > 0) throw planRefusal(fieldErrors);
  await deps.budgets.setBounds(actor.organizationId, entries);
  return deps.budgets.listBounds(actor.organizationId);
}
