import type { CampaignSummary } from "#core/analytics/analytics-types.ts";
import type { ApiPrincipal } from "#core/api-keys/api-key-types.ts";
import type { CampaignChangeDependencies } from "#core/campaigns/campaign-change-dependencies.ts";
import { createCampaign } from "#core/campaigns/create-campaign.ts";
import { AppError } from "#core/errors/app-error.ts";
import { isAdPlatform } from "#core/shared/platforms.ts";
import { apiKeyActor } from "./api-actor.ts";
import type { CreateCampaignBody } from "./public-api-schemas.ts";
import { fromWireStatus, toWirePlatform } from "./wire-values.ts";

/**
 * POST /api/v1/campaigns: checks what only the API sends (the platform and the budget's currency
 * must be the ad account's), then creates the campaign on the platform with the key as the actor.
 */
export async function createApiCampaign(
  deps: CampaignChangeDependencies,
  principal: ApiPrincipal,
  body: CreateCampaignBody,
): Promise<CampaignSummary> {
  const account = await deps.campaigns.findAdAccount(principal.organizationId, body.ad_account_id);
  if (!account) throw new AppError("not_found", "There is no ad account with this ad_account_id.");
  const accountPlatform = isAdPlatform(account.platform) ? toWirePlatform(account.platform) : account.platform;
  if (accountPlatform !== body.platform)
    throw new AppError(
      "unprocessable_entity",
      `platform is ${body.platform}, but this ad account is on ${accountPlatform}.`,
    );
  if (body.daily_budget.currency !== account.currency)
    throw new AppError(
      "unprocessable_entity",
      `daily_budget.currency must be the ad account's currency, ${account.currency} (got ${body.daily_budget.currency}).`,
    );
  return createCampaign(deps, {
    organizationId: principal.organizationId,
    adAccountId: account.id,
    name: body.name,
    status: fromWireStatus(body.status) as "enabled" | "paused",
    dailyBudgetMinor: body.daily_budget.amount_minor,
    actor: apiKeyActor(principal),
    source: "api",
  });
}
