import type { Actor } from "#core/access/actor.ts";
import { NOT_CONNECTED_MESSAGE } from "#core/connections/platform-access.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { CampaignChangeDependencies } from "./campaign-change-dependencies.ts";
import type { CampaignSettings, ChangeItemResult } from "./campaign-change-types.ts";
import type { CampaignForChange } from "./campaign-repository.ts";
import { INTERRUPTED_RESPONSE } from "./change-log-repository.ts";
import { describeFailure, platformName } from "./change-messages.ts";
import { type CampaignChange, changeActionFor, pushCampaignChange } from "./push-campaign-change.ts";

const SETTING_FIELDS = ["status", "dailyBudgetMinor", "name"] as const;
type SettingField = (typeof SETTING_FIELDS)[number];

/**
 * Puts back what a change replaced: the fields it changed return to their `before` values on the
 * platform, a new entry (source "undo") records that, and the original is marked undone by it. It
 * refuses what cannot be undone (a failure, a creation, a change already undone) and a change the
 * campaign has moved on from since, which undoing would silently overwrite.
 */
export async function undoCampaignChange(
  deps: CampaignChangeDependencies,
  actor: Actor,
  input: { changeId: string },
): Promise<ChangeItemResult> {
  const { organizationId } = actor;
  const entry = await deps.changeLog.find(organizationId, input.changeId);
  if (!entry) throw new AppError("not_found", "There is no such change.");
  if (entry.action === "create")
    throw new AppError("conflict", "Creating a campaign cannot be undone; pause the campaign instead.");
  if (entry.outcome !== "succeeded")
    throw new AppError("conflict", "This change did not reach the platform, so there is nothing to undo.");
  if (entry.undoneBy) throw new AppError("conflict", "This change was already undone.");
  const campaign = entry.campaignId ? await deps.campaigns.findForChange(organizationId, entry.campaignId) : null;
  if (!campaign)
    throw new AppError("conflict", "This campaign is no longer in Adhelm, so the change cannot be undone.");
  if (campaign.adAccount.connectionStatus === "disconnected") throw new AppError("conflict", NOT_CONNECTED_MESSAGE);
  if (!campaign.adAccount.isManaged)
    throw new AppError("conflict", "Adhelm no longer manages this campaign's ad account, so it cannot change it.");

  const fields = SETTING_FIELDS.filter((field) => entry.after[field] !== undefined);
  const current = currentSettings(campaign);
  const drifted = fields.filter((field) => current[field] !== entry.after[field]);
  if (drifted.length > 0)
    throw new AppError(
      "conflict",
      `This campaign has changed since: ${drifted.map((field) => describeDrift(field, current)).join(", ")}. Undoing would overwrite the later change.`,
    );
  const restore = restorableChange(entry.before, fields);
  const after: CampaignSettings = { ...restore };
  const before: CampaignSettings = Object.fromEntries(fields.map((field) => [field, current[field]]));

  // Claimed and logged in one transaction before the push: two clicks on Undo send it once, and an
  // undo that reaches the platform is in the log even if Adhelm stops before the answer.
  const reserved = deps.changeLog.nextId();
  const pending = await deps.changeLog.claimUndo(
    organizationId,
    entry.id,
    {
      organizationId,
      campaignId: campaign.id,
      campaignName: campaign.name,
      platform: entry.platform,
      actor,
      source: "undo",
      action: changeActionFor(after),
      reason: null,
      before,
      after,
      outcome: "failed",
      platformResponse: INTERRUPTED_RESPONSE,
      batchId: null,
      undoOf: entry.id,
    },
    reserved,
  );
  if (!pending) throw new AppError("conflict", "This change was already undone.");
  const target = await deps.openAdPlatform(actor, campaign.connectionId).catch((error: unknown) => error as Error);
  const { error } =
    target instanceof Error
      ? { error: target }
      : await pushCampaignChange(deps, target, { organizationId, campaign, change: restore });
  if (error) await deps.changeLog.clearUndone(organizationId, entry.id, reserved.id);
  const message = error ? describeFailure(error) : `${platformName(entry.platform)} accepted the change.`;
  const undo = await deps.changeLog.complete(organizationId, reserved.id, {
    outcome: error ? "failed" : "succeeded",
    platformResponse: message,
  });
  return {
    campaignId: campaign.id,
    campaignName: campaign.name,
    platform: campaign.adAccount.platform as ChangeItemResult["platform"],
    outcome: undo.outcome,
    message,
    changeId: undo.id,
    before,
    after,
  };
}

function currentSettings(campaign: CampaignForChange): CampaignSettings {
  return { status: campaign.status, dailyBudgetMinor: campaign.dailyBudgetMinor, name: campaign.name };
}

function describeDrift(field: SettingField, current: CampaignSettings): string {
  if (field === "status") return `it is ${current.status} now`;
  if (field === "name") return `it is named “${current.name}” now`;
  return "its daily budget was set again";
}

/** The `before` values of the changed fields, as a change the platform can take. */
function restorableChange(before: CampaignSettings, fields: SettingField[]): CampaignChange {
  const change: CampaignChange = {};
  for (const field of fields) {
    const value = before[field];
    if (field === "status" && (value === "enabled" || value === "paused")) change.status = value;
    else if (field === "dailyBudgetMinor" && typeof value === "number" && value > 0) change.dailyBudgetMinor = value;
    else if (field === "name" && typeof value === "string" && value.trim()) change.name = value;
    else throw new AppError("conflict", "What this change replaced cannot be set again on the platform.");
  }
  return change;
}
