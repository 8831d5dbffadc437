import type { z } from "zod";
import type { DateRange } from "#core/shared/connector-port.ts";
import {
  callLinkedIn,
  collectFinderPages,
  encodeRestliPrimitive,
  type LinkedInSession,
  pagingQuery,
  splitDateRange,
  toAccountUrn,
  toRestliDate,
} from "./client.ts";
import {
  batchSchema,
  type LinkedInCreative,
  type LinkedInCreativeAnalyticsElement,
  type LinkedInMedia,
  type LinkedInPost,
  linkedInCreativeAnalyticsSchema,
  linkedInCreativePageSchema,
  linkedInMediaSchema,
  linkedInPostSchema,
} from "./creative-schemas.ts";
import { parseLinkedInBody } from "./errors.ts";

/**
 * LinkedIn creatives (the criteria finder), the posts sponsored content points at, their images
 * and videos (BATCH_GET), and daily creative analytics (pivot CREATIVE).
 */

const CREATIVE_ANALYTICS_FIELDS = [
  "dateRange",
  "pivotValues",
  "impressions",
  "clicks",
  "costInLocalCurrency",
  "externalWebsiteConversions",
  "conversionValueInLocalCurrency",
  "videoViews",
];
/** adAnalytics has no pagination and caps its answer, so long ranges go in windows of this many days. */
const ANALYTICS_WINDOW_DAYS = 31;
/** Ids per BATCH_GET, short enough to keep the URL well under LinkedIn's limit. */
const BATCH_SIZE = 50;

/** Everything a creative shows, fetched by reference. */
export interface LinkedInCreativeFiles {
  posts: Map<string, LinkedInPost>;
  media: Map<string, LinkedInMedia>;
}

export function searchLinkedInCreatives(
  session: LinkedInSession,
  accountId: string,
  pageSize: number,
): Promise<LinkedInCreative[]> {
  return collectFinderPages(async (pageToken) => {
    const body = await callLinkedIn(session, {
      path: `/adAccounts/${encodeURIComponent(accountId)}/creatives`,
      query: `q=criteria&sortOrder=ASCENDING${pagingQuery(pageSize, pageToken)}`,
    });
    return parseLinkedInBody(linkedInCreativePageSchema, body, "the creative search");
  });
}

async function batchGet<T extends z.ZodType>(
  session: LinkedInSession,
  path: string,
  ids: string[],
  entity: T,
  what: string,
): Promise<Map<string, z.infer<T>>> {
  const found = new Map<string, z.infer<T>>();
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    const list = ids
      .slice(start, start + BATCH_SIZE)
      .map(encodeRestliPrimitive)
      .join(",");
    const body = await callLinkedIn(session, { path, query: `ids=List(${list})` });
    const { results } = parseLinkedInBody(batchSchema(entity), body, what);
    for (const [id, value] of Object.entries(results)) found.set(id, value);
  }
  return found;
}

/** The posts of sponsored content, then (unless told otherwise) their images and videos. */
export async function readLinkedInCreativeFiles(
  session: LinkedInSession,
  creatives: LinkedInCreative[],
  options: { withMedia: boolean } = { withMedia: true },
): Promise<LinkedInCreativeFiles> {
  const postIds = [...new Set(creatives.flatMap((creative) => creative.content?.reference ?? []))];
  const posts = await batchGet(session, "/posts", postIds, linkedInPostSchema, "the posts");
  if (!options.withMedia) return { posts, media: new Map() };
  const mediaIds = [...posts.values()].flatMap((post) => {
    const content = post.content;
    return [
      content?.media?.id,
      content?.article?.thumbnail,
      content?.carousel?.cards[0]?.media.id,
      content?.multiImage?.images[0]?.id,
    ].filter((id): id is string => typeof id === "string");
  });
  const images = [...new Set(mediaIds.filter((id) => id.startsWith("urn:li:image:")))];
  const videos = [...new Set(mediaIds.filter((id) => id.startsWith("urn:li:video:")))];
  const media = new Map<string, LinkedInMedia>([
    ...(await batchGet(session, "/images", images, linkedInMediaSchema, "the images")),
    ...(await batchGet(session, "/videos", videos, linkedInMediaSchema, "the videos")),
  ]);
  return { posts, media };
}

/** Daily creative analytics of one account (`analytics` finder, pivot CREATIVE, DAILY). */
export async function fetchLinkedInCreativeAnalytics(
  session: LinkedInSession,
  accountId: string,
  range: DateRange,
): Promise<LinkedInCreativeAnalyticsElement[]> {
  const elements: LinkedInCreativeAnalyticsElement[] = [];
  for (const window of splitDateRange(range, ANALYTICS_WINDOW_DAYS)) {
    const query = [
      "q=analytics",
      "pivot=CREATIVE",
      "timeGranularity=DAILY",
      `dateRange=(start:${toRestliDate(window.from)},end:${toRestliDate(window.to)})`,
      `accounts=List(${encodeRestliPrimitive(toAccountUrn(accountId))})`,
      `fields=${CREATIVE_ANALYTICS_FIELDS.join(",")}`,
    ].join("&");
    const body = await callLinkedIn(session, { path: "/adAnalytics", query });
    elements.push(...parseLinkedInBody(linkedInCreativeAnalyticsSchema, body, "the creative analytics").elements);
  }
  return elements;
}
