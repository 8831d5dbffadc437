/**
 * The audit log's vocabulary, on its own so the browser can read it (the filters, the sentences)
 * without the recording side, which is server-only.
 */

/** Every action the log knows, by area. Add one here before recording it. */
export const AUDIT_ACTIONS = [
  "auth.signed_in",
  "organization.created",
  "organization.updated",
  "organization.ownership_transferred",
  "organization.deletion_requested",
  "organization.deletion_cancelled",
  "member.invited",
  "member.invitation_resent",
  "member.invitation_revoked",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "member.left",
  "connection.created",
  "connection.accounts_chosen",
  "connection.removed",
  "api_key.created",
  "api_key.revoked",
  "rule.created",
  "rule.updated",
  "rule.status_changed",
  "rule.deleted",
  "automation.paused",
  "automation.resumed",
  "budget_plan.updated",
  "goals.updated",
  "billing.plan_changed",
  "billing.payment_method_updated",
  "billing.payment_failed",
  "billing.subscription_canceled",
  "billing.subscription_resumed",
  "export.downloaded",
  "export.requested",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "creative.uploaded",
  "creative.updated",
  "creative.deleted",
  "conversions.counted_changed",
  "conversions.revenue_truth_changed",
  "ad.url_suffix_set",
  "ad.created",
  "ad.creation_failed",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
