/**
 * An audit entry as a sentence in the reader's language ("Ada changed the role of Max from Analyst
 * to Manager"): one catalog key per action (audit.json, "sentences"), with the actor, the target
 * and, where the entry says what changed, the before and after in the reader's words.
 */
import type { TFunction } from "i18next";
import type { AuditAction } from "#core/audit/audit-actions.ts";
import type { AuditEvent } from "#core/audit/audit-schemas.ts";

const SENTENCE_KEYS: Record<AuditAction, string> = {
  "auth.signed_in": "sentences.auth.signed_in",
  "organization.created": "sentences.organization.created",
  "organization.updated": "sentences.organization.updated",
  "organization.ownership_transferred": "sentences.organization.ownership_transferred",
  "organization.deletion_requested": "sentences.organization.deletion_requested",
  "organization.deletion_cancelled": "sentences.organization.deletion_cancelled",
  "member.invited": "sentences.member.invited",
  "member.invitation_resent": "sentences.member.invitation_resent",
  "member.invitation_revoked": "sentences.member.invitation_revoked",
  "member.joined": "sentences.member.joined",
  "member.role_changed": "sentences.member.role_changed",
  "member.removed": "sentences.member.removed",
  "member.left": "sentences.member.left",
  "connection.created": "sentences.connection.created",
  "connection.accounts_chosen": "sentences.connection.accounts_chosen",
  "connection.removed": "sentences.connection.removed",
  "api_key.created": "sentences.api_key.created",
  "api_key.revoked": "sentences.api_key.revoked",
  "rule.created": "sentences.rule.created",
  "rule.updated": "sentences.rule.updated",
  "rule.status_changed": "sentences.rule.status_changed",
  "rule.deleted": "sentences.rule.deleted",
  "automation.paused": "sentences.automation.paused",
  "automation.resumed": "sentences.automation.resumed",
  "budget_plan.updated": "sentences.budget_plan.updated",
  "goals.updated": "sentences.goals.updated",
  "billing.plan_changed": "sentences.billing.plan_changed",
  "billing.payment_method_updated": "sentences.billing.payment_method_updated",
  "billing.payment_failed": "sentences.billing.payment_failed",
  "billing.subscription_canceled": "sentences.billing.subscription_canceled",
  "billing.subscription_resumed": "sentences.billing.subscription_resumed",
  "export.downloaded": "sentences.export.downloaded",
  "export.requested": "sentences.export.requested",
  "webhook.created": "sentences.webhook.created",
  "webhook.updated": "sentences.webhook.updated",
  "webhook.deleted": "sentences.webhook.deleted",
  "creative.uploaded": "sentences.creative.uploaded",
  "creative.updated": "sentences.creative.updated",
  "creative.deleted": "sentences.creative.deleted",
  "conversions.counted_changed": "sentences.conversions.counted_changed",
  "conversions.revenue_truth_changed": "sentences.conversions.revenue_truth_changed",
  "ad.url_suffix_set": "sentences.ad.url_suffix_set",
  "ad.created": "sentences.ad.created",
  "ad.creation_failed": "sentences.ad.creation_failed",
};

/** Each action's short name, for the filter. */
export const ACTION_KEYS: Record<AuditAction, string> = {
  "auth.signed_in": "actions.auth.signed_in",
  "organization.created": "actions.organization.created",
  "organization.updated": "actions.organization.updated",
  "organization.ownership_transferred": "actions.organization.ownership_transferred",
  "organization.deletion_requested": "actions.organization.deletion_requested",
  "organization.deletion_cancelled": "actions.organization.deletion_cancelled",
  "member.invited": "actions.member.invited",
  "member.invitation_resent": "actions.member.invitation_resent",
  "member.invitation_revoked": "actions.member.invitation_revoked",
  "member.joined": "actions.member.joined",
  "member.role_changed": "actions.member.role_changed",
  "member.removed": "actions.member.removed",
  "member.left": "actions.member.left",
  "connection.created": "actions.connection.created",
  "connection.accounts_chosen": "actions.connection.accounts_chosen",
  "connection.removed": "actions.connection.removed",
  "api_key.created": "actions.api_key.created",
  "api_key.revoked": "actions.api_key.revoked",
  "rule.created": "actions.rule.created",
  "rule.updated": "actions.rule.updated",
  "rule.status_changed": "actions.rule.status_changed",
  "rule.deleted": "actions.rule.deleted",
  "automation.paused": "actions.automation.paused",
  "automation.resumed": "actions.automation.resumed",
  "budget_plan.updated": "actions.budget_plan.updated",
  "goals.updated": "actions.goals.updated",
  "billing.plan_changed": "actions.billing.plan_changed",
  "billing.payment_method_updated": "actions.billing.payment_method_updated",
  "billing.payment_failed": "actions.billing.payment_failed",
  "billing.subscription_canceled": "actions.billing.subscription_canceled",
  "billing.subscription_resumed": "actions.billing.subscription_resumed",
  "export.downloaded": "actions.export.downloaded",
  "export.requested": "actions.export.requested",
  "webhook.created": "actions.webhook.created",
  "webhook.updated": "actions.webhook.updated",
  "webhook.deleted": "actions.webhook.deleted",
  "creative.uploaded": "actions.creative.uploaded",
  "creative.updated": "actions.creative.updated",
  "creative.deleted": "actions.creative.deleted",
  "conversions.counted_changed": "actions.conversions.counted_changed",
  "conversions.revenue_truth_changed": "actions.conversions.revenue_truth_changed",
  "ad.url_suffix_set": "actions.ad.url_suffix_set",
  "ad.created": "actions.ad.created",
  "ad.creation_failed": "actions.ad.creation_failed",
};

/** The areas of the filter, in the reader's words. */
export const AREA_KEYS: Record<string, string> = {
  auth: "areas.auth",
  organization: "areas.organization",
  member: "areas.member",
  connection: "areas.connection",
  api_key: "areas.api_key",
  rule: "areas.rule",
  automation: "areas.automation",
  budget_plan: "areas.budget_plan",
  goals: "areas.goals",
  billing: "areas.billing",
  export: "areas.export",
  webhook: "areas.webhook",
  creative: "areas.creative",
  conversions: "areas.conversions",
  ad: "areas.ad",
};

const ROLE_KEYS: Record<string, string> = {
  owner: "shell:organization.roles.owner",
  admin: "shell:organization.roles.admin",
  manager: "shell:organization.roles.manager",
  analyst: "shell:organization.roles.analyst",
  viewer: "shell:organization.roles.viewer",
};

const STATUS_KEYS: Record<string, string> = {
  preview: "statuses.preview",
  active: "statuses.active",
  paused: "statuses.paused",
};

/** A before or after value of the details in the reader's words: a role, a rule's status, or as stored. */
function valueText(t: TFunction, value: unknown): string {
  if (typeof value !== "string" && typeof value !== "number") return "—";
  const text = String(value);
  const key = ROLE_KEYS[text] ?? STATUS_KEYS[text];
  return key ? t(key) : text;
}

export function auditSentence(t: TFunction, event: AuditEvent): string {
  const key = SENTENCE_KEYS[event.action];
  const target = event.target?.label ?? event.target?.id ?? "—";
  if (!key) return `${event.actor.label}: ${event.action} ${target}`;
  return t(key, {
    actor: event.actor.label,
    target,
    from: valueText(t, event.details?.from),
    to: valueText(t, event.details?.to),
  });
}
