import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { AnalyticsRepository } from "./analytics-repository.ts";
import type { DateRange, Kpis, MetricSums } from "./analytics-types.ts";
import { addSums, emptySums, toKpis } from "./kpis.ts";

/** What a goal is measured against: the organization's or one platform's KPIs in one currency. */
export interface ScopeTotals {
  /** "organization", or an ad platform id (the scopes of `goals.scope`). */
  scope: "organization" | AdPlatformId;
  currency: string;
  kpis: Kpis;
}

/**
 * KPIs of the managed campaigns over a range (e.g. month to date, for goals): one entry per
 * platform and currency, and one per currency for the whole organization (listed first). Spend,
 * ROAS (`kpis.roas`) and CPA (`kpis.cpaMinor`) are what goals compare with their targets.
 */
export async function getScopeTotals(
  { analytics }: { analytics: AnalyticsRepository },
  input: { organizationId: string; range: DateRange },
): Promise<ScopeTotals[]> {
  const platforms = await analytics.sumByPlatform(input.organizationId, input.range);
  const organization = new Map<string, MetricSums>();
  for (const { platform: _platform, currency, ...sums } of platforms)
    organization.set(currency, addSums(organization.get(currency) ?? emptySums(), sums));
  return [
    ...[...organization.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, sums]) => ({ scope: "organization" as const, currency, kpis: toKpis(sums) })),
    ...platforms
      .sort((a, b) => a.platform.localeCompare(b.platform) || a.currency.localeCompare(b.currency))
      .map(({ platform, currency, ...sums }) => ({ scope: platform, currency, kpis: toKpis(sums) })),
  ];
}
