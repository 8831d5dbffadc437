/**
 * The built-in test provider: what the embedded default uses when no Stripe keys are set, so the
 * whole billing flow works out of the box, like the ad platform sandbox. Its hosted checkout and
 * portal are pages of the app (/billing/test-checkout/:id, /billing/test-portal/:id), clearly
 * labelled "Test payment — no real card is charged", with Stripe's well-known test cards:
 *
 * - 4242 4242 4242 4242 succeeds, now and later;
 * - 4000 0000 0000 0341 is saved, but every later charge fails (dunning);
 * - 4000 0000 0000 0002 is declined at once.
 *
 * What happens is reported through the same `handleProviderEvent` as Stripe's webhooks.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { BuiltinPage, BuiltinPaymentPages } from "#core/billing/builtin-payment-pages.ts";
import type {
  ChargeResult,
  PaymentMethodSummary,
  PaymentProvider,
  ProviderEvent,
} from "#core/billing/payment-provider.ts";
import type { Database } from "#core/db/schema.ts";
import { AppError } from "#core/errors/app-error.ts";

export const TEST_CARDS = {
  succeeds: "4242424242424242",
  failsLater: "4000000000000341",
  declined: "4000000000000002",
} as const;

export const CARD_DECLINED = "Your card was declined.";
export const UNKNOWN_TEST_CARD = "Use one of the test cards shown on this page: no real card can be used here.";

function summaryOf(cardNumber: string): PaymentMethodSummary {
  return { brand: "visa", last4: cardNumber.slice(-4), expMonth: 12, expYear: 2034 };
}

/** The digits of a typed card number, or an error message for the page. */
export function checkTestCard(typed: string): { ok: true; number: string } | { ok: false; message: string } {
  const number = typed.replace(/[\s-]/g, "");
  if (number === TEST_CARDS.declined) return { ok: false, message: CARD_DECLINED };
  if (number === TEST_CARDS.succeeds || number === TEST_CARDS.failsLater) return { ok: true, number };
  return { ok: false, message: UNKNOWN_TEST_CARD };
}

export interface BuiltinPaymentProviderOptions {
  db: Kysely<Database>;
  appUrl: string;
  /** Billing's handleProviderEvent: what the pages' actions report. */
  onEvent: (event: ProviderEvent) => Promise<unknown>;
}

export function createBuiltinPaymentProvider({
  db,
  appUrl,
  onEvent,
}: BuiltinPaymentProviderOptions): PaymentProvider & BuiltinPaymentPages {
  const charges = new Map<string, ChargeResult>();

  async function cardOf(customerId: string): Promise<string | null> {
    const row = await db
      .selectFrom("builtin_payment_customers")
      .select("card_number")
      .where("id", "=", customerId)
      .executeTakeFirst();
    return row?.card_number ?? null;
  }

  async function openPage(id: string, kind: BuiltinPage["kind"]) {
    const row = await db
      .selectFrom("builtin_payment_pages")
      .selectAll()
      .where("id", "=", id)
      .where("kind", "=", kind)
      .executeTakeFirst();
    if (!row) throw new AppError("not_found", "This test payment page does not exist or has expired.");
    return row;
  }

  const provider = {
    id: "builtin",

    async ensureCustomer(input) {
      if (input.existingCustomerId) {
        const exists = await db
          .selectFrom("builtin_payment_customers")
          .select("id")
          .where("id", "=", input.existingCustomerId)
          .executeTakeFirst();
        if (exists) return { customerId: exists.id };
      }
      const customerId = `cus_test_${randomUUID().replaceAll("-", "").slice(0, 20)}`;
      await db
        .insertInto("builtin_payment_customers")
        .values({ id: customerId, organization_id: input.organizationId, name: input.name, email: input.email })
        .execute();
      return { customerId };
    },

    async createCheckout(input) {
      const existing = await db
        .selectFrom("builtin_payment_pages")
        .select("id")
        .where("idempotency_key", "=", input.idempotencyKey)
        .executeTakeFirst();
      const id = existing?.id ?? `cs_test_${randomUUID().replaceAll("-", "")}`;
      if (!existing)
        await db
          .insertInto("builtin_payment_pages")
          .values({
            id,
            kind: "checkout",
            customer_id: input.customerId,
            amount_minor: input.amountMinor,
            currency: input.currency,
            description: input.description,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata: JSON.stringify(input.metadata),
            idempotency_key: input.idempotencyKey,
          })
          .execute();
      return { id, url: `${appUrl}/billing/test-checkout/${id}` };
    },

    async createPortal(input) {
      const id = `bps_test_${randomUUID().replaceAll("-", "")}`;
      await db
        .insertInto("builtin_payment_pages")
        .values({
          id,
          kind: "portal",
          customer_id: input.customerId,
          success_url: input.returnUrl,
          cancel_url: input.returnUrl,
        })
        .execute();
      return { id, url: `${appUrl}/billing/test-portal/${id}` };
    },

    async charge(input) {
      const known = charges.get(input.idempotencyKey);
      if (known) return known;
      const card = await cardOf(input.customerId);
      const result: ChargeResult =
        card === null
          ? { status: "failed", paymentId: null, failureMessage: "No payment method is on file." }
          : card === TEST_CARDS.failsLater
            ? { status: "failed", paymentId: `pay_test_${randomUUID().slice(0, 8)}`, failureMessage: CARD_DECLINED }
            : { status: "succeeded", paymentId: `pay_test_${randomUUID().replaceAll("-", "").slice(0, 20)}` };
      charges.set(input.idempotencyKey, result);
      return result;
    },

    async getPaymentMethod(customerId) {
      const card = await cardOf(customerId);
      return card ? summaryOf(card) : null;
    },

    async parseWebhook() {
      throw new AppError("bad_request", "The built-in test provider sends no webhooks: its pages report directly.");
    },
  } satisfies PaymentProvider;

  return {
    ...provider,

    /** A hosted page as its screen shows it. */
    async getPage(id: string, kind: BuiltinPage["kind"]): Promise<BuiltinPage> {
      const row = await openPage(id, kind);
      const card = await cardOf(row.customer_id);
      return {
        id: row.id,
        kind,
        amountMinor: Number(row.amount_minor),
        currency: row.currency,
        description: row.description,
        successUrl: row.success_url,
        cancelUrl: row.cancel_url,
        status: row.status === "completed" ? "completed" : "open",
        paymentMethod: card ? summaryOf(card) : null,
      };
    },

    /**
     * Pays a checkout with a test card: the card is saved for later charges and the checkout is
     * reported completed. A declined card changes nothing. Completing twice reports once.
     */
    async completeCheckout(id: string, typedCard: string): Promise<{ redirectTo: string }> {
      const row = await openPage(id, "checkout");
      if (row.status === "completed") return { redirectTo: row.success_url };
      const card = checkTestCard(typedCard);
      if (!card.ok) throw new AppError("unprocessable_entity", card.message, { fieldErrors: { card: card.message } });
      await db
        .updateTable("builtin_payment_customers")
        .set({ card_number: card.number })
        .where("id", "=", row.customer_id)
        .execute();
      await db.updateTable("builtin_payment_pages").set({ status: "completed" }).where("id", "=", id).execute();
      await onEvent({
        kind: "checkout.completed",
        eventId: `evt_${id}`,
        customerId: row.customer_id,
        metadata: JSON.parse(row.metadata) as Record<string, string>,
        paymentId: Number(row.amount_minor) > 0 ? `pay_test_${id.slice(-20)}` : null,
        paymentMethod: summaryOf(card.number),
      });
      return { redirectTo: row.success_url };
    },

    /** The portal's "Save card": the customer's card is replaced and reported. */
    async updateCard(id: string, typedCard: string): Promise<{ redirectTo: string }> {
      const row = await openPage(id, "portal");
      const card = checkTestCard(typedCard);
      if (!card.ok) throw new AppError("unprocessable_entity", card.message, { fieldErrors: { card: card.message } });
      await db
        .updateTable("builtin_payment_customers")
        .set({ card_number: card.number })
        .where("id", "=", row.customer_id)
        .execute();
      await onEvent({
        kind: "payment_method.updated",
        eventId: `evt_${randomUUID()}`,
        customerId: row.customer_id,
        paymentMethod: summaryOf(card.number),
      });
      return { redirectTo: row.success_url };
    },
  };
}
