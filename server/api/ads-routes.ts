import { createRoute } from "@hono/zod-openapi";
import type { AdsModule } from "#core/ads/ads-module.ts";
import {
  adDailyMetricsSchema,
  adIdParamsSchema,
  adsRangeQuerySchema,
  assetListSchema,
  campaignAdsSchema,
  listAssetsQuerySchema,
} from "#core/public-api/ads-schemas.ts";
import { toWireAdDailyMetrics, toWireAsset, toWireCampaignAds } from "#core/public-api/ads-wire.ts";
import { campaignIdParamsSchema } from "#core/public-api/public-api-schemas.ts";
import { fromWirePlatform } from "#core/public-api/wire-values.ts";
import { AD_METRICS_EXAMPLE, ASSETS_EXAMPLE, CAMPAIGN_ADS_EXAMPLE } from "./ads-examples.ts";
import type { ApiApp } from "./api-app.ts";
import { actorOfKey, requirePrincipal } from "./request-guards.ts";
import { errorResponses, jsonResponse, READ_ERRORS, security } from "./route-docs.ts";

/** A JSON answer with its example. */
const withExample = <Entry extends ReturnType<typeof jsonResponse>>(entry: Entry, example: unknown) => ({
  ...entry,
  content: { "application/json": { ...entry.content["application/json"], example } },
});

const rangeOf = (query: { from?: string; to?: string }) =>
  query.from && query.to ? { from: query.from, to: query.to } : undefined;

const campaignAdsRoute = createRoute({
  method: "get",
  path: "/campaigns/{id}/ads",
  operationId: "listCampaignAds",
  tags: ["Ads"],
  summary: "List a campaign's ads",
  description:
    "The campaign's ad groups (Meta: ad sets), each with its ads, their creative (kind, headline, text, landing URL, image or video) and their metrics over from–to: spend, impressions, clicks, CTR, CPC, conversions, CPA, revenue, ROAS, and video views with the hook rate for video. Without from and to: the last 30 days (UTC).",
  security,
  request: { params: campaignIdParamsSchema, query: adsRangeQuerySchema },
  responses: {
    200: withExample(jsonResponse(campaignAdsSchema, "The campaign's ad groups and ads."), CAMPAIGN_ADS_EXAMPLE),
    ...errorResponses(READ_ERRORS),
  },
});

const adMetricsRoute = createRoute({
  method: "get",
  path: "/ads/{id}/metrics",
  operationId: "getAdMetrics",
  tags: ["Ads"],
  summary: "Get an ad's daily metrics",
  description:
    "One ad's metrics over from–to, in total and for every day of the range (days without delivery are zeros). Without from and to: the last 30 days (UTC).",
  security,
  request: { params: adIdParamsSchema, query: adsRangeQuerySchema },
  responses: {
    200: withExample(jsonResponse(adDailyMetricsSchema, "The ad's metrics."), AD_METRICS_EXAMPLE),
    ...errorResponses(READ_ERRORS),
  },
});

const listAssetsRoute = createRoute({
  method: "get",
  path: "/assets",
  operationId: "listAssets",
  tags: ["Ads"],
  summary: "List creatives",
  description:
    "Your organization's creatives on every connected platform, one entry per creative however many ads show it: where it runs (campaign → ad group → ad), its metrics over from–to, and its fatigue as of `to` with the evidence. The biggest spenders first. Without from and to: the last 30 days (UTC).",
  security,
  request: { query: listAssetsQuerySchema },
  responses: {
    200: withExample(jsonResponse(assetListSchema, "A page of creatives."), ASSETS_EXAMPLE),
    ...errorResponses(READ_ERRORS),
  },
});

/** The ads endpoints: thin, each calls one of the ads module's use cases as the request's key. */
export function registerAdRoutes(api: ApiApp, adsOf: () => AdsModule) {
  api.openapi({ ...campaignAdsRoute, middleware: [requirePrincipal] }, async (c) => {
    const ads = await adsOf().listCampaignAds(actorOfKey(c), {
      campaignId: c.req.valid("param").id,
      range: rangeOf(c.req.valid("query")),
    });
    return c.json({ data: toWireCampaignAds(ads) }, 200);
  });

  api.openapi({ ...adMetricsRoute, middleware: [requirePrincipal] }, async (c) => {
    const metrics = await adsOf().getAdMetrics(actorOfKey(c), {
      adId: c.req.valid("param").id,
      range: rangeOf(c.req.valid("query")),
    });
    return c.json({ data: toWireAdDailyMetrics(metrics) }, 200);
  });

  api.openapi({ ...listAssetsRoute, middleware: [requirePrincipal] }, async (c) => {
    const query = c.req.valid("query");
    const page = await adsOf().listCreatives(actorOfKey(c), {
      range: rangeOf(query),
      platforms: query.platform?.map(fromWirePlatform),
      kinds: query.kind,
      search: query.q?.trim() || undefined,
      limit: query.limit,
      cursor: query.cursor || null,
    });
    return c.json(
      { from: page.range.from, to: page.range.to, data: page.creatives.map(toWireAsset), next_cursor: page.nextCursor },
      200,
    );
  });
}
