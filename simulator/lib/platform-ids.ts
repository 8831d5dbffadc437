/**
 * The platforms the sandbox imitates, by the ids in its URLs (`/sandbox/<platform>`). They are the
 * sandbox's own words: Adhelm's connectors happen to use the same ids.
 */
export const AD_PLATFORM_IDS = ["google-ads", "microsoft-ads", "facebook-ads", "tiktok-ads", "linkedin-ads"] as const;
export const STORE_PLATFORM_IDS = ["shopify", "woocommerce"] as const;
export type AdPlatformId = (typeof AD_PLATFORM_IDS)[number];
export type StorePlatformId = (typeof STORE_PLATFORM_IDS)[number];
export type PlatformId = AdPlatformId | StorePlatformId;
export const PLATFORM_IDS = [...AD_PLATFORM_IDS, ...STORE_PLATFORM_IDS] as const;
