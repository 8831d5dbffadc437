import type { Env } from "#core/config/env.ts";
import type { BackoffRule } from "#core/rate-limit/backoff.ts";
import type { RateLimitRule } from "#core/rate-limit/consume-rate-limit.ts";

/**
 * Failed sign-ins from one address on one account: five at once (typos), then 1 s, 2 s, 4 s … up to
 * 15 minutes between attempts, forgotten after an hour of quiet. It slows one guesser down without
 * touching the owner elsewhere.
 */
export const SIGN_IN_BACKOFF: BackoffRule = {
  name: "sign-in-backoff",
  freeAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 60 * 60 * 1000,
};

/** The account rate limits; each number is overridable through the environment (see README). */
export function authRateLimitRules(env: Env) {
  return {
    // Across every address, against guessing spread over many. The window is short so a lockout
    // caused by strangers ends soon, and the back-off above keeps any one address from refilling
    // it window after window. A reset link works while it is full, and clears it.
    failedSignInsPerAccount: {
      name: "sign-in-failures:account",
      limit: env.AUTH_FAILED_SIGN_INS_PER_ACCOUNT,
      windowSeconds: 5 * 60,
    },
    failedSignInsPerIp: { name: "sign-in-failures:ip", limit: env.AUTH_FAILED_SIGN_INS_PER_IP, windowSeconds: 15 * 60 },
    signUpsPerIp: { name: "sign-ups:ip", limit: env.AUTH_SIGN_UPS_PER_IP_PER_HOUR, windowSeconds: 60 * 60 },
    mailsPerAddress: { name: "mails:address", limit: env.AUTH_MAILS_PER_ADDRESS_PER_HOUR, windowSeconds: 60 * 60 },
  } satisfies Record<string, RateLimitRule>;
}

export type AuthRateLimitRules = ReturnType<typeof authRateLimitRules>;
