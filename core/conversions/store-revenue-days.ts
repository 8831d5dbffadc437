/**
 * Store revenue per campaign-day for the revenue truth "store": the orders of the organization's
 * connected stores attributed to campaigns by UTM tags, on each campaign's account's days
 * (core/analytics/list-campaign-store-revenue.ts decides the attribution), kept in
 * `campaign_daily_store_revenue` so a rewrite of the effective figures reads them by key.
 */
import { createAnalyticsRepository } from "#core/analytics/analytics-repository.ts";
import { chunk, type Db } from "#core/analytics/analytics-sql.ts";
import { listCampaignStoreRevenueDays } from "#core/analytics/list-campaign-store-revenue.ts";
import { addDays, type CalendarDate } from "#core/dates/calendar-date.ts";
import { applyConversionChoices, campaignIdsOf, metricSpan, storeTruthPlatforms } from "./effective-conversions.ts";

/** Recomputes the organization's store revenue per campaign-day on [from, to] (call it in a transaction). */
export async function refreshStoreRevenueDays(db: Db, organizationId: string, from: CalendarDate, to: CalendarDate) {
  const days = await listCampaignStoreRevenueDays(
    { analytics: createAnalyticsRepository(db) },
    organizationId,
    from,
    to,
  );
  await db
    .deleteFrom("campaign_daily_store_revenue")
    .where("organization_id", "=", organizationId)
    .where("date", ">=", from)
    .where("date", "<=", to)
    .execute();
  for (const rows of chunk(days, 1_000))
    await db
      .insertInto("campaign_daily_store_revenue")
      .values(
        rows.map((day) => ({
          campaign_id: day.campaignId,
          date: day.date,
          organization_id: organizationId,
          revenue_minor: day.revenueMinor,
          orders: day.orders,
        })),
      )
      .execute();
}

/** The UTC days of the organization's store orders, widened by a day each way (any account's days), or null. */
async function orderSpan(db: Db, organizationId: string) {
  const span = await db
    .selectFrom("store_orders")
    .select((eb) => [eb.fn.min("ordered_at").as("first"), eb.fn.max("ordered_at").as("last")])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return span?.first && span.last
    ? { from: addDays(span.first.slice(0, 10), -1), to: addDays(span.last.slice(0, 10), 1) }
    : null;
}

/**
 * After store orders of [from, to] (UTC days) were written: when some platform's revenue truth is
 * the store, its campaigns' store revenue and effective figures follow (call it in the orders' transaction).
 */
export async function followStoreOrders(db: Db, organizationId: string, from: CalendarDate, to: CalendarDate) {
  const platforms = await storeTruthPlatforms(db, organizationId);
  if (platforms.length === 0) return;
  const days = { from: addDays(from, -1), to: addDays(to, 1) };
  await refreshStoreRevenueDays(db, organizationId, days.from, days.to);
  await applyConversionChoices(
    db,
    organizationId,
    await campaignIdsOf(db, organizationId, platforms),
    days.from,
    days.to,
  );
}

/**
 * After the revenue truth changed from `before` to `after` (store platforms): the store revenue is
 * brought up to date and the campaigns of every platform whose truth changed are rewritten over
 * their whole history (call it in the change's transaction).
 */
export async function followRevenueTruth(
  db: Db,
  organizationId: string,
  before: readonly string[],
  after: readonly string[],
) {
  const changed = [...new Set([...before, ...after])].filter(
    (platform) => before.includes(platform) !== after.includes(platform),
  );
  if (changed.length === 0) return;
  const orders = await orderSpan(db, organizationId);
  if (after.length > 0 && orders) await refreshStoreRevenueDays(db, organizationId, orders.from, orders.to);
  const span = await metricSpan(db, organizationId);
  if (span)
    await applyConversionChoices(
      db,
      organizationId,
      await campaignIdsOf(db, organizationId, changed),
      span.from,
      span.to,
    );
}
