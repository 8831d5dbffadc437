import type { CampaignSummary } from "#core/analytics/analytics-types.ts";
import type { ApiPrincipal } from "#core/api-keys/api-key-types.ts";
import type { CampaignChangeDependencies } from "#core/campaigns/campaign-change-dependencies.ts";
import { findCampaignSummary } from "#core/campaigns/list-campaigns.ts";
import { updateCampaign } from "#core/campaigns/update-campaign.ts";
import { AppError } from "#core/errors/app-error.ts";
import { apiKeyActor } from "./api-actor.ts";
import type { UpdateCampaignBody } from "./public-api-schemas.ts";
import { fromWireStatus } from "./wire-values.ts";

export const NO_SUCH_CAMPAIGN_MESSAGE = "There is no campaign with this id.";

/**
 * PUT /api/v1/campaigns/{id}: the budget's currency must be the campaign's; then the fields that
 * differ are pushed to the platform and logged with the key as the actor.
 */
export async function updateApiCampaign(
  deps: CampaignChangeDependencies,
  principal: ApiPrincipal,
  campaignId: string,
  body: UpdateCampaignBody,
): Promise<CampaignSummary> {
  const campaign = await findCampaignSummary(deps, principal.organizationId, campaignId);
  if (!campaign) throw new AppError("not_found", NO_SUCH_CAMPAIGN_MESSAGE);
  if (body.daily_budget && body.daily_budget.currency !== campaign.currency)
    throw new AppError(
      "unprocessable_entity",
      `daily_budget.currency must be the campaign's currency, ${campaign.currency} (got ${body.daily_budget.currency}).`,
    );
  return updateCampaign(deps, {
    organizationId: principal.organizationId,
    campaignId: campaign.id,
    name: body.name,
    status: body.status ? (fromWireStatus(body.status) as "enabled" | "paused") : undefined,
    dailyBudgetMinor: body.daily_budget?.amount_minor,
    actor: apiKeyActor(principal),
    source: "api",
  });
}
