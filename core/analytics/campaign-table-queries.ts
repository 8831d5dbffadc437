/** The campaigns table: one page of the visible campaigns, filtered and sorted. */
import { type Expression, type RawBuilder, sql } from "kysely";
import {
  type Db,
  difference,
  filteredCampaigns,
  findManagedAccountIds,
  findSummaries,
  joinRangeSums,
  lookupDates,
  ratio,
  toSums,
} from "./analytics-sql.ts";
import type {
  CampaignFilters,
  CampaignSortKey,
  CampaignSummary,
  CampaignTableQuery,
  MetricSums,
} from "./analytics-types.ts";

function metricSortExpression(key: CampaignSortKey): RawBuilder<number | null> | null {
  switch (key) {
    case "spend":
      return difference("spend_minor");
    case "impressions":
      return difference("impressions");
    case "clicks":
      return difference("clicks");
    case "conversions":
      return difference("conversions");
    case "revenue":
      return difference("conversion_value_minor");
    case "ctr":
      return ratio("clicks", "impressions");
    case "cpc":
      return ratio("spend_minor", "clicks");
    case "cpa":
      return ratio("spend_minor", "conversions");
    case "roas":
      return ratio("conversion_value_minor", "spend_minor");
    default:
      return null;
  }
}

const RATIO_KEYS: ReadonlySet<CampaignSortKey> = new Set(["ctr", "cpc", "cpa", "roas"]);

export async function listCampaignPage(
  db: Db,
  query: CampaignTableQuery,
): Promise<{ campaigns: CampaignSummary[]; total: number }> {
  const { organizationId, filters, sort } = query;
  const [dates, accountIds] = await Promise.all([
    lookupDates(db, organizationId, query.range),
    findManagedAccountIds(db, organizationId, filters),
  ]);
  if (accountIds.length === 0) return { campaigns: [], total: 0 };
  const metric = metricSortExpression(sort.key);
  let page = filteredCampaigns(db, organizationId, accountIds, filters).select("c.id");
  // Null when every campaign has the same value: the tie-breakers alone order them.
  let sortBy: Expression<unknown> | null;
  let hasNulls = false;
  if (metric) {
    if (dates) page = joinRangeSums(page, accountIds, dates) as unknown as typeof page;
    // Without data in the range every sum is zero and every ratio has no value.
    sortBy = dates ? metric : null;
    hasNulls = RATIO_KEYS.has(sort.key);
  } else if (sort.key === "platform" || sort.key === "account") {
    page = page
      .innerJoin("ad_accounts as a", "a.id", "c.ad_account_id")
      .innerJoin("connections as n", "n.id", "a.connection_id") as unknown as typeof page;
    sortBy = sort.key === "platform" ? sql`n.platform` : sql`lower(a.name)`;
  } else if (sort.key === "dailyBudget") {
    sortBy = sql`c.daily_budget_minor`;
    hasNulls = true;
  } else {
    sortBy = sort.key === "status" ? sql`c.status` : sql`lower(c.name)`;
  }
  if (sortBy) {
    // Values that do not exist (a ratio over zero, no budget) come last whichever the direction.
    if (hasNulls) page = page.orderBy(sql`case when ${sortBy} is null then 1 else 0 end`);
    page = page.orderBy(sortBy, sort.direction);
  }
  const ordered = page
    .orderBy(sql`lower(c.name)`)
    .orderBy("c.id")
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, count] = await Promise.all([
    ordered.execute(),
    filteredCampaigns(db, organizationId, accountIds, filters)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    campaigns: await findSummaries(
      db,
      organizationId,
      rows.map((row) => row.id),
    ),
    total: Number(count.count),
  };
}

/**
 * The ids of the visible campaigns matching the filters, in the table's order by name, for "every
 * campaign matching the filters"; only their count when there are more than `limit`.
 */
export async function listMatchingCampaignIds(
  db: Db,
  organizationId: string,
  filters: CampaignFilters,
  limit: number,
): Promise<{ ids: string[]; total: number }> {
  const accountIds = await findManagedAccountIds(db, organizationId, filters);
  if (accountIds.length === 0) return { ids: [], total: 0 };
  const count = await filteredCampaigns(db, organizationId, accountIds, filters)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count.count);
  if (total > limit) return { ids: [], total };
  const rows = await filteredCampaigns(db, organizationId, accountIds, filters)
    .select("c.id")
    .orderBy(sql`lower(c.name)`)
    .orderBy("c.id")
    .execute();
  return { ids: rows.map((row) => row.id), total };
}

/** The labels of a page's campaigns, sorted, in one query. */
export async function listCampaignLabels(
  db: Db,
  organizationId: string,
  campaignIds: readonly string[],
): Promise<Map<string, string[]>> {
  const labels = new Map<string, string[]>();
  if (campaignIds.length === 0) return labels;
  const rows = await db
    .selectFrom("campaign_labels")
    .select(["campaign_id", "label"])
    .where("organization_id", "=", organizationId)
    .where("campaign_id", "in", [...campaignIds])
    .orderBy("label")
    .execute();
  for (const row of rows) labels.set(row.campaign_id, [...(labels.get(row.campaign_id) ?? []), row.label]);
  return labels;
}

/** The table's footer: the sums of every campaign matching the filters (all pages), per currency. */
export interface CampaignTableSums extends MetricSums {
  currency: string;
  /** How many matching campaigns are in this currency. */
  campaigns: number;
}

/**
 * Sums over the range of every visible campaign matching the filters, one row per currency (money
 * in different currencies is never added up), in currency order. Ratios are derived from these sums
 * by the caller, so the footer's CTR is the clicks over the impressions of all of them.
 */
export async function sumCampaignTable(
  db: Db,
  organizationId: string,
  range: CampaignTableQuery["range"],
  filters: CampaignFilters,
): Promise<CampaignTableSums[]> {
  const [dates, accountIds] = await Promise.all([
    lookupDates(db, organizationId, range),
    findManagedAccountIds(db, organizationId, filters),
  ]);
  if (accountIds.length === 0) return [];
  const base = filteredCampaigns(db, organizationId, accountIds, filters);
  if (!dates) {
    // No data in the range: every campaign counts, with zero sums.
    const rows = await base
      .select(["c.currency", (eb) => eb.fn.countAll<number>().as("campaigns")])
      .groupBy("c.currency")
      .orderBy("c.currency")
      .execute();
    return rows.map((row) => ({ ...toSums(undefined), currency: row.currency, campaigns: Number(row.campaigns) }));
  }
  const rows = await joinRangeSums(base, accountIds, dates)
    .select([
      "c.currency",
      (eb) => eb.fn.countAll<number>().as("campaigns"),
      sql<number>`cast(sum(${difference("impressions")}) as bigint)`.as("impressions"),
      sql<number>`cast(sum(${difference("clicks")}) as bigint)`.as("clicks"),
      sql<number>`cast(sum(${difference("spend_minor")}) as bigint)`.as("spend_minor"),
      sql<number>`sum(${difference("conversions")})`.as("conversions"),
      sql<number>`cast(sum(${difference("conversion_value_minor")}) as bigint)`.as("conversion_value_minor"),
    ])
    .groupBy("c.currency")
    .orderBy("c.currency")
    .execute();
  return rows.map((row) => ({ ...toSums(row), currency: row.currency, campaigns: Number(row.campaigns) }));
}
