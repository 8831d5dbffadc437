import { AppError } from "#core/errors/app-error.ts";
import { consumeRateLimit, type RateLimitRule } from "#core/rate-limit/consume-rate-limit.ts";
import type { RateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";

/** "Try again in 12 minutes": people read minutes, not seconds. */
export function describeWait(resetSeconds: number): string {
  if (resetSeconds < 60) return `${resetSeconds} second${resetSeconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(resetSeconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export const RATE_LIMITED_TITLE = "Too many requests";

/**
 * Counts one hit for `subject` and refuses with a 429 AppError that says when to try again
 * (`details.retryAfterSeconds` feeds the Retry-After header).
 */
export async function enforceRateLimit(
  rateLimits: RateLimitRepository,
  rule: RateLimitRule,
  subject: string,
  message: string,
  nowMs: number = Date.now(),
): Promise<void> {
  const decision = await consumeRateLimit(rateLimits, rule, subject, nowMs);
  if (decision.isAllowed) return;
  throw new AppError("rate_limited", `${message} Try again in ${describeWait(decision.resetSeconds)}.`, {
    title: RATE_LIMITED_TITLE,
    retryAfterSeconds: decision.resetSeconds,
  });
}
