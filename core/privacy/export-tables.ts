/**
 * What an organization's data export holds: every table that keeps the organization's data, as one
 * file each (JSON for settings-like records, CSV for long tables), minus what is a secret. A table
 * the export leaves out is listed in ORGANIZATION_TABLES_LEFT_OUT with the reason, and a test holds
 * the two lists to the schema, so a new table cannot be forgotten.
 */
import type { Database } from "#core/db/schema.ts";

export type ExportFormat = "json" | "csv";

export interface ExportedTable {
  table: keyof Database;
  file: string;
  format: ExportFormat;
  /** The columns that order the rows stably, for reading long tables in pages; "id" by default. */
  orderBy?: readonly string[];
}

export const ORGANIZATION_TABLES: readonly ExportedTable[] = [
  { table: "connections", file: "connections.json", format: "json" },
  { table: "ad_accounts", file: "ad-accounts.json", format: "json" },
  { table: "campaigns", file: "campaigns.csv", format: "csv" },
  {
    table: "campaign_daily_metrics",
    file: "campaign-daily-metrics.csv",
    format: "csv",
    orderBy: ["campaign_id", "date"],
  },
  { table: "campaign_labels", file: "campaign-labels.csv", format: "csv", orderBy: ["campaign_id", "label"] },
  { table: "store_orders", file: "store-orders.csv", format: "csv" },
  { table: "change_log", file: "change-log.csv", format: "csv" },
  { table: "goals", file: "goals.json", format: "json" },
  { table: "rules", file: "rules.json", format: "json" },
  { table: "rule_runs", file: "rule-runs.csv", format: "csv" },
  { table: "rule_run_campaigns", file: "rule-run-campaigns.csv", format: "csv" },
  { table: "automation_settings", file: "automation-settings.json", format: "json", orderBy: ["organization_id"] },
  { table: "budget_plans", file: "budget-plan.json", format: "json", orderBy: ["organization_id"] },
  { table: "budget_plan_groups", file: "budget-plan-groups.json", format: "json" },
  { table: "campaign_budget_bounds", file: "campaign-budget-bounds.csv", format: "csv", orderBy: ["campaign_id"] },
  { table: "optimizer_runs", file: "optimizer-runs.csv", format: "csv" },
  { table: "optimizer_recommendations", file: "optimizer-recommendations.csv", format: "csv" },
  { table: "notifications", file: "notifications.csv", format: "csv" },
  { table: "monitoring_alerts", file: "monitoring-alerts.csv", format: "csv" },
  { table: "webhook_endpoints", file: "webhook-endpoints.json", format: "json" },
  { table: "webhook_deliveries", file: "webhook-deliveries.csv", format: "csv" },
  { table: "api_keys", file: "api-keys.json", format: "json" },
  { table: "api_usage", file: "api-usage.csv", format: "csv", orderBy: ["period"] },
  { table: "sync_runs", file: "sync-runs.csv", format: "csv" },
  { table: "audit_events", file: "audit-log.csv", format: "csv" },
  { table: "billing_accounts", file: "billing-details.json", format: "json", orderBy: ["organization_id"] },
  { table: "subscriptions", file: "subscription.json", format: "json", orderBy: ["organization_id"] },
  { table: "invoices", file: "invoices.csv", format: "csv" },
  { table: "payment_attempts", file: "payment-attempts.csv", format: "csv" },
  { table: "enterprise_requests", file: "enterprise-requests.json", format: "json" },
  // Ask Adhelm: every person's questions and answers, and the questions and tokens used per month.
  { table: "assistant_conversations", file: "ask-conversations.csv", format: "csv" },
  { table: "assistant_messages", file: "ask-messages.csv", format: "csv" },
  { table: "assistant_usage", file: "ask-usage.csv", format: "csv", orderBy: ["period"] },
  // Each person's saved views of the campaigns table (filters, columns, density).
  { table: "table_views", file: "table-views.csv", format: "csv" },
  // Synced ad groups, ads with their creative, and their daily metrics (issue 20).
  { table: "ad_groups", file: "ad-groups.csv", format: "csv" },
  { table: "ads", file: "ads.csv", format: "csv" },
  { table: "ad_daily_metrics", file: "ad-daily-metrics.csv", format: "csv", orderBy: ["ad_id", "date"] },
  // Uploaded creatives (their names, types, sizes and tags; the files stay in the asset library).
  { table: "creative_assets", file: "creatives.csv", format: "csv" },
  { table: "creative_asset_tags", file: "creative-tags.csv", format: "csv", orderBy: ["asset_id", "tag"] },
  // Conversion settings: the platforms' conversion actions, which ones the team counts, each
  // campaign-day's count per action, and the revenue truth per platform (issue 20).
  { table: "conversion_actions", file: "conversion-actions.csv", format: "csv" },
  { table: "conversion_settings", file: "conversion-settings.csv", format: "csv", orderBy: ["action_id"] },
  {
    table: "campaign_daily_conversions",
    file: "campaign-daily-conversions.csv",
    format: "csv",
    orderBy: ["campaign_id", "action_id", "date"],
  },
  { table: "revenue_truth_overrides", file: "revenue-truth.csv", format: "csv", orderBy: ["platform"] },
];

/** Tables with an organization_id that the export leaves out, and why. */
export const ORGANIZATION_TABLES_LEFT_OUT: Readonly<Partial<Record<keyof Database, string>>> = {
  oauth_states: "short-lived sign-in state for connecting a platform",
  api_idempotency_keys: "replay protection for API retries, kept 24 hours",
  campaign_metric_cumulative: "a running sum derived from campaign_daily_metrics",
  ad_account_daily_metrics: "daily sums derived from campaign_daily_metrics",
  store_order_daily_revenue: "daily sums derived from store_orders",
  campaign_list_versions: "a cache counter",
  conversion_lag_snapshots: "a model derived from the daily metrics",
  budget_pacing_alerts: "which pacing alerts were already sent (the notifications are exported)",
  notification_digests: "which digest mails were already sent",
  webhook_attempts: "delivery attempts of the exported deliveries",
  data_exports: "the exports themselves",
  sandbox_settings: "the built-in sandbox's own state",
  sandbox_campaign_changes: "the built-in sandbox's own state",
  sandbox_faults: "the built-in sandbox's own state",
  sandbox_created_campaigns: "the built-in sandbox's own state",
  sandbox_anomalies: "the built-in sandbox's own state",
  deletion_requests: "the record of a deletion, kept after it",
  analytics_rollup_bounds: "bookkeeping of the analytics rollups",
  billing_notices: "which billing mails (reminders, dunning) were already sent",
  builtin_payment_customers: "the built-in test payment provider's own state",
  budget_plan_group_campaigns: "the members of the exported budget groups (keyed by group, not by organization)",
  table_layouts: "a person's columns and row density outside a saved view, a display preference",
  ad_sync_states: "the sync's bookkeeping of each ad account's ad level",
  campaign_daily_store_revenue: "daily sums derived from store_orders (the store's revenue per campaign-day)",
};

/** Columns that hold a secret, a hash of one, or a token: never exported, whatever the table. */
const SECRET_COLUMN = /encrypted|hash|secret|token|password|^p$|^auth$|endpoint_key/i;

export function isSecretColumn(column: string): boolean {
  return SECRET_COLUMN.test(column);
}

/** A row as the export writes it: secrets dropped, dates as ISO strings, JSON text parsed. */
export function exportRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (isSecretColumn(column)) continue;
    out[column] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}
