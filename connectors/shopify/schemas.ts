import { z } from "zod";

export const shopifyTokenSchema = z.object({
  access_token: z.string().min(1),
  scope: z.string().optional(),
  /** Present for expiring offline tokens (3600 s), with the refresh token and its life. */
  expires_in: z.number().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().optional(),
});

export const shopifyOAuthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

/** REST-style error bodies: `{"errors": "…"}` or `{"errors": {"field": ["…"]}}`. */
export const shopifyHttpErrorSchema = z.object({ errors: z.unknown() });

export const shopifyThrottleStatusSchema = z.object({
  maximumAvailable: z.number(),
  currentlyAvailable: z.number(),
  restoreRate: z.number(),
});

export const shopifyCostSchema = z.object({
  requestedQueryCost: z.number().nullish(),
  actualQueryCost: z.number().nullish(),
  throttleStatus: shopifyThrottleStatusSchema.optional(),
});

export const shopifyGraphQLEnvelopeSchema = z.object({
  data: z.unknown().optional(),
  errors: z
    .array(
      z.object({
        message: z.string(),
        extensions: z.object({ code: z.string().optional() }).loose().optional(),
      }),
    )
    .optional(),
  extensions: z.object({ cost: shopifyCostSchema.optional() }).loose().optional(),
});
export type ShopifyGraphQLEnvelope = z.infer<typeof shopifyGraphQLEnvelopeSchema>;

export const shopifyShopSchema = z.object({
  shop: z.object({ name: z.string(), currencyCode: z.string().length(3), ianaTimezone: z.string().min(1) }),
});
export type ShopifyShop = z.infer<typeof shopifyShopSchema>["shop"];

const moneySchema = z.object({ amount: z.string(), currencyCode: z.string().length(3).optional() });
const utmSchema = z.object({
  source: z.string().nullish(),
  medium: z.string().nullish(),
  campaign: z.string().nullish(),
});

export const shopifyOrderSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  currencyCode: z.string().length(3),
  displayFinancialStatus: z.string().nullish(),
  totalPriceSet: z.object({ shopMoney: moneySchema }),
  totalRefundedSet: z.object({ shopMoney: moneySchema }),
  customerJourneySummary: z
    .object({
      ready: z.boolean(),
      lastVisit: z.object({ utmParameters: utmSchema.nullish() }).nullish(),
    })
    .nullish(),
});
export type ShopifyOrder = z.infer<typeof shopifyOrderSchema>;

export const shopifyOrdersSchema = z.object({
  orders: z.object({
    edges: z.array(z.object({ node: shopifyOrderSchema })),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
  }),
});
