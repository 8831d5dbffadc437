/**
 * The asset library's reads of synced creatives (additive to ads-repository.ts): every creative of
 * the organization that matches the library's filters with its sums over a range, and creatives'
 * daily sums over a range (a creative's page, compare). Scoped like ads-repository.ts: the
 * organization and its visible ad accounts.
 */
import { type Kysely, sql } from "kysely";
import { isVisibleAccount } from "#core/campaigns/visible-campaigns.ts";
import type { Database } from "#core/db/schema.ts";
import type { DateRange } from "#core/shared/connector-port.ts";
import type { AdSums, CreativeFilters } from "./ads-repository.ts";

export interface CreativeDaySums extends AdSums {
  creativeId: string;
  date: string;
}

const num = (value: unknown): number => Number(value ?? 0);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createCreativeLibraryRepository(db: Kysely<Database>) {
  const visibleAds = (organizationId: string) =>
    db
      .selectFrom("ads as ad")
      .innerJoin("ad_groups as g", "g.id", "ad.ad_group_id")
      .innerJoin("campaigns as c", "c.id", "ad.campaign_id")
      .innerJoin("ad_accounts as a", "a.id", "ad.ad_account_id")
      .innerJoin("connections as n", "n.id", "a.connection_id")
      .where("ad.organization_id", "=", organizationId)
      .where(isVisibleAccount);

  return {
    /**
     * Every matching creative's id with its sums over the range (no delivery: zeros). Search matches
     * the headline, the body, an ad's, ad group's or campaign's name.
     */
    async creativeSums(
      organizationId: string,
      range: DateRange,
      filters: CreativeFilters,
    ): Promise<Array<{ id: string; sums: AdSums }>> {
      let query = visibleAds(organizationId);
      if (filters.platforms?.length) query = query.where("n.platform", "in", filters.platforms);
      if (filters.kinds?.length) query = query.where("ad.kind", "in", filters.kinds);
      if (filters.search) {
        const pattern = likePattern(filters.search);
        query = query.where((eb) =>
          eb.or(
            ["ad.headline", "ad.body", "ad.name", "g.name", "c.name"].map((column) =>
              eb(sql`lower(coalesce(${sql.ref(column)}, ''))`, "like", sql`${pattern} escape '\\'`),
            ),
          ),
        );
      }
      const rows = await query
        .leftJoin("ad_daily_metrics as m", (join) =>
          join.onRef("m.ad_id", "=", "ad.id").on("m.date", ">=", range.from).on("m.date", "<=", range.to),
        )
        .groupBy("ad.creative_id")
        .select([
          "ad.creative_id",
          sql<number>`coalesce(sum(m.impressions), 0)`.as("impressions"),
          sql<number>`coalesce(sum(m.clicks), 0)`.as("clicks"),
          sql<number>`coalesce(sum(m.spend_minor), 0)`.as("spendMinor"),
          sql<number>`coalesce(sum(m.conversions), 0)`.as("conversions"),
          sql<number>`coalesce(sum(m.conversion_value_minor), 0)`.as("revenueMinor"),
          sql<number | null>`sum(m.reach)`.as("reach"),
          sql<number | null>`sum(m.video_views)`.as("videoViews"),
        ])
        .orderBy("ad.creative_id")
        .execute();
      return rows.map((row) => ({
        id: row.creative_id,
        sums: {
          impressions: num(row.impressions),
          clicks: num(row.clicks),
          spendMinor: num(row.spendMinor),
          conversions: num(row.conversions),
          revenueMinor: num(row.revenueMinor),
          reach: numOrNull(row.reach),
          videoViews: numOrNull(row.videoViews),
        },
      }));
    },

    /** The creatives' stored days in the range (summed over their ads), in date order. */
    async creativeDaySums(organizationId: string, creativeIds: string[], range: DateRange): Promise<CreativeDaySums[]> {
      if (creativeIds.length === 0) return [];
      const rows = await visibleAds(organizationId)
        .innerJoin("ad_daily_metrics as m", "m.ad_id", "ad.id")
        .where("ad.creative_id", "in", creativeIds)
        .where("m.date", ">=", range.from)
        .where("m.date", "<=", range.to)
        .groupBy(["ad.creative_id", "m.date"])
        .select([
          "ad.creative_id",
          "m.date",
          sql<number>`coalesce(sum(m.impressions), 0)`.as("impressions"),
          sql<number>`coalesce(sum(m.clicks), 0)`.as("clicks"),
          sql<number>`coalesce(sum(m.spend_minor), 0)`.as("spendMinor"),
          sql<number>`coalesce(sum(m.conversions), 0)`.as("conversions"),
          sql<number>`coalesce(sum(m.conversion_value_minor), 0)`.as("revenueMinor"),
          sql<number | null>`sum(m.reach)`.as("reach"),
          sql<number | null>`sum(m.video_views)`.as("videoViews"),
        ])
        .orderBy("m.date")
        .execute();
      return rows.map((row) => ({
        creativeId: row.creative_id,
        date: row.date,
        impressions: num(row.impressions),
        clicks: num(row.clicks),
        spendMinor: num(row.spendMinor),
        conversions: num(row.conversions),
        revenueMinor: num(row.revenueMinor),
        reach: numOrNull(row.reach),
        videoViews: numOrNull(row.videoViews),
      }));
    },
  };
}

export type CreativeLibraryRepository = ReturnType<typeof createCreativeLibraryRepository>;
