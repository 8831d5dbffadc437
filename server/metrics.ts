import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { PrometheusMetrics, RequestMetrics } from "#adapters/metrics/prometheus-metrics.ts";

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * One histogram observation per request, labelled by the route pattern that answered (not the raw
 * path, so the label set stays bounded): an API route's own pattern, "page" for the pages' catch-all.
 */
export function requestMetrics(metrics: RequestMetrics) {
  return createMiddleware(async (c, next) => {
    const startedAt = performance.now();
    try {
      await next();
    } finally {
      const route = matchedRoutes(c)[c.req.routeIndex]?.path ?? "*";
      metrics.observeRequest(
        KNOWN_METHODS.has(c.req.method) ? c.req.method : "OTHER",
        route === "*" || route === "/*" ? "page" : route,
        c.res.status,
        (performance.now() - startedAt) / 1000,
      );
    }
  });
}

/**
 * GET /metrics for Prometheus, only when METRICS_TOKEN is set and sent as a Bearer token (compared
 * in constant time); otherwise it does not exist (404), so nothing about the process leaks.
 */
export function metricsRoutes(metrics: PrometheusMetrics | null, token: string | undefined) {
  const app = new Hono();
  const expected = token ? digest(token) : null;
  app.get("/metrics", async (c) => {
    if (!expected || !metrics) return c.text("Not found", 404);
    const sent = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    if (!timingSafeEqual(digest(sent), expected)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.text("Unauthorized", 401);
    }
    c.header("Cache-Control", "no-store");
    return c.body(await metrics.render(), 200, { "Content-Type": metrics.contentType });
  });
  return app;
}

/** Equal-length digests, so the comparison takes the same time whatever was sent. */
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
