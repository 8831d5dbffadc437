import type { Actor } from "#core/access/actor.ts";
import type { CampaignSummary } from "#core/analytics/analytics-types.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { CampaignChangeDependencies } from "./campaign-change-dependencies.ts";
import { normalizeReason, validateCampaignChange } from "./campaign-change-rules.ts";
import type { CampaignSettings, ChangeLogEntry } from "./campaign-change-types.ts";
import type { CampaignForChange } from "./campaign-repository.ts";
import { changeSourceOf, INTERRUPTED_RESPONSE, retriesSince } from "./change-log-repository.ts";
import { describeFailure, platformName, toRefusal } from "./change-messages.ts";
import { type CampaignChange, changeActionFor, pushCampaignChange } from "./push-campaign-change.ts";
import { isVisibleAdAccount } from "./visible-campaigns.ts";

export interface UpdateCampaignRequest {
  campaignId: string;
  name?: string;
  status?: "enabled" | "paused";
  dailyBudgetMinor?: number;
  reason?: string | null;
}

type Field = keyof CampaignChange;
const FIELDS: Field[] = ["status", "dailyBudgetMinor", "name"];

/**
 * Sets a campaign's name, status and daily budget (the API's PUT): only the fields that differ are
 * pushed, one change log entry records them, and the campaign comes back as stored afterwards.
 */
export async function updateCampaign(
  deps: CampaignChangeDependencies,
  actor: Actor,
  input: UpdateCampaignRequest,
): Promise<CampaignSummary> {
  const { organizationId } = actor;
  const campaign = await deps.campaigns.findForChange(organizationId, input.campaignId);
  // Like the list and the metrics, a campaign Adhelm does not manage is not there for the caller.
  if (!campaign || !isVisibleAdAccount(campaign.adAccount))
    throw new AppError("not_found", "There is no such campaign.");
  const asked: CampaignChange = {
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.dailyBudgetMinor !== undefined ? { dailyBudgetMinor: input.dailyBudgetMinor } : {}),
    ...(input.name !== undefined ? { name: input.name.trim() } : {}),
  };
  validateCampaignChange(asked);
  if (asked.status !== undefined && asked.status !== "enabled" && asked.status !== "paused")
    throw new AppError("unprocessable_entity", "A campaign's status is either enabled or paused.");
  const reason = normalizeReason(input.reason);

  const current: CampaignSettings = {
    status: campaign.status,
    dailyBudgetMinor: campaign.dailyBudgetMinor,
    name: campaign.name,
  };
  const changed = FIELDS.filter((field) => asked[field] !== undefined && asked[field] !== current[field]);
  if (changed.length > 0) {
    if (campaign.status === "removed")
      throw new AppError("conflict", "This campaign was removed on the platform; it cannot be changed.");
    const change = pick(asked, changed) as CampaignChange;
    const target = await deps.openAdPlatform(actor, campaign.connectionId);
    const settings = (fields: Field[]) => ({ before: pick(current, fields), after: pick(change, fields) });
    const log = (fields: Field[], outcome: "succeeded" | "failed", platformResponse: string) =>
      logUpdate(deps, actor, campaign, settings(fields), reason, { outcome, platformResponse });
    // Logged before the push, so a change that reaches the platform is in the log even if Adhelm
    // stops before the answer; the answer then replaces the entry's outcome.
    const mayHaveBeenSent = await deps.changeLog.hasInterrupted(organizationId, campaign.id, retriesSince());
    const entry = await log(changed, "failed", INTERRUPTED_RESPONSE);
    const { applied, error } = await pushCampaignChange(deps, target, {
      organizationId,
      campaign,
      change,
      mayHaveBeenSent,
    });
    const appliedFields = changed.filter((field) => applied[field] !== undefined);
    const failedFields = changed.filter((field) => applied[field] === undefined);
    // When a later field fails, the fields the platform already took are their own succeeded
    // entry: the log says what really happened, and that part can be undone.
    if (appliedFields.length > 0)
      await deps.changeLog.complete(organizationId, entry.id, {
        outcome: "succeeded",
        platformResponse: `${platformName(target.platform)} accepted the change.`,
        ...settings(appliedFields),
        action: changeActionFor(pick(change, appliedFields)),
      });
    if (error) {
      if (appliedFields.length === 0)
        await deps.changeLog.complete(organizationId, entry.id, {
          outcome: "failed",
          platformResponse: describeFailure(error),
        });
      else await log(failedFields, "failed", describeFailure(error));
      throw toRefusal(error);
    }
  }
  const summary = await deps.campaigns.findSummary(organizationId, campaign.id);
  if (!summary) throw new AppError("not_found", "There is no such campaign.");
  return summary;
}

async function logUpdate(
  deps: CampaignChangeDependencies,
  actor: Actor,
  campaign: CampaignForChange,
  settings: { before: CampaignSettings; after: CampaignSettings },
  reason: string | null,
  result: { outcome: "succeeded" | "failed"; platformResponse: string },
): Promise<ChangeLogEntry> {
  return deps.changeLog.insert({
    organizationId: actor.organizationId,
    campaignId: campaign.id,
    campaignName: campaign.name,
    platform: campaign.adAccount.platform,
    actor,
    source: changeSourceOf(actor),
    action: changeActionFor(settings.after),
    reason,
    ...settings,
    ...result,
    batchId: null,
    undoOf: null,
  });
}

function pick(settings: CampaignSettings, fields: Field[]): CampaignSettings {
  return Object.fromEntries(fields.map((field) => [field, settings[field]])) as CampaignSettings;
}
