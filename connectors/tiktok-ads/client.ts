import type { DateRange } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import {
  advertiserInfoSchema,
  advertiserListSchema,
  campaignPageSchema,
  createdCampaignSchema,
  mutationDataSchema,
  reportPageSchema,
  type TikTokAdvertiserInfo,
  type TikTokCampaign,
  type TikTokReportRow,
} from "./schemas.ts";
import { callTikTok } from "./tiktok-request.ts";

export interface TikTokClientOptions {
  /** The `open_api/v1.3` root, without a trailing slash. */
  apiUrl: string;
  appId: string;
  secret: string;
  /** `page_size` of campaign and report pages (TikTok allows 1–1000). */
  pageSize: number;
  /** Days per report request; TikTok refuses more than 30 with `stat_time_day`. */
  chunkDays: number;
}

const ADVERTISER_FIELDS = ["advertiser_id", "name", "currency", "timezone", "display_timezone"];
const CAMPAIGN_FIELDS = [
  "campaign_id",
  "campaign_name",
  "operation_status",
  "secondary_status",
  "budget",
  "budget_mode",
];
const REPORT_METRICS = ["spend", "impressions", "clicks", "complete_payment", "total_complete_payment_rate"];
/** advertiser/info takes at most 100 ids per call. */
const ADVERTISER_BATCH = 100;
const MAX_PAGES = 10_000;

export async function listTikTokAdvertisers(
  options: TikTokClientOptions,
  token: string,
): Promise<TikTokAdvertiserInfo[]> {
  const granted = await callTikTok(
    {
      url: `${options.apiUrl}/oauth2/advertiser/get/`,
      query: { app_id: options.appId, secret: options.secret },
      accessToken: token,
    },
    advertiserListSchema,
  );
  const ids = granted.list.map((advertiser) => advertiser.advertiser_id);
  const described: TikTokAdvertiserInfo[] = [];
  for (let start = 0; start < ids.length; start += ADVERTISER_BATCH) {
    const info = await callTikTok(
      {
        url: `${options.apiUrl}/advertiser/info/`,
        query: { advertiser_ids: ids.slice(start, start + ADVERTISER_BATCH), fields: ADVERTISER_FIELDS },
        accessToken: token,
      },
      advertiserInfoSchema,
    );
    described.push(...info.list);
  }
  return described;
}

export async function listTikTokCampaigns(
  options: TikTokClientOptions,
  token: string,
  advertiserId: string,
): Promise<TikTokCampaign[]> {
  return readAllPages(async (page) => {
    const data = await callTikTok(
      {
        url: `${options.apiUrl}/campaign/get/`,
        query: {
          advertiser_id: advertiserId,
          fields: CAMPAIGN_FIELDS,
          // Deleted campaigns are hidden by default, but their history still needs a home.
          filtering: { primary_status: "STATUS_ALL" },
          page,
          page_size: options.pageSize,
        },
        accessToken: token,
      },
      campaignPageSchema,
    );
    return { items: data.list, totalPages: data.page_info.total_page };
  });
}

/** Daily campaign rows for the range, in requests of at most `chunkDays` days, every page read. */
export async function fetchTikTokReport(
  options: TikTokClientOptions,
  token: string,
  advertiserId: string,
  range: DateRange,
): Promise<TikTokReportRow[]> {
  const rows: TikTokReportRow[] = [];
  for (const chunk of splitRange(range, options.chunkDays)) {
    const chunkRows = await readAllPages(async (page) => {
      const data = await callTikTok(
        {
          url: `${options.apiUrl}/report/integrated/get/`,
          query: {
            advertiser_id: advertiserId,
            report_type: "BASIC",
            data_level: "AUCTION_CAMPAIGN",
            dimensions: ["campaign_id", "stat_time_day"],
            metrics: REPORT_METRICS,
            start_date: chunk.from,
            end_date: chunk.to,
            page,
            page_size: options.pageSize,
          },
          accessToken: token,
        },
        reportPageSchema,
      );
      return { items: data.list, totalPages: data.page_info.total_page };
    });
    rows.push(...chunkRows);
  }
  return rows;
}

export async function updateTikTokCampaignStatus(
  options: TikTokClientOptions,
  token: string,
  advertiserId: string,
  campaignId: string,
  operationStatus: "ENABLE" | "DISABLE",
): Promise<void> {
  await callTikTok(
    {
      url: `${options.apiUrl}/campaign/status/update/`,
      method: "POST",
      json: { advertiser_id: advertiserId, campaign_ids: [campaignId], operation_status: operationStatus },
      accessToken: token,
    },
    mutationDataSchema,
  );
}

/**
 * `/campaign/update/` with a new `budget` (major units) or `campaign_name`. The endpoint refuses a
 * `budget_mode` change, so none is sent.
 */
export async function updateTikTokCampaign(
  options: TikTokClientOptions,
  token: string,
  advertiserId: string,
  campaignId: string,
  changes: { budget?: number; campaign_name?: string },
): Promise<void> {
  await callTikTok(
    {
      url: `${options.apiUrl}/campaign/update/`,
      method: "POST",
      json: { advertiser_id: advertiserId, campaign_id: campaignId, ...changes },
      accessToken: token,
    },
    mutationDataSchema,
  );
}

/** `/campaign/create/` answers the new campaign's id. */
export async function createTikTokCampaign(
  options: TikTokClientOptions,
  token: string,
  advertiserId: string,
  campaign: {
    campaign_name: string;
    objective_type: string;
    budget_mode: "BUDGET_MODE_DAY";
    budget: number;
    operation_status: "ENABLE" | "DISABLE";
  },
): Promise<string> {
  const created = await callTikTok(
    {
      url: `${options.apiUrl}/campaign/create/`,
      method: "POST",
      json: { advertiser_id: advertiserId, ...campaign },
      accessToken: token,
    },
    createdCampaignSchema,
  );
  return created.campaign_id;
}

/** One campaign by id (`/campaign/get/` filtered on it), or null when TikTok does not list it. */
export async function getTikTokCampaign(
  options: TikTokClientOptions,
  token: string,
  advertiserId: string,
  campaignId: string,
): Promise<TikTokCampaign | null> {
  const data = await callTikTok(
    {
      url: `${options.apiUrl}/campaign/get/`,
      query: {
        advertiser_id: advertiserId,
        fields: CAMPAIGN_FIELDS,
        filtering: { campaign_ids: [campaignId], primary_status: "STATUS_ALL" },
      },
      accessToken: token,
    },
    campaignPageSchema,
  );
  return data.list.find((campaign) => campaign.campaign_id === campaignId) ?? null;
}

/** Inclusive windows of at most `days` days covering the range (one window when from > to, for TikTok to judge). */
export function splitRange(range: DateRange, days: number): DateRange[] {
  if (range.from > range.to) return [range];
  const chunks: DateRange[] = [];
  for (let from = range.from; from <= range.to; from = addDays(from, days)) {
    const end = addDays(from, days - 1);
    chunks.push({ from, to: end < range.to ? end : range.to });
  }
  return chunks;
}

export async function readAllPages<Item>(
  readPage: (page: number) => Promise<{ items: Item[]; totalPages: number }>,
): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const result = await readPage(page);
    items.push(...result.items);
    if (page >= result.totalPages || result.items.length === 0) return items;
    if (page >= MAX_PAGES) throw new PlatformError("tiktok-ads", "unavailable", "TikTok kept returning more pages.");
  }
}

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}
