import type { Actor } from "#core/access/actor.ts";
import type { CampaignFilters } from "#core/analytics/analytics-types.ts";
import { NOT_CONNECTED_MESSAGE } from "#core/connections/platform-access.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { CampaignChangeDependencies } from "./campaign-change-dependencies.ts";
import { validateCampaignName } from "./campaign-change-rules.ts";
import type { CampaignSettings, ChangePreview, RequestedChange } from "./campaign-change-types.ts";
import type { CampaignForChange } from "./campaign-repository.ts";
import { MAX_CAMPAIGNS_PER_REQUEST, MAX_CHANGE_SELECTION } from "./change-limits.ts";
import type { CampaignChange } from "./push-campaign-change.ts";
import { isVisibleAdAccount } from "./visible-campaigns.ts";

/** A relative budget change goes from -100% (nothing) to +1,000% (eleven times the budget). */
const PERCENT_RANGE = { min: -100, max: 1_000 };

export interface ChangesRequest {
  campaignIds: string[];
  change: RequestedChange;
}

/** What a preview covers: chosen campaigns, or every visible campaign matching the table's filters. */
export type ChangeTarget = { kind: "ids"; ids: string[] } | { kind: "matching"; filters: CampaignFilters };

/** The ids of the visible campaigns matching filters (the campaigns table's rule), or only their count when more than `limit`. */
export type MatchingCampaignIds = (
  actor: Actor,
  input: { filters: CampaignFilters; limit: number },
) => Promise<{ ids: string[]; total: number }>;

/** A campaign with its preview and, when it can take the change, the settings to push. */
export interface PlannedChange {
  campaign: CampaignForChange;
  preview: ChangePreview;
  /** Null when nothing is to be sent (unchanged, or a problem). */
  push: CampaignChange | null;
}

/**
 * Before → after for each campaign of the selection, as the confirmation shows it. "Every campaign
 * matching the filters" is resolved here, within the actor's organization; a large selection is
 * previewed a request's worth at a time.
 */
export async function previewCampaignChanges(
  deps: Pick<CampaignChangeDependencies, "campaigns"> & { matchingCampaignIds: MatchingCampaignIds },
  actor: Actor,
  input: { target: ChangeTarget; change: RequestedChange },
): Promise<ChangePreview[]> {
  const campaignIds = await selectionOf(deps, actor, input.target);
  const previews: ChangePreview[] = [];
  for (let start = 0; start < campaignIds.length; start += MAX_CAMPAIGNS_PER_REQUEST) {
    const slice = campaignIds.slice(start, start + MAX_CAMPAIGNS_PER_REQUEST);
    const planned = await planCampaignChanges(deps, actor.organizationId, { campaignIds: slice, change: input.change });
    previews.push(...planned.map((item) => item.preview));
  }
  return previews;
}

async function selectionOf(
  deps: { matchingCampaignIds: MatchingCampaignIds },
  actor: Actor,
  target: ChangeTarget,
): Promise<string[]> {
  if (target.kind === "ids") {
    if (target.ids.length === 0) throw new AppError("unprocessable_entity", "Choose at least one campaign.");
    if (target.ids.length > MAX_CHANGE_SELECTION)
      throw new AppError(
        "unprocessable_entity",
        `Change at most ${MAX_CHANGE_SELECTION.toLocaleString("en-US")} campaigns at once.`,
      );
    return target.ids;
  }
  const { ids, total } = await deps.matchingCampaignIds(actor, {
    filters: target.filters,
    limit: MAX_CHANGE_SELECTION,
  });
  if (total > MAX_CHANGE_SELECTION)
    throw new AppError(
      "unprocessable_entity",
      `These filters match ${total.toLocaleString("en-US")} campaigns; change at most ${MAX_CHANGE_SELECTION.toLocaleString("en-US")} at once. Narrow the filters and try again.`,
    );
  return ids;
}

/** The preview, computed from our stored campaigns; apply recomputes it rather than trust a client's "after". */
export async function planCampaignChanges(
  deps: Pick<CampaignChangeDependencies, "campaigns">,
  organizationId: string,
  input: ChangesRequest,
): Promise<PlannedChange[]> {
  const change = normalizeRequestedChange(input.change);
  const campaignIds = [...new Set(input.campaignIds)];
  if (campaignIds.length === 0) throw new AppError("unprocessable_entity", "Choose at least one campaign.");
  if (campaignIds.length > MAX_CAMPAIGNS_PER_REQUEST)
    throw new AppError(
      "unprocessable_entity",
      `At most ${MAX_CAMPAIGNS_PER_REQUEST} campaigns can be changed in one request; send the rest in another.`,
    );
  const found = new Map(
    (await deps.campaigns.listForChange(organizationId, campaignIds)).map((campaign) => [campaign.id, campaign]),
  );
  const missing = campaignIds.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError(
      "not_found",
      missing.length === 1 ? "There is no such campaign." : `${missing.length} of these campaigns do not exist.`,
    );
  return campaignIds.map((id) => planOne(found.get(id)!, change));
}

/** Checks and tidies the request; every campaign would refuse bad input alike, so it is refused whole. */
function normalizeRequestedChange(change: RequestedChange): RequestedChange {
  switch (change.action) {
    case "pause":
    case "enable":
      return change;
    case "rename": {
      const name = change.name.trim();
      validateCampaignName(name);
      return { action: "rename", name };
    }
    case "set_budget": {
      const { budget } = change;
      if (budget.kind === "absolute" && (!Number.isSafeInteger(budget.amountMinor) || budget.amountMinor <= 0))
        throw new AppError("unprocessable_entity", "A daily budget must be a positive amount.");
      if (
        budget.kind === "percent" &&
        (!Number.isFinite(budget.percent) || budget.percent < PERCENT_RANGE.min || budget.percent > PERCENT_RANGE.max)
      )
        throw new AppError(
          "unprocessable_entity",
          `A budget change in percent is between ${PERCENT_RANGE.min}% and +${PERCENT_RANGE.max.toLocaleString("en-US")}%.`,
        );
      return change;
    }
    default:
      throw new AppError("unprocessable_entity", "This change is not one Adhelm can make.");
  }
}

function planOne(campaign: CampaignForChange, change: RequestedChange): PlannedChange {
  const before = settingsTouchedBy(change, campaign);
  const target = targetOf(change, campaign);
  const problem = problemOf(campaign, change, target);
  const after: CampaignSettings = problem ? before : target;
  const isUnchanged = !problem && sameSettings(before, after);
  return {
    campaign,
    preview: {
      campaignId: campaign.id,
      campaignName: campaign.name,
      platform: campaign.adAccount.platform as AdPlatformId,
      currency: campaign.currency,
      before,
      after,
      isUnchanged,
      problem,
    },
    push: problem || isUnchanged ? null : toPush(after),
  };
}

function settingsTouchedBy(change: RequestedChange, campaign: CampaignForChange): CampaignSettings {
  if (change.action === "pause" || change.action === "enable") return { status: campaign.status };
  if (change.action === "set_budget") return { dailyBudgetMinor: campaign.dailyBudgetMinor };
  return { name: campaign.name };
}

function targetOf(change: RequestedChange, campaign: CampaignForChange): CampaignSettings {
  switch (change.action) {
    case "pause":
      return { status: "paused" };
    case "enable":
      return { status: "enabled" };
    case "rename":
      return { name: change.name };
    case "set_budget":
      return { dailyBudgetMinor: adjustedBudget(campaign.dailyBudgetMinor, change.budget) };
  }
}

/** An absolute amount as is; a percentage of the current budget, rounded to whole minor units. */
export function adjustedBudget(
  currentMinor: number | null,
  budget: Extract<RequestedChange, { action: "set_budget" }>["budget"],
): number | null {
  if (budget.kind === "absolute") return budget.amountMinor;
  if (currentMinor === null) return null;
  // Scaled by (100 + p) / 100 rather than (1 + p/100): 1000 × 1.1 is 1100.0000000000002 in floating point.
  return Math.round((currentMinor * (100 + budget.percent)) / 100);
}

function problemOf(campaign: CampaignForChange, change: RequestedChange, target: CampaignSettings): string | null {
  if (!isVisibleAdAccount(campaign.adAccount))
    return campaign.adAccount.connectionStatus === "disconnected"
      ? NOT_CONNECTED_MESSAGE
      : "Adhelm does not manage this campaign's ad account. Choose it on the Integrations page.";
  if (campaign.status === "removed") return "This campaign was removed on the platform; it cannot be changed.";
  if (change.action === "set_budget") {
    if (campaign.dailyBudgetMinor === null)
      return "This campaign has no daily budget of its own (it uses a shared budget), so it cannot be set here.";
    if (target.dailyBudgetMinor === null || target.dailyBudgetMinor === undefined || target.dailyBudgetMinor <= 0)
      return "The new daily budget would be zero or less.";
  }
  return null;
}

export function sameSettings(left: CampaignSettings, right: CampaignSettings): boolean {
  return left.status === right.status && left.dailyBudgetMinor === right.dailyBudgetMinor && left.name === right.name;
}

function toPush(after: CampaignSettings): CampaignChange {
  const push: CampaignChange = {};
  if (after.status === "enabled" || after.status === "paused") push.status = after.status;
  if (typeof after.dailyBudgetMinor === "number") push.dailyBudgetMinor = after.dailyBudgetMinor;
  if (after.name !== undefined) push.name = after.name;
  return push;
}
