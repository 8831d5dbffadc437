import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { AnalyticsRepository, PlatformSums, StoreRevenueBySource } from "./analytics-repository.ts";
import type {
  BlendedRoas,
  CurrencyTotals,
  DashboardAnalytics,
  DateRange,
  MetricSums,
  PlatformTotals,
} from "./analytics-types.ts";
import { withPeriodKpis } from "./campaign-rows.ts";
import { previousRange } from "./date-range.ts";
import { addSums, emptySums, toKpis } from "./kpis.ts";
import { needsCampaignTags, storeOrderClaimant } from "./utm-attribution.ts";

/** How many campaigns the best and the worst lists hold. */
export const RANKED_CAMPAIGNS = 5;

/** Reporting currency first, then the others alphabetically. */
function byReportingCurrency(reportingCurrency: string) {
  return (a: string, b: string) =>
    Number(b === reportingCurrency) - Number(a === reportingCurrency) || a.localeCompare(b);
}

function sumsByCurrency(platforms: PlatformSums[]): Map<string, MetricSums> {
  const totals = new Map<string, MetricSums>();
  for (const { platform: _platform, currency, ...sums } of platforms)
    totals.set(currency, addSums(totals.get(currency) ?? emptySums(), sums));
  return totals;
}

interface StoreTotals {
  revenueMinor: number;
  orders: number;
  /** Claimed by a connected platform (see `storeOrderClaimant`). */
  attributedMinor: number;
  byPlatform: Map<AdPlatformId, number>;
}

function storeTotalsByCurrency(
  sources: StoreRevenueBySource[],
  claimant: ReturnType<typeof storeOrderClaimant>,
): Map<string, StoreTotals> {
  const totals = new Map<string, StoreTotals>();
  for (const source of sources) {
    const total = totals.get(source.currency) ?? {
      revenueMinor: 0,
      orders: 0,
      attributedMinor: 0,
      byPlatform: new Map(),
    };
    total.revenueMinor += source.revenueMinor;
    total.orders += source.orders;
    const platform = claimant(source.utmSource, source.currency, source.utmCampaign);
    if (platform) {
      total.byPlatform.set(platform, (total.byPlatform.get(platform) ?? 0) + source.revenueMinor);
      total.attributedMinor += source.revenueMinor;
    }
    totals.set(source.currency, total);
  }
  return totals;
}

/**
 * What the organization connected and its store revenue now and before, with who may claim each
 * order: the orders' campaign tags are read only when they can change the answer (a platform
 * advertised on in several currencies).
 */
async function readStore(
  analytics: AnalyticsRepository,
  organizationId: string,
  range: DateRange,
  previous: DateRange,
) {
  const kinds = await analytics.findConnectedKinds(organizationId);
  if (!kinds.hasStore) return { kinds, claimant: storeOrderClaimant(kinds.claimingAccounts), now: [], before: [] };
  const byCampaignTag = needsCampaignTags(kinds.claimingAccounts);
  const [now, before, campaigns] = await Promise.all([
    analytics.sumStoreRevenue(organizationId, range, { byCampaignTag }),
    analytics.sumStoreRevenue(organizationId, previous, { byCampaignTag }),
    byCampaignTag ? analytics.listCampaignIdentities(organizationId) : [],
  ]);
  return { kinds, claimant: storeOrderClaimant(kinds.claimingAccounts, campaigns), now, before };
}

/**
 * The dashboard's analytics for a range: totals per currency and per platform against the period
 * before, the daily trend per platform, the best and worst campaigns by ROAS (among those that
 * spent; the worst list leaves out campaigns already among the best), and the blended ROAS: the
 * store revenue (paid orders minus refunds) the connected platforms claim by UTM source over their
 * ad spend in the same currency (`BlendedRoas`), beside all store revenue and the unattributed
 * part, with the store revenue each platform earned.
 */
export async function getDashboardAnalytics(
  { analytics }: { analytics: AnalyticsRepository },
  input: { organizationId: string; range: DateRange; reportingCurrency: string },
): Promise<DashboardAnalytics> {
  const { organizationId, range } = input;
  const previous = previousRange(range);
  const [store, platformsNow, platformsBefore, trend, ranked] = await Promise.all([
    readStore(analytics, organizationId, range, previous),
    analytics.sumByPlatform(organizationId, range),
    analytics.sumByPlatform(organizationId, previous),
    analytics.listPlatformDays(organizationId, range),
    analytics.rankCampaignsByRoas(organizationId, range, RANKED_CAMPAIGNS),
  ]);
  const { kinds, claimant, now: storeNow, before: storeBefore } = store;
  const [topCampaigns, bottomCampaigns] = await Promise.all([
    withPeriodKpis(analytics, organizationId, ranked.best, range, previous),
    withPeriodKpis(analytics, organizationId, ranked.worst, range, previous),
  ]);
  const currencyOrder = byReportingCurrency(input.reportingCurrency);

  const spendNow = sumsByCurrency(platformsNow);
  const spendBefore = sumsByCurrency(platformsBefore);
  const adCurrencies = [...new Set([...spendNow.keys(), ...spendBefore.keys()])].sort(currencyOrder);
  const totals: CurrencyTotals[] = (adCurrencies.length > 0 ? adCurrencies : [input.reportingCurrency]).map(
    (currency) => ({
      currency,
      current: toKpis(spendNow.get(currency) ?? emptySums()),
      previous: toKpis(spendBefore.get(currency) ?? emptySums()),
    }),
  );

  const storeTotalsNow = storeTotalsByCurrency(storeNow, claimant);
  const storeTotalsBefore = storeTotalsByCurrency(storeBefore, claimant);
  const key = (platform: string, currency: string) => `${platform} ${currency}`;
  const platformKeys = new Map<string, { platform: AdPlatformId; currency: string }>();
  for (const { platform, currency } of [...platformsNow, ...platformsBefore])
    platformKeys.set(key(platform, currency), { platform, currency });
  const sumsOf = (rows: PlatformSums[], platform: string, currency: string): MetricSums => {
    const row = rows.find((candidate) => candidate.platform === platform && candidate.currency === currency);
    if (!row) return emptySums();
    const { platform: _platform, currency: _currency, ...sums } = row;
    return sums;
  };
  const byPlatform: PlatformTotals[] = [...platformKeys.values()]
    .sort((a, b) => currencyOrder(a.currency, b.currency) || a.platform.localeCompare(b.platform))
    .map(({ platform, currency }) => ({
      platform,
      currency,
      current: toKpis(sumsOf(platformsNow, platform, currency)),
      previous: toKpis(sumsOf(platformsBefore, platform, currency)),
      // Orders in the platform's own currency only: amounts in different currencies never mix.
      storeRevenueMinor: kinds.hasStore ? (storeTotalsNow.get(currency)?.byPlatform.get(platform) ?? 0) : null,
    }));

  const storeCurrencies = kinds.hasStore
    ? [...new Set([...kinds.storeCurrencies, ...storeTotalsNow.keys(), ...storeTotalsBefore.keys()])].sort(
        currencyOrder,
      )
    : [];
  const blended: BlendedRoas[] = storeCurrencies.map((currency) => {
    const now = storeTotalsNow.get(currency);
    const before = storeTotalsBefore.get(currency);
    const adSpendMinor = spendNow.get(currency)?.spendMinor ?? 0;
    const previousAdSpendMinor = spendBefore.get(currency)?.spendMinor ?? 0;
    const storeRevenueMinor = now?.revenueMinor ?? 0;
    const attributedRevenueMinor = now?.attributedMinor ?? 0;
    const previousAttributedRevenueMinor = before?.attributedMinor ?? 0;
    return {
      currency,
      storeRevenueMinor,
      previousStoreRevenueMinor: before?.revenueMinor ?? 0,
      attributedRevenueMinor,
      previousAttributedRevenueMinor,
      adSpendMinor,
      previousAdSpendMinor,
      roas: adSpendMinor === 0 ? null : attributedRevenueMinor / adSpendMinor,
      previousRoas: previousAdSpendMinor === 0 ? null : previousAttributedRevenueMinor / previousAdSpendMinor,
      orders: now?.orders ?? 0,
      unattributedRevenueMinor: storeRevenueMinor - attributedRevenueMinor,
    };
  });

  return {
    range,
    previousRange: previous,
    hasAdPlatform: kinds.hasAdPlatform,
    hasStore: kinds.hasStore,
    totals,
    byPlatform,
    trend,
    topCampaigns,
    bottomCampaigns,
    blended,
  };
}
