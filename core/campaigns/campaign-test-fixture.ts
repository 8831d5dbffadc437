/**
 * For the campaign use cases' tests: the sandbox on a real port with Google Ads and Meta (one
 * account of four campaigns each), and organizations connected and synced to it over HTTP.
 */

import { completeConnection } from "#core/connections/complete-connection.ts";
import type { ConnectingViewer } from "#core/connections/integration-dependencies.ts";
import { openTokens } from "#core/connections/save-grant.ts";
import { startConnection } from "#core/connections/start-connection.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { syncConnection } from "#core/sync/sync-connection.ts";
import { createFacebookAdsSandbox } from "#simulator/platforms/facebook-ads.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { createViewer, integrationDependencies } from "#tests/support/integration-fixture.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import type { CampaignChangeDependencies } from "./campaign-change-dependencies.ts";
import type { ChangeActor } from "./campaign-change-types.ts";
import { createCampaignRepository } from "./campaign-repository.ts";
import { toExternalAccount } from "./change-campaign.ts";
import { createChangeLogRepository } from "./change-log-repository.ts";

export const CAMPAIGNS_PER_ACCOUNT = 4;

export interface CampaignSandbox {
  sandbox: SandboxServer;
  deps: CampaignChangeDependencies;
  /** A new organization connected to each platform and synced (1 day of metrics: enough here). */
  connectOrganization(platforms: AdPlatformId[], name?: string): Promise<ConnectedOrganization>;
  /** Runs the sync of a connection again, as the scheduler would. */
  sync(organization: ConnectedOrganization, platform: AdPlatformId): Promise<void>;
  /** The sandbox platform's own view of a campaign, through its API. */
  platformCampaign(
    organization: ConnectedOrganization,
    platform: AdPlatformId,
    externalId: string,
  ): Promise<{ status: string; dailyBudgetMinor: number | null; name: string } | undefined>;
  close(): Promise<void>;
}

export interface ConnectedOrganization {
  viewer: ConnectingViewer;
  organizationId: string;
  actor: ChangeActor;
  connections: Partial<Record<AdPlatformId, string>>;
  /** Our campaign rows after the sync, by platform, oldest id first. */
  campaigns: Record<string, Array<{ id: string; externalId: string; adAccountId: string }>>;
}

export async function startCampaignSandbox(): Promise<CampaignSandbox> {
  const sandbox = await startSandboxServer({
    platforms: { "google-ads": createGoogleAdsSandbox, "facebook-ads": createFacebookAdsSandbox },
    shapeFor: () => ({ accounts: 1, campaignsPerAccount: CAMPAIGNS_PER_ACCOUNT }),
  });
  const { integrations, sync } = integrationDependencies(sandbox, { backfillDays: 1 });
  const deps: CampaignChangeDependencies = {
    campaigns: createCampaignRepository(sandbox.db),
    changeLog: createChangeLogRepository(sandbox.db),
    connections: integrations.connections,
    connectors: integrations.connectors,
    cipher: integrations.cipher,
    // Fast, and few: a fault that never clears fails a campaign in milliseconds.
    retryPolicy: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 },
  };

  async function runSync(organization: ConnectedOrganization, platform: AdPlatformId) {
    const connectionId = organization.connections[platform]!;
    const { outcome } = await syncConnection(sync, {
      organizationId: organization.organizationId,
      connectionId,
      kind: "manual",
    });
    if (outcome !== "succeeded") throw new Error(`sync of ${platform} ended ${outcome}`);
  }

  return {
    sandbox,
    deps,
    async connectOrganization(platforms, name = "Ada") {
      const viewer = await createViewer(sandbox.db, name);
      const organization: ConnectedOrganization = {
        viewer,
        organizationId: viewer.organizationId,
        actor: { type: "user", id: viewer.userId, label: name },
        connections: {},
        campaigns: {},
      };
      for (const platform of platforms) {
        const { authorizeUrl } = await startConnection(integrations, { viewer, platform });
        const back = await sandbox.authorize(authorizeUrl);
        const { connectionId } = await completeConnection(integrations, { viewer, platform, query: back.searchParams });
        organization.connections[platform] = connectionId;
        await runSync(organization, platform);
        organization.campaigns[platform] = await sandbox.db
          .selectFrom("campaigns")
          .innerJoin("ad_accounts", "ad_accounts.id", "campaigns.ad_account_id")
          .where("campaigns.organization_id", "=", viewer.organizationId)
          .where("ad_accounts.connection_id", "=", connectionId)
          .select(["campaigns.id", "campaigns.external_id as externalId", "campaigns.ad_account_id as adAccountId"])
          .orderBy("campaigns.id")
          .execute();
      }
      return organization;
    },
    sync: runSync,
    async platformCampaign(organization, platform, externalId) {
      const campaign = await deps.campaigns.listForChange(
        organization.organizationId,
        organization.campaigns[platform]!.map((item) => item.id),
      );
      const account = campaign[0]!.adAccount;
      const connection = await deps.connections.findById(organization.organizationId, account.connectionId);
      const connector = deps.connectors.adConnector(platform);
      const tokens = {
        accessToken: openTokens(deps.cipher, connection!).accessToken!,
        refreshToken: null,
        expiresAt: null,
        context: connection!.context,
      };
      const listed = await connector.listCampaigns(tokens, toExternalAccount(account));
      return listed.find((item) => item.externalId === externalId);
    },
    close: () => sandbox.close(),
  };
}
