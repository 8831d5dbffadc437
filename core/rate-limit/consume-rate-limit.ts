import type { RateLimitRepository } from "./rate-limit-repository.ts";

export interface RateLimitRule {
  /** What is limited, e.g. "api" or "sign-in:account". */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  isAllowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
}

function windowOf(rule: RateLimitRule, nowMs: number) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  return { windowStart, resetSeconds: Math.ceil((windowStart + windowMs - nowMs) / 1000) };
}

/** Fixed-window limit: counts a hit for `subject` and says whether it is within the rule. */
export async function consumeRateLimit(
  repository: RateLimitRepository,
  rule: RateLimitRule,
  subject: string,
  nowMs: number = Date.now(),
): Promise<RateLimitDecision> {
  const { windowStart, resetSeconds } = windowOf(rule, nowMs);
  const count = await repository.incrementHit(`${rule.name}:${subject}`, windowStart);
  return {
    isAllowed: count <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetSeconds,
  };
}

/**
 * Gives back the hit consumeRateLimit counted for `subject` (same window), for limits that count
 * attempts first and then learn the attempt should not count (it was refused further on, or it
 * succeeded). Counting first is what keeps parallel requests from all slipping under the limit.
 */
export async function releaseRateLimit(
  repository: RateLimitRepository,
  rule: RateLimitRule,
  subject: string,
  nowMs: number = Date.now(),
): Promise<void> {
  await repository.releaseHit(`${rule.name}:${subject}`, windowOf(rule, nowMs).windowStart);
}
