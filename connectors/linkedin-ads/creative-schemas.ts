import { z } from "zod";

/** LinkedIn shapes of creatives, the posts they point at, images, videos and creative analytics. */

const finderPage = <T extends z.ZodType>(element: T) =>
  z.object({
    elements: z.array(element),
    metadata: z.object({ nextPageToken: z.string().nullish() }).nullish(),
  });

export const linkedInCreativeSchema = z.object({
  /** urn:li:sponsoredCreative:{id} */
  id: z.string().startsWith("urn:li:sponsoredCreative:"),
  campaign: z.string().startsWith("urn:li:sponsoredCampaign:"),
  name: z.string().nullish(),
  intendedStatus: z.string(),
  content: z
    .object({
      /** Sponsored content: the post (urn:li:share:… or urn:li:ugcPost:…). */
      reference: z.string().optional(),
      textAd: z
        .object({ headline: z.string().optional(), text: z.string().optional(), landingPage: z.string().optional() })
        .loose()
        .optional(),
    })
    .loose()
    .nullish(),
});
export type LinkedInCreative = z.infer<typeof linkedInCreativeSchema>;
export const linkedInCreativePageSchema = finderPage(linkedInCreativeSchema);

export const linkedInPostSchema = z
  .object({
    id: z.string(),
    commentary: z.string().nullish(),
    content: z
      .object({
        media: z.object({ id: z.string(), title: z.string().nullish() }).loose().optional(),
        article: z
          .object({ source: z.string().optional(), title: z.string().nullish(), thumbnail: z.string().nullish() })
          .loose()
          .optional(),
        carousel: z
          .object({ cards: z.array(z.object({ media: z.object({ id: z.string() }).loose() }).loose()) })
          .loose()
          .optional(),
        multiImage: z
          .object({ images: z.array(z.object({ id: z.string() }).loose()) })
          .loose()
          .optional(),
      })
      .loose()
      .nullish(),
    contentLandingPage: z.string().nullish(),
  })
  .loose();
export type LinkedInPost = z.infer<typeof linkedInPostSchema>;

export const linkedInMediaSchema = z
  .object({ id: z.string(), downloadUrl: z.string().nullish(), thumbnail: z.string().nullish() })
  .loose();
export type LinkedInMedia = z.infer<typeof linkedInMediaSchema>;

/** A BATCH_GET answer: entities by id; ids it could not give are under `errors`. */
export const batchSchema = <T extends z.ZodType>(entity: T) =>
  z.object({ results: z.record(z.string(), entity), errors: z.record(z.string(), z.unknown()).optional() });

const dateSchema = z.object({ year: z.number(), month: z.number(), day: z.number() });

export const linkedInCreativeAnalyticsSchema = z.object({
  elements: z.array(
    z.object({
      dateRange: z.object({ start: dateSchema, end: dateSchema.optional() }),
      pivotValues: z.array(z.string()).min(1),
      impressions: z.number().optional(),
      clicks: z.number().optional(),
      costInLocalCurrency: z.string().optional(),
      externalWebsiteConversions: z.number().optional(),
      conversionValueInLocalCurrency: z.string().optional(),
      videoViews: z.number().optional(),
    }),
  ),
});
export type LinkedInCreativeAnalyticsElement = z.infer<typeof linkedInCreativeAnalyticsSchema>["elements"][number];
