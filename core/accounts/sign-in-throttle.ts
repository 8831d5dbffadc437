import { claimBackoff, resetBackoff } from "#core/rate-limit/backoff.ts";
import { consumeRateLimit, releaseRateLimit } from "#core/rate-limit/consume-rate-limit.ts";
import type { RateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import { type AuthRateLimitRules, SIGN_IN_BACKOFF } from "./auth-rate-limits.ts";

/** What the password check found, as far as the limits care. */
export type SignInOutcome = "failed" | "succeeded" | "not-checked";

export type SignInAdmission =
  | { isAllowed: true; settle(outcome: SignInOutcome): Promise<void> }
  | { isAllowed: false; retryAfterSeconds: number };

/** The back-off subject of one account seen from one address (a space cannot occur in either). */
const pairOf = (email: string, address: string) => `${email} ${address}`;

/**
 * Admits a sign-in attempt before its password is checked, counting it first in each limit: per
 * address, per account, and the back-off of this account from this address. Counting first is
 * atomic (INSERT … ON CONFLICT … RETURNING), so parallel attempts cannot all slip under a limit as
 * they did when the count came after the answer. An attempt refused by one limit is given back to
 * the others, so refusals never lock anyone out further; settle() gives back an attempt whose
 * password was right (and then forgets the back-off), and keeps a failed one counted.
 */
export async function admitSignIn(
  rateLimits: RateLimitRepository,
  rules: AuthRateLimitRules,
  { email, address }: { email: string; address: string },
  nowMs: number = Date.now(),
): Promise<SignInAdmission> {
  const counted: Array<() => Promise<void>> = [];
  const giveBack = () => Promise.all(counted.map((release) => release())).then(() => undefined);

  for (const [rule, subject] of [
    [rules.failedSignInsPerIp, address],
    [rules.failedSignInsPerAccount, email],
  ] as const) {
    const decision = await consumeRateLimit(rateLimits, rule, subject, nowMs);
    counted.push(() => releaseRateLimit(rateLimits, rule, subject, nowMs));
    if (!decision.isAllowed) {
      await giveBack();
      return { isAllowed: false, retryAfterSeconds: decision.resetSeconds };
    }
  }
  const backoff = await claimBackoff(rateLimits, SIGN_IN_BACKOFF, pairOf(email, address), nowMs);
  if (!backoff.isAllowed) {
    await giveBack();
    return { isAllowed: false, retryAfterSeconds: backoff.retryAfterSeconds };
  }
  return {
    isAllowed: true,
    async settle(outcome) {
      if (outcome === "failed") return;
      await giveBack();
      if (outcome === "succeeded") await resetBackoff(rateLimits, SIGN_IN_BACKOFF, pairOf(email, address));
    },
  };
}

/** After a password reset: the account starts clean, from every address. */
export async function clearSignInFailures(rateLimits: RateLimitRepository, rules: AuthRateLimitRules, email: string) {
  await rateLimits.deleteKey(`${rules.failedSignInsPerAccount.name}:${email}`);
  await rateLimits.deleteKeysStartingWith(`${SIGN_IN_BACKOFF.name}:${email} `);
}
