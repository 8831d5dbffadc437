import { setTimeout as sleep } from "node:timers/promises";
import type { z } from "zod";
import type { DateRange } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { callGraph } from "./graph-request.ts";
import {
  adAccountSchema,
  campaignSchema,
  createdObjectSchema,
  type GraphAdAccount,
  type GraphCampaign,
  type GraphInsightRow,
  type GraphPaging,
  graphPageSchema,
  insightRowSchema,
  mutationResultSchema,
  reportRunCreatedSchema,
  reportRunSchema,
} from "./schemas.ts";

export interface FacebookClientOptions {
  /** The Graph API root including the version, without a trailing slash. */
  apiUrl: string;
  /** `limit` per page. */
  pageSize: number;
  /** Longer ranges go through an async insights job instead of the synchronous edge. */
  asyncThresholdDays: number;
  /** First wait between polls of an async job; it doubles up to 5 s. */
  pollIntervalMs: number;
  /** Give up on an async job after this long. */
  pollTimeoutMs: number;
}

const ACCOUNT_FIELDS = "id,account_id,name,currency,timezone_name,account_status";
const CAMPAIGN_FIELDS = "id,name,status,effective_status,issues_info,objective,daily_budget,lifetime_budget";
const INSIGHT_FIELDS = "campaign_id,campaign_name,impressions,clicks,inline_link_clicks,spend,actions,action_values";
/**
 * Without a filter Meta hides archived campaigns, but they still have history we must attribute;
 * and a campaign Meta stopped (disapproved, with issues, waiting for billing) is listed by that state.
 */
export const CAMPAIGN_STATUSES = [
  "ACTIVE",
  "PAUSED",
  "ARCHIVED",
  "IN_PROCESS",
  "WITH_ISSUES",
  "PENDING_REVIEW",
  "DISAPPROVED",
  "PREAPPROVED",
  "PENDING_BILLING_INFO",
  "CAMPAIGN_PAUSED",
  "ADSET_PAUSED",
];
/** Follows `paging.next` until it is gone; a bound protects against a platform that loops. */
const MAX_PAGES = 10_000;

export async function listGraphAdAccounts(options: FacebookClientOptions, token: string): Promise<GraphAdAccount[]> {
  return readAllPages(options, token, `${options.apiUrl}/me/adaccounts`, adAccountSchema, {
    fields: ACCOUNT_FIELDS,
    limit: String(options.pageSize),
  });
}

export async function listGraphCampaigns(
  options: FacebookClientOptions,
  token: string,
  accountId: string,
): Promise<GraphCampaign[]> {
  return readAllPages(options, token, `${options.apiUrl}/act_${accountId}/campaigns`, campaignSchema, {
    fields: CAMPAIGN_FIELDS,
    effective_status: JSON.stringify(CAMPAIGN_STATUSES),
    limit: String(options.pageSize),
  });
}

/** Daily campaign insights: the synchronous edge for short ranges, an async report run for long ones. */
export async function fetchGraphInsights(
  options: FacebookClientOptions,
  token: string,
  accountId: string,
  range: DateRange,
): Promise<GraphInsightRow[]> {
  return fetchInsightRows(
    options,
    token,
    accountId,
    range,
    { level: "campaign", fields: INSIGHT_FIELDS },
    insightRowSchema,
  );
}

/** Daily insights at `level` (campaign or ad), page by page; ranges over the threshold through a report run. */
export async function fetchInsightRows<Item extends z.ZodType>(
  options: FacebookClientOptions,
  token: string,
  accountId: string,
  range: DateRange,
  query: { level: "campaign" | "ad"; fields: string },
  item: Item,
): Promise<z.infer<Item>[]> {
  const params = {
    level: query.level,
    time_increment: "1",
    time_range: JSON.stringify({ since: range.from, until: range.to }),
    fields: query.fields,
    limit: String(options.pageSize),
  };
  const edge = `${options.apiUrl}/act_${accountId}/insights`;
  if (countDays(range) <= options.asyncThresholdDays) return readAllPages(options, token, edge, item, params);

  const { limit: _limit, ...jobParams } = params;
  const run = await callGraph(
    { url: edge, method: "POST", params: jobParams, accessToken: token },
    reportRunCreatedSchema,
  );
  await waitForReportRun(options, token, run.report_run_id);
  return readAllPages(options, token, `${options.apiUrl}/${run.report_run_id}/insights`, item, {
    limit: String(options.pageSize),
  });
}

export async function getGraphCampaign(
  options: FacebookClientOptions,
  token: string,
  campaignId: string,
): Promise<GraphCampaign> {
  return callGraph(
    { url: `${options.apiUrl}/${campaignId}`, params: { fields: CAMPAIGN_FIELDS }, accessToken: token },
    campaignSchema,
  );
}

/** Creates a campaign under the ad account and answers its id. */
export async function createGraphCampaign(
  options: FacebookClientOptions,
  token: string,
  accountId: string,
  campaign: {
    name: string;
    objective: string;
    status: "ACTIVE" | "PAUSED";
    daily_budget: string;
    bid_strategy: string;
    special_ad_categories: string[];
  },
): Promise<string> {
  const { special_ad_categories: categories, ...fields } = campaign;
  const created = await callGraph(
    {
      url: `${options.apiUrl}/act_${accountId}/campaigns`,
      method: "POST",
      params: { ...fields, special_ad_categories: JSON.stringify(categories) },
      accessToken: token,
    },
    createdObjectSchema,
  );
  return created.id;
}

export async function updateGraphCampaign(
  options: FacebookClientOptions,
  token: string,
  campaignId: string,
  changes: { status?: "ACTIVE" | "PAUSED"; daily_budget?: string; name?: string },
): Promise<void> {
  const params: Record<string, string> = {};
  if (changes.status) params.status = changes.status;
  if (changes.daily_budget) params.daily_budget = changes.daily_budget;
  if (changes.name !== undefined) params.name = changes.name;
  const result = await callGraph(
    { url: `${options.apiUrl}/${campaignId}`, method: "POST", params, accessToken: token },
    mutationResultSchema,
  );
  if (!result.success)
    throw new PlatformError("facebook-ads", "rejected", `Meta did not update campaign ${campaignId}.`);
}

async function waitForReportRun(options: FacebookClientOptions, token: string, reportRunId: string): Promise<void> {
  const deadline = Date.now() + options.pollTimeoutMs;
  let wait = options.pollIntervalMs;
  for (;;) {
    const run = await callGraph({ url: `${options.apiUrl}/${reportRunId}`, accessToken: token }, reportRunSchema);
    if (run.async_status === "Job Completed" && run.async_percent_completion >= 100) return;
    if (run.async_status === "Job Failed" || run.async_status === "Job Skipped")
      throw new PlatformError(
        "facebook-ads",
        "unavailable",
        `Meta's insights report ${reportRunId}: ${run.async_status}.`,
      );
    if (Date.now() + wait > deadline)
      throw new PlatformError(
        "facebook-ads",
        "unavailable",
        `Meta's insights report ${reportRunId} did not finish in time.`,
      );
    await sleep(wait);
    wait = Math.min(wait * 2, 5_000);
  }
}

export async function readAllPages<Item extends z.ZodType>(
  options: FacebookClientOptions,
  token: string,
  url: string,
  item: Item,
  params: Record<string, string>,
): Promise<z.infer<Item>[]> {
  const schema = graphPageSchema(item);
  const items: z.infer<Item>[] = [];
  let page = await callGraph({ url, params, accessToken: token }, schema);
  for (let count = 1; ; count++) {
    items.push(...page.data);
    const next = readNextPageUrl(options, page.paging, page.data.length);
    if (!next) return items;
    if (count >= MAX_PAGES) throw new PlatformError("facebook-ads", "unavailable", "Meta kept returning more pages.");
    page = await callGraph({ url: next, accessToken: token }, schema);
  }
}

/** Meta's `paging.next`, accepted only on the configured Graph API host so a token never leaves it. */
function readNextPageUrl(options: FacebookClientOptions, paging: GraphPaging | undefined, pageLength: number) {
  if (!paging?.next || pageLength === 0) return null;
  if (!paging.next.startsWith(`${options.apiUrl}/`))
    throw new PlatformError("facebook-ads", "rejected", "Meta's next page points outside the Graph API.");
  return paging.next;
}

function countDays(range: DateRange): number {
  return Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
}
