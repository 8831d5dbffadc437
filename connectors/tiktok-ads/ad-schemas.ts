import { z } from "zod";

/** TikTok v1.3 shapes of ad groups, ads, their files and ad-level report rows. */

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, "expected a decimal string");

const pageInfoSchema = z.object({
  page: z.number(),
  page_size: z.number(),
  total_number: z.number(),
  total_page: z.number(),
});

const operationStatus = z.enum(["ENABLE", "DISABLE", "DELETE", "FROZEN"]);

export const adGroupSchema = z.object({
  campaign_id: z.string(),
  adgroup_id: z.string(),
  adgroup_name: z.string(),
  operation_status: operationStatus,
  secondary_status: z.string().optional(),
});
export type TikTokAdGroup = z.infer<typeof adGroupSchema>;
export const adGroupPageSchema = z.object({ list: z.array(adGroupSchema), page_info: pageInfoSchema });

export const adSchema = z.object({
  campaign_id: z.string(),
  adgroup_id: z.string(),
  ad_id: z.string(),
  ad_name: z.string(),
  operation_status: operationStatus,
  secondary_status: z.string().optional(),
  /** SINGLE_IMAGE, SINGLE_VIDEO, CAROUSEL_ADS, … */
  ad_format: z.string().nullish(),
  ad_text: z.string().nullish(),
  landing_page_url: z.string().nullish(),
  video_id: z.string().nullish(),
  image_ids: z.array(z.string()).nullish(),
});
export type TikTokAd = z.infer<typeof adSchema>;
export const adPageSchema = z.object({ list: z.array(adSchema), page_info: pageInfoSchema });

export const imageInfoSchema = z.object({
  list: z.array(z.object({ image_id: z.string(), image_url: z.string().nullish() }).loose()),
});

export const videoInfoSchema = z.object({
  list: z.array(
    z
      .object({ video_id: z.string(), video_cover_url: z.string().nullish(), preview_url: z.string().nullish() })
      .loose(),
  ),
});

export const adReportRowSchema = z.object({
  dimensions: z.object({
    ad_id: z.string(),
    stat_time_day: z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/),
  }),
  metrics: z.object({
    campaign_id: z.string(),
    spend: decimalString,
    impressions: decimalString,
    clicks: decimalString,
    complete_payment: decimalString,
    total_complete_payment_rate: decimalString,
    reach: decimalString,
    video_watched_2s: decimalString,
  }),
});
export type TikTokAdReportRow = z.infer<typeof adReportRowSchema>;
export const adReportPageSchema = z.object({ list: z.array(adReportRowSchema), page_info: pageInfoSchema });
