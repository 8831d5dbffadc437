import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";

/**
 * Automation: rules with their runs and per-campaign traces, Adhelm's own campaign labels, the
 * organization's "pause all automation" switch, the conversion lag snapshots the rules' lag model
 * reads, notifications (in-app, mail, push) with per-person reads, push subscriptions, webhooks
 * with their deliveries, the app's own settings (VAPID keys), the monitoring's alert state, and the
 * sandbox's injected anomalies. It carries its own SQL: migrations import no application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  const organizationId = (column: ColumnDefinitionBuilder) =>
    column.notNull().references("organization.id").onDelete("cascade");

  // ── Rules ────────────────────────────────────────────────────────────────────────────────
  await db.schema
    .createTable("rules")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("name", "text", (column) => column.notNull())
    // preview | active | paused
    .addColumn("status", "varchar(16)", (column) => column.notNull())
    // stop_loss | scale_winners | pacing_guard | revive | watch, or null for a rule made from scratch.
    .addColumn("template", "varchar(32)")
    // JSON: the rule's definition (scope, conditions, schedule, actions, guardrails), see core/rules.
    .addColumn("definition_json", "text", (column) => column.notNull())
    .addColumn("created_by", "varchar(64)")
    .addColumn("updated_by_label", "text")
    // The next scheduled slot (UTC); the scheduler claims slots that are due.
    .addColumn("next_run_at", "timestamptz")
    .addColumn("last_run_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("rules_organization_created_idx")
    .ifNotExists()
    .on("rules")
    .columns(["organization_id", "created_at"])
    .execute();
  await db.schema.createIndex("rules_next_run_idx").ifNotExists().on("rules").columns(["next_run_at"]).execute();

  await db.schema
    .createTable("rule_runs")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("rule_id", "varchar(64)", (column) => column.notNull().references("rules.id").onDelete("cascade"))
    // schedule | run_now | api
    .addColumn("trigger", "varchar(16)", (column) => column.notNull())
    // The scheduled slot this run is (ISO UTC); null for Run now and the API. Unique per rule, so a
    // slot runs once however many nodes claim it.
    .addColumn("slot", "varchar(32)")
    // preview (would act) | live (acted)
    .addColumn("mode", "varchar(16)", (column) => column.notNull())
    // running | succeeded | partial | failed | skipped
    .addColumn("status", "varchar(16)", (column) => column.notNull())
    .addColumn("actor_label", "text", (column) => column.notNull())
    // JSON: counts (in scope, fired, acted, failed, skipped) and a message when skipped or failed.
    .addColumn("summary_json", "text")
    .addColumn("started_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("finished_at", "timestamptz")
    .addUniqueConstraint("rule_runs_rule_slot_unique", ["rule_id", "slot"])
    .execute();
  await db.schema
    .createIndex("rule_runs_rule_started_idx")
    .ifNotExists()
    .on("rule_runs")
    .columns(["rule_id", "started_at"])
    .execute();

  await db.schema
    .createTable("rule_run_campaigns")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("run_id", "varchar(64)", (column) => column.notNull().references("rule_runs.id").onDelete("cascade"))
    .addColumn("rule_id", "varchar(64)", (column) => column.notNull())
    // No foreign key: the trace outlives the campaign, like the change log.
    .addColumn("campaign_id", "varchar(64)", (column) => column.notNull())
    .addColumn("campaign_name", "text", (column) => column.notNull())
    .addColumn("platform", "varchar(32)", (column) => column.notNull())
    .addColumn("fired", "boolean", (column) => column.notNull())
    // JSON: each condition's evaluated values, the guard, the days left out by the lag model.
    .addColumn("trace_json", "text", (column) => column.notNull())
    // none | pending | succeeded | failed | skipped
    .addColumn("outcome", "varchar(16)", (column) => column.notNull())
    // JSON: each action with its outcome, message and change log id.
    .addColumn("actions_json", "text")
    // "<run id>:<campaign id>": an action is applied once however often the run is retried.
    .addColumn("idempotency_key", "varchar(160)", (column) => column.notNull().unique())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("rule_run_campaigns_run_idx")
    .ifNotExists()
    .on("rule_run_campaigns")
    .columns(["run_id"])
    .execute();
  await db.schema
    .createIndex("rule_run_campaigns_cooldown_idx")
    .ifNotExists()
    .on("rule_run_campaigns")
    .columns(["organization_id", "campaign_id", "created_at"])
    .execute();

  // A change pushed by a rule carries the run's key for that campaign and action: never twice.
  await db.schema.alterTable("change_log").addColumn("idempotency_key", "varchar(200)").execute();
  await db.schema
    .createIndex("change_log_idempotency_key_unique")
    .ifNotExists()
    .unique()
    .on("change_log")
    .columns(["idempotency_key"])
    .execute();

  await db.schema
    .createTable("campaign_labels")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("campaign_id", "varchar(64)", (column) =>
      column.notNull().references("campaigns.id").onDelete("cascade"),
    )
    .addColumn("label", "varchar(64)", (column) => column.notNull())
    .addColumn("created_by_label", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("campaign_labels_pk", ["campaign_id", "label"])
    .execute();
  await db.schema
    .createIndex("campaign_labels_organization_label_idx")
    .ifNotExists()
    .on("campaign_labels")
    .columns(["organization_id", "label"])
    .execute();

  await db.schema
    .createTable("automation_settings")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.primaryKey().references("organization.id").onDelete("cascade"),
    )
    .addColumn("paused", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("paused_by_label", "text")
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();

  // What a day's conversions looked like at each age (days after the day) when a sync saw them:
  // the lag model compares them with the day's mature total.
  await db.schema
    .createTable("conversion_lag_snapshots")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("platform", "varchar(32)", (column) => column.notNull())
    .addColumn("date", "varchar(10)", (column) => column.notNull())
    .addColumn("age_days", "integer", (column) => column.notNull())
    .addColumn("conversions", "double precision", (column) => column.notNull())
    .addColumn("observed_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("conversion_lag_snapshots_pk", ["organization_id", "platform", "date", "age_days"])
    .execute();

  // Where a platform reports why it stopped a campaign (budget exhausted, disapproved, account
  // suspended); null when it runs or the platform says nothing.
  await db.schema.alterTable("campaigns").addColumn("platform_issue", "varchar(32)").execute();

  // ── Notifications ───────────────────────────────────────────────────────────────────────
  await db.schema
    .createTable("notifications")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    // Null: for everyone in the organization; else for one person.
    .addColumn("user_id", "varchar(64)", (column) => column.references("user.id").onDelete("cascade"))
    // rule | anomaly | sync | token | campaign | pacing | webhook | billing | system
    .addColumn("kind", "varchar(24)", (column) => column.notNull())
    // critical | warning | info
    .addColumn("severity", "varchar(16)", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("body", "text", (column) => column.notNull())
    // An app path: /rules/…, /campaigns/…, /integrations.
    .addColumn("link", "text")
    .addColumn("object_type", "varchar(24)")
    .addColumn("object_id", "varchar(64)")
    // The same alert raised twice (two nodes, a rerun) is kept once.
    .addColumn("dedupe_key", "varchar(200)")
    .addColumn("data_json", "text")
    // The channels a rule asked for, comma-separated (in_app,email,push,webhook); null: every channel.
    .addColumn("channels", "varchar(64)")
    // When the mail for it went out (at once for critical ones, in the digest for the rest).
    .addColumn("emailed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint("notifications_organization_dedupe_unique", ["organization_id", "dedupe_key"])
    .execute();
  await db.schema
    .createIndex("notifications_organization_created_idx")
    .ifNotExists()
    .on("notifications")
    .columns(["organization_id", "created_at"])
    .execute();
  await db.schema
    .createTable("notification_reads")
    .ifNotExists()
    .addColumn("notification_id", "varchar(64)", (column) =>
      column.notNull().references("notifications.id").onDelete("cascade"),
    )
    .addColumn("user_id", "varchar(64)", (column) => column.notNull().references("user.id").onDelete("cascade"))
    .addColumn("read_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("notification_reads_pk", ["notification_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("notification_reads_user_idx")
    .ifNotExists()
    .on("notification_reads")
    .columns(["user_id"])
    .execute();

  // One daily digest per person, organization and day (in the person's time zone): the row is
  // claimed before the mail goes out, so two nodes or a rerun send it once.
  await db.schema
    .createTable("notification_digests")
    .ifNotExists()
    .addColumn("user_id", "varchar(64)", (column) => column.notNull().references("user.id").onDelete("cascade"))
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("day", "varchar(10)", (column) => column.notNull())
    // Notifications created before this instant are in this digest or an earlier one.
    .addColumn("covers_until", "timestamptz", (column) => column.notNull())
    .addColumn("notification_count", "integer", (column) => column.notNull())
    .addColumn("sent_at", "timestamptz")
    .addPrimaryKeyConstraint("notification_digests_pk", ["user_id", "organization_id", "day"])
    .execute();

  await db.schema
    .createTable("push_subscriptions")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("user_id", "varchar(64)", (column) => column.notNull().references("user.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (column) => column.notNull().unique())
    .addColumn("p256dh", "text", (column) => column.notNull())
    .addColumn("auth", "text", (column) => column.notNull())
    .addColumn("user_agent", "text")
    .addColumn("failures", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("last_used_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("push_subscriptions_user_idx")
    .ifNotExists()
    .on("push_subscriptions")
    .columns(["user_id"])
    .execute();

  // Settings of the installation itself (the VAPID key pair, sealed), made on first start.
  await db.schema
    .createTable("app_settings")
    .ifNotExists()
    .addColumn("key", "varchar(64)", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();

  // ── Webhooks ────────────────────────────────────────────────────────────────────────────
  await db.schema
    .createTable("webhook_endpoints")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("url", "text", (column) => column.notNull())
    .addColumn("description", "text")
    // JSON array of event types.
    .addColumn("event_types_json", "text", (column) => column.notNull())
    // Sealed with the token cipher; shown once when made or rotated.
    .addColumn("secret_encrypted", "text", (column) => column.notNull())
    // The previous secret stays valid for a day after a rotation (signatures carry both).
    .addColumn("previous_secret_encrypted", "text")
    .addColumn("previous_secret_expires_at", "timestamptz")
    .addColumn("enabled", "boolean", (column) => column.notNull().defaultTo(true))
    .addColumn("created_by", "varchar(64)")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("webhook_endpoints_organization_idx")
    .ifNotExists()
    .on("webhook_endpoints")
    .columns(["organization_id"])
    .execute();
  await db.schema
    .createTable("webhook_deliveries")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("endpoint_id", "varchar(64)", (column) =>
      column.notNull().references("webhook_endpoints.id").onDelete("cascade"),
    )
    // The event's id: the same event is delivered to an endpoint once.
    .addColumn("event_id", "varchar(64)", (column) => column.notNull())
    .addColumn("event_type", "varchar(48)", (column) => column.notNull())
    .addColumn("payload_json", "text", (column) => column.notNull())
    // pending | succeeded | failed (gave up after 24 hours)
    .addColumn("status", "varchar(16)", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("last_status_code", "integer")
    .addColumn("last_error", "text")
    .addColumn("next_attempt_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint("webhook_deliveries_endpoint_event_unique", ["endpoint_id", "event_id"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_endpoint_created_idx")
    .ifNotExists()
    .on("webhook_deliveries")
    .columns(["endpoint_id", "created_at"])
    .execute();
  // The retry sweep's look-up: pending deliveries whose next attempt is due.
  await db.schema
    .createIndex("webhook_deliveries_due_idx")
    .ifNotExists()
    .on("webhook_deliveries")
    .columns(["status", "next_attempt_at"])
    .execute();
  // One row per try: the delivery log with response codes.
  await db.schema
    .createTable("webhook_attempts")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("delivery_id", "varchar(64)", (column) =>
      column.notNull().references("webhook_deliveries.id").onDelete("cascade"),
    )
    .addColumn("status_code", "integer")
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("webhook_attempts_delivery_idx")
    .ifNotExists()
    .on("webhook_attempts")
    .columns(["delivery_id"])
    .execute();

  // ── Monitoring ──────────────────────────────────────────────────────────────────────────
  // An alert that is open (raised, not yet recovered), so it is raised once and closed when it clears.
  await db.schema
    .createTable("monitoring_alerts")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    // anomaly | sync_failing | token | campaign_stopped
    .addColumn("kind", "varchar(24)", (column) => column.notNull())
    // What it is about: "campaign:<id>:spend", "organization:cpa", "connection:<id>".
    .addColumn("subject", "varchar(160)", (column) => column.notNull())
    .addColumn("date", "varchar(10)")
    .addColumn("data_json", "text")
    .addColumn("opened_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("closed_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("monitoring_alerts_subject_idx")
    .ifNotExists()
    .on("monitoring_alerts")
    .columns(["organization_id", "kind", "subject"])
    .execute();

  // The sandbox's injected anomalies: a spend spike or a conversion drop for a tenant, platform and
  // campaign from a day on, so a person can watch monitoring and rules react.
  await db.schema
    .createTable("sandbox_anomalies")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("tenant", "varchar(64)")
    .addColumn("platform", "varchar(32)")
    .addColumn("campaign_external_id", "varchar(64)")
    // spend_spike | conversion_drop
    .addColumn("kind", "varchar(24)", (column) => column.notNull())
    // Multiplier of the day's value (3 = three times the spend; 0.2 = a fifth of the conversions).
    .addColumn("factor", "double precision", (column) => column.notNull())
    .addColumn("from_date", "varchar(10)", (column) => column.notNull())
    .addColumn("to_date", "varchar(10)")
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .execute();
}
