import type { ConnectorRegistry, ExternalAdAccount } from "../../connectors/connector.ts";
import { isAdPlatform } from "../../connectors/connector.ts";
import { PlatformError } from "../../connectors/platform-error.ts";
import { AppError } from "../errors/app-error.ts";
import type { ConnectionRepository } from "../integrations/connection-repository.ts";
import type { TokenCipher } from "../security/token-cipher.ts";
import { openPlatformSession } from "../sync/platform-session.ts";
import type { RetryPolicy } from "../sync/retry-policy.ts";
import type { CampaignRepository } from "./campaign-repository.ts";

export type CampaignChange = { status: "enabled" | "paused" } | { dailyBudgetMinor: number };

export interface ChangeCampaignDependencies {
  campaigns: CampaignRepository;
  connections: ConnectionRepository;
  connectors: ConnectorRegistry;
  cipher: TokenCipher;
  retryPolicy?: Partial<RetryPolicy>;
}

/**
 * Pushes one change (pause, enable, daily budget) to the campaign's platform. A write may reach the
 * platform even when its answer is lost (a timeout, a 5xx after the fact), so before every retry
 * the campaign is read back: if the change is already there it is not sent again. That keeps a
 * flaky network from applying a change twice.
 */
export async function changeCampaign(
  deps: ChangeCampaignDependencies,
  input: { organizationId: string; campaignId: string; change: CampaignChange },
): Promise<void> {
  const campaign = await deps.campaigns.findForChange(input.organizationId, input.campaignId);
  if (!campaign) throw new AppError("not_found", "There is no such campaign.");
  const connection = await deps.connections.findById(input.organizationId, campaign.connectionId);
  if (!connection || connection.status === "disconnected" || !isAdPlatform(connection.platform))
    throw new AppError("conflict", "This campaign's platform is not connected.");
  if (
    "dailyBudgetMinor" in input.change &&
    (!Number.isInteger(input.change.dailyBudgetMinor) || input.change.dailyBudgetMinor <= 0)
  )
    throw new AppError("unprocessable_entity", "A daily budget must be a positive amount.");

  const connector = deps.connectors.adConnector(connection.platform);
  const account: ExternalAdAccount = {
    externalId: campaign.adAccount.externalId,
    name: campaign.adAccount.name,
    currency: campaign.adAccount.currency,
    timeZone: campaign.adAccount.timeZone,
    context: campaign.adAccount.context,
  };
  const session = openPlatformSession({
    connection,
    connections: deps.connections,
    cipher: deps.cipher,
    refresh: (tokens) => connector.refreshTokens(tokens),
    retryPolicy: deps.retryPolicy,
  });
  const change = input.change;
  let hasSent = false;
  try {
    await session.call(async (tokens) => {
      if (hasSent) {
        const current = (await connector.listCampaigns(tokens, account)).find(
          (item) => item.externalId === campaign.externalId,
        );
        const isApplied =
          "status" in change
            ? current?.status === change.status
            : current?.dailyBudgetMinor === change.dailyBudgetMinor;
        if (isApplied) return;
      }
      hasSent = true;
      if ("status" in change) await connector.setCampaignStatus(tokens, account, campaign.externalId, change.status);
      else await connector.setCampaignDailyBudget(tokens, account, campaign.externalId, change.dailyBudgetMinor);
    });
  } catch (error) {
    if (error instanceof PlatformError)
      throw new AppError("conflict", `The platform refused the change: ${error.message}`);
    throw error;
  }
  await deps.campaigns.recordChange(input.organizationId, input.campaignId, change);
}
