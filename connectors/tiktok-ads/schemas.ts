import { z } from "zod";

/** TikTok sends metric values as strings ("12.34", "1200"). */
const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, "expected a decimal string");

/** Every v1.3 answer: a non-zero `code` is an error even with HTTP 200. */
export const envelopeSchema = z.object({
  code: z.number(),
  message: z.string(),
  request_id: z.string().optional(),
  data: z.unknown().optional(),
});

export const tokenDataSchema = z.object({
  access_token: z.string().min(1),
  // 19-digit ids do not fit a JS number, so TikTok sends them as strings.
  advertiser_ids: z.array(z.string()),
  scope: z.array(z.number()).optional(),
});

export const advertiserListSchema = z.object({
  list: z.array(z.object({ advertiser_id: z.string(), advertiser_name: z.string() })),
});

export const advertiserInfoSchema = z.object({
  list: z.array(
    z.object({
      advertiser_id: z.string(),
      name: z.string(),
      currency: z.string().length(3),
      timezone: z.string().min(1),
      display_timezone: z.string().optional(),
    }),
  ),
});
export type TikTokAdvertiserInfo = z.infer<typeof advertiserInfoSchema>["list"][number];

const pageInfoSchema = z.object({
  page: z.number(),
  page_size: z.number(),
  total_number: z.number(),
  total_page: z.number(),
});

export const campaignSchema = z.object({
  campaign_id: z.string(),
  campaign_name: z.string(),
  operation_status: z.enum(["ENABLE", "DISABLE", "DELETE"]),
  secondary_status: z.string().optional(),
  /** Major units of the account currency. */
  budget: z.number(),
  budget_mode: z.string(),
});
export type TikTokCampaign = z.infer<typeof campaignSchema>;

export const campaignPageSchema = z.object({ list: z.array(campaignSchema), page_info: pageInfoSchema });

export const reportRowSchema = z.object({
  dimensions: z.object({
    campaign_id: z.string(),
    stat_time_day: z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/),
  }),
  metrics: z.object({
    spend: decimalString,
    impressions: decimalString,
    clicks: decimalString,
    complete_payment: decimalString,
    total_complete_payment_rate: decimalString,
  }),
});
export type TikTokReportRow = z.infer<typeof reportRowSchema>;

export const reportPageSchema = z.object({ list: z.array(reportRowSchema), page_info: pageInfoSchema });

/** `/campaign/create/` answers the campaign it made; its id is what we need. */
export const createdCampaignSchema = z.object({ campaign_id: z.string().min(1) });

/** Mutations answer with what they changed; nothing in it is needed. */
export const mutationDataSchema = z.unknown();
