import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import type { PaymentProvider } from "#core/billing/payment-provider.ts";
import { AppError } from "#core/errors/app-error.ts";
import { type FakeStripe, type FakeStripeEvent, startFakeStripe } from "#tests/support/fake-stripe.ts";
import { freePort } from "#tests/support/free-port.ts";
import { createStripePaymentProvider } from "./stripe-payment-provider.ts";

const SECRET_KEY = `sk_test_${"k3y".repeat(12)}`;
const WEBHOOK_SECRET = `whsec_${"s1gn".repeat(8)}`;

let fake: FakeStripe;
let provider: PaymentProvider;
let logged: string[];

function providerFor(overrides: { secretKey?: string; port?: number } = {}) {
  return createStripePaymentProvider({
    secretKey: overrides.secretKey ?? SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    connection: { ...fake.connection, port: overrides.port ?? fake.connection.port },
    // No waiting on retries in tests; the retry itself is Stripe's SDK's business.
    maxNetworkRetries: 0,
    logger: createLogger({ level: "trace", isPretty: false, destination: { write: (line) => logged.push(line) } }),
  });
}

/** What Stripe would post to the endpoint for this event. */
function delivery(event: FakeStripeEvent, { secret = WEBHOOK_SECRET } = {}) {
  const payload = JSON.stringify(event, null, 2);
  return { payload, headers: new Headers({ "stripe-signature": fake.signatureFor(payload, { secret }) }) };
}

async function parsed(event: FakeStripeEvent) {
  const { payload, headers } = delivery(event);
  return provider.parseWebhook(payload, headers);
}

const checkoutInput = {
  amountMinor: 2900,
  currency: "EUR" as const,
  description: "Adhelm Growth, monthly",
  successUrl: "https://adhelm.test/settings/billing?checkout=done",
  cancelUrl: "https://adhelm.test/settings/billing",
  metadata: { organizationId: "org_1", purpose: "subscription" },
  idempotencyKey: "checkout-org_1-1",
};

async function customerWithCard(card?: Parameters<FakeStripe["completeCheckout"]>[1], organizationId = "org_1") {
  const { customerId } = await provider.ensureCustomer({
    organizationId,
    name: "Acme",
    email: "owner@acme.test",
    existingCustomerId: null,
  });
  const checkout = await provider.createCheckout({
    ...checkoutInput,
    customerId,
    idempotencyKey: `checkout-${organizationId}`,
  });
  const completed = fake.completeCheckout(checkout.id, card);
  return { customerId, checkout, completed };
}

beforeEach(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  logged = [];
  provider = providerFor();
});
afterEach(async () => {
  await fake.close();
});

describe("the Stripe payment provider", () => {
  it("creates one customer per organization, tagged with it, and reuses a customer it already has", async () => {
    const input = { organizationId: "org_1", name: "Acme", email: "owner@acme.test", existingCustomerId: null };
    const first = await provider.ensureCustomer(input);
    const again = await provider.ensureCustomer(input);
    expect(again.customerId).toBe(first.customerId);
    expect(fake.object(first.customerId)).toMatchObject({
      name: "Acme",
      email: "owner@acme.test",
      metadata: { organizationId: "org_1" },
    });
    expect(await provider.ensureCustomer({ ...input, existingCustomerId: "cus_kept" })).toEqual({
      customerId: "cus_kept",
    });
    expect(fake.requests.filter((request) => request.path === "/v1/customers")).toHaveLength(2);
  });

  it("opens a Checkout that takes the first payment and saves the card, and reports its completion with the card", async () => {
    const { customerId } = await provider.ensureCustomer({
      organizationId: "org_1",
      name: "Acme",
      email: "a@acme.test",
      existingCustomerId: null,
    });
    const checkout = await provider.createCheckout({ ...checkoutInput, customerId });
    expect(checkout.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);
    const sent = fake.requests.find((request) => request.path === "/v1/checkout/sessions");
    expect(sent?.idempotencyKey).toBe("checkout-org_1-1");
    expect(sent?.params).toMatchObject({
      mode: "payment",
      customer: customerId,
      metadata: checkoutInput.metadata,
      line_items: [
        {
          quantity: "1",
          price_data: { currency: "eur", unit_amount: "2900", product_data: { name: "Adhelm Growth, monthly" } },
        },
      ],
      payment_intent_data: { setup_future_usage: "off_session", metadata: checkoutInput.metadata },
    });
    // The same idempotency key (a double click) is the same checkout.
    expect((await provider.createCheckout({ ...checkoutInput, customerId })).id).toBe(checkout.id);

    const completed = fake.completeCheckout(checkout.id, { card: "4242424242424242" });
    const event = await parsed(completed);
    const year = new Date().getUTCFullYear() + 5;
    expect(event).toEqual({
      kind: "checkout.completed",
      eventId: completed.id,
      customerId,
      metadata: checkoutInput.metadata,
      paymentId: expect.stringMatching(/^pi_/),
      paymentMethod: { brand: "visa", last4: "4242", expMonth: 12, expYear: year },
    });
    // The payment carries the metadata too, and the card became the default for renewals.
    const succeeded = fake.lastEvent("payment_intent.succeeded");
    expect(succeeded && (await parsed(succeeded))).toEqual({
      kind: "payment.succeeded",
      eventId: succeeded?.id,
      customerId,
      paymentId: event.kind === "checkout.completed" ? event.paymentId : "",
      metadata: checkoutInput.metadata,
    });
    expect(await provider.getPaymentMethod(customerId)).toEqual({
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: year,
    });
  });

  it("only saves the card (setup mode) when nothing is due now", async () => {
    const { customerId } = await provider.ensureCustomer({
      organizationId: "org_2",
      name: "Beta",
      email: "b@beta.test",
      existingCustomerId: null,
    });
    const checkout = await provider.createCheckout({
      ...checkoutInput,
      customerId,
      amountMinor: 0,
      idempotencyKey: "setup-1",
    });
    expect(fake.object(checkout.id)).toMatchObject({ mode: "setup", currency: "eur", line_items: [] });
    const event = await parsed(fake.completeCheckout(checkout.id, { card: "5555555555554444" }));
    expect(event).toMatchObject({
      kind: "checkout.completed",
      paymentId: null,
      paymentMethod: { brand: "mastercard", last4: "4444" },
    });
  });

  it("opens the customer portal, whose new default card is reported and then charged", async () => {
    const { customerId } = await customerWithCard();
    const portal = await provider.createPortal({ customerId, returnUrl: "https://adhelm.test/settings/billing" });
    expect(portal.url).toMatch(/\/p\/session\/bps_/);
    expect(fake.object(portal.id)).toMatchObject({
      customer: customerId,
      return_url: "https://adhelm.test/settings/billing",
    });

    const updated = fake.addCardInPortal(customerId, "5555555555554444");
    expect(await parsed(updated)).toMatchObject({
      kind: "payment_method.updated",
      customerId,
      paymentMethod: { brand: "mastercard", last4: "4444" },
    });
    const result = await provider.charge({
      customerId,
      amountMinor: 900,
      currency: "EUR",
      description: "Upgrade",
      metadata: {},
      idempotencyKey: "up-1",
    });
    expect(result.status).toBe("succeeded");
    const paymentId = result.status === "succeeded" ? result.paymentId : "";
    expect(fake.object(paymentId)).toMatchObject({
      payment_method: fake.object<{ invoice_settings: { default_payment_method: string } }>(customerId)
        ?.invoice_settings.default_payment_method,
    });
  });

  it("charges the saved card off-session once per idempotency key", async () => {
    const { customerId } = await customerWithCard();
    const input = {
      customerId,
      amountMinor: 2900,
      currency: "USD" as const,
      description: "Renewal",
      metadata: { organizationId: "org_1", invoiceId: "inv_2" },
      idempotencyKey: "renewal-inv_2",
    };
    const first = await provider.charge(input);
    const again = await provider.charge(input);
    expect(first).toEqual({ status: "succeeded", paymentId: expect.stringMatching(/^pi_/) });
    expect(again).toEqual(first);
    expect(fake.object(first.status === "succeeded" ? first.paymentId : "")).toMatchObject({
      amount: 2900,
      currency: "usd",
      customer: customerId,
      status: "succeeded",
      metadata: input.metadata,
    });
    const sent = fake.requests.filter((request) => request.path === "/v1/payment_intents");
    expect(sent[0]?.params).toMatchObject({ off_session: "true", confirm: "true" });
    expect(fake.events.filter((event) => event.type === "payment_intent.succeeded")).toHaveLength(2); // checkout + renewal
  });

  it("answers a declined card as a failed charge, and the failure event carries the bank's reason", async () => {
    const { customerId } = await customerWithCard({ card: "4000000000000341" });
    const result = await provider.charge({
      customerId,
      amountMinor: 2900,
      currency: "USD",
      description: "Renewal",
      metadata: { invoiceId: "inv_3" },
      idempotencyKey: "r-3",
    });
    expect(result).toEqual({
      status: "failed",
      paymentId: expect.stringMatching(/^pi_/),
      failureMessage: "Your card was declined.",
    });
    const failed = fake.lastEvent("payment_intent.payment_failed");
    expect(failed && (await parsed(failed))).toEqual({
      kind: "payment.failed",
      eventId: failed?.id,
      customerId,
      paymentId: result.paymentId,
      failureMessage: "Your card was declined.",
      metadata: { invoiceId: "inv_3" },
    });

    fake.failNextCharge("insufficient_funds");
    const { customerId: other } = await customerWithCard(undefined, "org_4");
    expect(
      await provider.charge({
        customerId: other,
        amountMinor: 100,
        currency: "USD",
        description: "x",
        metadata: {},
        idempotencyKey: "r-4",
      }),
    ).toMatchObject({
      status: "failed",
      failureMessage: "Your card has insufficient funds.",
    });
  });

  it("answers a bank that wants the customer present as requires_action", async () => {
    const { customerId } = await customerWithCard({ card: "4000002760003184" });
    const result = await provider.charge({
      customerId,
      amountMinor: 2900,
      currency: "EUR",
      description: "Renewal",
      metadata: {},
      idempotencyKey: "r-5",
    });
    expect(result).toMatchObject({ status: "requires_action", paymentId: expect.stringMatching(/^pi_/) });
    expect(result.status === "requires_action" && result.failureMessage).toMatch(/requires authentication/);
  });

  it("has no card to charge or show for a customer who never paid", async () => {
    const { customerId } = await provider.ensureCustomer({
      organizationId: "org_3",
      name: "C",
      email: "c@c.test",
      existingCustomerId: null,
    });
    expect(await provider.getPaymentMethod(customerId)).toBeNull();
    expect(
      await provider.charge({
        customerId,
        amountMinor: 100,
        currency: "USD",
        description: "x",
        metadata: {},
        idempotencyKey: "n-1",
      }),
    ).toEqual({
      status: "failed",
      paymentId: null,
      failureMessage: "No card is saved for this customer.",
    });
  });

  it("refuses a webhook whose signature is missing, made with another secret, or over a changed body", async () => {
    const { completed } = await customerWithCard();
    const { payload, headers } = delivery(completed);
    const refusals = [
      provider.parseWebhook(payload, new Headers()),
      provider.parseWebhook(payload, delivery(completed, { secret: "whsec_other" }).headers),
      provider.parseWebhook(payload.replace('"org_1"', '"org_evil"'), headers),
      provider.parseWebhook(JSON.stringify(completed), headers),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toMatchObject({ code: "bad_request" });
    await expect(provider.parseWebhook(payload, headers)).resolves.toMatchObject({ kind: "checkout.completed" });
  });

  it("ignores the events it does not use", async () => {
    const { customerId } = await customerWithCard();
    const attached = fake.lastEvent("payment_method.attached");
    expect(attached && (await parsed(attached))).toMatchObject({ kind: "payment_method.updated", customerId });
    const other = {
      ...(fake.lastEvent("payment_method.attached") as FakeStripeEvent),
      id: "evt_other",
      type: "charge.refunded",
    };
    expect(await parsed(other)).toEqual({ kind: "ignored", eventId: "evt_other", type: "charge.refunded" });
  });

  it("turns Stripe's own trouble into a clear error, and never logs the secret key", async () => {
    await provider.ensureCustomer({
      organizationId: "org_1",
      name: "Acme",
      email: "a@acme.test",
      existingCustomerId: null,
    });
    const errors: unknown[] = [];
    fake.failNextRequests(1, 503);
    errors.push(
      await provider.createPortal({ customerId: "cus_x", returnUrl: "https://adhelm.test" }).catch((error) => error),
    );
    errors.push(
      await providerFor({ secretKey: "sk_test_wrong_key_1234567890" })
        .getPaymentMethod("cus_x")
        .catch((error) => error),
    );
    errors.push(
      await providerFor({ port: await freePort() })
        .getPaymentMethod("cus_x")
        .catch((error) => error),
    );
    errors.push(
      await provider.parseWebhook("{}", new Headers({ "stripe-signature": "t=1,v1=00" })).catch((error) => error),
    );

    expect(errors.map((error) => (error as AppError).code)).toEqual([
      "internal_error",
      "internal_error",
      "internal_error",
      "bad_request",
    ]);
    expect(errors.every((error) => error instanceof AppError)).toBe(true);
    expect((errors[0] as AppError).message).toBe(
      "Stripe could not be reached while opening the billing portal. Please try again in a moment.",
    );
    expect((errors[1] as AppError).message).toBe("Stripe refused Adhelm's secret key; check STRIPE_SECRET_KEY.");
    expect((errors[2] as AppError).message).toMatch(/^Stripe could not be reached while reading the customer/);
    const text = logged.join("") + errors.map((error) => (error as Error).message).join("");
    expect(logged.length).toBeGreaterThan(0);
    for (const secret of [SECRET_KEY, WEBHOOK_SECRET, "sk_test_wrong_key_1234567890", SECRET_KEY.slice(-12)])
      expect(text).not.toContain(secret);
  });
});
