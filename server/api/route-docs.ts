import { z } from "zod";
import { errorEnvelopeSchema } from "#core/public-api/public-api-schemas.ts";
import { NO_SUCH_CAMPAIGN_MESSAGE } from "#core/public-api/update-api-campaign.ts";

/** What every endpoint's OpenAPI entry shares: the rate-limit headers, the error answers, Idempotency-Key. */
export const rateLimitHeaders = z.object({
  "RateLimit-Limit": z
    .string()
    .meta({ description: "Requests allowed in the window of the limit closest to running out." }),
  "RateLimit-Remaining": z.string().meta({ description: "Requests left in that window." }),
  "RateLimit-Reset": z.string().meta({ description: "Seconds until that window starts afresh." }),
  "RateLimit-Policy": z
    .string()
    .meta({ description: "Every limit that applies: `600;w=60, 100000;w=2592000` (per minute per key, per month)." }),
});

/** A JSON answer's OpenAPI entry: its schema, description and headers (the rate-limit ones unless told). */
export const jsonResponse = <Schema extends z.ZodType>(
  schema: Schema,
  description: string,
  headers = rateLimitHeaders,
) => ({
  description,
  headers,
  content: { "application/json": { schema } },
});

const ERROR_EXAMPLES: Record<number, { description: string; code: string; message: string }> = {
  400: {
    description: "Malformed JSON or a bad cursor.",
    code: "bad_request",
    message: "The request body is not valid JSON.",
  },
  401: {
    description: "No key, or an unknown, revoked or expired key.",
    code: "unauthorized",
    message: "This API key was revoked. Create a new one in Settings → API keys.",
  },
  403: {
    description: "A read-only key tried to change something.",
    code: "forbidden",
    message: "This API key is read-only. Use a key with read and write access to change campaigns.",
  },
  404: {
    description: "No such campaign or ad account in your organization.",
    code: "not_found",
    message: NO_SUCH_CAMPAIGN_MESSAGE,
  },
  409: {
    description: "The platform refused the change, or a request with this Idempotency-Key is still running.",
    code: "conflict",
    message: "The platform refused the change: the daily budget is below the platform's minimum.",
  },
  422: {
    description: "A field is invalid, or the Idempotency-Key was used for another request.",
    code: "unprocessable_entity",
    message: "limit must be from 1 to 100.",
  },
  429: {
    description: "Too many requests this minute, or the plan's monthly calls are used up. See Retry-After.",
    code: "rate_limited",
    message: "This key made 600 requests this minute, its limit. Try again in 17 seconds.",
  },
};

export function errorResponses(statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => {
      const example = ERROR_EXAMPLES[status];
      if (!example) throw new Error(`No error example for ${status}`);
      const extraHeaders =
        status === 401
          ? { "WWW-Authenticate": z.string().meta({ description: 'Bearer realm="Adhelm API"' }) }
          : status === 429
            ? { "Retry-After": z.string().meta({ description: "Seconds to wait before trying again." }) }
            : {};
      return [
        status,
        {
          description: example.description,
          headers: rateLimitHeaders.extend(extraHeaders),
          content: {
            "application/json": {
              schema: errorEnvelopeSchema,
              example: { error: { code: example.code, message: example.message } },
            },
          },
        },
      ];
    }),
  );
}

export const READ_ERRORS = [400, 401, 404, 422, 429];
export const WRITE_ERRORS = [400, 401, 403, 404, 409, 422, 429];

export const idempotencyKeyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .optional()
    .meta({ description: "Any unique string (a UUID). A replay within 24 hours returns the first answer." }),
});

export const replayedHeaders = rateLimitHeaders.extend({
  "Idempotent-Replayed": z.string().optional().meta({ description: "`true` when this is the stored first answer." }),
});

export const security = [{ bearerAuth: [] }];
