import { findListing } from "#core/connections/platform-catalog.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { AdPlatformConnector, ExternalAdAccount } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import type { ChangeAction } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { isAdPlatform } from "#core/shared/platforms.ts";
import { openPlatformSession, type PlatformSession } from "#core/sync/platform-session.ts";
import type { CampaignChangeDependencies } from "./campaign-change-dependencies.ts";
import type { CampaignSettings } from "./campaign-change-types.ts";
import type { AdAccountForChange, CampaignForChange } from "./campaign-repository.ts";

/** The settings to push; only the fields given are sent. */
export interface CampaignChange {
  status?: "enabled" | "paused";
  dailyBudgetMinor?: number;
  name?: string;
}

export type ChangeCampaignDependencies = Pick<
  CampaignChangeDependencies,
  "campaigns" | "connections" | "connectors" | "cipher" | "retryPolicy"
>;

/** One connection's connector with a platform session open on it, shared by the changes of a batch. */
export interface PlatformTarget {
  platform: AdPlatformId;
  connector: AdPlatformConnector;
  session: PlatformSession;
}

/** What a push achieved: the fields the platform took, and the error that stopped the rest. */
export interface PushOutcome {
  applied: CampaignChange;
  error: Error | null;
}

export const NOT_CONNECTED_MESSAGE =
  "This campaign's platform is not connected. Reconnect it on the Integrations page.";

/** Opens a platform session on the organization's connection, or says why it cannot. */
export async function openPlatformTarget(
  deps: ChangeCampaignDependencies,
  organizationId: string,
  connectionId: string,
): Promise<PlatformTarget> {
  const connection = await deps.connections.findById(organizationId, connectionId);
  if (!connection || connection.status === "disconnected" || !isAdPlatform(connection.platform))
    throw new AppError("conflict", NOT_CONNECTED_MESSAGE);
  if (!connection.sealedAccessToken) throw new AppError("conflict", NOT_CONNECTED_MESSAGE);
  const connector = deps.connectors.adConnector(connection.platform);
  const session = openPlatformSession({
    connection,
    connections: deps.connections,
    cipher: deps.cipher,
    refresh: (tokens) => connector.refreshTokens(tokens),
    retryPolicy: deps.retryPolicy,
  });
  return { platform: connection.platform, connector, session };
}

export function toExternalAccount(account: AdAccountForChange): ExternalAdAccount {
  return {
    externalId: account.externalId,
    name: account.name,
    currency: account.currency,
    timeZone: account.timeZone,
    context: account.context,
  };
}

/** The platform's name as people know it ("Google Ads"). */
export function platformName(platform: string): string {
  return findListing(platform)?.name ?? platform;
}

/** A failure in words for the person who asked: the platform's own message, naming the platform, when it gave one. */
export function describeFailure(error: unknown): string {
  if (error instanceof PlatformError) return `${platformName(error.platform)}: ${error.message}`;
  if (error instanceof AppError) return error.message;
  return "An unexpected error stopped this change. Try again.";
}

/** What a use case throws when a push failed: a platform's refusal is a conflict; anything else goes up as it is. */
export function toRefusal(error: unknown): unknown {
  if (error instanceof PlatformError)
    return new AppError("conflict", `The platform refused the change: ${error.message}`);
  return error;
}

type Field = keyof CampaignChange;

/** The log's action for a change that sets `after`: the specific one when one field changes. */
export function changeActionFor(after: CampaignSettings): ChangeAction {
  const fields = (["status", "dailyBudgetMinor", "name"] as const).filter((field) => after[field] !== undefined);
  if (fields.length !== 1) return "update";
  if (fields[0] === "status") return after.status === "paused" ? "pause" : "enable";
  return fields[0] === "dailyBudgetMinor" ? "set_budget" : "rename";
}

/**
 * The order fields go out in: a pause first (nothing more is spent while the rest is sent), an
 * enable last (the campaign starts with its new budget and name already in place).
 */
function fieldOrder(change: CampaignChange): Field[] {
  const fields: Field[] = (["name", "dailyBudgetMinor", "status"] as const).filter(
    (field) => change[field] !== undefined,
  );
  return change.status === "paused" ? ["status", ...fields.filter((field) => field !== "status")] : fields;
}

/**
 * Pushes a change to the campaign's platform, one field at a time, and mirrors each accepted field
 * into our campaign row. A write may reach the platform even when its answer is lost (a timeout, a
 * 5xx after the fact), so before every retry the campaign is read back: if the field is already so
 * it is not sent again. That keeps a flaky network from applying a change twice.
 */
export async function pushCampaignChange(
  deps: Pick<ChangeCampaignDependencies, "campaigns">,
  target: PlatformTarget,
  input: { organizationId: string; campaign: CampaignForChange; change: CampaignChange },
): Promise<PushOutcome> {
  const { campaign, change } = input;
  const { connector, session } = target;
  const account = toExternalAccount(campaign.adAccount);
  const applied: CampaignChange = {};
  for (const field of fieldOrder(change)) {
    let hasSent = false;
    try {
      await session.call(async (tokens) => {
        if (hasSent) {
          const current = (await connector.listCampaigns(tokens, account)).find(
            (item) => item.externalId === campaign.externalId,
          );
          if (current && current[field] === change[field]) return;
        }
        hasSent = true;
        if (field === "status") await connector.setCampaignStatus(tokens, account, campaign.externalId, change.status!);
        else if (field === "dailyBudgetMinor")
          await connector.setCampaignDailyBudget(tokens, account, campaign.externalId, change.dailyBudgetMinor!);
        else await connector.setCampaignName(tokens, account, campaign.externalId, change.name!);
      });
    } catch (error) {
      return { applied, error: error instanceof Error ? error : new Error(String(error)) };
    }
    const accepted = { [field]: change[field] } as CampaignChange;
    Object.assign(applied, accepted);
    await deps.campaigns.recordChange(input.organizationId, campaign.id, accepted);
  }
  return { applied, error: null };
}

/** Checks a change's values before anything is sent; bad input changes nothing. */
export function validateCampaignChange(change: CampaignChange): void {
  if (
    change.dailyBudgetMinor !== undefined &&
    (!Number.isSafeInteger(change.dailyBudgetMinor) || change.dailyBudgetMinor <= 0)
  )
    throw new AppError("unprocessable_entity", "A daily budget must be a positive amount.");
  if (change.name !== undefined) validateCampaignName(change.name);
}

export const MAX_CAMPAIGN_NAME_LENGTH = 255;
const MAX_REASON_LENGTH = 1_000;

/** A reason is optional free text; blank means none. */
export function normalizeReason(reason: string | null | undefined): string | null {
  const trimmed = reason?.trim() ?? "";
  if (trimmed.length > MAX_REASON_LENGTH)
    throw new AppError(
      "unprocessable_entity",
      `A reason is at most ${MAX_REASON_LENGTH.toLocaleString("en-US")} characters.`,
    );
  return trimmed || null;
}

export function validateCampaignName(name: string): void {
  if (name.trim().length === 0) throw new AppError("unprocessable_entity", "A campaign needs a name.");
  if (name.length > MAX_CAMPAIGN_NAME_LENGTH)
    throw new AppError("unprocessable_entity", `A campaign name is at most ${MAX_CAMPAIGN_NAME_LENGTH} characters.`);
}

/**
 * Pushes one change to one campaign (pause, enable, daily budget, name) and mirrors it into our
 * row. It writes no change log entry: the use cases that log (apply, update, undo) build on
 * `pushCampaignChange`.
 */
export async function changeCampaign(
  deps: ChangeCampaignDependencies,
  input: { organizationId: string; campaignId: string; change: CampaignChange },
): Promise<void> {
  const campaign = await deps.campaigns.findForChange(input.organizationId, input.campaignId);
  if (!campaign) throw new AppError("not_found", "There is no such campaign.");
  validateCampaignChange(input.change);
  const target = await openPlatformTarget(deps, input.organizationId, campaign.connectionId);
  const { error } = await pushCampaignChange(deps, target, { ...input, campaign });
  if (error) throw toRefusal(error);
}
