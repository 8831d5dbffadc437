import type { Actor } from "#core/access/actor.ts";
import type { CampaignSummary } from "#core/analytics/analytics-types.ts";
import { NOT_CONNECTED_MESSAGE } from "#core/connections/platform-access.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { ExternalCampaign, NewExternalCampaign } from "#core/shared/connector-port.ts";
import type { CampaignChangeDependencies } from "./campaign-change-dependencies.ts";
import { normalizeReason, validateCampaignChange } from "./campaign-change-rules.ts";
import { changeSourceOf } from "./change-log-repository.ts";
import { describeFailure, platformName, toRefusal } from "./change-messages.ts";
import { toExternalAccount } from "./platform-target.ts";

export interface CreateCampaignRequest {
  adAccountId: string;
  name: string;
  status: "enabled" | "paused";
  dailyBudgetMinor: number;
  reason?: string | null;
}

/**
 * Creates a campaign on the ad account's platform, stores it the way the sync would (so the next
 * sync updates it rather than adding it again), logs the creation and returns it.
 */
export async function createCampaign(
  deps: CampaignChangeDependencies,
  actor: Actor,
  input: CreateCampaignRequest,
): Promise<CampaignSummary> {
  const { organizationId } = actor;
  const wanted: NewExternalCampaign = {
    name: input.name.trim(),
    status: input.status,
    dailyBudgetMinor: input.dailyBudgetMinor,
  };
  validateCampaignChange(wanted);
  if (wanted.status !== "enabled" && wanted.status !== "paused")
    throw new AppError("unprocessable_entity", "A new campaign is either enabled or paused.");
  const reason = normalizeReason(input.reason);
  const account = await deps.campaigns.findAdAccount(organizationId, input.adAccountId);
  if (!account) throw new AppError("not_found", "There is no such ad account.");
  if (account.connectionStatus === "disconnected") throw new AppError("conflict", NOT_CONNECTED_MESSAGE);
  if (!account.isManaged)
    throw new AppError("conflict", "Adhelm does not manage this ad account. Choose it on the Integrations page first.");

  const { connector, session, platform } = await deps.openAdPlatform(actor, account.connectionId);
  const externalAccount = toExternalAccount(account);
  const logEntry = {
    organizationId,
    campaignName: wanted.name,
    platform,
    actor,
    source: changeSourceOf(actor),
    action: "create" as const,
    reason,
    before: {},
    after: { name: wanted.name, status: wanted.status, dailyBudgetMinor: wanted.dailyBudgetMinor },
    batchId: null,
    undoOf: null,
  };

  let created: ExternalCampaign;
  try {
    // A creation has no id to read back by until it answers, so the retry looks for a campaign of
    // this name that was not there before the first try: a lost answer must not create it twice.
    const existing = new Set(
      (await session.call((tokens) => connector.listCampaigns(tokens, externalAccount))).map((item) => item.externalId),
    );
    let hasSent = false;
    created = await session.call(async (tokens) => {
      if (hasSent) {
        const arrived = (await connector.listCampaigns(tokens, externalAccount)).find(
          (item) => !existing.has(item.externalId) && item.name === wanted.name,
        );
        if (arrived) return arrived;
      }
      hasSent = true;
      return connector.createCampaign(tokens, externalAccount, wanted);
    });
  } catch (error) {
    const message = describeFailure(error);
    await deps.changeLog.insert({
      ...logEntry,
      campaignId: null,
      outcome: "failed",
      platformResponse: message,
    });
    throw toRefusal(error);
  }

  const campaignId = await deps.campaigns.saveCreated(organizationId, account.id, created);
  await deps.changeLog.insert({
    ...logEntry,
    campaignId,
    after: { name: created.name, status: created.status, dailyBudgetMinor: created.dailyBudgetMinor },
    outcome: "succeeded",
    platformResponse: `${platformName(platform)} created it with id ${created.externalId}.`,
  });
  const summary = await deps.campaigns.findSummary(organizationId, campaignId);
  if (!summary) throw new AppError("internal_error", "The new campaign could not be read back.");
  return summary;
}
