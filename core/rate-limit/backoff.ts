import type { BackoffPolicy, RateLimitRepository } from "./rate-limit-repository.ts";

export interface BackoffRule extends BackoffPolicy {
  /** What backs off, e.g. "sign-in-backoff". */
  name: string;
}

export interface BackoffDecision {
  isAllowed: boolean;
  /** Seconds until the next attempt may go through (0 when allowed). */
  retryAfterSeconds: number;
}

export const backoffKey = (rule: BackoffRule, subject: string) => `${rule.name}:${subject}`;

/**
 * Exponential back-off for one subject: the rule's free attempts go through at once, then each
 * further attempt waits 1×, 2×, 4× … the base delay (capped) after the one before. The attempt is
 * counted when it is let through, before its outcome is known; resetBackoff forgets the subject.
 */
export async function claimBackoff(
  repository: RateLimitRepository,
  rule: BackoffRule,
  subject: string,
  nowMs: number = Date.now(),
): Promise<BackoffDecision> {
  const key = backoffKey(rule, subject);
  if ((await repository.claimBackoffAttempt(key, nowMs, rule)) !== null)
    return { isAllowed: true, retryAfterSeconds: 0 };
  const until = (await repository.backoffUntil(key)) ?? nowMs;
  return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - nowMs) / 1000)) };
}

export async function resetBackoff(repository: RateLimitRepository, rule: BackoffRule, subject: string) {
  await repository.deleteKey(backoffKey(rule, subject));
}
