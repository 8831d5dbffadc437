/**
 * For the analytics tests: a real database, organizations with connections, ad accounts and
 * campaigns written as a sync writes them, and metrics and orders stored through the sync
 * repository's own upserts (so the rollups are maintained the way they are in production).
 */
import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "#core/db/database.ts";
import type { CampaignStatus, ConnectionStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId, PlatformId } from "#core/shared/platforms.ts";
import { createSyncRepository, type SyncRepository } from "#core/sync/sync-repository.ts";
import { createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { type AnalyticsRepository, createAnalyticsRepository } from "./analytics-repository.ts";
import type { MetricSums } from "./analytics-types.ts";

export type SeededDay = Partial<MetricSums>;

export interface SeededCampaignInput {
  name?: string;
  /** The platform's id; 1000, 1001… in the order given unless set. */
  externalId?: string;
  status?: CampaignStatus;
  dailyBudgetMinor?: number | null;
  /** Metrics by date (YYYY-MM-DD); missing figures are zero. */
  days?: Record<string, SeededDay>;
}

export interface SeededAccountInput {
  organizationId: string;
  platform: AdPlatformId;
  currency?: string;
  accountName?: string;
  isManaged?: boolean;
  connectionStatus?: ConnectionStatus;
  /** The ad account's time zone (the day its metrics are dated in); UTC unless given. */
  timeZone?: string;
  campaigns: SeededCampaignInput[];
}

export interface SeededAccount {
  connectionId: string;
  adAccountId: string;
  currency: string;
  /** In the order given. */
  campaignIds: string[];
}

export interface SeededOrder {
  date: string;
  totalMinor: number;
  refundedMinor?: number;
  currency?: string;
  utmSource?: string | null;
  utmCampaign?: string | null;
  /** The order's time (ISO 8601 UTC); noon of `date` unless given. */
  at?: string;
}

export interface AnalyticsFixture {
  database: DatabaseHandle;
  analytics: AnalyticsRepository;
  syncs: SyncRepository;
  newOrganization(): Promise<string>;
  seedAccount(input: SeededAccountInput): Promise<SeededAccount>;
  /** Upserts metric rows as a sync step does (campaign id → date → figures). */
  writeMetrics(
    organizationId: string,
    currency: string,
    days: Array<{ campaignId: string; date: string } & SeededDay>,
  ): Promise<void>;
  /** A store connection with its paid orders. */
  seedStore(input: {
    organizationId: string;
    platform?: PlatformId;
    currency?: string;
    status?: ConnectionStatus;
    orders: SeededOrder[];
  }): Promise<{ connectionId: string }>;
  close(): Promise<void>;
}

export async function createAnalyticsFixture(): Promise<AnalyticsFixture> {
  const database = await createTestDatabase();
  const { db } = database;
  const syncs = createSyncRepository(db);

  const fixture: AnalyticsFixture = {
    database,
    analytics: createAnalyticsRepository(db),
    syncs,
    async newOrganization() {
      return (await createViewer(db)).organizationId;
    },
    async seedAccount(input) {
      const adAccountId = randomUUID();
      const currency = input.currency ?? "USD";
      // One connection per organization and platform: a second account of a platform joins it.
      await db
        .insertInto("connections")
        .values({
          id: randomUUID(),
          organization_id: input.organizationId,
          platform: input.platform,
          status: input.connectionStatus ?? "active",
        })
        .onConflict((conflict) => conflict.columns(["organization_id", "platform"]).doNothing())
        .execute();
      const { id: connectionId } = await db
        .selectFrom("connections")
        .select("id")
        .where("organization_id", "=", input.organizationId)
        .where("platform", "=", input.platform)
        .executeTakeFirstOrThrow();
      await db
        .insertInto("ad_accounts")
        .values({
          id: adAccountId,
          organization_id: input.organizationId,
          connection_id: connectionId,
          external_id: `acct-${adAccountId.slice(0, 8)}`,
          name: input.accountName ?? `${input.platform} account`,
          currency,
          is_managed: input.isManaged ?? true,
          ...(input.timeZone ? { time_zone: input.timeZone } : {}),
        })
        .execute();
      const campaignIds: string[] = [];
      for (const [index, campaign] of input.campaigns.entries()) {
        const id = randomUUID();
        campaignIds.push(id);
        await db
          .insertInto("campaigns")
          .values({
            id,
            organization_id: input.organizationId,
            ad_account_id: adAccountId,
            external_id: campaign.externalId ?? String(1000 + index),
            name: campaign.name ?? `Campaign ${index + 1}`,
            status: campaign.status ?? "enabled",
            daily_budget_minor: campaign.dailyBudgetMinor === undefined ? 5_000 : campaign.dailyBudgetMinor,
            currency,
          })
          .execute();
      }
      const days = input.campaigns.flatMap((campaign, index) =>
        Object.entries(campaign.days ?? {}).map(([date, figures]) => ({
          campaignId: campaignIds[index] as string,
          date,
          ...figures,
        })),
      );
      await fixture.writeMetrics(input.organizationId, currency, days);
      return { connectionId, adAccountId, currency, campaignIds };
    },
    async writeMetrics(organizationId, currency, days) {
      await syncs.upsertDailyMetrics(
        organizationId,
        days.map((day) => ({
          campaignId: day.campaignId,
          campaignExternalId: "",
          date: day.date,
          impressions: day.impressions ?? 0,
          clicks: day.clicks ?? 0,
          spendMinor: day.spendMinor ?? 0,
          conversions: day.conversions ?? 0,
          conversionValueMinor: day.revenueMinor ?? 0,
          currency,
        })),
      );
    },
    async seedStore(input) {
      const connectionId = randomUUID();
      const currency = input.currency ?? "USD";
      await db
        .insertInto("connections")
        .values({
          id: connectionId,
          organization_id: input.organizationId,
          platform: input.platform ?? "shopify",
          status: input.status ?? "active",
          platform_context: JSON.stringify({ storeCurrency: currency }),
        })
        .execute();
      await syncs.upsertOrders(
        input.organizationId,
        connectionId,
        input.orders.map((order, index) => ({
          externalId: String(index + 1),
          name: `#${1000 + index}`,
          createdAt: order.at ?? `${order.date}T12:00:00.000Z`,
          currency: order.currency ?? currency,
          totalMinor: order.totalMinor,
          refundedMinor: order.refundedMinor ?? 0,
          utmSource: order.utmSource ?? null,
          utmMedium: null,
          utmCampaign: order.utmCampaign ?? null,
        })),
      );
      return { connectionId };
    },
    close: () => database.close(),
  };
  return fixture;
}
