import { HTTPException } from "hono/http-exception";
import type { Kysely } from "kysely";
import type { AdsModule } from "#core/ads/ads-module.ts";
import type { ApiPrincipal } from "#core/api-keys/api-key-types.ts";
import type { ApiKeyAuthentication } from "#core/api-keys/api-keys-module.ts";
import { createApiUsageRepository } from "#core/api-usage/api-usage-repository.ts";
import { createApiCallMeter } from "#core/api-usage/meter-api-calls.ts";
import type { Env } from "#core/config/env.ts";
import type { Database } from "#core/db/schema.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Logger } from "#core/ports/logger.ts";
import { createIdempotencyRepository } from "#core/public-api/idempotency-repository.ts";
import { IdempotencyError } from "#core/public-api/idempotent-request.ts";
import { createRateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import { clientAddressOf } from "#server/client-address.ts";
import { registerAdRoutes } from "./ads-routes.ts";
import { apiAccess } from "./api-access.ts";
import { type ApiApp, createApiApp } from "./api-app.ts";
import { errorBody, errorResponse, wwwAuthenticate } from "./api-errors.ts";
import { registerBudgetPlanRoutes } from "./budget-plan-routes.ts";
import { type CampaignApiServices, registerCampaignRoutes } from "./campaign-routes.ts";
import { createMcpApp, type McpServices } from "./mcp-server.ts";
import { buildOpenApiDocument, type OpenApiDocument } from "./openapi-document.ts";
import { registerOptimizerRoutes } from "./optimizer-routes.ts";
import { idempotency } from "./request-guards.ts";
import { registerRuleRoutes } from "./rule-routes.ts";

/** Expired idempotency keys are deleted about this often. */
const IDEMPOTENCY_PRUNE_INTERVAL_MS = 10 * 60 * 1000;

export interface PublicApiOptions {
  env: Pick<Env, "API_RATE_LIMIT_PER_MINUTE" | "API_USAGE_FLUSH_MS" | "APP_URL" | "TRUST_PROXY" | "TRUST_PROXY_HOPS">;
  logger: Logger;
  db: Kysely<Database>;
  /** The API keys module's authentication (services.apiKeys). */
  apiKeys: ApiKeyAuthentication;
  /** The campaign services and the assistant's tools (MCP), read when a request comes (services.ts builds them beside the API). */
  services: () => CampaignApiServices & McpServices & { ads: AdsModule };
}

/** The public API v1 (`services.publicApi`). */
export interface PublicApi {
  /** The Hono app of /api/v1/*, mounted by createApp at step 9. */
  app: ApiApp;
  /** The MCP server at /api/mcp (mcp-server.ts), behind the same keys and limits; mounted by createApp. */
  mcp: ReturnType<typeof createMcpApp>;
  /**
   * Runs `request` (a Request for an /api/v1/… URL, e.g. `new Request(`${appUrl}/api/v1/campaigns?limit=3`)`)
   * through the whole API stack as the organization's key `apiKeyId`, without its plaintext: the
   * Try it buttons of the /api page, for a signed-in member who chose one of their organization's
   * active keys. The call is counted, rate limited and logged like any other; a revoked, expired or
   * unknown key (or one of another organization) answers 401 in the error envelope.
   */
  requestAs(as: { organizationId: string; apiKeyId: string }, request: Request): Promise<Response>;
  /** The OpenAPI 3.1 document (also served at /api/v1/openapi.json). */
  openApiDocument(): OpenApiDocument;
  /** Writes the counted calls and the due last-used times now. */
  flush(): Promise<void>;
  /** Stops the timers and flushes one last time (server shutdown). */
  stop(): Promise<void>;
}

export function createPublicApi(options: PublicApiOptions): PublicApi {
  const trustedPrincipals = new WeakMap<Request, ApiPrincipal>();
  const api = createApiApp();

  const meter = createApiCallMeter({
    repository: createApiUsageRepository(options.db),
    perMinuteLimit: options.env.API_RATE_LIMIT_PER_MINUTE,
  });
  const idempotencyKeys = createIdempotencyRepository(options.db);
  const access = apiAccess({
    apiKeys: options.apiKeys,
    meter,
    rateLimits: createRateLimitRepository(options.db),
    perMinuteLimit: options.env.API_RATE_LIMIT_PER_MINUTE,
    clientAddress: (c) => clientAddressOf(c, options.env),
    trustedPrincipals,
  });
  api.use("*", access);
  const mcp = createMcpApp({ access, services: options.services, logger: options.logger });

  let document: OpenApiDocument | undefined;
  const openApiDocument = () => {
    document ??= buildOpenApiDocument(api, options.env.APP_URL);
    return document;
  };
  api.get("/openapi.json", (c) => c.json(openApiDocument(), 200, { "Cache-Control": "public, max-age=300" }));
  registerCampaignRoutes(api, options.services, { idempotency: idempotency(idempotencyKeys) });
  registerRuleRoutes(api, () => options.services().rules, { idempotency: idempotency(idempotencyKeys) });
  registerOptimizerRoutes(api, () => options.services().optimizer, { idempotency: idempotency(idempotencyKeys) });
  registerBudgetPlanRoutes(api, () => options.services().budgets, { idempotency: idempotency(idempotencyKeys) });
  registerAdRoutes(api, () => options.services().ads);
  api.all("*", (c) => errorResponse(c, 404, "not_found", `No API route matches ${c.req.path}.`));

  api.onError((error, c) => {
    if (error instanceof IdempotencyError) return errorResponse(c, error.status, error.apiCode, error.message);
    if (error instanceof AppError) {
      const headers: Record<string, string> = {};
      if (error.status === 401) headers["WWW-Authenticate"] = wwwAuthenticate(false);
      const retryAfter = error.details?.retryAfterSeconds;
      if (error.status === 429 && typeof retryAfter === "number") headers["Retry-After"] = String(retryAfter);
      return errorResponse(c, error.status, error.code, error.message, headers);
    }
    if (error instanceof HTTPException && error.status < 500)
      return errorResponse(c, error.status, "bad_request", "The request could not be read: check its JSON.");
    options.logger.error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "unhandled API error");
    return c.json(errorBody("internal_error", "Something went wrong on our side."), 500);
  });

  let flushing: Promise<void> = Promise.resolve();
  const flush = () => {
    // One flush at a time: the timer and a shutdown may ask together. A failed flush (already
    // reported to its caller) does not stop the next one: what it did not write is still pending.
    flushing = flushing
      .catch(() => {})
      .then(async () => {
        await meter.flush();
        await options.apiKeys.flushApiKeyUses();
      });
    return flushing;
  };
  const flushTimer = setInterval(() => {
    flush().catch((error: unknown) => options.logger.warn({ err: error }, "writing API usage failed; retrying"));
  }, options.env.API_USAGE_FLUSH_MS);
  flushTimer.unref();
  const pruneTimer = setInterval(() => {
    idempotencyKeys.deleteExpired(new Date()).catch((error: unknown) => {
      options.logger.warn({ err: error }, "pruning idempotency keys failed");
    });
  }, IDEMPOTENCY_PRUNE_INTERVAL_MS);
  pruneTimer.unref();

  return {
    app: api,
    mcp,
    openApiDocument,
    flush,
    async stop() {
      clearInterval(flushTimer);
      clearInterval(pruneTimer);
      await flush();
    },
    async requestAs(as, request) {
      const startedAt = performance.now();
      let response: Response;
      try {
        trustedPrincipals.set(request, await options.apiKeys.authenticateApiKeyOfOrganization(as));
        response = await api.fetch(request);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "unauthorized") throw error;
        response = Response.json(errorBody(error.code, error.message), {
          status: 401,
          headers: { "WWW-Authenticate": wwwAuthenticate(true) },
        });
      }
      options.logger.info(
        {
          method: request.method,
          path: new URL(request.url).pathname,
          status: response.status,
          durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
          apiKeyId: as.apiKeyId,
        },
        "API request on behalf of a member",
      );
      return response;
    },
  };
}
