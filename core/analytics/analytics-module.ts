/**
 * The analytics slice's use cases: what the dashboard, the campaigns screens, the exports and the
 * API read. Each takes the actor and reads only the actor's organization ("workspace.read").
 */
import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import type { CalendarDate } from "#core/dates/calendar-date.ts";
import { calendarDateIn } from "#core/dates/calendar-date.ts";
import type { Database } from "#core/db/schema.ts";
import { createAnalyticsRepository } from "./analytics-repository.ts";
import type { CampaignFilters, CampaignTableRequest, DateRange } from "./analytics-types.ts";
import { dateRangeFromSearchParams, presetRange, type ResolvedDateRange } from "./date-range.ts";
import { getCampaignDetail } from "./get-campaign-detail.ts";
import { getCampaignMetrics } from "./get-campaign-metrics.ts";
import { getCampaignTable } from "./get-campaign-table.ts";
import { getDashboardAnalytics } from "./get-dashboard-analytics.ts";
import { getScopeTotals } from "./get-scope-totals.ts";
import { listCampaignStoreRevenueDays } from "./list-campaign-store-revenue.ts";
import { listDailyMetricRows } from "./list-daily-metric-rows.ts";

export interface AnalyticsModuleDeps {
  db: Kysely<Database>;
  /** The ads clock: the wall clock, or the sandbox's when it was moved ahead for a demo. */
  clock: { now(): Promise<Date> };
}

export function createAnalyticsModule({ db, clock }: AnalyticsModuleDeps) {
  const deps = { analytics: createAnalyticsRepository(db) };
  return {
    /**
     * The range a page or an export shows (`?range=` or `?from=&to=`): relative to today on the ads
     * clock in the viewer's time zone.
     */
    resolveDateRange: useCase(
      "workspace.read",
      async (
        _actor,
        input: { timeZone: string; searchParams: URLSearchParams },
      ): Promise<{ today: CalendarDate; range: ResolvedDateRange }> => {
        const today = calendarDateIn(input.timeZone, await clock.now());
        return { today, range: dateRangeFromSearchParams(input.searchParams, today) };
      },
    ),
    getCampaignTable: useCase("workspace.read", (actor, request: CampaignTableRequest) =>
      getCampaignTable(deps, { ...request, organizationId: actor.organizationId }),
    ),
    getCampaignDetail: useCase("workspace.read", (actor, input: { campaignId: string; range: DateRange }) =>
      getCampaignDetail(deps, { ...input, organizationId: actor.organizationId }),
    ),
    /** A campaign's KPIs (the API): over `range`, or the last 30 days (UTC) by the ads clock. */
    getCampaignMetrics: useCase(
      "workspace.read",
      async (actor, input: { campaignId: string; range?: DateRange; granularity: "daily" | "total" }) => {
        const range = input.range ?? presetRange("last_30_days", (await clock.now()).toISOString().slice(0, 10));
        return getCampaignMetrics(deps, { ...input, range, organizationId: actor.organizationId });
      },
    ),
    getDashboardAnalytics: useCase("workspace.read", (actor, input: { range: DateRange; reportingCurrency: string }) =>
      getDashboardAnalytics(deps, { ...input, organizationId: actor.organizationId }),
    ),
    /** KPIs per scope (the organization, each platform) and currency: what goals are measured against. */
    getScopeTotals: useCase("workspace.read", (actor, input: { range: DateRange }) =>
      getScopeTotals(deps, { ...input, organizationId: actor.organizationId }),
    ),
    listDailyMetricRows: useCase(
      "workspace.read",
      async (actor, input: { range: DateRange; filters: CampaignFilters; batchSize?: number }) =>
        listDailyMetricRows(deps, { ...input, organizationId: actor.organizationId }),
    ),
    /** "Every campaign matching the filters": their ids by name, or only their count when more than `limit`. */
    listMatchingCampaignIds: useCase("workspace.read", (actor, input: { filters: CampaignFilters; limit: number }) =>
      deps.analytics.listMatchingCampaignIds(actor.organizationId, input.filters, input.limit),
    ),
  };
}

export type AnalyticsModule = ReturnType<typeof createAnalyticsModule>;

/**
 * For other slices, through the composition root (the optimizer's `storeRevenueDays`), not an
 * actor's call: each campaign's store revenue per day of its own calendar in [from, to], attributed
 * by UTM tags (`list-campaign-store-revenue.ts`).
 */
export function createCampaignStoreRevenueDays({ db }: { db: Kysely<Database> }) {
  const deps = { analytics: createAnalyticsRepository(db) };
  return (organizationId: string, from: string, to: string) =>
    listCampaignStoreRevenueDays(deps, organizationId, from, to);
}
