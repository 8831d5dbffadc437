import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import { appContext } from "#app/lib/app-context.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { createApp, type PageHandler } from "./app.ts";
import { createServices } from "./services.ts";

const logger = createLogger({ level: "silent", isPretty: false });
let database: DatabaseHandle | undefined;

afterEach(async () => {
  await database?.close().catch(() => {});
  database = undefined;
});

async function appWith(overrides: Record<string, string> = {}, handlePage?: PageHandler, isDraining?: () => boolean) {
  database = await createTestDatabase();
  const env = testEnv(overrides);
  return createApp({ env, logger, services: createServices({ env, database, logger }), handlePage, isDraining });
}

describe("GET /healthz", () => {
  it("answers 200 ok after a database round-trip", async () => {
    const app = await appWith();
    const response = await app.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 503 when the database is unreachable", async () => {
    const app = await appWith();
    await database?.close();
    database = undefined;
    const response = await app.request("/healthz");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "error", database: "unreachable" });
  });

  it("answers 503 draining once the node is stopping, so a load balancer sends new requests elsewhere", async () => {
    let isDraining = false;
    const app = await appWith({}, undefined, () => isDraining);
    expect((await app.request("/healthz")).status).toBe(200);
    isDraining = true;
    const response = await app.request("/healthz");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "draining" });
    expect(response.headers.get("connection")).toBe("close");
  });
});

describe("security headers", () => {
  it("sends a strict CSP with a fresh nonce per request and the other headers", async () => {
    const app = await appWith();
    const [first, second] = await Promise.all([app.request("/healthz"), app.request("/healthz")]);
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(second.headers.get("content-security-policy")).not.toBe(csp);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });

  it("adds HSTS in production", async () => {
    const app = await appWith({ NODE_ENV: "production", AUTH_SECRET: "p".repeat(40) });
    const response = await app.request("/healthz");
    expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=\d{8,}/);
  });

  it("hands pages the same nonce as the CSP header", async () => {
    let seenNonce = "";
    const app = await appWith({}, async (_request, context) => {
      seenNonce = context.get(appContext).nonce;
      return new Response("<!doctype html>", { headers: { "content-type": "text/html" } });
    });
    const response = await app.request("/pricing");
    expect(seenNonce).not.toBe("");
    expect(response.headers.get("content-security-policy")).toContain(`'nonce-${seenNonce}'`);
  });
});

describe("/api", () => {
  it("answers unknown API paths in the error envelope", async () => {
    const app = await appWith();
    const response = await app.request("/api/v1/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: "No API route matches /api/v1/nothing-here." },
    });
  });

  it("rate limits per client and says so in RateLimit headers", async () => {
    const app = await appWith({ API_RATE_LIMIT_PER_MINUTE: "2" });
    const first = await app.request("/api/v1/campaigns");
    expect(first.headers.get("ratelimit-limit")).toBe("2");
    expect(first.headers.get("ratelimit-remaining")).toBe("1");
    await app.request("/api/v1/campaigns");
    const refused = await app.request("/api/v1/campaigns");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { code: "rate_limited" } });
  });
});

describe("compression", () => {
  it("gzips text answers when the client accepts it", async () => {
    const body = "<p>Adhelm</p>".repeat(200);
    const app = await appWith({}, async () => new Response(body, { headers: { "content-type": "text/html" } }));
    const response = await app.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const unzipped = await new Response(response.body?.pipeThrough(new DecompressionStream("gzip"))).text();
    expect(unzipped).toBe(body);
  });
});
