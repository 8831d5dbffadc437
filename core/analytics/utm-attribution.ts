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
