import { Activity, Layers, type LucideIcon, Sparkles, TrendingUp, Wallet, Zap } from "lucide-react";

/** The six product features the spec names for the landing and features pages. */
export const PRODUCT_FEATURES: ReadonlyArray<{ title: string; description: string; icon: LucideIcon }> = [
  {
    title: "AI optimization",
    description:
      "Adhelm reads how each campaign performs and recommends budget and bid changes that move you toward your target ROAS.",
    icon: Sparkles,
  },
  {
    title: "Multi-platform management",
    description:
      "Run Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn campaigns from one dashboard instead of five browser tabs.",
    icon: Layers,
  },
  {
    title: "Real-time analytics",
    description:
      "See spend, conversions and revenue from every connected account side by side, refreshed as new data comes in.",
    icon: Activity,
  },
  {
    title: "Automated campaign rules",
    description:
      "Write a rule once, such as pausing an ad set when cost per acquisition climbs, and let Adhelm apply it around the clock.",
    icon: Zap,
  },
  {
    title: "Cross-platform budget management",
    description:
      "Plan one budget across all your channels and shift spend toward the platforms that return the most revenue.",
    icon: Wallet,
  },
  {
    title: "Advanced performance insights",
    description:
      "Compare results against real orders from Shopify or WooCommerce, so every decision rests on revenue rather than clicks.",
    icon: TrendingUp,
  },
];

/** Ad platforms Adhelm manages campaigns on; the spec marks Twitter as coming soon. */
export const AD_PLATFORMS: ReadonlyArray<{ name: string; category: string; isComingSoon?: boolean }> = [
  { name: "Google Ads", category: "Search, Shopping and YouTube" },
  { name: "Microsoft Advertising", category: "Search" },
  { name: "Meta", category: "Facebook and Instagram" },
  { name: "TikTok", category: "Short video" },
  { name: "LinkedIn", category: "Professional audiences" },
  { name: "Twitter", category: "Social", isComingSoon: true },
];

/** Stores whose orders Adhelm treats as the source of truth for revenue. */
export const COMMERCE_PLATFORMS: ReadonlyArray<{ name: string; category: string }> = [
  { name: "Shopify", category: "Revenue from your store's orders" },
  { name: "WooCommerce", category: "Revenue from your store's orders" },
];
