import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiApp } from "./api-app.ts";

export type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

const DESCRIPTION = `Adhelm's REST API: your campaigns on every connected ad platform, their metrics, and changes pushed to the platforms.

**Authentication.** Create a key in Settings → API keys and send it as \`Authorization: Bearer <key>\`. A read-only key may list and read; a read and write key may also create and change campaigns.

**Errors.** Every error answers \`{"error": {"code", "message"}}\` with its HTTP status: 400 (malformed JSON, bad cursor), 401 (missing, unknown, revoked or expired key), 403 (a read-only key writing), 404, 409 (the platform refused; an Idempotency-Key still running), 422 (an invalid field; an Idempotency-Key reused for another request), 429 (rate or plan limit, with Retry-After).

**Idempotency.** Send an \`Idempotency-Key\` header with POST and PUT: a replay within 24 hours returns the first answer with \`Idempotent-Replayed: true\`; the same key with another body is refused.

**Rate limits.** Each key may make a number of requests per minute, and your plan a number of calls per month. Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` and \`RateLimit-Policy\`.

**Pagination.** Lists answer \`{"data": [...], "next_cursor": "..."}\`; pass \`next_cursor\` as \`cursor\` for the next page, until it is null.

**Money** is an integer amount in the currency's minor unit plus its ISO 4217 code: \`{"amount_minor": 15000, "currency": "USD"}\` is $150.00.`;

/** The OpenAPI 3.1 document of the API, generated from the routes' zod schemas. */
export function buildOpenApiDocument(api: ApiApp, appUrl: string): OpenApiDocument {
  if (!api.openAPIRegistry.definitions.some((definition) => definition.type === "component"))
    api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
      type: "http",
      scheme: "bearer",
      bearerFormat: "adh_…",
      description: "An API key from Settings → API keys.",
    });
  return api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "Adhelm API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: appUrl, description: "This Adhelm" }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: "Campaigns", description: "Campaigns on every connected ad platform, and their metrics." },
      { name: "Ads", description: "Ad groups, ads and their creatives, with their metrics and fatigue." },
    ],
  });
}
