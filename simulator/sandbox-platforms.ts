import type { Hono } from "hono";
import type { PlatformId } from "./lib/platform-ids.ts";
import { createFacebookAdsSandbox } from "./platforms/facebook-ads.ts";
import { createGoogleAdsSandbox } from "./platforms/google-ads.ts";
import { createLinkedInAdsSandbox } from "./platforms/linkedin-ads.ts";
import { createMicrosoftAdsSandbox } from "./platforms/microsoft-ads.ts";
import { createShopifySandbox } from "./platforms/shopify.ts";
import { createTikTokAdsSandbox } from "./platforms/tiktok-ads.ts";
import { createWooCommerceSandbox } from "./platforms/woocommerce.ts";
import type { SandboxKit } from "./sandbox-kit.ts";

/** Every platform the built-in sandbox imitates, each at /sandbox/<platform>. */
export const SANDBOX_PLATFORMS: Record<PlatformId, (kit: SandboxKit) => Hono> = {
  "google-ads": createGoogleAdsSandbox,
  "microsoft-ads": createMicrosoftAdsSandbox,
  "facebook-ads": createFacebookAdsSandbox,
  "tiktok-ads": createTikTokAdsSandbox,
  "linkedin-ads": createLinkedInAdsSandbox,
  shopify: createShopifySandbox,
  woocommerce: createWooCommerceSandbox,
};
