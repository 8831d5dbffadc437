/** Catalog keys ("billing" namespace) by value, written out so the i18n check sees each one used. */
export const STATUS_BADGE_KEYS = {
  trialing: "status.badges.trialing",
  active: "status.badges.active",
  past_due: "status.badges.past_due",
  read_only: "status.badges.read_only",
  canceled: "status.badges.canceled",
} as const;

export const INTERVAL_KEYS = { monthly: "plans.intervals.monthly", yearly: "plans.intervals.yearly" } as const;

export const BILLED_KEYS = { monthly: "status.intervals.monthly", yearly: "status.intervals.yearly" } as const;

export const READ_ONLY_KEYS = {
  trial_ended: "status.readOnly.trial_ended",
  payment_failed: "status.readOnly.payment_failed",
  canceled: "status.readOnly.canceled",
} as const;

export const BANNER_READ_ONLY_KEYS = {
  trial_ended: "banner.readOnly.trial_ended",
  payment_failed: "banner.readOnly.payment_failed",
  canceled: "banner.readOnly.canceled",
} as const;

export const METER_KEYS = {
  adAccounts: "usage.meters.adAccounts",
  members: "usage.meters.members",
  apiCalls: "usage.meters.apiCalls",
  rules: "usage.meters.rules",
} as const;

export const PLAN_DESCRIPTION_KEYS = {
  starter: "plans.descriptions.starter",
  professional: "plans.descriptions.professional",
  enterprise: "plans.descriptions.enterprise",
} as const;

/** Each limit's line on a plan card: with a number, or unlimited. */
export const LIMIT_KEYS = {
  adAccounts: ["plans.limits.adAccounts", "plans.limits.adAccountsUnlimited"],
  members: ["plans.limits.members", "plans.limits.membersUnlimited"],
  apiCalls: ["plans.limits.apiCalls", "plans.limits.apiCallsUnlimited"],
  rules: ["plans.limits.rules", "plans.limits.rulesUnlimited"],
} as const;

export const INVOICE_STATUS_KEYS = {
  paid: "invoices.statuses.paid",
  open: "invoices.statuses.open",
  void: "invoices.statuses.void",
  uncollectible: "invoices.statuses.uncollectible",
} as const;
