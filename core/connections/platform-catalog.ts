import type { PlatformId } from "#core/shared/platforms.ts";

export type ListedPlatformId = PlatformId | "twitter-ads";

export interface PlatformListing {
  id: ListedPlatformId;
  name: string;
  description: string;
  category: "ad-platforms" | "e-commerce";
  brandColor: string;
  /** Meta is the spec's highlighted, recommended platform. */
  isHighlighted: boolean;
  /** Listed but not connectable yet (Twitter/X). */
  isComingSoon: boolean;
  /** Stores ask where the shop is before the OAuth starts. */
  storeAddress?: { label: string; placeholder: string; hint: string };
}

/** The integrations catalogue, in the order the page shows it (spec §3, Integration platform). */
export const PLATFORM_CATALOG: readonly PlatformListing[] = [
  {
    id: "google-ads",
    name: "Google Ads",
    description: "Search, Shopping, Performance Max and YouTube campaigns.",
    category: "ad-platforms",
    brandColor: "#4285F4",
    isHighlighted: false,
    isComingSoon: false,
  },
  {
    id: "microsoft-ads",
    name: "Microsoft Advertising",
    description: "Bing search and the Microsoft Audience Network.",
    category: "ad-platforms",
    brandColor: "#00A4EF",
    isHighlighted: false,
    isComingSoon: false,
  },
  {
    id: "facebook-ads",
    name: "Meta",
    description: "Facebook and Instagram campaigns through the Marketing API.",
    category: "ad-platforms",
    brandColor: "#0866FF",
    isHighlighted: true,
    isComingSoon: false,
  },
  {
    id: "twitter-ads",
    name: "Twitter/X",
    description: "Promoted posts and trends.",
    category: "ad-platforms",
    brandColor: "#0F1419",
    isHighlighted: false,
    isComingSoon: true,
  },
  {
    id: "linkedin-ads",
    name: "LinkedIn",
    description: "Sponsored content for professional B2B audiences.",
    category: "ad-platforms",
    brandColor: "#0A66C2",
    isHighlighted: false,
    isComingSoon: false,
  },
  {
    id: "tiktok-ads",
    name: "TikTok",
    description: "Short video campaigns through TikTok for Business.",
    category: "ad-platforms",
    brandColor: "#FE2C55",
    isHighlighted: false,
    isComingSoon: false,
  },
  {
    id: "shopify",
    name: "Shopify",
    description: "Paid orders and refunds as your revenue truth.",
    category: "e-commerce",
    brandColor: "#5E8E3E",
    isHighlighted: false,
    isComingSoon: false,
    storeAddress: {
      label: "Shop domain",
      placeholder: "your-store.myshopify.com",
      hint: "The address of your shop's admin, ending in .myshopify.com.",
    },
  },
  {
    id: "woocommerce",
    name: "WooCommerce",
    description: "Paid orders and refunds as your revenue truth.",
    category: "e-commerce",
    brandColor: "#7F54B3",
    isHighlighted: false,
    isComingSoon: false,
    storeAddress: {
      label: "Store URL",
      placeholder: "https://shop.example.com",
      hint: "The address of your WordPress site with WooCommerce.",
    },
  },
];

export function findListing(id: string): PlatformListing | undefined {
  return PLATFORM_CATALOG.find((listing) => listing.id === id);
}
