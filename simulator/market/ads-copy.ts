import type { AdPlatformId } from "../lib/platform-ids.ts";
import type { SimCreativeKind } from "../sandbox-kit.ts";

/**
 * What the sandbox's ads say: each brand's products and promises, the copy templates and the mix
 * of creative kinds per platform. Pure data and string building; the seeds come from ads.ts.
 */

export interface BrandProduct {
  name: string;
  /** The product page's path segment. */
  slug: string;
}

export interface BrandCatalogue {
  products: BrandProduct[];
  /** Short promises the copy draws on ("Free shipping over $50"). */
  promises: string[];
  /** What the brand makes, in a few words ("outdoor gear"). */
  category: string;
}

const product = (name: string): BrandProduct => ({ name, slug: slugOf(name) });

const CATALOGUES: Record<string, BrandCatalogue> = {
  "Northwind Outfitters": {
    category: "outdoor apparel",
    products: ["Ridge Rain Jacket", "Trailhead Fleece", "Alpine Down Vest", "Basecamp Flannel"].map(product),
    promises: ["Free returns for 60 days", "Built for every season", "Lifetime repair guarantee"],
  },
  "Northwind Outdoor": {
    category: "outdoor gear",
    products: ["Ridge Rain Jacket", "Summit 30L Pack", "Trailhead Fleece", "Lakeside Camp Chair"].map(product),
    promises: ["Free shipping over $75", "Tested on real trails", "Lifetime repair guarantee"],
  },
  "Bluebird Coffee Co.": {
    category: "specialty coffee",
    products: ["Morning Song Blend", "Ethiopia Yirgacheffe", "Cold Brew Kit", "Pour-Over Starter Set"].map(product),
    promises: ["Roasted the day it ships", "Subscribe and save 15%", "Free shipping on 2+ bags"],
  },
  "Juniper & Pine": {
    category: "home fragrance",
    products: ["Cedar Grove Candle", "Juniper Reed Diffuser", "Winter Pine Gift Set", "Linen Room Spray"].map(product),
    promises: ["Hand-poured in small batches", "Clean soy wax", "Free gift wrap"],
  },
  "Harbor Goods": {
    category: "home goods",
    products: ["Stoneware Dinner Set", "Linen Throw Blanket", "Oak Serving Board", "Harbor Tote Bag"].map(product),
    promises: ["Made to last", "Free shipping over $60", "30-day happiness guarantee"],
  },
  "Summit Gear": {
    category: "climbing and hiking gear",
    products: ["Summit 30L Pack", "Carbon Trekking Poles", "Granite Climbing Shoes", "Ultralight Tent 2P"].map(product),
    promises: ["Trusted by guides", "Free shipping over $99", "2-year warranty"],
  },
  "Lumen Skincare": {
    category: "skincare",
    products: ["Vitamin C Glow Serum", "Daily Mineral SPF 50", "Overnight Repair Cream", "Gentle Foam Cleanser"].map(
      product,
    ),
    promises: ["Dermatologist tested", "Results in 14 days", "Free samples with every order"],
  },
  "Fieldhouse Athletics": {
    category: "training apparel",
    products: ["Pro Training Shorts", "Sprint Running Shoes", "Seamless Sports Bra", "Recovery Hoodie"].map(product),
    promises: ["Move without limits", "Free exchanges", "Members save 20%"],
  },
  "Copper Kettle Kitchen": {
    category: "cookware",
    products: ["Copper Core Skillet", "Dutch Oven 5.5 qt", "Chef's Knife 8in", "Pour-Over Kettle"].map(product),
    promises: ["Oven safe to 500°F", "Lifetime warranty", "Free shipping over $50"],
  },
  "Atlas Travel Supply": {
    category: "travel gear",
    products: ["Carry-On Spinner", "Packing Cube Set", "Travel Backpack 35L", "Passport Wallet"].map(product),
    promises: ["Lifetime warranty", "Fits every overhead bin", "Free shipping both ways"],
  },
  "Meadow Pet Co.": {
    category: "pet supplies",
    products: ["Orthopedic Dog Bed", "Grain-Free Salmon Bites", "Rope Toy Trio", "Cat Tree Lounge"].map(product),
    promises: ["Vet approved", "Autoship and save 10%", "Free shipping over $49"],
  },
  "Orbit Electronics": {
    category: "consumer electronics",
    products: ["Orbit Buds Pro", "Smart Home Hub", "4K Action Camera", "Fast Charger 65W"].map(product),
    promises: ["2-year warranty", "Free next-day delivery", "30-day returns"],
  },
  "Saltwater Swim": {
    category: "swimwear",
    products: ["Reef One-Piece", "Tide Board Shorts", "Sunset Bikini Set", "UV Rash Guard"].map(product),
    promises: ["Made from recycled nylon", "UPF 50+ fabrics", "Free returns"],
  },
};

/** The brand's catalogue; a brand pinned by name alone gets a general store's. */
export function catalogueOf(brand: string): BrandCatalogue {
  return (
    CATALOGUES[brand] ?? {
      category: "online store",
      products: ["Bestseller Bundle", "New Arrivals Collection", "Gift Card", "Signature Edition"].map(product),
      promises: ["Free shipping over $50", "Easy 30-day returns", "Rated 4.8 by our customers"],
    }
  );
}

/** The brand's own site: "Bluebird Coffee Co." → https://www.bluebirdcoffeeco.com. */
export function brandSiteOf(brand: string): string {
  return `https://www.${brand.toLowerCase().replace(/[^a-z0-9]+/g, "")}.com`;
}

export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** utm_campaign values as the brand's marketers write them: "brand_search_us". */
export function utmCampaignOf(campaignName: string): string {
  return slugOf(campaignName).replaceAll("-", "_");
}

/**
 * The kind of a creative, from what the campaign is (a YouTube campaign runs video, search runs
 * text) and, where the campaign leaves it open, from the platform's usual mix.
 */
export function creativeKindOf(platform: AdPlatformId, campaignName: string, draw: number): SimCreativeKind {
  const name = campaignName.toLowerCase();
  switch (platform) {
    case "google-ads":
      if (name.includes("youtube")) return "video";
      if (name.includes("search") || name.startsWith("dsa")) return "text";
      if (name.includes("display") || name.includes("shopping")) return "image";
      return draw < 0.45 ? "image" : draw < 0.8 ? "text" : "video";
    case "microsoft-ads":
      if (name.includes("search")) return "text";
      return draw < 0.7 ? "image" : "text";
    case "facebook-ads":
      if (name.includes("video")) return "video";
      if (name.includes("catalog") || name.includes("dpa")) return "carousel";
      return draw < 0.45 ? "image" : draw < 0.8 ? "video" : "carousel";
    case "tiktok-ads":
      return "video";
    case "linkedin-ads":
      if (name.includes("conversation")) return "text";
      return draw < 0.55 ? "image" : draw < 0.8 ? "video" : "text";
  }
}

const HEADLINES = [
  "{product} | {brand}",
  "Shop the {product}",
  "{promise}",
  "New: {product}",
  "The {product} you'll love",
  "{brand} – Official Site",
  "Save on {product} today",
];

const BODIES = [
  "{promise}. Discover the {product} and the rest of our {category}.",
  "Meet the {product}: the {category} favourite our customers come back for. {promise}.",
  "Ready when you are. {promise} on the {product} at {brand}.",
  "Why settle? The {product} from {brand}. {promise}.",
];

/**
 * The longest headline each platform takes: Google's and Microsoft's responsive ad headlines hold
 * 30 characters, so their advertisers write short ones.
 */
export const HEADLINE_LIMITS: Partial<Record<AdPlatformId, number>> = { "google-ads": 30, "microsoft-ads": 30 };

/**
 * Ad copy for one creative, drawn from the brand's catalogue by `pick` (a seeded sequence). A
 * headline longer than `maxHeadline` is swapped for the next template that fits, as a person
 * writing within the platform's limit would (never cut mid-word).
 */
export function creativeCopy(
  brand: string,
  pick: () => number,
  maxHeadline = Number.POSITIVE_INFINITY,
): { product: BrandProduct; headline: string; body: string } {
  const catalogue = catalogueOf(brand);
  const chosen = catalogue.products[Math.floor(pick() * catalogue.products.length)]!;
  const promise = catalogue.promises[Math.floor(pick() * catalogue.promises.length)]!;
  const fill = (template: string) =>
    template
      .replaceAll("{product}", chosen.name)
      .replaceAll("{brand}", brand)
      .replaceAll("{promise}", promise)
      .replaceAll("{category}", catalogue.category);
  const drawn = Math.floor(pick() * HEADLINES.length);
  const fitting = HEADLINES.map((_, step) => fill(HEADLINES[(drawn + step) % HEADLINES.length]!)).find(
    (text) => text.length <= maxHeadline,
  );
  const headline = fitting ?? wordsWithin(chosen.name, maxHeadline);
  const body = fill(BODIES[Math.floor(pick() * BODIES.length)]!);
  return { product: chosen, headline, body };
}

/** An ad group's (ad set's) name, in the platform's habits. */
export function adGroupNameOf(platform: AdPlatformId, product: BrandProduct, index: number): string {
  const search = ["Exact", "Phrase", "Broad"];
  const social = ["Broad 25-54", "Lookalike 1%", "Interests – Enthusiasts"];
  switch (platform) {
    case "google-ads":
    case "microsoft-ads":
      return `${product.name} – ${search[index % search.length]}`;
    case "facebook-ads":
    case "tiktok-ads":
      return `${product.name} – ${social[index % social.length]}`;
    case "linkedin-ads":
      return product.name;
  }
}

const KIND_LABELS: Record<AdPlatformId, Record<SimCreativeKind, string>> = {
  "google-ads": { text: "RSA", image: "Display", video: "YouTube", carousel: "Carousel" },
  "microsoft-ads": { text: "RSA", image: "Multimedia", video: "Video", carousel: "Carousel" },
  "facebook-ads": { text: "Text", image: "Static", video: "Video", carousel: "Carousel" },
  "tiktok-ads": { text: "Text", image: "Image", video: "In-Feed", carousel: "Carousel" },
  "linkedin-ads": { text: "Text", image: "Single Image", video: "Video", carousel: "Carousel" },
};

export function adNameOf(platform: AdPlatformId, kind: SimCreativeKind, product: BrandProduct, version: number) {
  return `${KIND_LABELS[platform][kind]} – ${product.name} – v${version}`;
}

/** The first words of `text` that fit in `max` characters (at least the first word). */
function wordsWithin(text: string, max: number): string {
  const words = text.split(" ");
  let out = words[0] ?? "";
  for (const word of words.slice(1)) {
    if (`${out} ${word}`.length > max) break;
    out = `${out} ${word}`;
  }
  return out;
}
