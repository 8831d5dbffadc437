/**
 * What a new image ad must respect per platform (the words in the ad and the image's size), and
 * the UTM parameters Adhelm suggests for its landing URL so store orders are attributed to it.
 * Shared by the use case (which checks) and the form (which counts and prefills).
 */
import type { AdPlatformId } from "#core/shared/platforms.ts";

export interface ImageAdLimits {
  headlineMax: number;
  bodyMax: number;
  /** The largest image file the platform takes for an ad. */
  imageMaxBytes: number;
}

const MB = 1024 * 1024;

/** Google: responsive display ad headline 30, description 90, image 5 MB; Meta: link title and text, 30 MB. */
export const IMAGE_AD_LIMITS: Record<AdPlatformId, ImageAdLimits> = {
  "google-ads": { headlineMax: 30, bodyMax: 90, imageMaxBytes: 5 * MB },
  "facebook-ads": { headlineMax: 255, bodyMax: 2000, imageMaxBytes: 8 * MB },
  "microsoft-ads": { headlineMax: 30, bodyMax: 90, imageMaxBytes: 5 * MB },
  "tiktok-ads": { headlineMax: 100, bodyMax: 100, imageMaxBytes: 8 * MB },
  "linkedin-ads": { headlineMax: 200, bodyMax: 600, imageMaxBytes: 8 * MB },
};

/** The source store attribution reads back as the platform, and the usual medium. */
const UTM_SOURCE_MEDIUM: Record<AdPlatformId, { source: string; medium: string }> = {
  "google-ads": { source: "google", medium: "cpc" },
  "microsoft-ads": { source: "bing", medium: "cpc" },
  "facebook-ads": { source: "facebook", medium: "paid_social" },
  "tiktok-ads": { source: "tiktok", medium: "paid_social" },
  "linkedin-ads": { source: "linkedin", medium: "paid_social" },
};

/** utm_source, utm_medium and utm_campaign for a campaign's new ad. */
export function suggestedUtmParameters(platform: AdPlatformId, campaignName: string): Record<string, string> {
  const { source, medium } = UTM_SOURCE_MEDIUM[platform];
  return { utm_source: source, utm_medium: medium, utm_campaign: campaignName.trim() };
}

/**
 * The landing URL with the suggested UTM parameters set (those it already carries with a value are
 * kept); the text unchanged when it is not an http(s) URL.
 */
export function withSuggestedUtm(landingUrl: string, utm: Record<string, string>): string {
  let url: URL;
  try {
    url = new URL(landingUrl.trim());
  } catch {
    return landingUrl;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return landingUrl;
  for (const [name, value] of Object.entries(utm))
    if (!url.searchParams.get(name)?.trim()) url.searchParams.set(name, value);
  return url.toString();
}
