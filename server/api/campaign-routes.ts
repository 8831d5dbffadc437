import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { API_ENDPOINTS } from "#app/lib/api-examples.ts";
import type { AnalyticsModule } from "#core/analytics/analytics-module.ts";
import type { BudgetsModule } from "#core/budgets/budgets-module.ts";
import type { CampaignsModule } from "#core/campaigns/campaigns-module.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { OptimizerModule } from "#core/optimizer/optimizer-module.ts";
import { createApiCampaign } from "#core/public-api/create-api-campaign.ts";
import { toWireCampaign, toWireCampaignMetrics } from "#core/public-api/public-api-mappers.ts";
import {
  campaignEnvelopeSchema,
  campaignIdParamsSchema,
  campaignListSchema,
  campaignMetricsSchema,
  createCampaignBodySchema,
  listCampaignsQuerySchema,
  metricsQuerySchema,
  updateCampaignBodySchema,
} from "#core/public-api/public-api-schemas.ts";
import { NO_SUCH_CAMPAIGN_MESSAGE, updateApiCampaign } from "#core/public-api/update-api-campaign.ts";
import { fromWirePlatform, fromWireStatus } from "#core/public-api/wire-values.ts";
import type { RulesModule } from "#core/rules/rules-module.ts";
import type { ApiApp } from "./api-app.ts";
import { campaignListResponse, createCampaignListCache } from "./campaign-list-cache.ts";
import {
  actorOfKey,
  type idempotency,
  requireJsonBody,
  requirePermission,
  requirePrincipal,
} from "./request-guards.ts";
import {
  errorResponses,
  idempotencyKeyHeader,
  READ_ERRORS,
  rateLimitHeaders,
  replayedHeaders,
  security,
  WRITE_ERRORS,
} from "./route-docs.ts";

/** The modules whose use cases the campaign endpoints call, as the request's key. */
export interface CampaignApiServices {
  campaigns: CampaignsModule;
  rules: RulesModule;
  optimizer: OptimizerModule;
  budgets: BudgetsModule;
  analytics: Pick<AnalyticsModule, "getCampaignMetrics">;
}

const exampleOf = (id: string) => {
  const endpoint = API_ENDPOINTS.find((item) => item.id === id);
  if (!endpoint) throw new Error(`No API example ${id}`);
  return endpoint;
};

const pageValidatorHeaders = {
  ETag: z.string().meta({
    description:
      "Names this page as it is now. Send it back in If-None-Match to get 304 while no campaign on the page, and no filter's match, has changed.",
  }),
  "Cache-Control": z.string().meta({ description: "`private, no-cache`: revalidate before reusing a kept page." }),
};

const ifNoneMatchHeader = z.object({
  "If-None-Match": z
    .string()
    .optional()
    .meta({ description: "The ETag of a page you kept: answered with 304 and no body while it is unchanged." }),
});

const listRoute = createRoute({
  method: "get",
  path: "/campaigns",
  operationId: "listCampaigns",
  tags: ["Campaigns"],
  summary: exampleOf("list-campaigns").summary,
  description: exampleOf("list-campaigns").description,
  security,
  request: { query: listCampaignsQuerySchema, headers: ifNoneMatchHeader },
  responses: {
    200: {
      description: "A page of campaigns.",
      headers: rateLimitHeaders.extend(pageValidatorHeaders),
      content: {
        "application/json": { schema: campaignListSchema, example: exampleOf("list-campaigns").responseBody },
      },
    },
    304: {
      description: "The page named by If-None-Match is still what this call would return; no body.",
      headers: rateLimitHeaders.extend(pageValidatorHeaders),
    },
    ...errorResponses(READ_ERRORS),
  },
});

const createRouteDefinition = createRoute({
  method: "post",
  path: "/campaigns",
  operationId: "createCampaign",
  tags: ["Campaigns"],
  summary: exampleOf("create-campaign").summary,
  description: `${exampleOf("create-campaign").description} The budget's currency must be the ad account's.`,
  security,
  request: {
    headers: idempotencyKeyHeader,
    body: {
      required: true,
      content: {
        "application/json": { schema: createCampaignBodySchema, example: exampleOf("create-campaign").requestBody },
      },
    },
  },
  responses: {
    201: {
      description: "The campaign, created on its platform.",
      headers: replayedHeaders,
      content: {
        "application/json": { schema: campaignEnvelopeSchema, example: exampleOf("create-campaign").responseBody },
      },
    },
    ...errorResponses(WRITE_ERRORS),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/campaigns/{id}",
  operationId: "getCampaign",
  tags: ["Campaigns"],
  summary: "Get a campaign",
  description: "One campaign of your organization.",
  security,
  request: { params: campaignIdParamsSchema },
  responses: {
    200: {
      description: "The campaign.",
      headers: rateLimitHeaders,
      content: {
        "application/json": {
          schema: campaignEnvelopeSchema,
          example: { data: (exampleOf("list-campaigns").responseBody.data as unknown[])[0] },
        },
      },
    },
    ...errorResponses(READ_ERRORS),
  },
});

const metricsRoute = createRoute({
  method: "get",
  path: "/campaigns/{id}/metrics",
  operationId: "getCampaignMetrics",
  tags: ["Campaigns"],
  summary: exampleOf("campaign-metrics").summary,
  description: `${exampleOf("campaign-metrics").description} Without from and to: the last 30 days (UTC).`,
  security,
  request: { params: campaignIdParamsSchema, query: metricsQuerySchema },
  responses: {
    200: {
      description: "The campaign's KPIs over the range.",
      headers: rateLimitHeaders,
      content: {
        "application/json": { schema: campaignMetricsSchema, example: exampleOf("campaign-metrics").responseBody },
      },
    },
    ...errorResponses(READ_ERRORS),
  },
});

const updateRoute = createRoute({
  method: "put",
  path: "/campaigns/{id}",
  operationId: "updateCampaign",
  tags: ["Campaigns"],
  summary: exampleOf("update-campaign").summary,
  description: `${exampleOf("update-campaign").description} Send at least one of name, status and daily_budget; the change is written to the change log with your key as its author.`,
  security,
  request: {
    params: campaignIdParamsSchema,
    headers: idempotencyKeyHeader,
    body: {
      required: true,
      content: {
        "application/json": { schema: updateCampaignBodySchema, example: exampleOf("update-campaign").requestBody },
      },
    },
  },
  responses: {
    200: {
      description: "The campaign after the change.",
      headers: replayedHeaders,
      content: {
        "application/json": { schema: campaignEnvelopeSchema, example: exampleOf("update-campaign").responseBody },
      },
    },
    ...errorResponses(WRITE_ERRORS),
  },
});

/** The four endpoints of the spec, and one campaign by id. Routes stay thin: parse, call one use case, map. */
export function registerCampaignRoutes(
  api: ApiApp,
  servicesOf: () => CampaignApiServices,
  writeGuards: { idempotency: ReturnType<typeof idempotency> },
) {
  // Both writes are the campaigns module's "campaigns.change" use cases.
  const writeMiddleware = [
    requirePrincipal,
    requirePermission("campaigns.change"),
    requireJsonBody,
    writeGuards.idempotency,
  ];

  const listCache = createCampaignListCache();
  api.openapi({ ...listRoute, middleware: [requirePrincipal] }, async (c) => {
    const query = c.req.valid("query");
    const actor = actorOfKey(c);
    const { campaigns } = servicesOf();
    const build = async () => {
      const page = await campaigns.listCampaigns(actor, {
        statuses: query.status?.map(fromWireStatus),
        platforms: query.platform?.map(fromWirePlatform),
        adAccountIds: query.ad_account_id,
        search: query.q?.trim() || undefined,
        limit: query.limit,
        cursor: query.cursor || null,
      });
      return { data: page.campaigns.map(toWireCampaign), next_cursor: page.nextCursor };
    };
    const ifNoneMatch = c.req.header("If-None-Match");
    const page = await listCache.page({
      listVersion: () => campaigns.getCampaignListVersion(actor),
      organizationId: actor.organizationId,
      query,
      ifNoneMatch,
      build,
    });
    return campaignListResponse(c, page);
  });

  api.openapi({ ...createRouteDefinition, middleware: writeMiddleware }, async (c) => {
    const campaign = await createApiCampaign(servicesOf().campaigns, actorOfKey(c), c.req.valid("json"));
    return c.json({ data: toWireCampaign(campaign) }, 201);
  });

  api.openapi({ ...getRoute, middleware: [requirePrincipal] }, async (c) => {
    const campaign = await servicesOf().campaigns.getCampaign(actorOfKey(c), c.req.valid("param").id);
    if (!campaign) throw new AppError("not_found", NO_SUCH_CAMPAIGN_MESSAGE);
    return c.json({ data: toWireCampaign(campaign) }, 200);
  });

  api.openapi({ ...metricsRoute, middleware: [requirePrincipal] }, async (c) => {
    const query = c.req.valid("query");
    const metrics = await servicesOf().analytics.getCampaignMetrics(actorOfKey(c), {
      campaignId: c.req.valid("param").id,
      // Without both: the last 30 days (UTC) by the ads clock.
      range: query.from && query.to ? { from: query.from, to: query.to } : undefined,
      granularity: query.granularity,
    });
    return c.json({ data: toWireCampaignMetrics(metrics) }, 200);
  });

  api.openapi({ ...updateRoute, middleware: writeMiddleware }, async (c) => {
    const campaign = await updateApiCampaign(
      servicesOf().campaigns,
      actorOfKey(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json({ data: { ...toWireCampaign(campaign), updated_at: new Date().toISOString() } }, 200);
  });
}
