import type { DateRange } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import {
  adInsightRowSchema,
  adSchema,
  adSetSchema,
  adWithStorySchema,
  type GraphAd,
  type GraphAdInsightRow,
  type GraphAdSet,
} from "./ad-schemas.ts";
import { CAMPAIGN_STATUSES, type FacebookClientOptions, fetchInsightRows, readAllPages } from "./client.ts";
import { callGraph } from "./graph-request.ts";
import { createdObjectSchema, mutationResultSchema } from "./schemas.ts";

/** Meta's ad sets, ads with their creatives, and ad-level insights (Graph v26.0). */

const AD_SET_FIELDS = "id,name,campaign_id,status,effective_status";
const CREATIVE_FIELDS =
  "id,name,object_type,title,body,link_url,url_tags,image_url,thumbnail_url,video_id,object_story_spec";
const AD_FIELDS = `id,name,adset_id,campaign_id,status,effective_status,creative{${CREATIVE_FIELDS}}`;
const AD_INSIGHT_FIELDS =
  "ad_id,campaign_id,impressions,reach,inline_link_clicks,spend,actions,action_values,video_play_actions";

export function listGraphAdSets(
  options: FacebookClientOptions,
  token: string,
  accountId: string,
): Promise<GraphAdSet[]> {
  return readAllPages(options, token, `${options.apiUrl}/act_${accountId}/adsets`, adSetSchema, {
    fields: AD_SET_FIELDS,
    // Archived ad sets still have history; Meta hides them without a filter.
    effective_status: JSON.stringify(CAMPAIGN_STATUSES),
    limit: String(options.pageSize),
  });
}

export function listGraphAds(options: FacebookClientOptions, token: string, accountId: string): Promise<GraphAd[]> {
  return readAllPages(options, token, `${options.apiUrl}/act_${accountId}/ads`, adSchema, {
    fields: AD_FIELDS,
    effective_status: JSON.stringify(CAMPAIGN_STATUSES),
    limit: String(options.pageSize),
  });
}

export function fetchGraphAdInsights(
  options: FacebookClientOptions,
  token: string,
  accountId: string,
  range: DateRange,
): Promise<GraphAdInsightRow[]> {
  return fetchInsightRows(
    options,
    token,
    accountId,
    range,
    { level: "ad", fields: AD_INSIGHT_FIELDS },
    adInsightRowSchema,
  );
}

/**
 * New tracking parameters for an ad. A creative cannot change once made, so: read the ad's
 * creative (its page post), create a copy with the new `url_tags`, and point the ad at the copy.
 */
export async function replaceGraphAdUrlTags(
  options: FacebookClientOptions,
  token: string,
  adId: string,
  urlTags: string,
): Promise<void> {
  const ad = await callGraph(
    {
      url: `${options.apiUrl}/${adId}`,
      params: { fields: "id,account_id,creative{id,name,object_story_spec}" },
      accessToken: token,
    },
    adWithStorySchema,
  );
  const created = await callGraph(
    {
      url: `${options.apiUrl}/act_${ad.account_id}/adcreatives`,
      method: "POST",
      params: {
        name: ad.creative.name ?? `Creative ${ad.creative.id}`,
        object_story_spec: JSON.stringify(ad.creative.object_story_spec),
        url_tags: urlTags,
      },
      accessToken: token,
    },
    createdObjectSchema,
  );
  const result = await callGraph(
    {
      url: `${options.apiUrl}/${adId}`,
      method: "POST",
      params: { creative: JSON.stringify({ creative_id: created.id }) },
      accessToken: token,
    },
    mutationResultSchema,
  );
  if (!result.success) throw new PlatformError("facebook-ads", "rejected", `Meta did not update ad ${adId}.`);
}
