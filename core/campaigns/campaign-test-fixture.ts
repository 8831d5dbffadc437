/**
 * For the campaign use cases' tests: the sandbox on a real port with Google Ads and Meta (one
 * account of four campaigns each), and organizations connected and synced to it over HTTP.
 */

import { type Actor, systemActor, userActor } from "#core/access/actor.ts";
import { type AnalyticsModule, createAnalyticsModule } from "#core/analytics/analytics-module.ts";
import type { ConnectingViewer } from "#core/connections/connection-parts.ts";
import { createAdPlatformAccess } from "#core/connections/platform-access.ts";
import { SYNC_ACTOR } from "#core/connections/sync-schedule.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { createFacebookAdsSandbox } from "#simulator/platforms/facebook-ads.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { createViewer, sandboxModules } from "#tests/support/integration-fixture.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import type { CampaignChangeDependencies } from "./campaign-change-dependencies.ts";
import { createCampaignRepository } from "./campaign-repository.ts";
import { type CampaignsModule, createCampaignsModule } from "./campaigns-module.ts";
import { createChangeLogRepository } from "./change-log-repository.ts";
import { type OpenAdPlatform, toExternalAccount } from "./platform-target.ts";

export const CAMPAIGNS_PER_ACCOUNT = 4;

export interface CampaignSandbox {
  sandbox: SandboxServer;
  /** The campaigns module over the sandbox, as server/services.ts wires it (with fast, few retries). */
  campaigns: CampaignsModule;
  /** The analytics module it reads through. */
  analytics: AnalyticsModule;
  /**
   * What the module's use cases work with (the repositories and the way onto the sandbox's
   * platforms), to look at what a change stored.
   */
  deps: CampaignChangeDependencies;
  /** The way onto the sandbox's platforms with another retry policy (a background job's). */
  openAdPlatformWith(retryPolicy: { maxAttempts: number; baseDelayMs: number; maxDelayMs: number }): OpenAdPlatform;
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
  /** The organization's owner, named as given. */
  actor: Actor;
  connections: Partial<Record<AdPlatformId, string>>;
  /** Our campaign rows after the sync, by platform, oldest id first. */
  campaigns: Record<string, Array<{ id: string; externalId: string; adAccountId: string }>>;
}

export async function startCampaignSandbox(): Promise<CampaignSandbox> {
  const sandbox = await startSandboxServer({
    platforms: { "google-ads": createGoogleAdsSandbox, "facebook-ads": createFacebookAdsSandbox },
    shapeFor: () => ({ accounts: 1, campaignsPerAccount: CAMPAIGNS_PER_ACCOUNT }),
  });
  const modules = sandboxModules(sandbox, { backfillDays: 1 });
  const { connectors, cipher } = modules.parts.integrations;
  const { openAdPlatform } = createAdPlatformAccess({
    db: sandbox.db,
    connectors,
    cipher,
    // Fast, and few: a fault that never clears fails a campaign in milliseconds.
    retryPolicy: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 },
  });
  const analytics = createAnalyticsModule({ db: sandbox.db, clock: { now: async () => new Date() } });
  const campaigns = createCampaignsModule({ db: sandbox.db, openAdPlatform, analytics });
  const deps: CampaignChangeDependencies = {
    campaigns: createCampaignRepository(sandbox.db),
    changeLog: createChangeLogRepository(sandbox.db),
    openAdPlatform,
  };

  async function runSync(organization: ConnectedOrganization, platform: AdPlatformId) {
    const connectionId = organization.connections[platform]!;
    const { outcome } = await modules.sync.syncConnection(systemActor(organization.organizationId, SYNC_ACTOR), {
      connectionId,
      kind: "manual",
    });
    if (outcome !== "succeeded") throw new Error(`sync of ${platform} ended ${outcome}`);
  }

  return {
    sandbox,
    campaigns,
    analytics,
    deps,
    openAdPlatformWith: (retryPolicy) =>
      createAdPlatformAccess({ db: sandbox.db, connectors, cipher, retryPolicy }).openAdPlatform,
    async connectOrganization(platforms, name = "Ada") {
      const viewer = await createViewer(sandbox.db, name);
      const actor = userActor({ userId: viewer.userId, name, organizationId: viewer.organizationId, role: "owner" });
      const organization: ConnectedOrganization = {
        viewer,
        organizationId: viewer.organizationId,
        actor,
        connections: {},
        campaigns: {},
      };
      for (const platform of platforms) {
        const { authorizeUrl } = await modules.connections.startConnection(actor, {
          sessionId: viewer.sessionId,
          platform,
        });
        const back = await sandbox.authorize(authorizeUrl);
        const { connectionId } = await modules.connections.completeConnection(actor, {
          sessionId: viewer.sessionId,
          platform,
          query: back.searchParams,
        });
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
      const [campaign] = await deps.campaigns.listForChange(
        organization.organizationId,
        organization.campaigns[platform]!.map((item) => item.id),
      );
      const account = campaign!.adAccount;
      const { connector, session } = await openAdPlatform(organization.actor, account.connectionId);
      const listed = await session.call((tokens) => connector.listCampaigns(tokens, toExternalAccount(account)));
      return listed.find((item) => item.externalId === externalId);
    },
    close: () => sandbox.close(),
  };
}
