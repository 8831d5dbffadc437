import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { RouterContextProvider } from "react-router";
import { appContext } from "#app/lib/app-context.ts";
import { AVATAR_MAX_BYTES } from "#core/accounts/profile-schema.ts";
import { runWithRequestAddress } from "#core/audit/request-address.ts";
import { type Env, publicEnv } from "#core/config/env.ts";
import { AppError, toErrorEnvelope } from "#core/errors/app-error.ts";
import type { Logger } from "#core/ports/logger.ts";
import { clientAddressOf } from "./client-address.ts";
import { metricsRoutes, requestMetrics } from "./metrics.ts";
import { compressText } from "./middleware/compress.ts";
import { databaseUnavailable } from "./middleware/database-unavailable.ts";
import { originCheck } from "./middleware/origin-check.ts";
import { privateCache } from "./middleware/private-cache.ts";
import { requestLogger } from "./middleware/request-logger.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { createStaticPageCache } from "./middleware/static-page-cache.ts";
import { assetFileRoutes } from "./routes/asset-files.ts";
import { authRoutes } from "./routes/auth.ts";
import { billingWebhookRoutes } from "./routes/billing-webhook.ts";
import { creativeMediaRoutes } from "./routes/creative-media.ts";
import { healthRoutes } from "./routes/healthz.ts";
import { mediaRoutes } from "./routes/media.ts";
import type { ServerServices } from "./services.ts";

/** Renders a page (React Router) for a request; production and dev each supply their own. */
export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface AppOptions {
  env: Env;
  logger: Logger;
  services: ServerServices;
  handlePage?: PageHandler;
  /** Built client assets (build/client); omitted in dev, where Vite serves them. */
  staticRoot?: string;
  isDevServer?: boolean;
  /** Answer static pages asked for anonymously from memory after their first render (default: in production, not in dev). */
  keepsStaticPages?: boolean;
  /** True once the node is stopping: /healthz answers "draining". */
  isDraining?: () => boolean;
}

type AppVariables = { nonce: string; requestId: string };

/**
 * The asset library's pages under /assets/ (a creative's page, compare) and their data requests
 * (`.data`): the app's, not build files.
 */
const isLibraryPage = (path: string) => /^\/assets\/(compare|creatives\/[^/.]+)(\.data)?\/?$/.test(path);

/**
 * The single HTTP entry. Middleware runs in the order written here: headers first so every
 * answer carries them, then identity and logs, then the cheap answers, then the pages.
 */
export function createApp({
  env,
  logger,
  services,
  handlePage,
  staticRoot,
  isDevServer = false,
  keepsStaticPages = env.isProduction && !isDevServer,
  isDraining,
}: AppOptions) {
  const app = new Hono<{ Variables: AppVariables }>();
  const clientAddress = (c: Context) => clientAddressOf(c, env);

  // 1. Security headers (strict CSP with a per-request nonce, HSTS in production).
  app.use(securityHeaders({ isProduction: env.isProduction, isDevServer }));
  // 2. Request id (echoed as X-Request-Id) and one structured log line per request.
  app.use(requestId());
  // Where the request came from, for the audit entries the use cases record while serving it.
  app.use((c, next) => runWithRequestAddress(clientAddress(c), next));
  app.use(requestLogger(logger));
  // Request rate and latency per route pattern for /metrics: one histogram observation.
  if (services.metrics) app.use(requestMetrics(services.metrics));
  // 2b. Signed-in pages, data and exports are private, no-store unless a route set its own caching.
  app.use(privateCache());
  // 2c. The database out of reach: a clear 503 at once, until a round-trip succeeds again (graceful degradation).
  app.use(databaseUnavailable(services.database));
  // 3. CSRF defence: a state-changing request must come from our own origin.
  app.use(originCheck(env.APP_URL));
  // 3b. Creative uploads stream their body through their own limits (30 MB images, 500 MB videos),
  // so they come before the body limit; and their files, for members of the owning organization.
  app.route("/", assetFileRoutes(services));
  app.route("/", creativeMediaRoutes(services));
  // 4. Request bodies are small, except an avatar (5 MB plus the form's envelope).
  const limitBody = bodyLimit({
    maxSize: AVATAR_MAX_BYTES + 64 * 1024,
    onError: (c) =>
      c.json({ error: { code: "payload_too_large", message: "The request is too large (at most 5 MB)." } }, 413),
  });
  // A GET or HEAD has no body; asking for it would build the whole web Request for nothing.
  app.use((c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next)));
  // 5. Compression for text answers, when the client accepts it and the body is worth it (server/middleware/compress.ts).
  app.use(compressText());

  // 6. Static assets: fingerprinted files are immutable; the rest revalidate.
  if (staticRoot) {
    const serveAsset = serveStatic({
      root: staticRoot,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    });
    // Matched by prefix: Hono's "/assets/*" would also catch the /assets page.
    app.use(async (c, next) => {
      if (!c.req.path.startsWith("/assets/") || isLibraryPage(c.req.path)) return next();
      // A missing asset is a plain 404, not a rendered page.
      return (await serveAsset(c, async () => {})) ?? c.text("Not found", 404);
    });
    app.use(
      "*",
      serveStatic({ root: staticRoot, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") }),
    );
  }

  // 7. Liveness with a database round-trip, and uploaded files (avatars).
  app.route("/", healthRoutes(services.database, isDraining));
  // 7a. Prometheus metrics, for a scraper holding METRICS_TOKEN (404 without it configured).
  app.route("/", metricsRoutes(services.metrics, env.METRICS_TOKEN));
  app.route("/", mediaRoutes(services.storage));

  // 8. Accounts: better-auth behind our validation and rate limits.
  app.route("/", authRoutes({ env, services, clientAddress }));

  // 8a. Stripe's signed events (raw body, verified before anything; no session): when Stripe is configured.
  if (services.paymentProvider)
    app.route(
      "/",
      billingWebhookRoutes({
        provider: services.paymentProvider,
        handleProviderEvent: (event) => services.billingBackground.handleProviderEvent(event),
        logger,
      }),
    );

  // 8b. The built-in ad-platform sandbox (ADS_SANDBOX): consent pages and each platform's API shape.
  if (services.sandbox) app.route("/sandbox", services.sandbox.app);

  // 9. The public API (server/api/): Bearer keys with per-key and per-plan limits, anonymous
  // callers limited per client address, one error envelope, a 404 for unknown /api/v1/* paths.
  // (Hono's "/api/*" would also match the /api page, hence the versioned prefix.)
  app.route("/", services.publicApi.app);
  // 9b. The MCP server (/api/mcp, server/api/mcp-server.ts): the assistant's tools for agents, same keys and limits.
  app.route("/", services.publicApi.mcp);

  // 10. Everything else is a page.
  if (handlePage) {
    const staticPages = createStaticPageCache({ keepsPages: keepsStaticPages });
    const currentPublicEnv = publicEnv(env);
    app.all("*", async (c) => {
      const nonce = c.get("nonce");
      // 10a. A static page already rendered for an anonymous visitor: the same HTML with this request's nonce.
      const kept = staticPages.find(c.req.raw, c.req.path, nonce);
      if (kept) return kept;
      const context = new RouterContextProvider();
      context.set(appContext, {
        env,
        publicEnv: currentPublicEnv,
        logger,
        services,
        requestId: c.get("requestId"),
        nonce,
        clientAddress: clientAddress(c),
      });
      const response = await handlePage(c.req.raw, context);
      return staticPages.keep(c.req.raw, c.req.path, nonce, response);
    });
  }

  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(toErrorEnvelope(error), error.status as 400);
    logger.error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "unhandled error");
    return c.json({ error: { code: "internal_error", message: "Something went wrong on our side." } }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
