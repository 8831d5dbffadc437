import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { createAnalyticsRepository } from "#core/analytics/analytics-repository.ts";
import type { Database } from "#core/db/schema.ts";
import type { CampaignStatus, ConnectionStatus } from "#core/shared/domain-enums.ts";

export interface SeededCampaign {
  status?: CampaignStatus;
  /** Spend in minor units by calendar date (YYYY-MM-DD). */
  spend?: Record<string, number>;
}

export interface SeededConnection {
  organizationId: string;
  platform: string;
  status?: ConnectionStatus;
  /** One ad account per connection is enough for these tests. */
  account?: { currency?: string; isManaged?: boolean };
  campaigns?: SeededCampaign[];
}

/**
 * Writes a connection with one ad account, its campaigns and their daily spend, as a sync would,
 * rollups included. Metrics changed afterwards need `rebuildRollups` again.
 */
export async function seedConnection(db: Kysely<Database>, seed: SeededConnection): Promise<{ connectionId: string }> {
  const connectionId = randomUUID();
  const adAccountId = randomUUID();
  const currency = seed.account?.currency ?? "USD";
  await db
    .insertInto("connections")
    .values({ id: connectionId, organization_id: seed.organizationId, platform: seed.platform, status: seed.status })
    .execute();
  await db
    .insertInto("ad_accounts")
    .values({
      id: adAccountId,
      organization_id: seed.organizationId,
      connection_id: connectionId,
      external_id: randomUUID().slice(0, 12),
      name: `${seed.platform} account`,
      currency,
      is_managed: seed.account?.isManaged ?? true,
    })
    .execute();
  for (const [index, campaign] of (seed.campaigns ?? []).entries()) {
    const campaignId = randomUUID();
    await db
      .insertInto("campaigns")
      .values({
        id: campaignId,
        organization_id: seed.organizationId,
        ad_account_id: adAccountId,
        external_id: String(1000 + index),
        name: `Campaign ${index + 1}`,
        status: campaign.status ?? "enabled",
        daily_budget_minor: 5_000,
        currency,
      })
      .execute();
    const days = Object.entries(campaign.spend ?? {});
    if (days.length > 0)
      await db
        .insertInto("campaign_daily_metrics")
        .values(
          days.map(([date, spendMinor]) => ({
            campaign_id: campaignId,
            organization_id: seed.organizationId,
            date,
            spend_minor: spendMinor,
            currency,
          })),
        )
        .execute();
  }
  // Metrics written straight to the table, not by a sync: the analytics read the rollups.
  if ((seed.campaigns ?? []).some((campaign) => Object.keys(campaign.spend ?? {}).length > 0))
    await createAnalyticsRepository(db).rebuildRollups(seed.organizationId);
  return { connectionId };
}
