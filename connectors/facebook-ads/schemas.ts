import { z } from "zod";

/** Graph API numbers arrive as strings ("5339.5", "1200"). */
const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, "expected a decimal string");
const integerString = z.string().regex(/^\d+$/, "expected an integer string");

export const graphErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    type: z.string().optional(),
    code: z.number(),
    error_subcode: z.number().optional(),
    error_user_title: z.string().optional(),
    error_user_msg: z.string().optional(),
    is_transient: z.boolean().optional(),
    fbtrace_id: z.string().optional(),
  }),
});
export type GraphError = z.infer<typeof graphErrorSchema>["error"];

/** One entry of the X-Business-Use-Case-Usage header (keyed by business id). */
export const businessUseCaseUsageSchema = z.record(
  z.string(),
  z.array(z.object({ type: z.string().optional(), estimated_time_to_regain_access: z.number().optional() })),
);

export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive().optional(),
});

const pagingSchema = z.object({
  cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).optional(),
  next: z.string().optional(),
  previous: z.string().optional(),
});
export type GraphPaging = z.infer<typeof pagingSchema>;

export function graphPageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), paging: pagingSchema.optional() });
}

export const adAccountSchema = z.object({
  id: z.string().startsWith("act_"),
  account_id: integerString,
  name: z.string(),
  currency: z.string().length(3),
  timezone_name: z.string().min(1),
  account_status: z.number().optional(),
});
export type GraphAdAccount = z.infer<typeof adAccountSchema>;

export const campaignSchema = z.object({
  id: integerString,
  name: z.string(),
  status: z.enum(["ACTIVE", "PAUSED", "ARCHIVED", "DELETED"]),
  effective_status: z.string().optional(),
  /** Why a campaign WITH_ISSUES does not deliver. */
  issues_info: z
    .array(z.object({ error_summary: z.string().optional(), level: z.string().optional() }).loose())
    .optional(),
  /** Minor units of the account currency; absent when the budget lives on the ad sets. */
  daily_budget: integerString.optional(),
  lifetime_budget: integerString.optional(),
});
export type GraphCampaign = z.infer<typeof campaignSchema>;

const actionSchema = z.object({ action_type: z.string(), value: decimalString });

export const insightRowSchema = z.object({
  campaign_id: integerString,
  date_start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  date_stop: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  impressions: integerString.optional(),
  clicks: integerString.optional(),
  inline_link_clicks: integerString.optional(),
  spend: decimalString.optional(),
  actions: z.array(actionSchema).optional(),
  action_values: z.array(actionSchema).optional(),
});
export type GraphInsightRow = z.infer<typeof insightRowSchema>;

export const reportRunCreatedSchema = z.object({ report_run_id: z.string().min(1) });

export const reportRunSchema = z.object({
  id: z.string(),
  async_status: z.string(),
  async_percent_completion: z.number(),
});

export const mutationResultSchema = z.object({ success: z.boolean() });

/** A POST to an edge that creates an object answers its id. */
export const createdObjectSchema = z.object({ id: integerString });
