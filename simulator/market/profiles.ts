import type { AdPlatformId } from "../lib/platform-ids.ts";
import type { Range } from "./random.ts";

/** What each platform's market looks like: costs, rates, weeks, names and UTM sources. */

export const UTM_BY_PLATFORM: Record<AdPlatformId, { source: string; medium: string }> = {
  "google-ads": { source: "google", medium: "cpc" },
  "microsoft-ads": { source: "bing", medium: "cpc" },
  "facebook-ads": { source: "facebook", medium: "paid_social" },
  "tiktok-ads": { source: "tiktok", medium: "paid_social" },
  "linkedin-ads": { source: "linkedin", medium: "paid_social" },
};

export interface PlatformProfile {
  /** Ids: account digits and a leading prefix, campaign digits and prefix. */
  accountDigits: number;
  accountPrefix: string;
  campaignDigits: number;
  campaignPrefix: string;
  campaignTemplates: string[];
  /** Minor units per 1,000 impressions. */
  cpmMinor: Range;
  ctr: Range;
  /** Cost per conversion at the campaign's original budget, minor units. */
  cpaMinor: Range;
  dailyBudgetMinor: Range;
  /** The adstock decay λ: the share of a day's effect that carries into the next. */
  carryOver: Range;
  /** Sunday first. */
  weekly: number[];
}

export const SEARCH_WEEK = [0.9, 1.06, 1.08, 1.07, 1.04, 0.97, 0.88];
export const SOCIAL_WEEK = [1.1, 0.95, 0.94, 0.96, 0.99, 1.03, 1.12];
export const B2B_WEEK = [0.62, 1.16, 1.2, 1.19, 1.14, 0.98, 0.6];

export const PROFILES: Record<AdPlatformId, PlatformProfile> = {
  "google-ads": {
    accountDigits: 10,
    accountPrefix: "",
    campaignDigits: 11,
    campaignPrefix: "2",
    campaignTemplates: [
      "Brand Search",
      "Generic Search",
      "Competitor Search",
      "Performance Max – All Products",
      "Shopping – Bestsellers",
      "Shopping – New Arrivals",
      "Display – Remarketing 30d",
      "YouTube – Awareness",
      "Demand Gen – Lookalike",
      "DSA – Full Site",
    ],
    cpmMinor: { min: 2500, max: 6000 },
    ctr: { min: 0.03, max: 0.08 },
    cpaMinor: { min: 1800, max: 6000 },
    dailyBudgetMinor: { min: 3000, max: 50000 },
    carryOver: { min: 0.1, max: 0.4 },
    weekly: SEARCH_WEEK,
  },
  "microsoft-ads": {
    accountDigits: 9,
    accountPrefix: "1",
    campaignDigits: 9,
    campaignPrefix: "4",
    campaignTemplates: [
      "Brand Search",
      "Generic Search",
      "Competitor Search",
      "Shopping – Bestsellers",
      "Audience Ads – Remarketing",
      "Performance Max – All Products",
    ],
    cpmMinor: { min: 2000, max: 4500 },
    ctr: { min: 0.025, max: 0.06 },
    cpaMinor: { min: 1600, max: 5000 },
    dailyBudgetMinor: { min: 2000, max: 20000 },
    carryOver: { min: 0.1, max: 0.4 },
    weekly: SEARCH_WEEK,
  },
  "facebook-ads": {
    accountDigits: 15,
    accountPrefix: "",
    campaignDigits: 18,
    campaignPrefix: "1202",
    campaignTemplates: [
      "Prospecting – Lookalike 2%",
      "Prospecting – Broad",
      "Retargeting – Cart Abandoners",
      "Retargeting – Site Visitors 30d",
      "Advantage+ Shopping",
      "Catalog Sales – DPA",
      "Video Views – Brand Story",
      "Lead Gen – Newsletter",
    ],
    cpmMinor: { min: 800, max: 1800 },
    ctr: { min: 0.008, max: 0.02 },
    cpaMinor: { min: 2000, max: 6000 },
    dailyBudgetMinor: { min: 2000, max: 40000 },
    carryOver: { min: 0.25, max: 0.6 },
    weekly: SOCIAL_WEEK,
  },
  "tiktok-ads": {
    accountDigits: 19,
    accountPrefix: "7",
    campaignDigits: 19,
    campaignPrefix: "17",
    campaignTemplates: [
      "Spark Ads – Creator Collab",
      "In-Feed – Prospecting",
      "Video Shopping – Catalog",
      "Smart+ – Conversions",
      "TopView – Launch",
      "Retargeting – Engagers 14d",
    ],
    cpmMinor: { min: 500, max: 1200 },
    ctr: { min: 0.006, max: 0.015 },
    cpaMinor: { min: 2500, max: 7000 },
    // TikTok's campaign-level daily budget starts at 50 units.
    dailyBudgetMinor: { min: 5000, max: 30000 },
    carryOver: { min: 0.2, max: 0.55 },
    weekly: SOCIAL_WEEK,
  },
  "linkedin-ads": {
    accountDigits: 9,
    accountPrefix: "5",
    campaignDigits: 9,
    campaignPrefix: "3",
    campaignTemplates: [
      "Sponsored Content – Decision Makers",
      "Lead Gen Form – Whitepaper",
      "Conversation Ads – Demo",
      "Retargeting – Website Visitors",
      "Thought Leader Ads – CEO",
      "Document Ads – Buyer's Guide",
    ],
    cpmMinor: { min: 3000, max: 7000 },
    ctr: { min: 0.004, max: 0.009 },
    cpaMinor: { min: 6000, max: 15000 },
    dailyBudgetMinor: { min: 1000, max: 20000 },
    carryOver: { min: 0.3, max: 0.6 },
    weekly: B2B_WEEK,
  },
};

export const REGIONS = [
  "US",
  "Canada",
  "UK",
  "Germany",
  "Australia",
  "France",
  "Nordics",
  "West Coast",
  "Northeast",
  "Texas",
];
export const BRANDS = [
  "Northwind Outfitters",
  "Bluebird Coffee Co.",
  "Juniper & Pine",
  "Harbor Goods",
  "Summit Gear",
  "Lumen Skincare",
  "Fieldhouse Athletics",
  "Copper Kettle Kitchen",
  "Atlas Travel Supply",
  "Meadow Pet Co.",
  "Orbit Electronics",
  "Saltwater Swim",
];
export const HOME_TIME_ZONES = ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"];
export const USD_ACCOUNT_SUFFIXES = ["US", "North America", "Performance"];
