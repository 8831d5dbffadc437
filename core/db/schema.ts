import type { Generated } from "kysely";
import type {
  ApiKeyScope,
  CampaignStatus,
  ChangeAction,
  ChangeActorType,
  ChangeOutcome,
  ChangeSource,
  ConnectionStatus,
  GoalTargetKind,
  NewsletterStatus,
  SyncRunKind,
  SyncRunStatus,
} from "#core/shared/domain-enums.ts";

/** Kysely's view of our tables. Repositories map these rows to domain types. */
export interface RateLimitTable {
  key: string;
  window_start: number;
  count: number;
}

/** better-auth's user table; better-auth itself reads and writes it. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: Generated<Date | string>;
  updatedAt: Generated<Date | string>;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Generated<Date | string>;
  updatedAt: Generated<Date | string>;
  /** The organization the session works in (better-auth's organization plugin). */
  activeOrganizationId: string | null;
}

export interface AccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  password: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | string | null;
  refreshTokenExpiresAt: Date | string | null;
  scope: string | null;
  createdAt: Generated<Date | string>;
  updatedAt: Generated<Date | string>;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date | string;
  createdAt: Generated<Date | string>;
  updatedAt: Generated<Date | string>;
}

export interface UserProfileTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  company_name: string | null;
  company_size: string | null;
  role: string;
  timezone: string;
  currency: string;
  avatar_url: string | null;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface UserPreferencesTable {
  user_id: string;
  /** JSON text, validated by the preferences schema on the way in and out. */
  preferences: string;
  updated_at: Generated<Date | string>;
}

/** better-auth's organization plugin tables. */
export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: string | null;
  createdAt: Generated<Date | string>;
  /** The plan (core/billing/plan-catalog.ts) whose limits apply; the trial plan until billing exists. */
  plan_id: Generated<string>;
  /** IANA zone the organization counts its days in (rules, monitoring, pacing, the optimizer). */
  time_zone: Generated<string>;
  /** ISO 4217: the organization's reporting currency. */
  currency: Generated<string>;
  /** platform | store: which revenue the dashboard and the optimizer count by default. */
  default_attribution: Generated<string>;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  /** owner | admin | manager | analyst | viewer (core/access/actor.ts) */
  role: string;
  createdAt: Generated<Date | string>;
  /** When the member last made this organization their active one (the switcher lists recent ones first). */
  last_active_at: Date | string | null;
}

export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  status: Generated<string>;
  expiresAt: Date | string;
  inviterId: string;
  createdAt: Generated<Date | string>;
  /** SHA-256 of the link's secret; the link works once. */
  token_hash: string | null;
  /** When the mail last went out (sending again issues a new link). */
  sent_at: Date | string | null;
  accepted_at: Date | string | null;
  accepted_by: string | null;
}

export interface ConnectionTable {
  id: string;
  organization_id: string;
  platform: string;
  status: Generated<ConnectionStatus>;
  access_token_encrypted: string | null;
  refresh_token_encrypted: string | null;
  token_expires_at: Date | string | null;
  last_synced_at: Date | string | null;
  last_error: string | null;
  /** The last failure's kind (PlatformErrorKind); null when the last sync succeeded or failed before 0024. */
  last_error_kind: string | null;
  created_by: string | null;
  platform_context: string | null;
  display_name: string | null;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface AdAccountTable {
  id: string;
  organization_id: string;
  connection_id: string;
  external_id: string;
  name: string;
  currency: string;
  time_zone: Generated<string>;
  is_managed: Generated<boolean | number>;
  platform_context: string | null;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface CampaignTable {
  id: string;
  organization_id: string;
  ad_account_id: string;
  external_id: string;
  name: string;
  status: CampaignStatus;
  daily_budget_minor: number | null;
  currency: string;
  /** Why the platform stopped it, where the platform says (budget_exhausted, disapproved, account_suspended). */
  platform_issue: Generated<string | null>;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface CampaignDailyMetricsTable {
  campaign_id: string;
  organization_id: string;
  /** The ad account's local calendar date, YYYY-MM-DD. */
  date: string;
  impressions: Generated<number>;
  clicks: Generated<number>;
  spend_minor: Generated<number>;
  conversions: Generated<number>;
  conversion_value_minor: Generated<number>;
  currency: string;
  updated_at: Generated<Date | string>;
  /** The platform's own figures (0022); null: `conversions` and its value are the platform's (as a sync writes them). */
  platform_conversions?: number | null;
  platform_conversion_value_minor?: number | null;
}

export interface NewsletterSubscriberTable {
  id: string;
  email: string;
  status: NewsletterStatus;
  source: string;
  confirm_token_hash: string | null;
  confirm_token_expires_at: Date | string | null;
  unsubscribe_token_hash: string;
  confirmed_at: Date | string | null;
  unsubscribed_at: Date | string | null;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface JobApplicationTable {
  id: string;
  position_slug: string;
  name: string;
  email: string;
  link: string;
  message: string;
  created_at: Generated<Date | string>;
}

export interface ContactMessageTable {
  id: string;
  reference: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  created_at: Generated<Date | string>;
}

export interface OAuthStateTable {
  id: string;
  organization_id: string;
  user_id: string;
  session_id: string;
  platform: string;
  store_address: string | null;
  pending_tokens_encrypted: string | null;
  expires_at: Date | string;
  used_at: Date | string | null;
  created_at: Generated<Date | string>;
}

export type JobStatus = "queued" | "running" | "succeeded" | "failed";

export interface JobTable {
  id: string;
  queue: string;
  payload: string;
  status: Generated<JobStatus>;
  singleton_key: string | null;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Date | string;
  locked_until: Date | string | null;
  last_error: string | null;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface SyncRunTable {
  id: string;
  organization_id: string;
  connection_id: string;
  kind: SyncRunKind;
  status: SyncRunStatus;
  window_from: string;
  window_to: string;
  steps_total: Generated<number>;
  steps_done: Generated<string>;
  campaigns_synced: Generated<number>;
  rows_upserted: Generated<number>;
  retries: Generated<number>;
  error: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
}

export interface StoreOrderTable {
  id: string;
  organization_id: string;
  connection_id: string;
  external_id: string;
  name: string;
  ordered_at: string;
  currency: string;
  total_minor: number;
  refunded_minor: Generated<number>;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  updated_at: Generated<Date | string>;
}

export interface SandboxSettingTable {
  key: string;
  value: string;
}

export interface SandboxCampaignChangeTable {
  id: string;
  tenant: string;
  platform: string;
  campaign_id: string;
  effective_date: string;
  status: string | null;
  daily_budget_minor: number | null;
  name: string | null;
  created_at: string;
}

export interface SandboxCreatedCampaignTable {
  id: string;
  tenant: string;
  platform: string;
  account_external_id: string;
  external_id: string;
  name: string;
  status: string;
  daily_budget_minor: number;
  created_on: string;
  created_at: string;
}

export interface ChangeLogTable {
  id: string;
  organization_id: string;
  campaign_id: string | null;
  campaign_name: string;
  platform: string;
  actor_type: ChangeActorType;
  actor_id: string | null;
  actor_label: string;
  source: ChangeSource;
  action: ChangeAction;
  reason: string | null;
  /** JSON of CampaignSettings (status, dailyBudgetMinor, name) before the change. */
  before_json: string;
  /** JSON of the settings the change asked for. */
  after_json: string;
  outcome: ChangeOutcome;
  platform_response: string | null;
  batch_id: string | null;
  undo_of: string | null;
  undone_by: string | null;
  /** A rule's "<run id>:<campaign id>:<action>": the same change is never pushed twice. */
  idempotency_key: Generated<string | null>;
  created_at: Generated<Date | string>;
}

export interface GoalTable {
  id: string;
  organization_id: string;
  /** "organization" or an ad platform id. */
  scope: string;
  target_kind: GoalTargetKind | null;
  target_roas: number | null;
  target_cpa_minor: number | null;
  monthly_budget_minor: number | null;
  currency: string;
  updated_by: string | null;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

/** A ZIP of a person's or an organization's data, built in the background (migration 0015). */
export interface DataExportTable {
  id: string;
  /** personal | organization */
  kind: string;
  user_id: string;
  organization_id: string | null;
  /** queued | running | ready | failed */
  status: Generated<string>;
  progress: Generated<number>;
  file_key: string | null;
  size_bytes: number | string | null;
  error: string | null;
  created_at: Generated<Date | string>;
  finished_at: Date | string | null;
  expires_at: Date | string | null;
}

/** An account or organization to delete for good once its grace period ends (migration 0015). */
export interface DeletionRequestTable {
  id: string;
  /** account | organization */
  kind: string;
  user_id: string;
  organization_id: string | null;
  email: string;
  subject_name: string;
  language: Generated<string>;
  /** pending | cancelled | completed */
  status: Generated<string>;
  requested_at: Generated<Date | string>;
  purge_after: Date | string;
  cancelled_at: Date | string | null;
  completed_at: Date | string | null;
}

/** One entry of an organization's audit log (migration 0014). */
export interface AuditEventTable {
  id: string;
  organization_id: string;
  /** user | api_key | system */
  actor_kind: string;
  actor_id: string | null;
  actor_label: string;
  /** e.g. member.invited, member.role_changed, connection.created, api_key.revoked, auth.signed_in */
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  /** JSON: what changed, never a secret. */
  details: string | null;
  ip_address: string | null;
  created_at: Generated<Date | string>;
}

export interface ApiKeyTable {
  id: string;
  organization_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  scope: Generated<ApiKeyScope>;
  created_by: string | null;
  created_at: Generated<Date | string>;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
  /** API key expiry (migration 0018, issue 23 §4): when the creator was mailed that it expires in 7 days. */
  expiry_reminder_sent_at: Generated<Date | string | null>;
}

export interface ApiIdempotencyKeyTable {
  organization_id: string;
  key: string;
  method: string;
  path: string;
  request_hash: string;
  status: "pending" | "done";
  response_status: number | null;
  response_body: string | null;
  created_at: Generated<Date | string>;
  expires_at: Date | string;
  /** The holder of a pending key (random per request) and until when it holds it; it renews it while it runs. */
  lease_token: string | null;
  lease_expires_at: Date | string | null;
}

export interface ApiUsageTable {
  organization_id: string;
  period: string;
  calls: Generated<number>;
}

export interface SandboxFaultTable {
  id: string;
  tenant: string | null;
  platform: string | null;
  kind: string;
  probability: Generated<number>;
  remaining: number | null;
  delay_ms: Generated<number>;
  created_at: string;
}

/** Every calendar date the analytics rollups may need, so date series can be built by a join. */
export interface AnalyticsCalendarTable {
  date: string;
}

/**
 * The dates every campaign of an organization has a cumulative row for: `base_date` (the day before
 * the first metric) through `last_date`. Null until the first metrics arrive.
 */
export interface AnalyticsRollupBoundsTable {
  organization_id: string;
  base_date: string | null;
  last_date: string | null;
}

/**
 * Per campaign and day, the running totals of its metrics (plus a constant per campaign), so the
 * sum over any range is the row at its end minus the row on the day before it.
 */
export interface CampaignMetricCumulativeTable {
  /** The campaign's ad account: the rows belong to its organization and go with it. */
  ad_account_id: string;
  date: string;
  campaign_id: string;
  impressions: number;
  clicks: number;
  spend_minor: number;
  conversions: number;
  conversion_value_minor: number;
}

/** Per ad account, day and currency: the sums of its campaigns (dashboard totals and trends). */
export interface AdAccountDailyMetricsTable {
  organization_id: string;
  date: string;
  ad_account_id: string;
  currency: string;
  impressions: number;
  clicks: number;
  spend_minor: number;
  conversions: number;
  conversion_value_minor: number;
}

/** Paid orders minus refunds per UTC day, store connection, currency and UTM source ('' for none). */
export interface StoreOrderDailyRevenueTable {
  organization_id: string;
  date: string;
  connection_id: string;
  currency: string;
  utm_source: string;
  revenue_minor: number;
  orders: number;
}

/** Moves (by triggers) whenever the organization's campaign list could read differently. */
export interface CampaignListVersionTable {
  organization_id: string;
  version: number;
}

// ── Automation (migration 0012) ─────────────────────────────────────────────────────────────

export interface RuleTable {
  id: string;
  organization_id: string;
  name: string;
  /** preview | active | paused */
  status: string;
  template: string | null;
  definition_json: string;
  created_by: string | null;
  updated_by_label: string | null;
  next_run_at: Date | string | null;
  last_run_at: Date | string | null;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface RuleRunTable {
  id: string;
  organization_id: string;
  rule_id: string;
  /** schedule | run_now | api */
  trigger: string;
  slot: string | null;
  /** preview | live */
  mode: string;
  /** running | succeeded | partial | failed | skipped */
  status: string;
  actor_label: string;
  summary_json: string | null;
  started_at: Generated<Date | string>;
  finished_at: Date | string | null;
}

export interface RuleRunCampaignTable {
  id: string;
  organization_id: string;
  run_id: string;
  rule_id: string;
  campaign_id: string;
  campaign_name: string;
  platform: string;
  fired: boolean | number;
  trace_json: string;
  /** none | pending | succeeded | failed | skipped */
  outcome: string;
  actions_json: string | null;
  idempotency_key: string;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface CampaignLabelTable {
  organization_id: string;
  campaign_id: string;
  label: string;
  created_by_label: string | null;
  created_at: Generated<Date | string>;
}

export interface AutomationSettingsTable {
  organization_id: string;
  paused: Generated<boolean | number>;
  paused_by_label: string | null;
  updated_at: Generated<Date | string>;
}

export interface ConversionLagSnapshotTable {
  organization_id: string;
  platform: string;
  date: string;
  age_days: number;
  conversions: number;
  observed_at: Generated<Date | string>;
}

export interface NotificationTable {
  id: string;
  organization_id: string;
  user_id: string | null;
  kind: string;
  /** critical | warning | info */
  severity: string;
  title: string;
  body: string;
  link: string | null;
  object_type: string | null;
  object_id: string | null;
  dedupe_key: string | null;
  data_json: string | null;
  /** Comma-separated channels a rule asked for; null: every channel. */
  channels: string | null;
  emailed_at: Date | string | null;
  created_at: Generated<Date | string>;
}

export interface NotificationReadTable {
  notification_id: string;
  user_id: string;
  read_at: Generated<Date | string>;
}

export interface NotificationDigestTable {
  user_id: string;
  organization_id: string;
  /** The person's local date, YYYY-MM-DD. */
  day: string;
  covers_until: Date | string;
  notification_count: number;
  sent_at: Date | string | null;
}

export interface PushSubscriptionTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  failures: Generated<number>;
  created_at: Generated<Date | string>;
  last_used_at: Date | string | null;
}

export interface AppSettingTable {
  key: string;
  value: string;
  created_at: Generated<Date | string>;
}

export interface WebhookEndpointTable {
  id: string;
  organization_id: string;
  url: string;
  description: string | null;
  event_types_json: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_expires_at: Date | string | null;
  enabled: Generated<boolean | number>;
  created_by: string | null;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface WebhookDeliveryTable {
  id: string;
  organization_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload_json: string;
  /** pending | succeeded | failed */
  status: string;
  attempts: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | string | null;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  created_at: Generated<Date | string>;
}

export interface MonitoringAlertTable {
  id: string;
  organization_id: string;
  kind: string;
  subject: string;
  date: string | null;
  data_json: string | null;
  opened_at: Generated<Date | string>;
  closed_at: Date | string | null;
}

export interface SandboxAnomalyTable {
  id: string;
  tenant: string | null;
  platform: string | null;
  campaign_external_id: string | null;
  /** spend_spike | conversion_drop */
  kind: string;
  factor: number;
  from_date: string;
  to_date: string | null;
  created_at: string;
}

// ── Optimizer (migration 0013) ──────────────────────────────────────────────────────────────

export interface BudgetPlanTable {
  organization_id: string;
  /** conversions | revenue */
  objective: Generated<string>;
  /** platform | store */
  revenue_source: Generated<string>;
  /** maximize | target */
  mode: Generated<string>;
  /** even | weekday */
  pacing_curve: Generated<string>;
  max_daily_change: Generated<number>;
  exploration_share: Generated<number>;
  rebalance_daily: Generated<boolean | number>;
  auto_apply: Generated<boolean | number>;
  max_auto_changes_per_day: Generated<number>;
  updated_by_label: string | null;
  updated_at: Generated<Date | string>;
}

export interface BudgetPlanGroupTable {
  id: string;
  organization_id: string;
  name: string;
  /** platform | campaigns */
  kind: string;
  platform: string | null;
  min_monthly_minor: number | null;
  max_monthly_minor: number | null;
  position: Generated<number>;
  created_at: Generated<Date | string>;
}

export interface BudgetPlanGroupCampaignTable {
  group_id: string;
  organization_id: string;
  campaign_id: string;
}

export interface CampaignBudgetBoundsTable {
  campaign_id: string;
  organization_id: string;
  min_daily_minor: number | null;
  max_daily_minor: number | null;
  updated_at: Generated<Date | string>;
}

export interface OptimizerRunTable {
  id: string;
  organization_id: string;
  /** page | api | rebalance | auto_apply */
  trigger: string;
  actor_label: string;
  objective: string;
  currency: string;
  daily_budget_minor: number;
  summary_json: string;
  created_at: Generated<Date | string>;
}

export interface OptimizerRecommendationTable {
  id: string;
  organization_id: string;
  run_id: string;
  campaign_id: string;
  campaign_name: string;
  platform: string;
  currency: string;
  objective: string;
  current_budget_minor: number;
  recommended_budget_minor: number;
  predicted_delta: number;
  predicted_low: number;
  predicted_high: number;
  confidence: number;
  exploration: Generated<boolean | number>;
  details_json: string;
  /** open | applied | dismissed | superseded | failed */
  status: string;
  change_log_id: string | null;
  applied_by_label: string | null;
  applied_at: Date | string | null;
  outcome_from: string | null;
  outcome_to: string | null;
  realised_delta: number | null;
  realised_inside: boolean | number | null;
  followed_up_at: Date | string | null;
  created_at: Generated<Date | string>;
}

export interface BudgetPacingAlertTable {
  organization_id: string;
  month: string;
  /** under | over */
  kind: string;
  last_sent_on: string;
  data_json: string | null;
}

// --- Billing (migration 0016, issue 19 §3) ---

/** An organization's billing account: the provider's customer and the buyer's details. */
export interface BillingAccountTable {
  organization_id: string;
  /** builtin | stripe */
  provider: string | null;
  provider_customer_id: string | null;
  /** USD | EUR */
  currency: Generated<string>;
  billing_email: string | null;
  company_name: string | null;
  address: string | null;
  vat_number: string | null;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

/** An organization's subscription: one row each. */
export interface SubscriptionTable {
  organization_id: string;
  plan_id: string;
  /** monthly | yearly */
  interval: Generated<string>;
  /** trialing | active | past_due | read_only | canceled */
  status: string;
  /** trial_ended | payment_failed | canceled */
  read_only_reason: string | null;
  trial_ends_at: Date | string | null;
  current_period_start: Date | string | null;
  current_period_end: Date | string | null;
  cancel_at_period_end: Generated<number>;
  canceled_at: Date | string | null;
  past_due_since: Date | string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  credit_minor: Generated<number>;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface InvoiceTable {
  id: string;
  organization_id: string;
  number: string;
  year: number;
  sequence: number;
  /** checkout | trial_conversion | renewal | plan_change */
  kind: string;
  /** open | paid | void | uncollectible */
  status: string;
  currency: string;
  plan_id: string;
  interval: string;
  period_start: Date | string;
  period_end: Date | string;
  /** JSON lines. */
  lines: string;
  subtotal_minor: number;
  tax_minor: Generated<number>;
  total_minor: number;
  credit_applied_minor: Generated<number>;
  amount_due_minor: number;
  /** JSON: the buyer when it was issued. */
  buyer: string;
  issued_at: Date | string;
  due_at: Date | string;
  paid_at: Date | string | null;
  provider_payment_id: string | null;
  attempt_count: Generated<number>;
  next_attempt_at: Date | string | null;
}

export interface PaymentAttemptTable {
  id: string;
  invoice_id: string;
  organization_id: string;
  attempt: number;
  provider_payment_id: string | null;
  /** succeeded | failed */
  outcome: string;
  message: string | null;
  attempted_at: Date | string;
}

export interface BillingProviderEventTable {
  provider: string;
  event_id: string;
  kind: string;
  received_at: Generated<Date | string>;
}

export interface BillingNoticeTable {
  organization_id: string;
  notice_key: string;
  sent_at: Generated<Date | string>;
}

export interface EnterpriseRequestTable {
  id: string;
  organization_id: string;
  user_id: string | null;
  name: string;
  email: string;
  company: string;
  ad_accounts: number | null;
  message: string;
  created_at: Generated<Date | string>;
}

export interface BuiltinPaymentCustomerTable {
  id: string;
  organization_id: string;
  name: string;
  email: string;
  card_number: string | null;
  created_at: Generated<Date | string>;
}

export interface BuiltinPaymentPageTable {
  id: string;
  /** checkout | portal */
  kind: string;
  customer_id: string;
  amount_minor: Generated<number>;
  currency: Generated<string>;
  description: Generated<string>;
  success_url: string;
  cancel_url: string;
  metadata: Generated<string>;
  idempotency_key: string | null;
  /** open | completed */
  status: Generated<string>;
  created_at: Generated<Date | string>;
}

// --- end of billing ---

// --- Table views (migration 0017, issue 23 §1) ---

/** A person's named view of a table (filters, sort, range, columns, density), in one organization. */
export interface TableViewTable {
  id: string;
  organization_id: string;
  user_id: string;
  table_key: string;
  name: string;
  query: string;
  /** JSON array of column ids, in order. */
  columns: string;
  density: string;
  is_default: Generated<number>;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

/** The columns and density a person last chose for a table outside a saved view. */
export interface TableLayoutTable {
  organization_id: string;
  user_id: string;
  table_key: string;
  columns: string;
  density: string;
  updated_at: Generated<Date | string>;
}

// Ask Adhelm (0019): conversations, their messages, and questions and tokens per organization and month.
export interface AssistantConversationTable {
  id: string;
  organization_id: string;
  user_id: string;
  title: string;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface AssistantMessageTable {
  id: string;
  conversation_id: string;
  organization_id: string;
  role: "user" | "assistant";
  text: string;
  /** JSON: the tools the answer called. */
  tool_calls: Generated<string>;
  /** JSON: citations, charts and proposals shown beside the text. */
  attachments: Generated<string>;
  source: "model" | "catalogue" | null;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  created_at: Generated<Date | string>;
}

export interface AssistantUsageTable {
  organization_id: string;
  /** YYYY-MM (UTC). */
  period: string;
  questions: Generated<number>;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  updated_at: Generated<Date | string>;
}

// --- Ads (migration 0020, issue 20 §1): ad groups, ads with their creative, ad-day metrics ---

/** The level between a campaign and its ads (Meta ad sets; on LinkedIn the campaign itself). */
export interface AdGroupTable {
  id: string;
  organization_id: string;
  ad_account_id: string;
  campaign_id: string;
  external_id: string;
  name: string;
  status: CampaignStatus;
  synced_at: Generated<Date | string>;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface AdTable {
  id: string;
  organization_id: string;
  ad_account_id: string;
  campaign_id: string;
  ad_group_id: string;
  external_id: string;
  name: string;
  status: CampaignStatus;
  /** Ours, derived from (ad account, creative external id): shared by every ad showing the creative. */
  creative_id: string;
  creative_external_id: string;
  /** image | video | carousel | text */
  kind: string;
  headline: string | null;
  body: string | null;
  landing_url: string | null;
  url_suffix: string | null;
  media_url: string | null;
  thumbnail_url: string | null;
  /** Whether landing URL + suffix carry utm_source, utm_medium and utm_campaign. */
  has_utm: Generated<boolean | number>;
  synced_at: Generated<Date | string>;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface AdDailyMetricsTable {
  ad_id: string;
  organization_id: string;
  campaign_id: string;
  /** The ad account's local calendar date, YYYY-MM-DD. */
  date: string;
  impressions: Generated<number>;
  reach: number | null;
  clicks: Generated<number>;
  spend_minor: Generated<number>;
  conversions: Generated<number>;
  conversion_value_minor: Generated<number>;
  video_views: number | null;
  currency: string;
  updated_at: Generated<Date | string>;
}

/** Per ad account: when its ad level last synced completely, and its last ad-level failure. */
export interface AdSyncStateTable {
  ad_account_id: string;
  organization_id: string;
  synced_at: Date | string | null;
  failed_at: Date | string | null;
  error: string | null;
  updated_at: Generated<Date | string>;
}

// --- end of ads ---

export interface Database {
  rate_limits: RateLimitTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  user_profiles: UserProfileTable;
  user_preferences: UserPreferencesTable;
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  connections: ConnectionTable;
  ad_accounts: AdAccountTable;
  campaigns: CampaignTable;
  campaign_daily_metrics: CampaignDailyMetricsTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  job_applications: JobApplicationTable;
  contact_messages: ContactMessageTable;
  oauth_states: OAuthStateTable;
  jobs: JobTable;
  sync_runs: SyncRunTable;
  store_orders: StoreOrderTable;
  sandbox_settings: SandboxSettingTable;
  sandbox_campaign_changes: SandboxCampaignChangeTable;
  sandbox_faults: SandboxFaultTable;
  sandbox_created_campaigns: SandboxCreatedCampaignTable;
  change_log: ChangeLogTable;
  goals: GoalTable;
  api_keys: ApiKeyTable;
  audit_events: AuditEventTable;
  data_exports: DataExportTable;
  deletion_requests: DeletionRequestTable;
  api_idempotency_keys: ApiIdempotencyKeyTable;
  api_usage: ApiUsageTable;
  analytics_calendar: AnalyticsCalendarTable;
  analytics_rollup_bounds: AnalyticsRollupBoundsTable;
  campaign_metric_cumulative: CampaignMetricCumulativeTable;
  ad_account_daily_metrics: AdAccountDailyMetricsTable;
  store_order_daily_revenue: StoreOrderDailyRevenueTable;
  campaign_list_versions: CampaignListVersionTable;
  rules: RuleTable;
  rule_runs: RuleRunTable;
  rule_run_campaigns: RuleRunCampaignTable;
  campaign_labels: CampaignLabelTable;
  automation_settings: AutomationSettingsTable;
  conversion_lag_snapshots: ConversionLagSnapshotTable;
  notifications: NotificationTable;
  notification_reads: NotificationReadTable;
  notification_digests: NotificationDigestTable;
  push_subscriptions: PushSubscriptionTable;
  app_settings: AppSettingTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  monitoring_alerts: MonitoringAlertTable;
  sandbox_anomalies: SandboxAnomalyTable;
  budget_plans: BudgetPlanTable;
  budget_plan_groups: BudgetPlanGroupTable;
  budget_plan_group_campaigns: BudgetPlanGroupCampaignTable;
  campaign_budget_bounds: CampaignBudgetBoundsTable;
  optimizer_runs: OptimizerRunTable;
  optimizer_recommendations: OptimizerRecommendationTable;
  budget_pacing_alerts: BudgetPacingAlertTable;
  // Billing (0016)
  billing_accounts: BillingAccountTable;
  subscriptions: SubscriptionTable;
  invoices: InvoiceTable;
  payment_attempts: PaymentAttemptTable;
  billing_provider_events: BillingProviderEventTable;
  billing_notices: BillingNoticeTable;
  enterprise_requests: EnterpriseRequestTable;
  builtin_payment_customers: BuiltinPaymentCustomerTable;
  builtin_payment_pages: BuiltinPaymentPageTable;
  // Table views (0017)
  table_views: TableViewTable;
  table_layouts: TableLayoutTable;
  // Ask Adhelm (0019)
  assistant_conversations: AssistantConversationTable;
  assistant_messages: AssistantMessageTable;
  assistant_usage: AssistantUsageTable;
  // Ads (0020)
  ad_groups: AdGroupTable;
  ads: AdTable;
  ad_daily_metrics: AdDailyMetricsTable;
  ad_sync_states: AdSyncStateTable;
  // Creative uploads (0021)
  creative_assets: CreativeAssetTable;
  creative_asset_tags: CreativeAssetTagTable;
  // Conversion settings (0022)
  conversion_actions: ConversionActionTable;
  conversion_settings: ConversionSettingTable;
  campaign_daily_conversions: CampaignDailyConversionTable;
  revenue_truth_overrides: RevenueTruthOverrideTable;
  campaign_daily_store_revenue: CampaignDailyStoreRevenueTable;
}

// --- Creative uploads (0021-creative-assets) ---

export interface CreativeAssetTable {
  id: string;
  organization_id: string;
  uploaded_by: string | null;
  uploaded_by_name: Generated<string>;
  name: string;
  /** image | video */
  kind: string;
  content_type: string;
  byte_size: number;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  original_key: string;
  file_key: string;
  file_content_type: string;
  thumbnail_key: string | null;
  created_at: Generated<Date | string>;
  updated_at: Generated<Date | string>;
}

export interface CreativeAssetTagTable {
  asset_id: string;
  organization_id: string;
  tag: string;
}

// --- Conversion settings (0022-conversions) ---

export interface ConversionActionTable {
  id: string;
  organization_id: string;
  ad_account_id: string;
  platform: string;
  external_id: string;
  name: string;
  category: string;
  counted_by_platform: boolean | number;
  click_window_days: number | null;
  view_window_days: number | null;
  /** active | removed */
  status: Generated<string>;
  synced_at: Generated<Date | string>;
}

export interface ConversionSettingTable {
  action_id: string;
  organization_id: string;
  counted: boolean | number;
  set_by: string | null;
  set_by_name: Generated<string>;
  set_at: Generated<Date | string>;
}

export interface CampaignDailyConversionTable {
  campaign_id: string;
  action_id: string;
  date: string;
  organization_id: string;
  conversions: Generated<number>;
  conversion_value_minor: Generated<number>;
  updated_at: Generated<Date | string>;
}

export interface CampaignDailyStoreRevenueTable {
  campaign_id: string;
  date: string;
  organization_id: string;
  revenue_minor: Generated<number>;
  orders: Generated<number>;
}

export interface RevenueTruthOverrideTable {
  organization_id: string;
  platform: string;
  /** platform | store */
  source: string;
  updated_at: Generated<Date | string>;
}
