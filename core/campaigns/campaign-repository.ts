import type { Kysely } from "kysely";
import type { CampaignStatus, Database } from "../db/schema.ts";

export interface CampaignForChange {
  id: string;
  externalId: string;
  name: string;
  status: CampaignStatus;
  dailyBudgetMinor: number | null;
  currency: string;
  connectionId: string;
  adAccount: {
    id: string;
    externalId: string;
    name: string;
    currency: string;
    timeZone: string;
    context: Record<string, string>;
  };
}

export interface CampaignRepository {
  /** The campaign with what a platform call needs, if it belongs to the organization. */
  findForChange(organizationId: string, campaignId: string): Promise<CampaignForChange | null>;
  /** Mirrors a change the platform accepted, so the product shows it before the next sync. */
  recordChange(
    organizationId: string,
    campaignId: string,
    change: { status?: CampaignStatus; dailyBudgetMinor?: number },
  ): Promise<void>;
}

export function createCampaignRepository(db: Kysely<Database>): CampaignRepository {
  return {
    async findForChange(organizationId, campaignId) {
      const row = await db
        .selectFrom("campaigns")
        .innerJoin("ad_accounts", "ad_accounts.id", "campaigns.ad_account_id")
        .select([
          "campaigns.id",
          "campaigns.external_id",
          "campaigns.name",
          "campaigns.status",
          "campaigns.daily_budget_minor",
          "campaigns.currency",
          "ad_accounts.connection_id",
          "ad_accounts.id as account_id",
          "ad_accounts.external_id as account_external_id",
          "ad_accounts.name as account_name",
          "ad_accounts.currency as account_currency",
          "ad_accounts.time_zone as account_time_zone",
          "ad_accounts.platform_context as account_context",
        ])
        .where("campaigns.organization_id", "=", organizationId)
        .where("campaigns.id", "=", campaignId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        externalId: row.external_id,
        name: row.name,
        status: row.status,
        dailyBudgetMinor: row.daily_budget_minor,
        currency: row.currency,
        connectionId: row.connection_id,
        adAccount: {
          id: row.account_id,
          externalId: row.account_external_id,
          name: row.account_name,
          currency: row.account_currency,
          timeZone: row.account_time_zone,
          context: row.account_context ? (JSON.parse(row.account_context) as Record<string, string>) : {},
        },
      };
    },
    async recordChange(organizationId, campaignId, change) {
      await db
        .updateTable("campaigns")
        .set({
          ...(change.status ? { status: change.status } : {}),
          ...(change.dailyBudgetMinor !== undefined ? { daily_budget_minor: change.dailyBudgetMinor } : {}),
          updated_at: new Date().toISOString(),
        })
        .where("organization_id", "=", organizationId)
        .where("id", "=", campaignId)
        .execute();
    },
  };
}
