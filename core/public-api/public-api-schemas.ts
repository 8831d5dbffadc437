/**
 * The public API v1 on the wire: snake_case JSON, money as integer minor units plus an ISO
 * currency, lists as { data, next_cursor }. The OpenAPI document is generated from these schemas
 * (`.meta({ id })` names a component), and the routes validate requests with them.
 */
import { z } from "zod";
import { calendarDateSchema, MAX_RANGE_DAYS } from "#core/analytics/date-range.ts";
import { WIRE_PLATFORMS, WIRE_STATUSES } from "./wire-values.ts";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;
export const CAMPAIGN_NAME_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

const commaList = <Value extends string>(values: readonly Value[], field: string) =>
  z
    .string()
    .regex(
      new RegExp(`^(${values.join("|")})(,(${values.join("|")}))*$`),
      `${field} must be a comma-separated list of ${values.join(", ")}.`,
    )
    .transform((text) => [...new Set(text.split(","))] as Value[]);

export const moneySchema = z
  .object({
    amount_minor: z.number().int().describe("Integer amount in the currency's minor unit (cents for USD)."),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "currency must be an ISO 4217 code such as USD.")
      .describe("ISO 4217 code."),
  })
  .strict()
  .meta({ id: "Money", example: { amount_minor: 15_000, currency: "USD" } });

const positiveMoneySchema = z
  .object(
    {
      amount_minor: z
        .number("daily_budget.amount_minor must be a number.")
        .int("daily_budget.amount_minor must be a whole number of minor units (cents).")
        .positive("daily_budget.amount_minor must be more than 0."),
      currency: z.string().regex(/^[A-Z]{3}$/, "daily_budget.currency must be an ISO 4217 code such as USD."),
    },
    "daily_budget must be an object with amount_minor and currency.",
  )
  .strict()
  .meta({ id: "Budget", description: "A daily budget in the ad account's currency." });

export const platformSchema = z.enum(WIRE_PLATFORMS).meta({ id: "Platform" });
export const statusSchema = z.enum(WIRE_STATUSES).meta({ id: "CampaignStatus" });

export const campaignSchema = z
  .object({
    id: z.string().describe("Adhelm's id of the campaign."),
    platform: platformSchema,
    ad_account_id: z.string().describe("Adhelm's id of the ad account."),
    name: z.string(),
    status: statusSchema,
    daily_budget: moneySchema.nullable().describe("null when the campaign spends a shared budget."),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime().optional().describe("In the answer to an update: when the change was applied."),
  })
  .strict()
  .meta({ id: "Campaign" });

export const campaignListSchema = z
  .object({
    data: z.array(campaignSchema),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
  })
  .strict()
  .meta({ id: "CampaignList" });

export const campaignEnvelopeSchema = z.object({ data: campaignSchema }).strict().meta({ id: "CampaignResponse" });

export const listCampaignsQuerySchema = z.object({
  status: commaList(WIRE_STATUSES, "status")
    .optional()
    .meta({ description: "Comma-separated statuses.", example: "active,paused" }),
  platform: commaList(WIRE_PLATFORMS, "platform")
    .optional()
    .meta({ description: "Comma-separated platforms.", example: "google_ads,meta" }),
  ad_account_id: z
    .string()
    .min(1)
    .transform((text) => [...new Set(text.split(",").filter(Boolean))])
    .optional()
    .meta({ description: "Comma-separated ad account ids." }),
  q: z
    .string()
    .max(200, "q has at most 200 characters.")
    .optional()
    .meta({ description: "Part of the campaign's name, case-insensitive." }),
  limit: z.coerce
    .number("limit must be a number.")
    .int("limit must be a whole number.")
    .min(1, `limit must be from 1 to ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `limit must be from 1 to ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE)
    .meta({ description: `Page size, 1–${MAX_PAGE_SIZE}.`, example: 25 }),
  cursor: z.string().optional().meta({ description: "The `next_cursor` of the previous page." }),
});

export const campaignIdParamsSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The campaign's id.", example: "cmp_8f3k2m1q" }),
});

export const createCampaignBodySchema = z
  .object({
    name: z
      .string("name is required.")
      .trim()
      .min(1, "name must not be empty.")
      .max(CAMPAIGN_NAME_MAX_LENGTH, `name has at most ${CAMPAIGN_NAME_MAX_LENGTH} characters.`),
    platform: z.enum(WIRE_PLATFORMS, `platform must be one of ${WIRE_PLATFORMS.join(", ")}.`),
    ad_account_id: z.string("ad_account_id is required.").min(1, "ad_account_id must not be empty."),
    daily_budget: positiveMoneySchema,
    status: z.enum(["active", "paused"], "status must be active or paused.").default("paused"),
  })
  .strict()
  .meta({ id: "CreateCampaign" });

export const updateCampaignBodySchema = z
  .object({
    name: z
      .string("name must be text.")
      .trim()
      .min(1, "name must not be empty.")
      .max(CAMPAIGN_NAME_MAX_LENGTH, `name has at most ${CAMPAIGN_NAME_MAX_LENGTH} characters.`)
      .optional(),
    status: z.enum(["active", "paused"], "status must be active or paused.").optional(),
    daily_budget: positiveMoneySchema.optional(),
  })
  .strict()
  .refine(
    (body) => body.name !== undefined || body.status !== undefined || body.daily_budget !== undefined,
    "Send at least one of name, status and daily_budget.",
  )
  .meta({ id: "UpdateCampaign" });

export const metricsQuerySchema = z
  .object({
    from: calendarDateSchema.optional().meta({ description: "First day, YYYY-MM-DD (the account's time zone)." }),
    to: calendarDateSchema.optional().meta({ description: "Last day, included." }),
    granularity: z
      .enum(["total", "daily"], "granularity must be total or daily.")
      .default("total")
      .meta({ description: "`daily` adds one entry per day." }),
  })
  .superRefine((query, context) => {
    if (Boolean(query.from) !== Boolean(query.to))
      context.addIssue({ code: "custom", message: "Send both from and to, or neither (the last 30 days)." });
    else if (query.from && query.to && query.from > query.to)
      context.addIssue({ code: "custom", path: ["from"], message: "from must not be after to." });
    else if (
      query.from &&
      query.to &&
      (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1 > MAX_RANGE_DAYS
    )
      context.addIssue({ code: "custom", path: ["to"], message: `A range covers at most ${MAX_RANGE_DAYS} days.` });
  });

const kpiFields = {
  impressions: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number().describe("May be fractional (data-driven attribution)."),
  spend: moneySchema,
  revenue: moneySchema.describe("The conversion value the platform reports."),
  ctr: z.number().nullable().describe("clicks / impressions, 4 decimals; null without impressions."),
  cpc: moneySchema.nullable().describe("spend / clicks; null without clicks."),
  roas: z.number().nullable().describe("revenue / spend, 2 decimals; null without spend."),
  roi: z.number().nullable().describe("(revenue − spend) / spend, 2 decimals; null without spend."),
};

export const dailyMetricsSchema = z
  .object({ date: z.iso.date(), ...kpiFields })
  .strict()
  .meta({ id: "DailyMetrics" });

export const campaignMetricsSchema = z
  .object({
    data: z
      .object({
        campaign_id: z.string(),
        from: z.iso.date(),
        to: z.iso.date(),
        ...kpiFields,
        daily: z.array(dailyMetricsSchema).optional().describe("With granularity=daily: every day of the range."),
      })
      .strict()
      .meta({ id: "CampaignMetrics" }),
  })
  .strict()
  .meta({ id: "CampaignMetricsResponse" });

export const errorEnvelopeSchema = z
  .object({
    error: z
      .object({
        code: z
          .string()
          .describe(
            "bad_request, unauthorized, forbidden, not_found, conflict, idempotency_key_in_use, unprocessable_entity, idempotency_key_reused, rate_limited, usage_limit_exceeded, internal_error",
          ),
        message: z.string().describe("What went wrong, in words a person can act on."),
      })
      .strict(),
  })
  .strict()
  .meta({ id: "Error" });

export type WireCampaign = z.output<typeof campaignSchema>;
export type WireCampaignList = z.output<typeof campaignListSchema>;
export type WireCampaignMetrics = z.output<typeof campaignMetricsSchema>["data"];
export type CreateCampaignBody = z.output<typeof createCampaignBodySchema>;
export type UpdateCampaignBody = z.output<typeof updateCampaignBodySchema>;
