import { z } from "zod";

/** Google's OAuth token endpoint answer (authorization_code and refresh_token grants). */
export const googleTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

export const googleOAuthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

export const listAccessibleCustomersSchema = z.object({
  resourceNames: z.array(z.string().regex(/^customers\/\d+$/)).default([]),
});

// REST JSON renders int64 as strings and doubles as numbers; tolerate both for either.
const int64 = z.union([z.string().regex(/^-?\d+$/), z.number().int()]).transform(String);
const double = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/)]).transform(Number);

/** Google's AdTextAsset and AdImageAsset / AdVideoAsset (a link to an asset by resource name). */
const adTextAsset = z.object({ text: z.string().optional() });
const adAssetLink = z.object({ asset: z.string().optional() });

/** The Ad inside an ad_group_ad, with the ad types our queries read. */
function googleAdSchema() {
  return z.object({
    resourceName: z.string().optional(),
    id: int64.optional(),
    name: z.string().optional(),
    type: z.string().optional(),
    finalUrls: z.array(z.string()).optional(),
    finalUrlSuffix: z.string().optional(),
    responsiveSearchAd: z
      .object({ headlines: z.array(adTextAsset).optional(), descriptions: z.array(adTextAsset).optional() })
      .optional(),
    responsiveDisplayAd: z
      .object({
        marketingImages: z.array(adAssetLink).optional(),
        squareMarketingImages: z.array(adAssetLink).optional(),
        headlines: z.array(adTextAsset).optional(),
        longHeadline: adTextAsset.optional(),
        descriptions: z.array(adTextAsset).optional(),
        businessName: z.string().optional(),
      })
      .optional(),
    videoResponsiveAd: z
      .object({
        videos: z.array(adAssetLink).optional(),
        headlines: z.array(adTextAsset).optional(),
        longHeadlines: z.array(adTextAsset).optional(),
        descriptions: z.array(adTextAsset).optional(),
      })
      .optional(),
  });
}

/** One GoogleAdsRow with the resources our queries select; everything is optional as in proto3 JSON. */
export const googleAdsRowSchema = z.object({
  customer: z
    .object({
      resourceName: z.string().optional(),
      id: int64.optional(),
      descriptiveName: z.string().optional(),
      currencyCode: z.string().optional(),
      timeZone: z.string().optional(),
      manager: z.boolean().optional(),
    })
    .optional(),
  campaign: z
    .object({
      resourceName: z.string().optional(),
      id: int64.optional(),
      name: z.string().optional(),
      status: z.string().optional(),
      servingStatus: z.string().optional(),
      primaryStatus: z.string().optional(),
      primaryStatusReasons: z.array(z.string()).optional(),
      campaignBudget: z.string().optional(),
    })
    .optional(),
  campaignBudget: z
    .object({
      resourceName: z.string().optional(),
      amountMicros: int64.optional(),
    })
    .optional(),
  segments: z
    .object({
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
      conversionAction: z.string().optional(),
      conversionActionName: z.string().optional(),
      conversionActionCategory: z.string().optional(),
    })
    .optional(),
  metrics: z
    .object({
      impressions: int64.optional(),
      clicks: int64.optional(),
      costMicros: int64.optional(),
      conversions: double.optional(),
      conversionsValue: double.optional(),
      videoTrueviewViews: int64.optional(),
      allConversions: double.optional(),
      allConversionsValue: double.optional(),
    })
    .optional(),
  conversionAction: z
    .object({
      resourceName: z.string().optional(),
      id: int64.optional(),
      name: z.string().optional(),
      status: z.string().optional(),
      type: z.string().optional(),
      category: z.string().optional(),
      primaryForGoal: z.boolean().optional(),
      includeInConversionsMetric: z.boolean().optional(),
      clickThroughLookbackWindowDays: int64.optional(),
      viewThroughLookbackWindowDays: int64.optional(),
    })
    .optional(),
  adGroup: z
    .object({
      resourceName: z.string().optional(),
      id: int64.optional(),
      name: z.string().optional(),
      status: z.string().optional(),
      type: z.string().optional(),
      campaign: z.string().optional(),
    })
    .optional(),
  adGroupAd: z
    .object({
      resourceName: z.string().optional(),
      status: z.string().optional(),
      adGroup: z.string().optional(),
      ad: googleAdSchema().optional(),
    })
    .optional(),
  asset: z
    .object({
      resourceName: z.string().optional(),
      id: int64.optional(),
      name: z.string().optional(),
      type: z.string().optional(),
      imageAsset: z
        .object({
          fullSize: z
            .object({ url: z.string().optional(), widthPixels: int64.optional(), heightPixels: int64.optional() })
            .optional(),
        })
        .optional(),
      youtubeVideoAsset: z
        .object({ youtubeVideoId: z.string().optional(), youtubeVideoTitle: z.string().optional() })
        .optional(),
    })
    .optional(),
});
export type GoogleAdsRow = z.infer<typeof googleAdsRowSchema>;

/** A `:search` page. */
export const searchResponseSchema = z.object({
  results: z.array(googleAdsRowSchema).default([]),
  nextPageToken: z.string().optional(),
  fieldMask: z.string().optional(),
});

/** `:searchStream` answers a JSON array of batches. */
export const searchStreamResponseSchema = z.array(
  z.object({
    results: z.array(googleAdsRowSchema).default([]),
    fieldMask: z.string().optional(),
    requestId: z.string().optional(),
  }),
);

export const mutateResponseSchema = z.object({
  results: z.array(z.object({ resourceName: z.string().optional() })).default([]),
  partialFailureError: z.unknown().optional(),
});

/** One entry of GoogleAdsFailure.errors. */
const googleAdsErrorSchema = z.object({
  errorCode: z.record(z.string(), z.string()).optional(),
  message: z.string().optional(),
  details: z
    .object({
      quotaErrorDetails: z.object({ retryDelay: z.string().optional() }).partial().optional(),
      budgetPerDayMinimumErrorDetails: z
        .object({
          currencyCode: z.string(),
          budgetPerDayMinimumMicros: int64,
          minimumBudgetAmountMicros: int64,
        })
        .partial()
        .optional(),
    })
    .partial()
    .optional(),
});
export type GoogleAdsFailureError = z.infer<typeof googleAdsErrorSchema>;

/** Google's standard Status envelope, with GoogleAdsFailure among its details. */
export const googleStatusErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    details: z
      .array(
        z.looseObject({
          "@type": z.string().optional(),
          errors: z.array(googleAdsErrorSchema).optional(),
          requestId: z.string().optional(),
        }),
      )
      .optional(),
  }),
});
export type GoogleStatusError = z.infer<typeof googleStatusErrorSchema>["error"];
