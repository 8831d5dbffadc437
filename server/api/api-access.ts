import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ApiPrincipal } from "#core/api-keys/api-key-types.ts";
import type { ApiKeyAuthentication } from "#core/api-keys/api-keys-module.ts";
import type { ApiCallDecision, ApiCallMeter, LimitState } from "#core/api-usage/meter-api-calls.ts";
import { findPlan, PLANS } from "#core/billing/plan-catalog.ts";
import { AppError } from "#core/errors/app-error.ts";
import { consumeRateLimit, type RateLimitRule } from "#core/rate-limit/consume-rate-limit.ts";
import type { RateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import type { ApiEnv } from "./api-env.ts";
import { errorResponse, wwwAuthenticate } from "./api-errors.ts";

export interface ApiAccessOptions {
  apiKeys: Pick<ApiKeyAuthentication, "authenticateApiKey">;
  meter: ApiCallMeter;
  rateLimits: RateLimitRepository;
  perMinuteLimit: number;
  clientAddress: (c: Context) => string;
  /** Requests that a signed-in member runs as one of their organization's keys (requestAs). */
  trustedPrincipals: WeakMap<Request, ApiPrincipal>;
}

/** An unknown plan gets the smallest allowance rather than none at all. */
const FALLBACK_MONTHLY_CALLS = Math.min(
  ...PLANS.map((plan) => plan.limits.apiCallsPerMonth).filter((limit): limit is number => limit !== null),
);

export function monthlyCallsOf(planId: string): number | null {
  const plan = findPlan(planId);
  return plan ? plan.limits.apiCallsPerMonth : FALLBACK_MONTHLY_CALLS;
}

type Headers = Record<string, string>;

function headersOf(shown: LimitState, policies: LimitState[]): Headers {
  return {
    "RateLimit-Limit": String(shown.limit),
    "RateLimit-Remaining": String(shown.remaining),
    "RateLimit-Reset": String(shown.resetSeconds),
    "RateLimit-Policy": policies.map((policy) => `${policy.limit};w=${policy.windowSeconds}`).join(", "),
  };
}

/** The headers show the limit closest to running out; the policy lists both. */
function keyHeaders(decision: ApiCallDecision): Headers {
  const { perMinute, perMonth } = decision;
  const refusedBy = decision.refusal === "usage_limit_exceeded" ? perMonth : decision.refusal ? perMinute : null;
  const shown = refusedBy ?? (perMonth && perMonth.remaining < perMinute.remaining ? perMonth : perMinute);
  return headersOf(shown, perMonth ? [perMinute, perMonth] : [perMinute]);
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Who is calling, and may they: a Bearer key is authenticated (cached, no database write) and
 * counted against its per-minute limit and its organization's monthly calls (in memory, flushed in
 * batches). A request without a key, or with a key that fails, is limited per client address
 * instead (a database counter: only the cheap answers of anonymous callers pay for it). Every
 * answer carries the RateLimit headers of the limit that applied.
 */
export function apiAccess(options: ApiAccessOptions) {
  const addressRule: RateLimitRule = { name: "api", limit: options.perMinuteLimit, windowSeconds: 60 };

  async function limitAddress(c: Context) {
    const decision = await consumeRateLimit(options.rateLimits, addressRule, options.clientAddress(c));
    const window = { ...decision, windowSeconds: addressRule.windowSeconds };
    return { isAllowed: decision.isAllowed, headers: headersOf(window, [window]), retryAfter: decision.resetSeconds };
  }

  const tooManyFromAddress = (c: Context, headers: Headers, retryAfter: number) =>
    errorResponse(c, 429, "rate_limited", `Too many requests. Try again in ${retryAfter} seconds.`, {
      ...headers,
      "Retry-After": String(retryAfter),
    });

  return createMiddleware<ApiEnv>(async (c, next) => {
    let principal = options.trustedPrincipals.get(c.req.raw) ?? null;
    const authorization = c.req.header("authorization");
    if (!principal && authorization !== undefined) {
      try {
        const presented = BEARER.exec(authorization)?.[1];
        if (!presented) throw new AppError("unauthorized", "Send the key as Authorization: Bearer <key>.");
        principal = await options.apiKeys.authenticateApiKey(presented);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "unauthorized") throw error;
        // Guessing keys costs the guesser their address's allowance.
        const address = await limitAddress(c);
        if (!address.isAllowed) return tooManyFromAddress(c, address.headers, address.retryAfter);
        return errorResponse(c, 401, "unauthorized", error.message, {
          ...address.headers,
          "WWW-Authenticate": wwwAuthenticate(true),
        });
      }
    }

    let headers: Headers;
    if (principal) {
      const decision = await options.meter.admit({
        apiKeyId: principal.apiKeyId,
        organizationId: principal.organizationId,
        monthlyLimit: monthlyCallsOf(principal.planId),
      });
      headers = keyHeaders(decision);
      if (decision.refusal === "rate_limited") {
        const wait = decision.perMinute.resetSeconds;
        return errorResponse(
          c,
          429,
          "rate_limited",
          `This key made ${decision.perMinute.limit} requests this minute, its limit. Try again in ${wait} seconds.`,
          { ...headers, "Retry-After": String(wait) },
        );
      }
      if (decision.refusal === "usage_limit_exceeded" && decision.perMonth) {
        const wait = decision.perMonth.resetSeconds;
        return errorResponse(
          c,
          429,
          "usage_limit_exceeded",
          `Your plan's ${decision.perMonth.limit.toLocaleString("en-US")} API calls this month are used up. They renew on the 1st (UTC); upgrade your plan for more.`,
          { ...headers, "Retry-After": String(wait) },
        );
      }
    } else {
      const address = await limitAddress(c);
      if (!address.isAllowed) return tooManyFromAddress(c, address.headers, address.retryAfter);
      headers = address.headers;
    }
    c.set("principal", principal);
    await next();
    const responseHeaders = c.res.headers;
    for (const [name, value] of Object.entries(headers)) responseHeaders.set(name, value);
    // The app's compress middleware adds this Vary to any JSON over 1 KB with c.header(), which
    // rebuilds the finished response around its body as a stream: @hono/node-server then pipes it
    // chunk by chunk instead of writing the string at once, which more than doubled the cost of a
    // page of campaigns. Set on the headers here, it is already there and the response stays whole.
    if (!responseHeaders.has("Vary")) responseHeaders.set("Vary", "Accept-Encoding");
  });
}
