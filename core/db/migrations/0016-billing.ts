import { type Kysely, sql } from "kysely";

/**
 * Billing (issue 19 §3): Adhelm is its own billing engine. Per organization a billing account (the
 * payment provider's customer, the billing currency and the buyer's details) and a subscription
 * (plan, interval, status, trial and period, the card's summary, a credit balance from downgrades);
 * invoices numbered per year, their payment attempts, the provider events already processed (a
 * replay changes nothing), the reminder and dunning mails already sent (once each), requests to
 * sales for Enterprise, and the built-in test provider's customers and hosted pages.
 *
 * Every organization that exists when this runs starts the 14-day Professional trial now, as a new
 * one would: nobody is charged or locked out by the upgrade, and each gets the trial's reminders.
 * It carries its own SQL: migrations import no application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  await db.schema
    .createTable("billing_accounts")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.primaryKey().references("organization.id").onDelete("cascade"),
    )
    // builtin | stripe: the provider that holds the customer.
    .addColumn("provider", "varchar(16)")
    .addColumn("provider_customer_id", "varchar(255)")
    // USD | EUR; fixed once the first invoice exists.
    .addColumn("currency", "varchar(3)", (column) => column.notNull().defaultTo("USD"))
    .addColumn("billing_email", "varchar(320)")
    .addColumn("company_name", "text")
    .addColumn("address", "text")
    .addColumn("vat_number", "varchar(64)")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("billing_accounts_customer_idx")
    .ifNotExists()
    .on("billing_accounts")
    .columns(["provider", "provider_customer_id"])
    .execute();

  await db.schema
    .createTable("subscriptions")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.primaryKey().references("organization.id").onDelete("cascade"),
    )
    .addColumn("plan_id", "varchar(32)", (column) => column.notNull())
    // monthly | yearly
    .addColumn("interval", "varchar(16)", (column) => column.notNull().defaultTo("monthly"))
    // trialing | active | past_due | read_only | canceled
    .addColumn("status", "varchar(16)", (column) => column.notNull())
    // trial_ended | payment_failed | canceled: why a read_only or canceled organization is so.
    .addColumn("read_only_reason", "varchar(32)")
    .addColumn("trial_ends_at", "timestamptz")
    .addColumn("current_period_start", "timestamptz")
    .addColumn("current_period_end", "timestamptz")
    .addColumn("cancel_at_period_end", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("canceled_at", "timestamptz")
    .addColumn("past_due_since", "timestamptz")
    .addColumn("card_brand", "varchar(32)")
    .addColumn("card_last4", "varchar(4)")
    .addColumn("card_exp_month", "integer")
    .addColumn("card_exp_year", "integer")
    // Minor units owed to the customer (a downgrade's unused time), taken off the next invoices.
    .addColumn("credit_minor", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("subscriptions_status_idx").ifNotExists().on("subscriptions").column("status").execute();

  await db.schema
    .createTable("invoices")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    // ADH-2026-000123: sequential per year across all organizations.
    .addColumn("number", "varchar(32)", (column) => column.notNull().unique())
    .addColumn("year", "integer", (column) => column.notNull())
    .addColumn("sequence", "integer", (column) => column.notNull())
    // checkout | trial_conversion | renewal | plan_change
    .addColumn("kind", "varchar(24)", (column) => column.notNull())
    // open | paid | void | uncollectible
    .addColumn("status", "varchar(16)", (column) => column.notNull())
    .addColumn("currency", "varchar(3)", (column) => column.notNull())
    .addColumn("plan_id", "varchar(32)", (column) => column.notNull())
    .addColumn("interval", "varchar(16)", (column) => column.notNull())
    .addColumn("period_start", "timestamptz", (column) => column.notNull())
    .addColumn("period_end", "timestamptz", (column) => column.notNull())
    // JSON: [{ description, periodStart, periodEnd, quantity, unitMinor, amountMinor }]
    .addColumn("lines", "text", (column) => column.notNull())
    .addColumn("subtotal_minor", "integer", (column) => column.notNull())
    .addColumn("tax_minor", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("total_minor", "integer", (column) => column.notNull())
    .addColumn("credit_applied_minor", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("amount_due_minor", "integer", (column) => column.notNull())
    // JSON: the buyer as they were when it was issued (company, address, VAT number, email).
    .addColumn("buyer", "text", (column) => column.notNull())
    .addColumn("issued_at", "timestamptz", (column) => column.notNull())
    .addColumn("due_at", "timestamptz", (column) => column.notNull())
    .addColumn("paid_at", "timestamptz")
    .addColumn("provider_payment_id", "varchar(255)")
    .addColumn("attempt_count", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("invoices_year_sequence_idx")
    .ifNotExists()
    .unique()
    .on("invoices")
    .columns(["year", "sequence"])
    .execute();
  await db.schema
    .createIndex("invoices_organization_issued_idx")
    .ifNotExists()
    .on("invoices")
    .columns(["organization_id", "issued_at"])
    .execute();

  await db.schema
    .createTable("payment_attempts")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("invoice_id", "varchar(64)", (column) => column.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("attempt", "integer", (column) => column.notNull())
    .addColumn("provider_payment_id", "varchar(255)")
    // succeeded | failed
    .addColumn("outcome", "varchar(16)", (column) => column.notNull())
    .addColumn("message", "text")
    .addColumn("attempted_at", "timestamptz", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("payment_attempts_invoice_idx")
    .ifNotExists()
    .on("payment_attempts")
    .columns(["invoice_id", "attempt"])
    .execute();

  // A provider event once processed: a replay of the same id is acknowledged and changes nothing.
  await db.schema
    .createTable("billing_provider_events")
    .ifNotExists()
    .addColumn("provider", "varchar(16)", (column) => column.notNull())
    .addColumn("event_id", "varchar(255)", (column) => column.notNull())
    .addColumn("kind", "varchar(64)", (column) => column.notNull())
    .addColumn("received_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("billing_provider_events_pk", ["provider", "event_id"])
    .execute();

  // Reminder and dunning mails sent: trial_reminder_3d / trial_reminder_1d once per organization,
  // payment_failed once per invoice and attempt.
  await db.schema
    .createTable("billing_notices")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("notice_key", "varchar(128)", (column) => column.notNull())
    .addColumn("sent_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("billing_notices_pk", ["organization_id", "notice_key"])
    .execute();

  await db.schema
    .createTable("enterprise_requests")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("user_id", "varchar(64)")
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "varchar(320)", (column) => column.notNull())
    .addColumn("company", "text", (column) => column.notNull())
    .addColumn("ad_accounts", "integer")
    .addColumn("message", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();

  // The built-in test provider (adapters/payments/builtin-payment-provider.ts): its customers' test
  // cards and its hosted checkout and portal pages.
  await db.schema
    .createTable("builtin_payment_customers")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "varchar(320)", (column) => column.notNull())
    .addColumn("card_number", "varchar(32)")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable("builtin_payment_pages")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    // checkout | portal
    .addColumn("kind", "varchar(16)", (column) => column.notNull())
    .addColumn("customer_id", "varchar(64)", (column) => column.notNull())
    .addColumn("amount_minor", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("currency", "varchar(3)", (column) => column.notNull().defaultTo("USD"))
    .addColumn("description", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("success_url", "text", (column) => column.notNull())
    .addColumn("cancel_url", "text", (column) => column.notNull())
    .addColumn("metadata", "text", (column) => column.notNull().defaultTo("{}"))
    .addColumn("idempotency_key", "varchar(255)")
    // open | completed
    .addColumn("status", "varchar(16)", (column) => column.notNull().defaultTo("open"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();

  const trialEnds = new Date(Date.now() + 14 * 86_400_000).toISOString();
  await sql`
    INSERT INTO subscriptions (organization_id, plan_id, interval, status, trial_ends_at)
    SELECT id, 'professional', 'monthly', 'trialing', ${trialEnds} FROM organization
    WHERE id NOT IN (SELECT organization_id FROM subscriptions)`.execute(db);
  await sql`
    INSERT INTO billing_accounts (organization_id, currency)
    SELECT id, CASE WHEN currency = 'EUR' THEN 'EUR' ELSE 'USD' END FROM organization
    WHERE id NOT IN (SELECT organization_id FROM billing_accounts)`.execute(db);
  await sql`UPDATE organization SET plan_id = 'professional'`.execute(db);
}
