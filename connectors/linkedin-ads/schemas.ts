import { z } from "zod";

/** LinkedIn numbers ids as longs; accept either JSON type and keep them as strings. */
const idSchema = z.union([z.number(), z.string()]).transform((value) => String(value));

/** `{"message","serviceErrorCode","status"}`, LinkedIn's error body. */
export const linkedInErrorSchema = z.object({
  message: z.string().optional(),
  serviceErrorCode: z.number().optional(),
  status: z.number().optional(),
});

/** The OAuth endpoint's answers: tokens, or `{error, error_description}`. */
export const linkedInTokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().optional(),
  scope: z.string().optional(),
});

export const linkedInOAuthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

/** Cursor pages of the search finders (`metadata.nextPageToken` is absent on the last page). */
const finderPage = <T extends z.ZodType>(element: T) =>
  z.object({
    elements: z.array(element),
    metadata: z.object({ nextPageToken: z.string().nullish() }).nullish(),
  });

export const linkedInAdAccountSchema = z.object({
  id: idSchema,
  name: z.string(),
  currency: z.string().length(3),
  status: z.string(),
  type: z.string().optional(),
});
export type LinkedInAdAccount = z.infer<typeof linkedInAdAccountSchema>;
export const linkedInAdAccountPageSchema = finderPage(linkedInAdAccountSchema);

const moneySchema = z.object({ amount: z.string(), currencyCode: z.string().length(3) });

export const linkedInCampaignSchema = z.object({
  id: idSchema,
  name: z.string(),
  status: z.string(),
  /** Why an ACTIVE campaign serves or not: RUNNABLE, STOPPED or a hold (budget, account, dates …). */
  servingStatuses: z.array(z.string()).optional(),
  account: z.string().optional(),
  dailyBudget: moneySchema.nullish(),
});
export type LinkedInCampaign = z.infer<typeof linkedInCampaignSchema>;
export const linkedInCampaignPageSchema = finderPage(linkedInCampaignSchema);

export const linkedInCampaignGroupPageSchema = finderPage(z.object({ id: idSchema, status: z.string().optional() }));

const dateSchema = z.object({ year: z.number(), month: z.number(), day: z.number() });

/** One adAnalytics element (pivot CAMPAIGN, DAILY); metrics not asked for are absent. */
export const linkedInAnalyticsElementSchema = z.object({
  dateRange: z.object({ start: dateSchema, end: dateSchema.optional() }),
  pivotValues: z.array(z.string()).min(1),
  impressions: z.number().optional(),
  clicks: z.number().optional(),
  costInLocalCurrency: z.string().optional(),
  externalWebsiteConversions: z.number().optional(),
  conversionValueInLocalCurrency: z.string().optional(),
});
export type LinkedInAnalyticsElement = z.infer<typeof linkedInAnalyticsElementSchema>;
export const linkedInAnalyticsSchema = z.object({ elements: z.array(linkedInAnalyticsElementSchema) });

/** A conversion rule (`/conversions?q=account`), offset pages with `paging.total`. */
export const linkedInConversionSchema = z.object({
  id: idSchema,
  name: z.string().nullish(),
  type: z.string().nullish(),
  enabled: z.boolean().nullish(),
  postClickAttributionWindowSize: z.number().int().nullish(),
  viewThroughAttributionWindowSize: z.number().int().nullish(),
});
export type LinkedInConversion = z.infer<typeof linkedInConversionSchema>;
export const linkedInConversionPageSchema = z.object({
  elements: z.array(linkedInConversionSchema),
  paging: z
    .object({ start: z.number().optional(), count: z.number().optional(), total: z.number().optional() })
    .nullish(),
});
