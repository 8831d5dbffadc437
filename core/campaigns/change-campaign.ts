import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { CampaignChangeDependencies } from "./campaign-change-dependencies.ts";
import { validateCampaignChange } from "./campaign-change-rules.ts";
import { toRefusal } from "./change-messages.ts";
import { type CampaignChange, pushCampaignChange } from "./push-campaign-change.ts";

/**
 * Pushes one change to one campaign (pause, enable, daily budget, name) and mirrors it into our
 * row, without a change log entry: for tests that move a campaign on its platform (the sync's).
 * The use cases that log (apply, update, undo) build on `pushCampaignChange`.
 */
export async function changeCampaign(
  deps: Pick<CampaignChangeDependencies, "campaigns" | "openAdPlatform">,
  actor: Actor,
  input: { campaignId: string; change: CampaignChange },
): Promise<void> {
  const campaign = await deps.campaigns.findForChange(actor.organizationId, input.campaignId);
  if (!campaign) throw new AppError("not_found", "There is no such campaign.");
  validateCampaignChange(input.change);
  const target = await deps.openAdPlatform(actor, campaign.connectionId);
  const { error } = await pushCampaignChange(deps, target, {
    organizationId: actor.organizationId,
    campaign,
    change: input.change,
  });
  if (error) throw toRefusal(error);
}
