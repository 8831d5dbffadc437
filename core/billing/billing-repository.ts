import { randomUUID } from "node:crypto";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, InvoiceTable, SubscriptionTable } from "#core/db/schema.ts";
import type {
  BillingAccount,
  Invoice,
  InvoiceBuyer,
  InvoiceKind,
  InvoiceLine,
  InvoiceStatus,
  ReadOnlyReason,
  Subscription,
  SubscriptionStatus,
  Usage,
} from "./billing-types.ts";
import type { BillingCurrency } from "./payment-provider.ts";
import { type BillingInterval, type PlanId, TRIAL_DAYS, TRIAL_PLAN_ID } from "./plan-catalog.ts";

const DAY_MS = 86_400_000;
const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));
const must = (value: Date | string): Date => new Date(value);

function toSubscription(r: Selectable<SubscriptionTable>): Subscription {
  return {
    organizationId: r.organization_id,
    planId: r.plan_id as PlanId,
    interval: r.interval as BillingInterval,
    status: r.status as SubscriptionStatus,
    readOnlyReason: r.read_only_reason as ReadOnlyReason | null,
    trialEndsAt: toDate(r.trial_ends_at),
    currentPeriodStart: toDate(r.current_period_start),
    currentPeriodEnd: toDate(r.current_period_end),
    cancelAtPeriodEnd: Boolean(Number(r.cancel_at_period_end)),
    canceledAt: toDate(r.canceled_at),
    pastDueSince: toDate(r.past_due_since),
    paymentMethod:
      r.card_brand && r.card_last4
        ? {
            brand: r.card_brand,
            last4: r.card_last4,
            expMonth: Number(r.card_exp_month),
            expYear: Number(r.card_exp_year),
          }
        : null,
    creditMinor: Number(r.credit_minor),
  };
}

export type SubscriptionPatch = Partial<Omit<Subscription, "organizationId">>;

function subscriptionColumns(patch: SubscriptionPatch) {
  const columns: Record<string, unknown> = {};
  if (patch.planId !== undefined) columns.plan_id = patch.planId;
  if (patch.interval !== undefined) columns.interval = patch.interval;
  if (patch.status !== undefined) columns.status = patch.status;
  if (patch.readOnlyReason !== undefined) columns.read_only_reason = patch.readOnlyReason;
  if (patch.trialEndsAt !== undefined) columns.trial_ends_at = patch.trialEndsAt;
  if (patch.currentPeriodStart !== undefined) columns.current_period_start = patch.currentPeriodStart;
  if (patch.currentPeriodEnd !== undefined) columns.current_period_end = patch.currentPeriodEnd;
  if (patch.cancelAtPeriodEnd !== undefined) columns.cancel_at_period_end = patch.cancelAtPeriodEnd ? 1 : 0;
  if (patch.canceledAt !== undefined) columns.canceled_at = patch.canceledAt;
  if (patch.pastDueSince !== undefined) columns.past_due_since = patch.pastDueSince;
  if (patch.paymentMethod !== undefined) {
    columns.card_brand = patch.paymentMethod?.brand ?? null;
    columns.card_last4 = patch.paymentMethod?.last4 ?? null;
    columns.card_exp_month = patch.paymentMethod?.expMonth ?? null;
    columns.card_exp_year = patch.paymentMethod?.expYear ?? null;
  }
  if (patch.creditMinor !== undefined) columns.credit_minor = patch.creditMinor;
  return columns;
}

function toInvoice(r: Selectable<InvoiceTable>): Invoice {
  return {
    id: r.id,
    organizationId: r.organization_id,
    number: r.number,
    kind: r.kind as InvoiceKind,
    status: r.status as InvoiceStatus,
    currency: r.currency as BillingCurrency,
    planId: r.plan_id as PlanId,
    interval: r.interval as BillingInterval,
    periodStart: must(r.period_start),
    periodEnd: must(r.period_end),
    lines: JSON.parse(r.lines) as InvoiceLine[],
    subtotalMinor: Number(r.subtotal_minor),
    taxMinor: Number(r.tax_minor),
    totalMinor: Number(r.total_minor),
    creditAppliedMinor: Number(r.credit_applied_minor),
    amountDueMinor: Number(r.amount_due_minor),
    buyer: JSON.parse(r.buyer) as InvoiceBuyer,
    issuedAt: must(r.issued_at),
    dueAt: must(r.due_at),
    paidAt: toDate(r.paid_at),
    attemptCount: Number(r.attempt_count),
    nextAttemptAt: toDate(r.next_attempt_at),
  };
}

export interface NewInvoice {
  organizationId: string;
  kind: InvoiceKind;
  currency: BillingCurrency;
  planId: PlanId;
  interval: BillingInterval;
  periodStart: Date;
  periodEnd: Date;
  lines: InvoiceLine[];
  creditAppliedMinor: number;
  buyer: InvoiceBuyer;
  issuedAt: Date;
}

/** The only SQL of billing: subscriptions, accounts, invoices, attempts, events, notices and usage. */
export function createBillingRepository(db: Kysely<Database>) {
  const repository = {
    async findSubscription(organizationId: string): Promise<Subscription | null> {
      const row = await db
        .selectFrom("subscriptions")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .executeTakeFirst();
      return row ? toSubscription(row) : null;
    },

    /**
     * The organization's subscription; one made after migration 0016 without billing's hook (a
     * sign-up's first organization) gets its trial from its creation time.
     */
    async ensureSubscription(organizationId: string): Promise<Subscription | null> {
      const found = await repository.findSubscription(organizationId);
      if (found) return found;
      const organization = await db
        .selectFrom("organization")
        .select(["createdAt"])
        .where("id", "=", organizationId)
        .executeTakeFirst();
      if (!organization) return null;
      await repository.createTrial(
        organizationId,
        new Date(must(organization.createdAt).getTime() + TRIAL_DAYS * DAY_MS),
      );
      return repository.findSubscription(organizationId);
    },

    async createTrial(organizationId: string, trialEndsAt: Date): Promise<void> {
      await db
        .insertInto("subscriptions")
        .values({
          organization_id: organizationId,
          plan_id: TRIAL_PLAN_ID,
          status: "trialing",
          trial_ends_at: trialEndsAt,
        })
        .onConflict((conflict) => conflict.column("organization_id").doNothing())
        .execute();
      await db.updateTable("organization").set({ plan_id: TRIAL_PLAN_ID }).where("id", "=", organizationId).execute();
    },

    async updateSubscription(organizationId: string, patch: SubscriptionPatch, at: Date): Promise<void> {
      await db
        .updateTable("subscriptions")
        .set({ ...subscriptionColumns(patch), updated_at: at })
        .where("organization_id", "=", organizationId)
        .execute();
      // organization.plan_id follows the subscription: what older readers of the plan see.
      if (patch.planId)
        await db.updateTable("organization").set({ plan_id: patch.planId }).where("id", "=", organizationId).execute();
    },

    /** The billing account, made with the organization's currency (EUR stays EUR, anything else USD) if missing. */
    async ensureAccount(organizationId: string): Promise<BillingAccount> {
      const existing = await db
        .selectFrom("billing_accounts")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .executeTakeFirst();
      if (existing)
        return {
          organizationId,
          provider: existing.provider,
          providerCustomerId: existing.provider_customer_id,
          currency: existing.currency === "EUR" ? "EUR" : "USD",
          billingEmail: existing.billing_email,
          companyName: existing.company_name,
          address: existing.address,
          vatNumber: existing.vat_number,
        };
      const organization = await db
        .selectFrom("organization")
        .select("currency")
        .where("id", "=", organizationId)
        .executeTakeFirst();
      await db
        .insertInto("billing_accounts")
        .values({ organization_id: organizationId, currency: organization?.currency === "EUR" ? "EUR" : "USD" })
        .onConflict((conflict) => conflict.column("organization_id").doNothing())
        .execute();
      return repository.ensureAccount(organizationId);
    },

    async updateAccount(
      organizationId: string,
      patch: Partial<Omit<BillingAccount, "organizationId">>,
      at: Date,
    ): Promise<void> {
      const columns: Record<string, unknown> = { updated_at: at };
      if (patch.provider !== undefined) columns.provider = patch.provider;
      if (patch.providerCustomerId !== undefined) columns.provider_customer_id = patch.providerCustomerId;
      if (patch.currency !== undefined) columns.currency = patch.currency;
      if (patch.billingEmail !== undefined) columns.billing_email = patch.billingEmail;
      if (patch.companyName !== undefined) columns.company_name = patch.companyName;
      if (patch.address !== undefined) columns.address = patch.address;
      if (patch.vatNumber !== undefined) columns.vat_number = patch.vatNumber;
      await db.updateTable("billing_accounts").set(columns).where("organization_id", "=", organizationId).execute();
    },

    async organizationOfCustomer(provider: string, customerId: string): Promise<string | null> {
      const row = await db
        .selectFrom("billing_accounts")
        .select("organization_id")
        .where("provider", "=", provider)
        .where("provider_customer_id", "=", customerId)
        .executeTakeFirst();
      return row?.organization_id ?? null;
    },

    /** The organization's name, and whom billing writes to: the billing email, else the owner, in the owner's language. */
    async contactOf(organizationId: string): Promise<{ name: string; email: string | null; language: string | null }> {
      const row = await db
        .selectFrom("organization")
        .leftJoin("billing_accounts", "billing_accounts.organization_id", "organization.id")
        .leftJoin("member", (join) =>
          join.onRef("member.organizationId", "=", "organization.id").on("member.role", "=", "owner"),
        )
        .leftJoin("user", "user.id", "member.userId")
        .leftJoin("user_preferences", "user_preferences.user_id", "member.userId")
        .select([
          "organization.name",
          "billing_accounts.billing_email",
          "user.email as owner_email",
          "user_preferences.preferences",
        ])
        .where("organization.id", "=", organizationId)
        .executeTakeFirst();
      if (!row) return { name: "", email: null, language: null };
      let language: string | null = null;
      try {
        const value = row.preferences ? (JSON.parse(row.preferences) as { language?: unknown }).language : null;
        language = typeof value === "string" ? value : null;
      } catch {
        language = null;
      }
      return { name: row.name, email: row.billing_email ?? row.owner_email ?? null, language };
    },

    /** Issues an invoice with the year's next number (ADH-2026-000123). */
    async insertInvoice(input: NewInvoice): Promise<Invoice> {
      const subtotal = input.lines.reduce((sum, line) => sum + line.amountMinor, 0);
      const year = input.issuedAt.getUTCFullYear();
      for (let tries = 0; ; tries++) {
        const last = await db
          .selectFrom("invoices")
          .select((eb) => eb.fn.max("sequence").as("last"))
          .where("year", "=", year)
          .executeTakeFirst();
        const sequence = Number(last?.last ?? 0) + 1;
        const id = randomUUID();
        try {
          await db
            .insertInto("invoices")
            .values({
              id,
              organization_id: input.organizationId,
              number: `ADH-${year}-${String(sequence).padStart(6, "0")}`,
              year,
              sequence,
              kind: input.kind,
              status: "open",
              currency: input.currency,
              plan_id: input.planId,
              interval: input.interval,
              period_start: input.periodStart,
              period_end: input.periodEnd,
              lines: JSON.stringify(input.lines),
              subtotal_minor: subtotal,
              tax_minor: 0,
              total_minor: subtotal,
              credit_applied_minor: input.creditAppliedMinor,
              amount_due_minor: Math.max(0, subtotal - input.creditAppliedMinor),
              buyer: JSON.stringify(input.buyer),
              issued_at: input.issuedAt,
              due_at: input.issuedAt,
            })
            .execute();
          const invoice = await repository.findInvoice(input.organizationId, id);
          if (!invoice) throw new Error("The invoice could not be read back.");
          return invoice;
        } catch (error) {
          // Two invoices issued at once took the same number: take the next one.
          if (tries < 5 && /unique|duplicate/i.test(String(error))) continue;
          throw error;
        }
      }
    },

    async findInvoice(organizationId: string, invoiceId: string): Promise<Invoice | null> {
      const row = await db
        .selectFrom("invoices")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("id", "=", invoiceId)
        .executeTakeFirst();
      return row ? toInvoice(row) : null;
    },

    async listInvoices(organizationId: string): Promise<Invoice[]> {
      const rows = await db
        .selectFrom("invoices")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("status", "!=", "void")
        .orderBy("issued_at", "desc")
        .orderBy("sequence", "desc")
        .execute();
      return rows.map(toInvoice);
    },

    async openInvoices(organizationId: string): Promise<Invoice[]> {
      const rows = await db
        .selectFrom("invoices")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("status", "=", "open")
        .orderBy("issued_at")
        .execute();
      return rows.map(toInvoice);
    },

    async updateInvoice(
      invoiceId: string,
      patch: {
        status?: InvoiceStatus;
        paidAt?: Date | null;
        providerPaymentId?: string | null;
        attemptCount?: number;
        nextAttemptAt?: Date | null;
      },
    ): Promise<void> {
      const columns: Record<string, unknown> = {};
      if (patch.status !== undefined) columns.status = patch.status;
      if (patch.paidAt !== undefined) columns.paid_at = patch.paidAt;
      if (patch.providerPaymentId !== undefined) columns.provider_payment_id = patch.providerPaymentId;
      if (patch.attemptCount !== undefined) columns.attempt_count = patch.attemptCount;
      if (patch.nextAttemptAt !== undefined) columns.next_attempt_at = patch.nextAttemptAt;
      await db.updateTable("invoices").set(columns).where("id", "=", invoiceId).execute();
    },

    async insertAttempt(input: {
      invoiceId: string;
      organizationId: string;
      attempt: number;
      providerPaymentId: string | null;
      outcome: "succeeded" | "failed";
      message: string | null;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto("payment_attempts")
        .values({
          id: randomUUID(),
          invoice_id: input.invoiceId,
          organization_id: input.organizationId,
          attempt: input.attempt,
          provider_payment_id: input.providerPaymentId,
          outcome: input.outcome,
          message: input.message,
          attempted_at: input.at,
        })
        .execute();
    },

    /** True the first time an event id is seen; false for a replay. */
    async claimEvent(provider: string, eventId: string, kind: string): Promise<boolean> {
      const result = await db
        .insertInto("billing_provider_events")
        .values({ provider, event_id: eventId, kind })
        .onConflict((conflict) => conflict.columns(["provider", "event_id"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async releaseEvent(provider: string, eventId: string): Promise<void> {
      await db
        .deleteFrom("billing_provider_events")
        .where("provider", "=", provider)
        .where("event_id", "=", eventId)
        .execute();
    },

    /** True the first time a notice (a reminder, a dunning mail) is claimed for the organization. */
    async claimNotice(organizationId: string, key: string, at: Date): Promise<boolean> {
      const result = await db
        .insertInto("billing_notices")
        .values({ organization_id: organizationId, notice_key: key, sent_at: at })
        .onConflict((conflict) => conflict.columns(["organization_id", "notice_key"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async releaseNotice(organizationId: string, key: string): Promise<void> {
      await db
        .deleteFrom("billing_notices")
        .where("organization_id", "=", organizationId)
        .where("notice_key", "=", key)
        .execute();
    },

    /** Organizations with work due at `now`: trials to remind or end, renewals, dunning retries. */
    async dueOrganizations(now: Date, remindWithin: number): Promise<string[]> {
      const soon = new Date(now.getTime() + remindWithin);
      const rows = await db
        .selectFrom("subscriptions")
        .select("organization_id")
        .where((eb) =>
          eb.or([
            eb.and([eb("status", "=", "trialing"), eb("trial_ends_at", "<=", soon)]),
            eb.and([eb("status", "in", ["active", "past_due"]), eb("current_period_end", "<=", now)]),
            eb.and([
              eb("status", "=", "past_due"),
              eb(
                "organization_id",
                "in",
                eb
                  .selectFrom("invoices")
                  .select("organization_id")
                  .where("status", "=", "open")
                  .where("next_attempt_at", "<=", now),
              ),
            ]),
          ]),
        )
        .execute();
      return rows.map((row) => row.organization_id);
    },

    async usage(organizationId: string, period: string, except?: { connectionId?: string }): Promise<Usage> {
      let adAccounts = db
        .selectFrom("ad_accounts")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("organization_id", "=", organizationId)
        .where("is_managed", "=", sql<boolean>`${sql.lit(true)}`);
      if (except?.connectionId) adAccounts = adAccounts.where("connection_id", "!=", except.connectionId);
      const [accounts, members, invitations, rules, calls] = await Promise.all([
        adAccounts.executeTakeFirst(),
        db
          .selectFrom("member")
          .select((eb) => eb.fn.countAll().as("count"))
          .where("organizationId", "=", organizationId)
          .executeTakeFirst(),
        db
          .selectFrom("invitation")
          .select((eb) => eb.fn.countAll().as("count"))
          .where("organizationId", "=", organizationId)
          .where("status", "=", "pending")
          .executeTakeFirst(),
        db
          .selectFrom("rules")
          .select((eb) => eb.fn.countAll().as("count"))
          .where("organization_id", "=", organizationId)
          .executeTakeFirst(),
        db
          .selectFrom("api_usage")
          .select("calls")
          .where("organization_id", "=", organizationId)
          .where("period", "=", period)
          .executeTakeFirst(),
      ]);
      return {
        adAccounts: Number(accounts?.count ?? 0),
        members: Number(members?.count ?? 0) + Number(invitations?.count ?? 0),
        rules: Number(rules?.count ?? 0),
        apiCallsThisMonth: Number(calls?.calls ?? 0),
      };
    },

    async insertEnterpriseRequest(input: {
      organizationId: string;
      userId: string | null;
      name: string;
      email: string;
      company: string;
      adAccounts: number | null;
      message: string;
      at: Date;
    }): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto("enterprise_requests")
        .values({
          id,
          organization_id: input.organizationId,
          user_id: input.userId,
          name: input.name,
          email: input.email,
          company: input.company,
          ad_accounts: input.adAccounts,
          message: input.message,
          created_at: input.at,
        })
        .execute();
      return id;
    },
  };
  return repository;
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
