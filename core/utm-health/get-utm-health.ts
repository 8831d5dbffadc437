import type { Actor } from "#core/access/actor.ts";
import type { DateRange } from "#core/shared/connector-port.ts";
import { AD_PLATFORM_IDS, type AdPlatformId } from "#core/shared/platforms.ts";
import type { UtmHealthRepository } from "./utm-health-repository.ts";
import type { PlatformUtmHealth, UntaggedAd, UtmHealth, UtmShare } from "./utm-health-types.ts";
import { diagnoseUtm, fixBlockerOf, isTagged, proposeUtmSuffix, SUFFIX_EDITABLE_PLATFORMS } from "./utm-tagging.ts";

/** The most untagged ads one answer lists (most spend first); fixing them brings the next ones up. */
export const MAX_LISTED_UNTAGGED = 500;

const shareOf = (ads: number, tagged: number): UtmShare => ({ ads, tagged, share: ads === 0 ? null : tagged / ads });

/**
 * The share of the organization's ads whose clicks carry what store attribution needs, overall and
 * per platform (platforms with counted ads only), and the ads that do not, most spend first (the
 * first MAX_LISTED_UNTAGGED), each with what is missing and whether one click can fix it. Counted:
 * the enabled ads of enabled ad groups and campaigns (what runs now), plus every ad that spent in
 * the range.
 */
export async function getUtmHealth(
  deps: { utmHealth: UtmHealthRepository },
  actor: Actor,
  input: { range: DateRange },
): Promise<UtmHealth> {
  const ads = await deps.utmHealth.listCountedAds(actor.organizationId, input.range);
  const byPlatform = new Map<AdPlatformId, { ads: number; tagged: number }>();
  const untagged: UntaggedAd[] = [];
  for (const ad of ads) {
    const counts = byPlatform.get(ad.platform) ?? { ads: 0, tagged: 0 };
    byPlatform.set(ad.platform, counts);
    counts.ads += 1;
    const diagnosis = diagnoseUtm(ad.platform, ad.landingUrl, ad.urlSuffix);
    if (isTagged(diagnosis)) {
      counts.tagged += 1;
      continue;
    }
    const blocker = fixBlockerOf(ad.platform, ad.landingUrl);
    untagged.push({
      adId: ad.id,
      adName: ad.name,
      adStatus: ad.status,
      adGroupName: ad.adGroupName,
      campaignId: ad.campaignId,
      campaignName: ad.campaignName,
      platform: ad.platform,
      landingUrl: ad.landingUrl,
      urlSuffix: ad.urlSuffix,
      diagnosis,
      spendMinor: ad.spendMinor,
      currency: ad.currency,
      blocker,
      proposedSuffix: blocker ? null : proposeUtmSuffix(ad.platform, ad),
    });
  }
  untagged.sort(
    (a, b) =>
      b.spendMinor - a.spendMinor ||
      a.campaignName.localeCompare(b.campaignName) ||
      a.adName.localeCompare(b.adName) ||
      a.adId.localeCompare(b.adId),
  );
  const platforms: PlatformUtmHealth[] = AD_PLATFORM_IDS.flatMap((platform) => {
    const counts = byPlatform.get(platform);
    return counts
      ? [{ platform, canFix: SUFFIX_EDITABLE_PLATFORMS.has(platform), ...shareOf(counts.ads, counts.tagged) }]
      : [];
  });
  const tagged = platforms.reduce((sum, platform) => sum + platform.tagged, 0);
  return {
    range: input.range,
    overall: shareOf(ads.length, tagged),
    platforms,
    untagged: untagged.slice(0, MAX_LISTED_UNTAGGED),
    untaggedTotal: untagged.length,
    fixable: untagged.filter((ad) => ad.blocker === null).length,
  };
}
