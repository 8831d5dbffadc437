/** Which ad platform sent a store order, read from its UTM source (case-insensitive). */
import type { AdPlatformId } from "#core/shared/platforms.ts";

const PLATFORM_BY_SOURCE_WORD: Record<string, AdPlatformId> = {
  google: "google-ads",
  adwords: "google-ads",
  gclid: "google-ads",
  bing: "microsoft-ads",
  microsoft: "microsoft-ads",
  facebook: "facebook-ads",
  fb: "facebook-ads",
  instagram: "facebook-ads",
  ig: "facebook-ads",
  meta: "facebook-ads",
  tiktok: "tiktok-ads",
  linkedin: "linkedin-ads",
  lnkd: "linkedin-ads",
};

/**
 * The platform a UTM source names, or null (no source, or one that names no ad platform).
 * Sources are matched word by word, so "google", "Google_Ads", "l.facebook.com" and "lnkd.in"
 * all count, while a word that merely contains "ig" (such as "bigshop") does not.
 */
export function platformOfUtmSource(source: string | null | undefined): AdPlatformId | null {
  if (!source) return null;
  for (const word of source.toLowerCase().split(/[^a-z0-9]+/)) {
    const platform = PLATFORM_BY_SOURCE_WORD[word];
    if (platform) return platform;
  }
  return null;
}

/** A platform and currency the organization advertises in: a visible ad account of that platform in that currency. */
export interface ClaimingAccount {
  platform: AdPlatformId;
  currency: string;
}

/** A campaign as an order's utm_campaign may name it: by its platform id or its name. */
export interface TaggableCampaign {
  platform: AdPlatformId;
  name: string;
  externalId: string;
  currency: string;
}

/** How a utm_campaign and a campaign's name or id compare: case-insensitive, surrounding spaces ignored. */
export const campaignTagKey = (platform: AdPlatformId, tag: string) => `${platform} ${tag.trim().toLowerCase()}`;

/**
 * True when a platform has visible ad accounts in more than one currency: only then can an order's
 * utm_campaign tell which currency's spend brought it, so only then do callers need to read it.
 */
export function needsCampaignTags(claimingAccounts: Iterable<ClaimingAccount>): boolean {
  const currencies = new Map<AdPlatformId, string>();
  for (const { platform, currency } of claimingAccounts) {
    const seen = currencies.get(platform);
    if (seen !== undefined && seen !== currency) return true;
    currencies.set(platform, currency);
  }
  return false;
}

/**
 * Who can claim a store order: the platform its UTM source names, when the organization has a
 * visible ad account (managed, its connection not disconnected) of that platform in the order's
 * currency, since that account's spend is what blended ROAS divides by; and, when the order's
 * utm_campaign names campaigns of that platform, one of them is in the order's currency (a store
 * in dollars may sell through a campaign that spends pounds). Otherwise null: the order is
 * unattributed (no source, a source that names no ad platform, a platform the organization has not
 * connected, or whose spend behind it is in another currency).
 */
export function storeOrderClaimant(
  claimingAccounts: Iterable<ClaimingAccount>,
  campaigns: Iterable<TaggableCampaign> = [],
): (utmSource: string | null | undefined, currency: string, utmCampaign?: string | null) => AdPlatformId | null {
  const claims = new Set<string>();
  for (const { platform, currency } of claimingAccounts) claims.add(`${platform} ${currency}`);
  const currenciesByTag = new Map<string, Set<string>>();
  const tag = (key: string, currency: string) => {
    const currencies = currenciesByTag.get(key);
    if (currencies) currencies.add(currency);
    else currenciesByTag.set(key, new Set([currency]));
  };
  for (const campaign of campaigns) {
    tag(campaignTagKey(campaign.platform, campaign.externalId), campaign.currency);
    tag(campaignTagKey(campaign.platform, campaign.name), campaign.currency);
  }
  return (utmSource, currency, utmCampaign) => {
    const platform = platformOfUtmSource(utmSource);
    if (!platform || !claims.has(`${platform} ${currency}`)) return null;
    const named = utmCampaign ? currenciesByTag.get(campaignTagKey(platform, utmCampaign)) : undefined;
    return named && !named.has(currency) ? null : platform;
  };
}
