import { z } from "zod";

/** Graph API shapes of ad sets, ads, their creatives and ad-level insights rows. */

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, "expected a decimal string");
const integerString = z.string().regex(/^\d+$/, "expected an integer string");
const graphStatus = z.enum(["ACTIVE", "PAUSED", "ARCHIVED", "DELETED"]);

export const adSetSchema = z.object({
  id: integerString,
  name: z.string(),
  campaign_id: integerString,
  status: graphStatus,
  effective_status: z.string().optional(),
});
export type GraphAdSet = z.infer<typeof adSetSchema>;

const callToActionSchema = z
  .object({ type: z.string().optional(), value: z.object({ link: z.string().optional() }).loose().optional() })
  .loose();

/** What the creative's page post holds: a link (with carousel cards) or a video. */
const objectStorySpecSchema = z
  .object({
    page_id: z.string().optional(),
    link_data: z
      .object({
        link: z.string().optional(),
        name: z.string().optional(),
        message: z.string().optional(),
        picture: z.string().optional(),
        call_to_action: callToActionSchema.optional(),
        child_attachments: z
          .array(z.object({ link: z.string().optional(), picture: z.string().optional() }).loose())
          .optional(),
      })
      .loose()
      .optional(),
    video_data: z
      .object({
        video_id: z.string().optional(),
        title: z.string().optional(),
        message: z.string().optional(),
        image_url: z.string().optional(),
        call_to_action: callToActionSchema.optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

export const creativeSchema = z.object({
  id: integerString,
  name: z.string().optional(),
  object_type: z.string().optional(),
  title: z.string().optional(),
  body: z.string().optional(),
  link_url: z.string().optional(),
  /** Query parameters appended to every click ("utm_source=facebook&…"); absent when none. */
  url_tags: z.string().optional(),
  image_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
  video_id: z.string().optional(),
  object_story_spec: objectStorySpecSchema.optional(),
});
export type GraphCreative = z.infer<typeof creativeSchema>;

export const adSchema = z.object({
  id: integerString,
  name: z.string(),
  adset_id: integerString,
  campaign_id: integerString,
  status: graphStatus,
  effective_status: z.string().optional(),
  creative: creativeSchema,
});
export type GraphAd = z.infer<typeof adSchema>;

/** GET /{ad_id}?fields=account_id,creative{…}: what a new creative is built from. */
export const adWithStorySchema = z.object({
  id: integerString,
  account_id: integerString,
  creative: z.object({ id: integerString, name: z.string().optional(), object_story_spec: objectStorySpecSchema }),
});

const actionSchema = z.object({ action_type: z.string(), value: decimalString });

export const adInsightRowSchema = z.object({
  ad_id: integerString,
  campaign_id: integerString,
  date_start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  date_stop: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  impressions: integerString.optional(),
  reach: integerString.optional(),
  inline_link_clicks: integerString.optional(),
  spend: decimalString.optional(),
  actions: z.array(actionSchema).optional(),
  action_values: z.array(actionSchema).optional(),
  /** Plays of at least 3 seconds, under action type `video_view`; absent for images. */
  video_play_actions: z.array(actionSchema).optional(),
});
export type GraphAdInsightRow = z.infer<typeof adInsightRowSchema>;
