import type { AdPlatformId } from "../lib/platform-ids.ts";
import type {
  SimAd,
  SimAdDailyMetric,
  SimAdGroup,
  SimCreative,
  SimCreativeKind,
  SimDailyMetric,
} from "../sandbox-kit.ts";
import {
  adGroupNameOf,
  adNameOf,
  type BrandProduct,
  brandSiteOf,
  creativeCopy,
  creativeKindOf,
  HEADLINE_LIMITS,
  utmCampaignOf,
} from "./ads-copy.ts";
import { MARKET_ANCHOR_DAY } from "./calendar.ts";
import { UTM_BY_PLATFORM } from "./profiles.ts";
import { createSequence, hashString, mixSeeds, randomDigits, unitDraw } from "./random.ts";

/**
 * The ads of one campaign: 1–3 ad groups of 2–4 ads each (LinkedIn: one group, the campaign
 * itself, whose ads are its creatives), each with a creative, and the split of every campaign-day
 * over the ads that ran that day. Pure: a campaign's ads are a function of its seed, and each
 * ad-day of the campaign-day it splits, so the ads of a day always add up to the campaign's day.
 *
 * Some creatives wear out: from their launch their CTR falls while their share of the spend and
 * the frequency of who sees them rise (the fatigue the asset library detects).
 */

/** The campaign fields the ads are built from. */
export interface AdCampaign {
  platform: AdPlatformId;
  id: string;
  name: string;
  seed: number;
  startDay: number;
}

export interface AdModel {
  id: string;
  adGroupId: string;
  campaignId: string;
  name: string;
  status: "enabled" | "paused";
  seed: number;
  creative: SimCreative;
  /** First day the ad delivers, and the day it stopped (paused ads); Infinity while it runs. */
  launchDay: number;
  pausedSinceDay: number;
  /** Relative share of the campaign's spend on its first day. */
  weight: number;
  /** Fatigue per week of its life (0 for a creative that does not wear out). */
  fatigueRate: number;
  cpmFactor: number;
  ctrFactor: number;
  cvrFactor: number;
  aovFactor: number;
  /** People who see it that day, per impression, at launch (1 ÷ frequency). */
  reachRate: number;
  /** Video: share of impressions that become a video view, at launch. */
  viewRate: number;
}

export interface AdGroupModel {
  group: SimAdGroup;
  ads: AdModel[];
}

/** Ids in each platform's own style: digits and a leading prefix. */
const ID_STYLES: Record<AdPlatformId, { group: [number, string]; ad: [number, string]; creative: [number, string] }> = {
  "google-ads": { group: [11, "1"], ad: [12, "6"], creative: [11, "3"] },
  "microsoft-ads": { group: [13, "1"], ad: [11, "8"], creative: [10, "5"] },
  "facebook-ads": { group: [18, "1202"], ad: [18, "1202"], creative: [18, "1202"] },
  "tiktok-ads": { group: [19, "17"], ad: [19, "17"], creative: [19, "7"] },
  "linkedin-ads": { group: [9, "3"], ad: [9, "1"], creative: [9, "1"] },
};

/** About one creative in seven carries no UTM parameters at all (the UTM health check finds them). */
const UNTAGGED_SHARE = 0.15;

/** The tenant as it appears in media paths (reversible, URL safe). */
export function tenantToken(tenant: string): string {
  return Buffer.from(tenant, "utf8").toString("base64url");
}

export function tenantOfToken(token: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
  const tenant = Buffer.from(token, "base64url").toString("utf8");
  return tenant.length > 0 && tenantToken(tenant) === token ? tenant : null;
}

/**
 * Where the sandbox serves a creative's image, relative to the sandbox's root (the app mounts it
 * at `/sandbox`): `/media/<platform>/<tenant token>/<creative id>.jpg`, and `…_thumb.jpg`.
 */
export function mediaPathsOf(
  platform: AdPlatformId,
  tenant: string,
  creativeId: string,
): { media: string; thumbnail: string } {
  const base = `/media/${platform}/${tenantToken(tenant)}/${creativeId}`;
  return { media: `${base}.jpg`, thumbnail: `${base}_thumb.jpg` };
}

/** The ad groups and ads of a campaign; the same campaign always gets the same ones. */
export function buildCampaignAds(tenant: string, brand: string, campaign: AdCampaign): AdGroupModel[] {
  const { platform } = campaign;
  const seed = mixSeeds(campaign.seed, hashString("ads"));
  const random = createSequence(seed);
  const style = ID_STYLES[platform];
  const isLinkedIn = platform === "linkedin-ads";
  const groupCount = isLinkedIn ? 1 : 1 + Math.floor(random() * 3);
  const site = brandSiteOf(brand);
  const utm = UTM_BY_PLATFORM[platform];
  const utmCampaign = utmCampaignOf(campaign.name);
  const groups: AdGroupModel[] = [];
  for (let groupIndex = 0; groupIndex < groupCount; groupIndex++) {
    const groupId = isLinkedIn ? campaign.id : randomDigits(random, ...style.group);
    const adCount = 2 + Math.floor(random() * 3);
    const ads: AdModel[] = [];
    let groupProduct: BrandProduct | null = null;
    for (let adIndex = 0; adIndex < adCount; adIndex++) {
      const adSeed = mixSeeds(seed, hashString(`ad:${groupIndex}:${adIndex}`));
      const pick = createSequence(adSeed);
      const copy = creativeCopy(brand, pick, HEADLINE_LIMITS[platform]);
      groupProduct ??= copy.product;
      const kind: SimCreativeKind = creativeKindOf(platform, campaign.name, pick());
      const adId = randomDigits(random, ...style.ad);
      const creativeId = isLinkedIn ? adId : creativeIdOf(platform, random, kind);
      const isFirst = groupIndex === 0 && adIndex === 0;
      // Newer creatives were launched in the months before the market's anchor; they may wear out.
      const isNewer = !isFirst && pick() < 0.6;
      const launchDay = isNewer
        ? Math.max(campaign.startDay, MARKET_ANCHOR_DAY - 10 - Math.floor(pick() * 170))
        : campaign.startDay;
      const fatigueRate = isNewer && pick() < 0.5 ? 0.12 + 0.2 * pick() : 0;
      const pausedDraw = pick();
      const pausedSinceDay =
        !isFirst && pausedDraw < 0.12 ? launchDay + 14 + Math.floor(pick() * 120) : Number.POSITIVE_INFINITY;
      const isPaused = pausedSinceDay <= MARKET_ANCHOR_DAY;
      // Tagged creatives carry their UTM parameters in the URL or (search platforms, Meta) the suffix.
      const isTagged = pick() >= UNTAGGED_SHARE;
      const query = `utm_source=${utm.source}&utm_medium=${utm.medium}&utm_campaign=${utmCampaign}`;
      const inSuffix = isTagged && platform !== "tiktok-ads" && platform !== "linkedin-ads" && pick() < 0.5;
      const page = `${site}/products/${copy.product.slug}`;
      const paths = kind === "text" ? null : mediaPathsOf(platform, tenant, creativeId);
      ads.push({
        id: adId,
        adGroupId: groupId,
        campaignId: campaign.id,
        name: adNameOf(platform, kind, copy.product, adIndex + 1),
        status: isPaused ? "paused" : "enabled",
        seed: adSeed,
        creative: {
          id: creativeId,
          kind,
          headline: copy.headline,
          body: copy.body,
          landingUrl: isTagged && !inSuffix ? `${page}?${query}` : page,
          urlSuffix: inSuffix ? query : null,
          mediaUrlPath: paths?.media ?? null,
          thumbnailUrlPath: paths?.thumbnail ?? null,
        },
        launchDay,
        pausedSinceDay: isPaused ? pausedSinceDay : Number.POSITIVE_INFINITY,
        weight: 0.4 + pick() * 1.2,
        fatigueRate,
        cpmFactor: 0.85 + 0.3 * pick(),
        ctrFactor: 0.7 + 0.6 * pick(),
        cvrFactor: 0.7 + 0.6 * pick(),
        aovFactor: 0.85 + 0.3 * pick(),
        reachRate: 0.7 + 0.25 * pick(),
        viewRate: kind === "video" ? 0.18 + 0.22 * pick() : 0,
      });
    }
    groups.push({
      group: {
        id: groupId,
        campaignId: campaign.id,
        name: isLinkedIn ? campaign.name : adGroupNameOf(platform, groupProduct!, groupIndex),
        status: "enabled",
      },
      ads,
    });
  }
  return groups;
}

function creativeIdOf(platform: AdPlatformId, random: () => number, kind: SimCreativeKind): string {
  const [digits, prefix] = ID_STYLES[platform].creative;
  const id = randomDigits(random, digits, prefix);
  // TikTok names a video by its video_id ("v10033g50000…").
  return platform === "tiktok-ads" && kind === "video" ? `v10033g50000${id.slice(-12)}` : id;
}

export function toSimAd(model: AdModel, urlSuffix: string | null | undefined): SimAd {
  return {
    id: model.id,
    adGroupId: model.adGroupId,
    campaignId: model.campaignId,
    name: model.name,
    status: model.status,
    creative: { ...model.creative, urlSuffix: urlSuffix === undefined ? model.creative.urlSuffix : urlSuffix },
  };
}

// Splitting a campaign-day.

/** How worn the ad is on `day`: 0 at launch, growing with its life for a creative that fatigues. */
export function fatigueOf(ad: AdModel, day: number): number {
  if (ad.fatigueRate === 0) return 0;
  return Math.min(4, (ad.fatigueRate * Math.max(0, day - ad.launchDay)) / 7);
}

function isLive(ad: AdModel, day: number): boolean {
  return day >= ad.launchDay && day < ad.pausedSinceDay;
}

/** The spend share's slow drift: a seeded wave and a little daily noise. */
function driftOf(ad: AdModel, day: number): number {
  const period = 20 + 40 * unitDraw(ad.seed, 1);
  const phase = unitDraw(ad.seed, 2);
  return 1 + 0.2 * Math.sin(2 * Math.PI * (day / period + phase)) + 0.15 * (unitDraw(mixSeeds(ad.seed, day), 0) - 0.5);
}

/**
 * Splits one campaign-day (as `dailyMetrics` reports it) over the campaign's ads live that day.
 * Every column adds up exactly to the campaign's; clicks never exceed impressions, reach never
 * exceeds impressions, conversions keep two decimals.
 */
export function splitCampaignDay(ads: readonly AdModel[], day: number, row: SimDailyMetric): SimAdDailyMetric[] {
  let live = ads.filter((ad) => isLive(ad, day));
  if (live.length === 0) live = ads.slice(0, 1);
  if (live.length === 0) return [];
  const fatigue = live.map((ad) => fatigueOf(ad, day));
  const spendWeights = live.map((ad, index) => ad.weight * driftOf(ad, day) * (1 + 0.35 * fatigue[index]!));
  const spend = splitInteger(row.spendMinor, spendWeights);
  // Impressions follow spend (cost per mille per ad); where no spend, follow the share itself.
  const impressionWeights = live.map((ad, index) => (spend[index]! || spendWeights[index]!) / ad.cpmFactor);
  const impressions = splitInteger(row.impressions, impressionWeights);
  const clickWeights = live.map((ad, index) => (impressions[index]! * ad.ctrFactor) / (1 + fatigue[index]!));
  const clicks = splitInteger(row.clicks, clickWeights, impressions);
  const conversionWeights = live.map((ad, index) => clicks[index]! * ad.cvrFactor || spend[index]! * 1e-9);
  const conversionCents = splitInteger(Math.round(row.conversions * 100), conversionWeights);
  const valueWeights = live.map((ad, index) => conversionCents[index]! * ad.aovFactor || spend[index]! * 1e-9);
  const value = splitInteger(row.conversionValueMinor, valueWeights);
  return live.map((ad, index) => {
    const adImpressions = impressions[index]!;
    const frequencyGrowth = 1 + 0.5 * fatigue[index]!;
    const reach = adImpressions === 0 ? 0 : Math.max(1, Math.round((adImpressions * ad.reachRate) / frequencyGrowth));
    return {
      adId: ad.id,
      campaignId: row.campaignId,
      date: row.date,
      impressions: adImpressions,
      reach: Math.min(reach, adImpressions),
      clicks: clicks[index]!,
      spendMinor: spend[index]!,
      conversions: conversionCents[index]! / 100,
      conversionValueMinor: value[index]!,
      videoViews:
        ad.creative.kind === "video" ? Math.round((adImpressions * ad.viewRate) / (1 + 0.3 * fatigue[index]!)) : 0,
    };
  });
}

/**
 * Largest remainder: whole parts of `total` proportional to `weights`, summing to `total` exactly.
 * With `caps`, no part exceeds its cap (the excess goes to parts with room; the caps must hold the
 * total). Zero weights get nothing while another weight is positive; all-zero weights split evenly.
 */
export function splitInteger(total: number, weights: readonly number[], caps?: readonly number[]): number[] {
  const count = weights.length;
  if (count === 0) return [];
  const positive = weights.map((weight) => (Number.isFinite(weight) && weight > 0 ? weight : 0));
  let sum = positive.reduce((acc, weight) => acc + weight, 0);
  const effective = sum > 0 ? positive : positive.map(() => 1);
  if (sum <= 0) sum = count;
  const parts = effective.map((weight) => Math.floor((total * weight) / sum));
  let rest = total - parts.reduce((acc, part) => acc + part, 0);
  const order = effective
    .map((weight, index) => ({ index, fraction: (total * weight) / sum - parts[index]!, weight }))
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (let cursor = 0; rest > 0 && order.length > 0; cursor = (cursor + 1) % order.length) {
    parts[order[cursor]!.index]!++;
    rest--;
  }
  if (caps) capParts(parts, caps);
  return parts;
}

/** Moves whatever exceeds a cap to the parts with the most room left, one unit at a time in bulk. */
function capParts(parts: number[], caps: readonly number[]): void {
  let excess = 0;
  for (let index = 0; index < parts.length; index++) {
    const over = parts[index]! - caps[index]!;
    if (over > 0) {
      parts[index] = caps[index]!;
      excess += over;
    }
  }
  while (excess > 0) {
    let best = -1;
    for (let index = 0; index < parts.length; index++) {
      const room = caps[index]! - parts[index]!;
      if (room > 0 && (best < 0 || room > caps[best]! - parts[best]!)) best = index;
    }
    if (best < 0) break;
    const moved = Math.min(excess, caps[best]! - parts[best]!);
    parts[best]! += moved;
    excess -= moved;
  }
}
