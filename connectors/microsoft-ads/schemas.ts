import { z } from "zod";

/** The Microsoft identity platform's token answer; refresh tokens rotate on every refresh. */
export const microsoftTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

export const microsoftOAuthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
  error_codes: z.array(z.number()).optional(),
});

// Longs may arrive as JSON numbers or strings depending on the serializer; we keep them as strings.
const long = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(String);

export const getUserResponseSchema = z.object({
  CustomerRoles: z.array(z.object({ CustomerId: long, RoleId: z.number().optional() })).min(1),
});

export const getAccountsInfoResponseSchema = z.object({
  AccountsInfo: z.array(
    z.object({
      Id: long,
      Name: z.string().nullish(),
      Number: z.string().nullish(),
      AccountLifeCycleStatus: z.string().nullish(),
    }),
  ),
});

export const getAccountResponseSchema = z.object({
  Account: z.object({
    Id: long,
    Name: z.string().nullish(),
    CurrencyCode: z.string().min(3),
    TimeZone: z.string().min(1),
    ParentCustomerId: long,
  }),
});

export const microsoftCampaignSchema = z.object({
  Id: long,
  Name: z.string().nullish(),
  Status: z.string(),
  DailyBudget: z.number().nullish(),
  BudgetType: z.string().nullish(),
  BudgetId: long.nullish(),
});
export type MicrosoftCampaign = z.infer<typeof microsoftCampaignSchema>;

export const getCampaignsResponseSchema = z.object({
  Campaigns: z.array(microsoftCampaignSchema),
});

const batchErrorSchema = z.object({
  Code: z.number().optional(),
  ErrorCode: z.string().nullish(),
  Message: z.string().nullish(),
  Details: z.string().nullish(),
  Index: z.number().optional(),
});
export type MicrosoftBatchError = z.infer<typeof batchErrorSchema>;

export const updateCampaignsResponseSchema = z.object({
  PartialErrors: z.array(batchErrorSchema.nullable()).nullish(),
});

/** AddCampaigns: an id per campaign asked for (null where it failed) and the failures. */
export const addCampaignsResponseSchema = z.object({
  CampaignIds: z.array(long.nullable()),
  PartialErrors: z.array(batchErrorSchema.nullable()).nullish(),
});

/** GetCampaignsByIds: a campaign per id asked for (null where there is none). */
export const getCampaignsByIdsResponseSchema = z.object({
  Campaigns: z.array(microsoftCampaignSchema.nullable()),
  PartialErrors: z.array(batchErrorSchema.nullable()).nullish(),
});

/** GetAdGroupsByCampaignId. */
export const getAdGroupsResponseSchema = z.object({
  AdGroups: z.array(z.object({ Id: long, Name: z.string().nullish(), Status: z.string().nullish() })),
  PartialErrors: z.array(batchErrorSchema.nullable()).nullish(),
});

/** An AssetLink: a text asset (headlines, descriptions) or an image asset (by id). */
const assetLinkSchema = z.object({
  Asset: z.object({ Id: long.nullish(), Type: z.string().nullish(), Text: z.string().nullish() }).nullish(),
});

/** GetAdsByAdGroupId: the ad types we ask for (ResponsiveSearch, ResponsiveAd, ExpandedText, Text). */
export const getAdsResponseSchema = z.object({
  Ads: z.array(
    z.object({
      Id: long,
      Type: z.string(),
      Status: z.string().nullish(),
      FinalUrls: z.array(z.string()).nullish(),
      FinalUrlSuffix: z.string().nullish(),
      Headlines: z.array(assetLinkSchema).nullish(),
      Descriptions: z.array(assetLinkSchema).nullish(),
      LongHeadlines: z.array(assetLinkSchema).nullish(),
      Images: z.array(assetLinkSchema).nullish(),
      // ExpandedText and the retired Text ad.
      TitlePart1: z.string().nullish(),
      Title: z.string().nullish(),
      Text: z.string().nullish(),
    }),
  ),
  PartialErrors: z.array(batchErrorSchema.nullable()).nullish(),
});
export type MicrosoftAd = z.infer<typeof getAdsResponseSchema>["Ads"][number];

export const updateAdsResponseSchema = z.object({
  PartialErrors: z.array(batchErrorSchema.nullable()).nullish(),
});

/** GetMediaMetaDataByIds: each image's representations (sizes) with their URLs. */
export const getMediaMetaDataResponseSchema = z.object({
  MediaMetaData: z.array(
    z.object({
      Id: long,
      Representations: z
        .array(
          z.object({
            Name: z.string().nullish(),
            Url: z.string().nullish(),
            Width: z.number().nullish(),
            Height: z.number().nullish(),
          }),
        )
        .nullish(),
    }),
  ),
  PartialErrors: z.array(batchErrorSchema.nullable()).nullish(),
});

/** GetConversionGoalsByIds: the base ConversionGoal's fields (every goal type carries them). */
export const getConversionGoalsResponseSchema = z.object({
  ConversionGoals: z.array(
    z.object({
      Id: long,
      Name: z.string().nullish(),
      Type: z.string().nullish(),
      Status: z.string().nullish(),
      GoalCategory: z.string().nullish(),
      ExcludeFromBidding: z.boolean().nullish(),
      ConversionWindowInMinutes: z.number().int().nullish(),
      ViewThroughConversionWindowInMinutes: z.number().int().nullish(),
    }),
  ),
  PartialErrors: z.array(batchErrorSchema.nullable()).nullish(),
});

export const submitReportResponseSchema = z.object({
  ReportRequestId: z.string().min(1),
});

export const pollReportResponseSchema = z.object({
  ReportRequestStatus: z.object({
    Status: z.enum(["Pending", "Success", "Error"]),
    ReportDownloadUrl: z.url().nullish(),
  }),
});

const operationErrorSchema = z.object({
  Code: z.number().optional(),
  ErrorCode: z.string().nullish(),
  Message: z.string().nullish(),
});
const faultBodySchema = z.object({
  OperationErrors: z.array(operationErrorSchema).nullish(),
  BatchErrors: z.array(operationErrorSchema).nullish(),
  Errors: z.array(operationErrorSchema).nullish(),
  TrackingId: z.string().nullish(),
  Type: z.string().nullish(),
});

/** ApiFaultDetail / AdApiFaultDetail, bare or wrapped in a property of that name. */
export const microsoftFaultSchema = z.union([
  z.object({ ApiFaultDetail: faultBodySchema }).transform((value) => value.ApiFaultDetail),
  z.object({ AdApiFaultDetail: faultBodySchema }).transform((value) => value.AdApiFaultDetail),
  faultBodySchema,
]);
