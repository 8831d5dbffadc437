/**
 * The platforms Adhelm works with, in the domain's words: ad platforms (campaigns, spend, results)
 * and stores (orders, revenue). `connectors/` implements one connector per id.
 */

export const AD_PLATFORM_IDS = ["google-ads", "microsoft-ads", "facebook-ads", "tiktok-ads", "linkedin-ads"] as const;
export const STORE_PLATFORM_IDS = ["shopify", "woocommerce"] as const;
export type AdPlatformId = (typeof AD_PLATFORM_IDS)[number];
export type StorePlatformId = (typeof STORE_PLATFORM_IDS)[number];
export type PlatformId = AdPlatformId | StorePlatformId;

export function isAdPlatform(platform: string): platform is AdPlatformId {
  return (AD_PLATFORM_IDS as readonly string[]).includes(platform);
}

export function isStorePlatform(platform: string): platform is StorePlatformId {
  return (STORE_PLATFORM_IDS as readonly string[]).includes(platform);
}
