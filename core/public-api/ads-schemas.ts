/**
 * The ads endpoints on the wire (issue 20 §4): a campaign's ad groups and ads, an ad's daily
 * metrics, and the organization's creatives (assets). snake_case, money as minor units plus an ISO
 * currency, lists as { data, next_cursor }, like the campaign endpoints.
 */
import { z } from "zod";
import { calendarDateSchema, MAX_RANGE_DAYS } from "#core/analytics/date-range.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, moneySchema, platformSchema, statusSchema } from "./public-api-schemas.ts";
import { WIRE_PLATFORMS } from "./wire-values.ts";

export const WIRE_CREATIVE_KINDS = ["image", "video", "carousel", "text"] as const;

const commaList = <Value extends string>(values: readonly Value[], field: string) =>
  z
    .string()
    .regex(
      new RegExp(`^(${values.join("|")})(,(${values.join("|")}))*$`),
      `${field} must be a comma-separated list of ${values.join(", ")}.`,
    )
    .transform((text) => [...new Set(text.split(","))] as Value[]);

const rangeFields = {
  from: calendarDateSchema.optional().meta({ description: "First day, YYYY-MM-DD (the ad account's time zone)." }),
  to: calendarDateSchema.optional().meta({ description: "Last day, included." }),
};

type RangeQuery = { from?: string; to?: string };
const checkRange = (query: RangeQuery, context: z.RefinementCtx) => {
  if (Boolean(query.from) !== Boolean(query.to))
    context.addIssue({ code: "custom", message: "Send both from and to, or neither (the last 30 days)." });
  else if (query.from && query.to && query.from > query.to)
    context.addIssue({ code: "custom", path: ["from"], message: "from must not be after to." });
  else if (query.from && query.to && (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1 > MAX_RANGE_DAYS)
    context.addIssue({ code: "custom", path: ["to"], message: `A range covers at most ${MAX_RANGE_DAYS} days.` });
};

export const adsRangeQuerySchema = z.object(rangeFields).superRefine(checkRange);

export const listAssetsQuerySchema = z
  .object({
    ...rangeFields,
    platform: commaList(WIRE_PLATFORMS, "platform")
      .optional()
      .meta({ description: "Comma-separated platforms.", example: "google_ads,meta" }),
    kind: commaList(WIRE_CREATIVE_KINDS, "kind")
      .optional()
      .meta({ description: "Comma-separated creative kinds.", example: "image,video" }),
    q: z
      .string()
      .max(200, "q has at most 200 characters.")
      .optional()
      .meta({ description: "Part of the headline, the text or an ad's name, case-insensitive." }),
    limit: z.coerce
      .number("limit must be a number.")
      .int("limit must be a whole number.")
      .min(1, `limit must be from 1 to ${MAX_PAGE_SIZE}.`)
      .max(MAX_PAGE_SIZE, `limit must be from 1 to ${MAX_PAGE_SIZE}.`)
      .default(DEFAULT_PAGE_SIZE)
      .meta({ description: `Page size, 1–${MAX_PAGE_SIZE}.`, example: 25 }),
    cursor: z.string().optional().meta({ description: "The `next_cursor` of the previous page." }),
  })
  .superRefine(checkRange);

export const adIdParamsSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The ad's id.", example: "3f0c9a52-8d1e-4b7a-9c61-2a7e5b0d4f18" }),
});

const adKpiFields = {
  impressions: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number().describe("May be fractional (data-driven attribution)."),
  spend: moneySchema,
  revenue: moneySchema.describe("The conversion value the platform reports."),
  ctr: z.number().nullable().describe("clicks / impressions, 4 decimals; null without impressions."),
  cpc: moneySchema.nullable().describe("spend / clicks; null without clicks."),
  cpa: moneySchema.nullable().describe("spend / conversions; null without conversions."),
  roas: z.number().nullable().describe("revenue / spend, 2 decimals; null without spend."),
  reach: z
    .number()
    .int()
    .nullable()
    .describe("People reached, summed per day; null where the platform does not report it."),
  video_views: z.number().int().nullable().describe("The platform's video views; null without video."),
  hook_rate: z
    .number()
    .nullable()
    .describe("video views / impressions for a video creative, 4 decimals; null otherwise."),
};

export const adMetricsSchema = z.object(adKpiFields).strict().meta({ id: "AdMetrics" });

export const creativeSchema = z
  .object({
    id: z.string().describe("Adhelm's id of the creative, shared by every ad that shows it."),
    external_id: z.string().describe("The platform's id of the creative (or of the ad, where the platform has none)."),
    kind: z.enum(WIRE_CREATIVE_KINDS),
    headline: z.string().nullable(),
    body: z.string().nullable(),
    landing_url: z.string().nullable().describe("The landing page, with its query."),
    url_suffix: z.string().nullable().describe("Tracking parameters the platform appends to clicks."),
    media_url: z.string().nullable().describe("The image or video; a carousel's first card."),
    thumbnail_url: z.string().nullable(),
    has_utm: z.boolean().describe("Whether the clicks carry utm_source, utm_medium and utm_campaign."),
  })
  .strict()
  .meta({ id: "Creative" });

const adSchema = z
  .object({
    id: z.string(),
    external_id: z.string(),
    name: z.string(),
    status: statusSchema,
    creative: creativeSchema,
    metrics: adMetricsSchema,
  })
  .strict()
  .meta({ id: "Ad" });

const adGroupSchema = z
  .object({
    id: z.string(),
    external_id: z.string(),
    name: z.string(),
    status: statusSchema,
    metrics: adMetricsSchema.describe("The sums of its ads."),
    ads: z.array(adSchema),
  })
  .strict()
  .meta({ id: "AdGroup" });

export const campaignAdsSchema = z
  .object({
    data: z
      .object({
        campaign_id: z.string(),
        platform: platformSchema,
        from: z.iso.date(),
        to: z.iso.date(),
        ad_groups: z.array(adGroupSchema).describe("Ad groups (Meta: ad sets) with their ads."),
      })
      .strict()
      .meta({ id: "CampaignAds" }),
  })
  .strict()
  .meta({ id: "CampaignAdsResponse" });

export const adDailyMetricsSchema = z
  .object({
    data: z
      .object({
        ad_id: z.string(),
        campaign_id: z.string(),
        from: z.iso.date(),
        to: z.iso.date(),
        ...adKpiFields,
        daily: z
          .array(
            z
              .object({ date: z.iso.date(), ...adKpiFields })
              .strict()
              .meta({ id: "AdDailyMetrics" }),
          )
          .describe("Every day of the range; days without delivery are zeros."),
      })
      .strict()
      .meta({ id: "AdMetricsOverRange" }),
  })
  .strict()
  .meta({ id: "AdMetricsResponse" });

const windowSchema = z.object({ from: z.iso.date(), to: z.iso.date() }).strict();
const windowFactsSchema = z
  .object({
    window: windowSchema,
    impressions: z.number().int(),
    clicks: z.number().int(),
    ctr: z.number().nullable(),
    frequency: z.number().nullable().describe("impressions / reach; null where the platform does not report reach."),
    daily_spend: moneySchema.describe("Average spend per day of the window."),
  })
  .strict();

export const fatigueSchema = z
  .object({
    status: z
      .enum(["tired", "healthy", "insufficient_data"])
      .describe(
        "tired: its CTR fell significantly against its own first days while its frequency or daily spend rose. insufficient_data: too new, or too few impressions to tell.",
      ),
    evidence: z
      .object({
        first_days: windowFactsSchema.describe("Its first 7 days with delivery."),
        recent_days: windowFactsSchema.describe("The last 7 days of the range."),
        ctr_change: z.number().nullable().describe("Relative change of the CTR, e.g. -0.35 for 35% lower."),
        frequency_change: z.number().nullable(),
        spend_change: z.number().nullable().describe("Relative change of the average daily spend."),
        reasons: z.array(z.enum(["ctr_fell", "frequency_rose", "spend_rose"])),
      })
      .strict()
      .nullable(),
  })
  .strict()
  .meta({ id: "CreativeFatigue" });

export const assetSchema = creativeSchema
  .extend({
    platforms: z.array(platformSchema),
    ad_account_id: z.string(),
    status: statusSchema.describe("active when one of its ads is, else paused when one is, else removed."),
    used_in: z
      .array(
        z
          .object({
            campaign_id: z.string(),
            campaign_name: z.string(),
            ad_group_id: z.string(),
            ad_group_name: z.string(),
            ad_id: z.string(),
            ad_name: z.string(),
            status: statusSchema,
          })
          .strict(),
      )
      .describe("Where it runs: campaign → ad group → ad."),
    metrics: adMetricsSchema,
    fatigue: fatigueSchema,
  })
  .strict()
  .meta({ id: "Asset" });

export const assetListSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    data: z.array(assetSchema),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
  })
  .strict()
  .meta({ id: "AssetList" });

export type WireAdMetrics = z.output<typeof adMetricsSchema>;
export type WireCampaignAds = z.output<typeof campaignAdsSchema>["data"];
export type WireAdDailyMetrics = z.output<typeof adDailyMetricsSchema>["data"];
export type WireAsset = z.output<typeof assetSchema>;
export type WireFatigue = z.output<typeof fatigueSchema>;
