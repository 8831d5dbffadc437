import type { Env } from "../config/env.ts";
import type { RateLimitRule } from "../rate-limit/consume-rate-limit.ts";

/** The account rate limits; each number is overridable through the environment (see README). */
export function authRateLimitRules(env: Env) {
  return {
    failedSignInsPerAccount: {
      name: "sign-in-failures:account",
      limit: env.AUTH_FAILED_SIGN_INS_PER_ACCOUNT,
      windowSeconds: 15 * 60,
    },
    failedSignInsPerIp: { name: "sign-in-failures:ip", limit: env.AUTH_FAILED_SIGN_INS_PER_IP, windowSeconds: 15 * 60 },
    signUpsPerIp: { name: "sign-ups:ip", limit: env.AUTH_SIGN_UPS_PER_IP_PER_HOUR, windowSeconds: 60 * 60 },
    mailsPerAddress: { name: "mails:address", limit: env.AUTH_MAILS_PER_ADDRESS_PER_HOUR, windowSeconds: 60 * 60 },
  } satisfies Record<string, RateLimitRule>;
}
