import type { Actor } from "#core/access/actor.ts";
import type { CampaignSummary } from "#core/analytics/analytics-types.ts";
import type { CampaignsModule } from "#core/campaigns/campaigns-module.ts";
import { AppError } from "#core/errors/app-error.ts";
import { isAdPlatform } from "#core/shared/platforms.ts";
import type { CreateCampaignBody } from "./public-api-schemas.ts";
import { fromWireStatus, toWirePlatform } from "./wire-values.ts";

/**
 * POST /api/v1/campaigns: checks what only the API sends (the platform and the budget's currency
 * must be the ad account's), then creates the campaign on the platform as the key (its actor).
 */
export async function createApiCampaign(
  campaigns: Pick<CampaignsModule, "getAdAccount" | "createCampaign">,
  actor: Actor,
  body: CreateCampaignBody,
): Promise<CampaignSummary> {
  const account = await campaigns.getAdAccount(actor, body.ad_account_id);
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
  return campaigns.createCampaign(actor, {
    adAccountId: account.id,
    name: body.name,
    status: fromWireStatus(body.status) as "enabled" | "paused",
    dailyBudgetMinor: body.daily_budget.amount_minor,
  });
}
