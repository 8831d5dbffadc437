/**
 * What the rule engine reads: the organization's time zone, its visible campaigns with their labels
 * and daily metrics, the store revenue its connected platforms claim and all ad spend per currency
 * and day (blended ROAS, defined as the dashboard's: `BlendedRoas` in core/analytics), the
 * goals' targets and the conversion lag model. A handful of queries per context, whatever the number
 * of rules evaluated against it.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";
import { isVisibleAccount, visibleCampaigns } from "#core/campaigns/visible-campaigns.ts";
import { addDays, type CalendarDate } from "#core/dates/calendar-date.ts";
import type { Database } from "#core/db/schema.ts";
import { organizationTimeZone } from "#core/organizations/organization-time-zone.ts";
import { isAdPlatform } from "#core/shared/platforms.ts";
import { loadClaimedStoreRevenue } from "./claimed-store-revenue.ts";
import { computeLagModel, LAG_AGES, LAG_LOOKBACK_DAYS, type LagModel } from "./conversion-lag.ts";
import { buildEvaluationContext, type CampaignFacts, type EvaluationContext } from "./evaluation-context.ts";

// Moved to core/organizations (monitoring uses it too); re-exported until the rules' callers import it there.

/** The lag model from the sync's snapshots and the stored daily totals (conversion-lag.ts). */
export async function measureConversionLag(
  db: Kysely<Database>,
  organizationId: string,
  today: CalendarDate,
): Promise<LagModel> {
  const from = addDays(today, -(LAG_AGES + LAG_LOOKBACK_DAYS));
  const [snapshots, days] = await Promise.all([
    db
      .selectFrom("conversion_lag_snapshots")
      .select(["platform", "date", "age_days", "conversions"])
      .where("organization_id", "=", organizationId)
      .where("date", ">=", from)
      .where("date", "<=", today)
      .execute(),
    db
      .selectFrom("ad_account_daily_metrics as r")
      .innerJoin("ad_accounts as a", "a.id", "r.ad_account_id")
      .innerJoin("connections as n", "n.id", "a.connection_id")
      .where("r.organization_id", "=", organizationId)
      .where("r.date", ">=", from)
      .where("r.date", "<=", today)
      .where(isVisibleAccount)
      .groupBy(["n.platform", "r.date"])
      .select([
        "n.platform",
        "r.date",
        sql<number>`sum(r.clicks)`.as("clicks"),
        sql<number>`sum(r.conversions)`.as("conversions"),
      ])
      .execute(),
  ]);
  return computeLagModel({
    today,
    snapshots: snapshots.map((row) => ({
      platform: row.platform,
      date: row.date,
      ageDays: Number(row.age_days),
      conversions: Number(row.conversions),
    })),
    days: days.map((row) => ({
      platform: row.platform,
      date: row.date,
      clicks: Number(row.clicks),
      conversions: Number(row.conversions),
    })),
  });
}

export interface LoadContextOptions {
  /** The organization's date; the last day loaded. */
  today: CalendarDate;
  /** Days loaded, today included (requiredHistoryDays in rule-windows.ts says how many a rule needs). */
  days: number;
  /** Only these campaigns (a rule's list scope); all visible campaigns otherwise. */
  campaignIds?: readonly string[];
  now?: Date;
  /** Known already; read from the owner's profile otherwise. */
  timeZone?: string;
}

/** Everything the engine needs for the organization's rules on `today`, in a few queries. */
export async function loadEvaluationContext(
  db: Kysely<Database>,
  organizationId: string,
  options: LoadContextOptions,
): Promise<EvaluationContext> {
  const from = addDays(options.today, -(Math.max(1, options.days) - 1));
  const ids = options.campaignIds ? [...new Set(options.campaignIds)] : null;
  if (ids && ids.length === 0)
    return buildEvaluationContext({
      today: options.today,
      now: options.now ?? new Date(),
      timeZone: options.timeZone ?? (await organizationTimeZone(db, organizationId)),
      days: options.days,
      campaigns: [],
      metrics: [],
    });

  let campaignQuery = visibleCampaigns(db, organizationId, { removed: "exclude" }).select([
    "c.id",
    "n.platform",
    "c.ad_account_id",
    "c.name",
    "c.status",
    "c.daily_budget_minor",
    "c.currency",
  ]);
  // By name, then id: the same order every time (a run's limits take campaigns in this order).
  campaignQuery = campaignQuery.orderBy("c.name").orderBy("c.id");
  if (ids) campaignQuery = campaignQuery.where("c.id", "in", ids);
  // Each campaign's days packed into one text by the database (packed-metrics.ts): 10,000 rows
  // instead of 900,000 through the driver, read into the series without intermediate objects.
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const dayIndex = isPostgres
    ? sql`(m.date::date - ${from}::date)`
    : sql`cast(julianday(m.date) - julianday(${from}) as integer)`;
  const packedDay = sql`concat_ws(' ', ${dayIndex}, m.impressions, m.clicks, m.spend_minor, m.conversions, m.conversion_value_minor)`;
  let metricQuery = db
    .selectFrom("campaign_daily_metrics as m")
    .select([
      "m.campaign_id",
      (isPostgres ? sql<string>`string_agg(${packedDay}, ' ')` : sql<string>`group_concat(${packedDay}, ' ')`).as(
        "days",
      ),
    ])
    .where("m.organization_id", "=", organizationId)
    .where("m.date", ">=", from)
    .where("m.date", "<=", options.today)
    .groupBy("m.campaign_id");
  if (ids) metricQuery = metricQuery.where("m.campaign_id", "in", ids);
  let labelQuery = db
    .selectFrom("campaign_labels")
    .select(["campaign_id", "label"])
    .where("organization_id", "=", organizationId);
  if (ids) labelQuery = labelQuery.where("campaign_id", "in", ids);

  const [timeZone, campaignRows, labelRows, metricRows, storeRevenue, spendRows, goalRows, lag] = await Promise.all([
    options.timeZone ?? organizationTimeZone(db, organizationId),
    campaignQuery.execute(),
    labelQuery.execute(),
    metricQuery.execute(),
    loadClaimedStoreRevenue(db, organizationId, from, options.today),
    db
      .selectFrom("ad_account_daily_metrics as r")
      .innerJoin("ad_accounts as a", "a.id", "r.ad_account_id")
      .innerJoin("connections as n", "n.id", "a.connection_id")
      .where("r.organization_id", "=", organizationId)
      .where("r.date", ">=", from)
      .where("r.date", "<=", options.today)
      .where(isVisibleAccount)
      .groupBy(["r.date", "r.currency"])
      .select(["r.date", "r.currency", sql<number>`sum(r.spend_minor)`.as("amount")])
      .execute(),
    db
      .selectFrom("goals")
      .select(["scope", "target_kind", "target_cpa_minor", "target_roas", "currency"])
      .where("organization_id", "=", organizationId)
      .execute(),
    measureConversionLag(db, organizationId, options.today),
  ]);

  const labels = new Map<string, string[]>();
  for (const row of labelRows) {
    const list = labels.get(row.campaign_id);
    if (list) list.push(row.label);
    else labels.set(row.campaign_id, [row.label]);
  }
  const campaigns: CampaignFacts[] = [];
  for (const row of campaignRows) {
    if (!isAdPlatform(row.platform)) continue;
    campaigns.push({
      id: row.id,
      name: row.name,
      platform: row.platform,
      adAccountId: row.ad_account_id,
      status: row.status,
      dailyBudgetMinor: row.daily_budget_minor == null ? null : Number(row.daily_budget_minor),
      currency: row.currency,
      labels: (labels.get(row.id) ?? []).sort(),
    });
  }
  return buildEvaluationContext({
    today: options.today,
    now: options.now ?? new Date(),
    timeZone,
    days: options.days,
    campaigns,
    metrics: [],
    packedMetrics: metricRows.map((row) => ({ campaignId: row.campaign_id, days: row.days })),
    // Only what a connected platform claims, as on the dashboard: unattributed orders never count.
    storeRevenue,
    adSpend: spendRows.map((row) => ({ date: row.date, currency: row.currency, amountMinor: Number(row.amount) })),
    // A goal sets the target of its kind (the goals page shows one target per scope).
    goals: goalRows.map((row) => ({
      scope: row.scope,
      targetCpaMinor: row.target_kind === "cpa" && row.target_cpa_minor != null ? Number(row.target_cpa_minor) : null,
      targetRoas: row.target_kind === "roas" && row.target_roas != null ? Number(row.target_roas) : null,
      currency: row.currency,
    })),
    lag,
  });
}
