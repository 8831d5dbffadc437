/**
 * The effective conversions and revenue of a campaign-day, which every reader sees.
 *
 * - Conversions and their value: the platform's own figure, corrected by the organization's
 *   choices. For every action whose choice differs from the platform's (counted here but not in the
 *   platform's column, or the other way round), its count and value for that campaign-day are
 *   added or taken away. With no choice that differs, the figure is exactly the platform's, so
 *   turning a choice back restores it bit for bit.
 * - Revenue, where the revenue truth of the campaign's platform is the store: the store's orders
 *   attributed to the campaign by UTM tags on that day (`campaign_daily_store_revenue`), instead of
 *   the platform's conversion value.
 *
 * `campaign_daily_metrics.conversions` and `conversion_value_minor` hold the effective figures (the
 * platform's own stay beside them in `platform_conversions` / `platform_conversion_value_minor`),
 * and the analytics rollups are refreshed from them in the same transaction: the dashboard, the
 * campaigns table, the API, exports, rules and the optimizer see the organization's choice by
 * construction. See docs/decisions/013-conversion-settings.md.
 */
import { sql } from "kysely";
import { refreshMetricRollups } from "#core/analytics/analytics-rollups.ts";
import { chunk, type Db, IDS_PER_STATEMENT, isPostgres } from "#core/analytics/analytics-sql.ts";
import type { CalendarDate } from "#core/dates/calendar-date.ts";
import { AD_PLATFORM_IDS, type AdPlatformId } from "#core/shared/platforms.ts";

/** The ad platforms whose revenue truth is the store: their override, or the organization's default. */
export async function storeTruthPlatforms(db: Db, organizationId: string): Promise<AdPlatformId[]> {
  const [organization, overrides] = await Promise.all([
    db.selectFrom("organization").select("default_attribution").where("id", "=", organizationId).executeTakeFirst(),
    db
      .selectFrom("revenue_truth_overrides")
      .select(["platform", "source"])
      .where("organization_id", "=", organizationId)
      .execute(),
  ]);
  const byPlatform = new Map(overrides.map((row) => [row.platform, row.source]));
  const fallback = organization?.default_attribution === "store" ? "store" : "platform";
  return AD_PLATFORM_IDS.filter((platform) => (byPlatform.get(platform) ?? fallback) === "store");
}

/** True when the organization chose differently from a platform for at least one action. */
async function hasDifferingChoice(db: Db, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom("conversion_settings as s")
    .innerJoin("conversion_actions as a", "a.id", "s.action_id")
    .select("s.action_id")
    .where("s.organization_id", "=", organizationId)
    .where(sql<boolean>`s.counted <> a.counted_by_platform`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * True when fresh platform figures need rewriting for the organization: a choice differs from a
 * platform's, or some platform's revenue truth is the store.
 */
export async function hasEffectiveAdjustments(db: Db, organizationId: string): Promise<boolean> {
  return (await hasDifferingChoice(db, organizationId)) || (await storeTruthPlatforms(db, organizationId)).length > 0;
}

/** The correction of one campaign-day's column: Σ of differing choices' counts, signed. */
const correction = (column: "conversions" | "conversion_value_minor") => sql`coalesce((
  select sum(case when s.counted then d.${sql.ref(column)} else -d.${sql.ref(column)} end)
  from campaign_daily_conversions d
  join conversion_actions a on a.id = d.action_id
  join conversion_settings s on s.action_id = d.action_id
  where d.campaign_id = campaign_daily_metrics.campaign_id and d.date = campaign_daily_metrics.date
    and s.counted <> a.counted_by_platform
), 0)`;

const storeRevenue = sql`coalesce((
  select r.revenue_minor from campaign_daily_store_revenue r
  where r.campaign_id = campaign_daily_metrics.campaign_id and r.date = campaign_daily_metrics.date
), 0)`;

/** Those of `campaignIds` (at most IDS_PER_STATEMENT) on one of `platforms`. */
async function campaignsOnPlatforms(db: Db, campaignIds: readonly string[], platforms: readonly string[]) {
  if (platforms.length === 0) return [];
  const rows = await db
    .selectFrom("campaigns as c")
    .innerJoin("ad_accounts as a", "a.id", "c.ad_account_id")
    .innerJoin("connections as n", "n.id", "a.connection_id")
    .select("c.id")
    .where("c.id", "in", campaignIds)
    .where("n.platform", "in", platforms)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Rewrites the effective conversions and revenue of `campaignIds` on [from, to] from the platform's
 * figures, the organization's choices and its revenue truth (call it in a transaction; then refresh
 * the rollups, or use `applyConversionChoices`).
 */
export async function rewriteEffectiveConversions(
  db: Db,
  organizationId: string,
  campaignIds: readonly string[],
  from: CalendarDate,
  to: CalendarDate,
): Promise<void> {
  // Never below zero: a platform may report an action's count after its own column was read.
  const floor = (value: ReturnType<typeof sql>) =>
    isPostgres(db) ? sql`greatest(0, ${value})` : sql`max(0, ${value})`;
  const base = (column: string, platformColumn: string) =>
    sql`coalesce(${sql.ref(platformColumn)}, ${sql.ref(column)})`;
  const storePlatforms = await storeTruthPlatforms(db, organizationId);
  for (const ids of chunk(campaignIds, IDS_PER_STATEMENT)) {
    const storeIds = await campaignsOnPlatforms(db, ids, storePlatforms);
    const platformValue = floor(
      sql`${base("conversion_value_minor", "platform_conversion_value_minor")} + ${correction("conversion_value_minor")}`,
    );
    const value =
      storeIds.length === 0
        ? platformValue
        : sql`case when campaign_id in (${sql.join(storeIds)}) then ${storeRevenue} else ${platformValue} end`;
    await sql`
      update campaign_daily_metrics set
        conversions = ${floor(sql`${base("conversions", "platform_conversions")} + ${correction("conversions")}`)},
        conversion_value_minor = ${value},
        platform_conversions = ${base("conversions", "platform_conversions")},
        platform_conversion_value_minor = ${base("conversion_value_minor", "platform_conversion_value_minor")}
      where organization_id = ${organizationId} and campaign_id in (${sql.join(ids)})
        and date >= ${from} and date <= ${to}`.execute(db);
  }
}

/** Rewrites the effective figures of `campaignIds` on [from, to] and the rollups that sum them. */
export async function applyConversionChoices(
  db: Db,
  organizationId: string,
  campaignIds: readonly string[],
  from: CalendarDate,
  to: CalendarDate,
): Promise<void> {
  if (campaignIds.length === 0 || to < from) return;
  await rewriteEffectiveConversions(db, organizationId, campaignIds, from, to);
  await refreshMetricRollups(
    db,
    organizationId,
    campaignIds.flatMap((campaignId) => [
      { campaignId, date: from },
      { campaignId, date: to },
    ]),
  );
}

/** The organization's campaigns on `platforms` (all of them when null), by id. */
export async function campaignIdsOf(db: Db, organizationId: string, platforms: readonly string[] | null) {
  if (platforms !== null && platforms.length === 0) return [];
  let query = db
    .selectFrom("campaigns as c")
    .innerJoin("ad_accounts as a", "a.id", "c.ad_account_id")
    .innerJoin("connections as n", "n.id", "a.connection_id")
    .select("c.id")
    .where("c.organization_id", "=", organizationId);
  if (platforms !== null) query = query.where("n.platform", "in", platforms);
  return (await query.orderBy("c.id").execute()).map((row) => row.id);
}

/** The first and last day of the organization's campaign-days, or null without any. */
export async function metricSpan(db: Db, organizationId: string) {
  const span = await db
    .selectFrom("campaign_daily_metrics")
    .select((eb) => [eb.fn.min("date").as("first"), eb.fn.max("date").as("last")])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return span?.first && span.last ? { from: span.first, to: span.last } : null;
}
