import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { consumeRateLimit, type RateLimitRule } from "../../core/rate-limit/consume-rate-limit.ts";
import type { RateLimitRepository } from "../../core/rate-limit/rate-limit-repository.ts";

export type ClientAddressResolver = (c: Context) => string;

/** Limits requests per client address and says so in the IETF RateLimit headers. */
export function rateLimit(repository: RateLimitRepository, rule: RateLimitRule, clientAddress: ClientAddressResolver) {
  return createMiddleware(async (c, next) => {
    const decision = await consumeRateLimit(repository, rule, clientAddress(c));
    const headers = {
      "RateLimit-Limit": String(decision.limit),
      "RateLimit-Remaining": String(decision.remaining),
      "RateLimit-Reset": String(decision.resetSeconds),
    };
    if (!decision.isAllowed) {
      return c.json(
        {
          error: { code: "rate_limited", message: `Too many requests. Try again in ${decision.resetSeconds} seconds.` },
        },
        429,
        { ...headers, "Retry-After": String(decision.resetSeconds) },
      );
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
}
