import type { DateRange } from "#core/shared/connector-port.ts";
import {
  adGroupPageSchema,
  adPageSchema,
  adReportPageSchema,
  imageInfoSchema,
  type TikTokAd,
  type TikTokAdGroup,
  type TikTokAdReportRow,
  videoInfoSchema,
} from "./ad-schemas.ts";
import { readAllPages, splitRange, type TikTokClientOptions } from "./client.ts";
import { callTikTok } from "./tiktok-request.ts";

/** TikTok's ad groups, ads with their image and video files, and daily ad reports (v1.3). */

const ADGROUP_FIELDS = ["campaign_id", "adgroup_id", "adgroup_name", "operation_status", "secondary_status"];
const AD_FIELDS = [
  "campaign_id",
  "adgroup_id",
  "ad_id",
  "ad_name",
  "operation_status",
  "secondary_status",
  "ad_format",
  "ad_text",
  "landing_page_url",
  "video_id",
  "image_ids",
];
/**
 * `video_watched_2s` are the 2-second views (comparable with Meta's 3-second video views);
 * `video_play_actions` would count every start. `campaign_id` is an attribute metric.
 */
const AD_REPORT_METRICS = [
  "campaign_id",
  "spend",
  "impressions",
  "clicks",
  "complete_payment",
  "total_complete_payment_rate",
  "reach",
  "video_watched_2s",
];
const IMAGE_BATCH = 100;
const VIDEO_BATCH = 60;

/** A file's URLs by its image or video id. */
export interface TikTokFiles {
  images: Map<string, string>;
  videos: Map<string, { cover: string | null; preview: string | null }>;
}

export function listTikTokAdGroups(
  options: TikTokClientOptions,
  token: string,
  advertiserId: string,
): Promise<TikTokAdGroup[]> {
  return readAllPages(async (page) => {
    const data = await callTikTok(
      {
        url: `${options.apiUrl}/adgroup/get/`,
        query: {
          advertiser_id: advertiserId,
          fields: ADGROUP_FIELDS,
          filtering: { primary_status: "STATUS_ALL" },
          page,
          page_size: options.pageSize,
        },
        accessToken: token,
      },
      adGroupPageSchema,
    );
    return { items: data.list, totalPages: data.page_info.total_page };
  });
}

export function listTikTokAds(options: TikTokClientOptions, token: string, advertiserId: string): Promise<TikTokAd[]> {
  return readAllPages(async (page) => {
    const data = await callTikTok(
      {
        url: `${options.apiUrl}/ad/get/`,
        query: {
          advertiser_id: advertiserId,
          fields: AD_FIELDS,
          filtering: { primary_status: "STATUS_ALL" },
          page,
          page_size: options.pageSize,
        },
        accessToken: token,
      },
      adPageSchema,
    );
    return { items: data.list, totalPages: data.page_info.total_page };
  });
}

/** ad/get names files by id only; their URLs come from the file info endpoints, in batches. */
export async function readTikTokFiles(
  options: TikTokClientOptions,
  token: string,
  advertiserId: string,
  ads: TikTokAd[],
): Promise<TikTokFiles> {
  const imageIds = [...new Set(ads.flatMap((ad) => ad.image_ids ?? []))];
  const videoIds = [...new Set(ads.flatMap((ad) => (ad.video_id ? [ad.video_id] : [])))];
  const files: TikTokFiles = { images: new Map(), videos: new Map() };
  for (let start = 0; start < imageIds.length; start += IMAGE_BATCH) {
    const data = await callTikTok(
      {
        url: `${options.apiUrl}/file/image/ad/info/`,
        query: { advertiser_id: advertiserId, image_ids: imageIds.slice(start, start + IMAGE_BATCH) },
        accessToken: token,
      },
      imageInfoSchema,
    );
    for (const image of data.list) if (image.image_url) files.images.set(image.image_id, image.image_url);
  }
  for (let start = 0; start < videoIds.length; start += VIDEO_BATCH) {
    const data = await callTikTok(
      {
        url: `${options.apiUrl}/file/video/ad/info/`,
        query: { advertiser_id: advertiserId, video_ids: videoIds.slice(start, start + VIDEO_BATCH) },
        accessToken: token,
      },
      videoInfoSchema,
    );
    for (const video of data.list)
      files.videos.set(video.video_id, { cover: video.video_cover_url ?? null, preview: video.preview_url ?? null });
  }
  return files;
}

/** Daily ad rows (AUCTION_AD, ad_id × stat_time_day) in windows of at most `chunkDays` days. */
export async function fetchTikTokAdReport(
  options: TikTokClientOptions,
  token: string,
  advertiserId: string,
  range: DateRange,
): Promise<TikTokAdReportRow[]> {
  const rows: TikTokAdReportRow[] = [];
  for (const chunk of splitRange(range, options.chunkDays)) {
    const chunkRows = await readAllPages(async (page) => {
      const data = await callTikTok(
        {
          url: `${options.apiUrl}/report/integrated/get/`,
          query: {
            advertiser_id: advertiserId,
            report_type: "BASIC",
            data_level: "AUCTION_AD",
            dimensions: ["ad_id", "stat_time_day"],
            metrics: AD_REPORT_METRICS,
            start_date: chunk.from,
            end_date: chunk.to,
            page,
            page_size: options.pageSize,
          },
          accessToken: token,
        },
        adReportPageSchema,
      );
      return { items: data.list, totalPages: data.page_info.total_page };
    });
    rows.push(...chunkRows);
  }
  return rows;
}
