/**
 * Store revenue per campaign and day, attributed by UTM tags: an order counts for a campaign when
 * its utm_source names the campaign's platform (`platformOfUtmSource`) and its utm_campaign is the
 * campaign's external id or its name (case-insensitive, surrounding spaces ignored), and the order
 * is in the campaign's currency (amounts in different currencies never mix). An external id wins
 * over a name; a name that several of the platform's campaigns share names the one not removed,
 * or no campaign at all when that is not enough to tell them apart. Only visible campaigns (their ad
 * account managed, its connection not disconnected) and connected stores count.
 *
 * Days are the campaign's ad account's calendar days, like its daily metrics: an order placed at
 * 23:30 UTC counts on the next day for an account in Berlin.
 */
import { addDays, type CalendarDate } from "#core/dates/calendar-date.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { AnalyticsRepository } from "./analytics-repository.ts";
import type { CampaignIdentity } from "./campaign-store-revenue-queries.ts";
import { campaignTagKey, platformOfUtmSource } from "./utm-attribution.ts";

export interface CampaignStoreRevenueDay {
  campaignId: string;
  date: CalendarDate;
  /** Paid orders minus refunds, in minor units of the campaign's currency. */
  revenueMinor: number;
  orders: number;
}

/** Finds the campaign an order's tags name, or null. */
function campaignMatcher(campaigns: CampaignIdentity[]) {
  const byExternalId = new Map<string, CampaignIdentity[]>();
  const byName = new Map<string, CampaignIdentity[]>();
  const add = (index: Map<string, CampaignIdentity[]>, key: string, campaign: CampaignIdentity) => {
    const list = index.get(key);
    if (list) list.push(campaign);
    else index.set(key, [campaign]);
  };
  for (const campaign of campaigns) {
    add(byExternalId, campaignTagKey(campaign.platform, campaign.externalId), campaign);
    add(byName, campaignTagKey(campaign.platform, campaign.name), campaign);
  }
  const single = (candidates: CampaignIdentity[] | undefined): CampaignIdentity | null => {
    if (!candidates || candidates.length === 0) return null;
    if (candidates.length === 1) return candidates[0] as CampaignIdentity;
    const running = candidates.filter((campaign) => !campaign.removed);
    return running.length === 1 ? (running[0] as CampaignIdentity) : null;
  };
  return (platform: AdPlatformId, utmCampaign: string, currency: string): CampaignIdentity | null => {
    const key = campaignTagKey(platform, utmCampaign);
    const inCurrency = (list: CampaignIdentity[] | undefined) => list?.filter((c) => c.currency === currency);
    return single(inCurrency(byExternalId.get(key))) ?? single(inCurrency(byName.get(key)));
  };
}

/**
 * Each campaign's store revenue and orders per day in [from, to] (the campaigns' own calendar
 * days), one entry per campaign and day that has any, ordered by campaign then date.
 */
export async function listCampaignStoreRevenueDays(
  { analytics }: { analytics: AnalyticsRepository },
  organizationId: string,
  from: string,
  to: string,
): Promise<CampaignStoreRevenueDay[]> {
  if (to < from) return [];
  // Any time zone's day [from, to] lies within [from − 1 day, to + 2 days) in UTC.
  const [campaigns, buckets] = await Promise.all([
    analytics.listCampaignIdentities(organizationId),
    analytics.listTaggedOrderBuckets(organizationId, addDays(from, -1), addDays(to, 2)),
  ]);
  const match = campaignMatcher(campaigns);
  const localDates = new Map<string, CalendarDate>();
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const localDate = (timeZone: string, instant: string): CalendarDate => {
    const key = `${timeZone} ${instant}`;
    let date = localDates.get(key);
    if (date === undefined) {
      let formatter = formatters.get(timeZone);
      if (!formatter) {
        // en-CA writes dates as YYYY-MM-DD.
        formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
        formatters.set(timeZone, formatter);
      }
      date = formatter.format(new Date(instant));
      localDates.set(key, date);
    }
    return date;
  };

  const days = new Map<string, CampaignStoreRevenueDay>();
  for (const bucket of buckets) {
    const platform = platformOfUtmSource(bucket.utmSource);
    if (!platform) continue;
    const campaign = match(platform, bucket.utmCampaign, bucket.currency);
    if (!campaign) continue;
    const date = localDate(campaign.timeZone, bucket.startsAt);
    if (date < from || date > to) continue;
    const key = `${campaign.id} ${date}`;
    const day = days.get(key);
    if (day) {
      day.revenueMinor += bucket.revenueMinor;
      day.orders += bucket.orders;
    } else days.set(key, { campaignId: campaign.id, date, revenueMinor: bucket.revenueMinor, orders: bucket.orders });
  }
  return [...days.values()].sort((a, b) => a.campaignId.localeCompare(b.campaignId) || a.date.localeCompare(b.date));
}
