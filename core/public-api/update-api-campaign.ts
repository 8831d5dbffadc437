import type { Actor } from "#core/access/actor.ts";
import type { CampaignSummary } from "#core/analytics/analytics-types.ts";
import type { CampaignsModule } from "#core/campaigns/campaigns-module.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { UpdateCampaignBody } from "./public-api-schemas.ts";
import { fromWireStatus } from "./wire-values.ts";

export const NO_SUCH_CAMPAIGN_MESSAGE = "There is no campaign with this id.";

/**
 * PUT /api/v1/campaigns/{id}: the budget's currency must be the campaign's; then the fields that
 * differ are pushed to the platform and logged with the key as the actor.
 */
export async function updateApiCampaign(
  campaigns: Pick<CampaignsModule, "getCampaign" | "updateCampaign">,
  actor: Actor,
  campaignId: string,
  body: UpdateCampaignBody,
): Promise<CampaignSummary> {
  const campaign = await campaigns.getCampaign(actor, campaignId);
  if (!campaign) throw new AppError("not_found", NO_SUCH_CAMPAIGN_MESSAGE);
  if (body.daily_budget && body.daily_budget.currency !== campaign.currency)
    throw new AppError(
      "unprocessable_entity",
      `daily_budget.currency must be the campaign's currency, ${campaign.currency} (got ${body.daily_budget.currency}).`,
    );
  return campaigns.updateCampaign(actor, {
    campaignId: campaign.id,
    name: body.name,
    status: body.status ? (fromWireStatus(body.status) as "enabled" | "paused") : undefined,
    dailyBudgetMinor: body.daily_budget?.amount_minor,
  });
}
