import type { TFunction } from "i18next";
import { translateMessage } from "#app/lib/i18n/i18n.ts";

const LIMITS = ["adAccounts", "members", "rules"] as const;
type Limit = (typeof LIMITS)[number];

const isLimit = (value: unknown): value is Limit => LIMITS.includes(value as Limit);

const LIMIT_KEYS = {
  adAccounts: "billing:refusals.limit.adAccounts",
  members: "billing:refusals.limit.members",
  rules: "billing:refusals.limit.rules",
} as const satisfies Record<Limit, string>;

const DOWNGRADE_KEYS = {
  adAccounts: "billing:refusals.downgrade.adAccounts",
  members: "billing:refusals.downgrade.members",
  rules: "billing:refusals.downgrade.rules",
} as const satisfies Record<Limit, string>;

const SAME_PLAN_KEYS = {
  monthly: "billing:refusals.samePlan.monthly",
  yearly: "billing:refusals.samePlan.yearly",
} as const;

/**
 * Billing's refusals that carry figures (a plan limit, "You are already on…", a declined card) in
 * the reader's language: core's English message names them, so no messages catalog can key it;
 * the error's details hold the figures, worded here from `billing:refusals`. Null for anything
 * else (the caller translates the message as it is).
 */
export function billingRefusalMessage(t: TFunction, details: Record<string, unknown> | undefined): string | null {
  if (!details) return null;
  const plan = typeof details.plan === "string" ? details.plan : null;
  if (isLimit(details.limit) && typeof details.allowed === "number" && plan) {
    const values = { count: details.allowed, plan };
    return typeof details.used === "number"
      ? t(DOWNGRADE_KEYS[details.limit], { ...values, used: details.used })
      : t(LIMIT_KEYS[details.limit], values);
  }
  if (details.refusal === "samePlan" && plan && (details.interval === "monthly" || details.interval === "yearly"))
    return t(SAME_PLAN_KEYS[details.interval], { plan });
  if (details.refusal === "declined" && typeof details.reason === "string")
    return t("billing:refusals.declined", { reason: translateMessage(t, details.reason) });
  return null;
}

/** The plan limit a refusal names ("adAccounts", "members", "rules"), for the toast's Upgrade action. */
export function refusedLimit(details: Record<string, unknown> | undefined): Limit | undefined {
  return isLimit(details?.limit) ? details.limit : undefined;
}
