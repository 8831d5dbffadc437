/**
 * POST /webhooks/stripe over HTTP, as Stripe calls it: the app served on a port, Stripe played by
 * the local fake (its API for the adapter's calls, its signed deliveries for the webhooks).
 */
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import { EnvError } from "#core/config/env.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { type FakeStripe, startFakeStripe } from "#tests/support/fake-stripe.ts";
import { freePort } from "#tests/support/free-port.ts";
import { actorOfViewer, createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";

const SECRET_KEY = `sk_test_${"w3bh00k".repeat(4)}`;
const WEBHOOK_SECRET = `whsec_${"endp0int".repeat(4)}`;

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** The app on a port of its own, Stripe configured against the fake (or not at all), and what it logged. */
async function servedApp({ withStripe = true } = {}) {
  const database: DatabaseHandle = await createTestDatabase();
  cleanups.push(() => database.close());
  const fake: FakeStripe = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  cleanups.push(() => fake.close());
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = testEnv({
    APP_URL: url,
    PORT: String(port),
    API_USAGE_FLUSH_MS: "60000",
    ...(withStripe
      ? { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url }
      : {}),
  });
  const lines: string[] = [];
  const logger = createLogger({ level: "trace", isPretty: false, destination: { write: (line) => lines.push(line) } });
  const services: ServerServices = createServices({ env, database, logger });
  cleanups.push(() => services.publicApi.stop());
  const app = createApp({ env, logger, services });
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  fake.setWebhookUrl(`${url}/webhooks/stripe`);
  return { database, fake, services, url, logged: () => lines.join("") };
}

describe("POST /webhooks/stripe", () => {
  it("is not there when Stripe is not configured", async () => {
    const { fake, url } = await servedApp({ withStripe: false });
    const response = await fake.sendWebhook(
      { ...(await anyEvent(fake)), id: "evt_1" },
      { url: `${url}/webhooks/stripe` },
    );
    expect(response.status).toBe(404);
  });

  it("refuses a tampered payload, another endpoint's secret or no signature with 400, and logs no secret", async () => {
    const { fake, url, logged } = await servedApp();
    const event = await anyEvent(fake);
    const tampered = await fake.sendWebhook(event, {
      tamper: (payload) => payload.replace('"livemode": false', '"livemode": true'),
    });
    const otherSecret = await fake.sendWebhook(event, { secret: "whsec_someoneelse" });
    const unsigned = await fetch(`${url}/webhooks/stripe`, { method: "POST", body: JSON.stringify(event) });
    for (const response of [tampered, otherSecret, unsigned]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "bad_request" } });
    }
    const text = logged();
    expect(text).toContain("stripe webhook refused");
    for (const secret of [SECRET_KEY, WEBHOOK_SECRET]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/v1=[0-9a-f]{64}/);
  });
});

/** An organization on its trial that chose Starter: the hosted checkout is open at the fake. */
async function checkoutStarted(app: Awaited<ReturnType<typeof servedApp>>) {
  const owner = actorOfViewer(await createViewer(app.database.db, "Ada"));
  const checkout = await app.services.billing.startCheckout(owner, {
    planId: "starter",
    interval: "monthly",
    currency: "EUR",
  });
  expect(checkout.url.startsWith(`${app.fake.url}/c/pay/cs_test_`)).toBe(true);
  const sessionId = checkout.url.split("/").pop() ?? "";
  const overview = () => app.services.billing.getBillingOverview(owner);
  const planChanges = async () =>
    (await app.services.audit.listAuditEvents(owner, {})).events.filter(
      (entry) => entry.action === "billing.plan_changed",
    );
  return { owner, sessionId, overview, planChanges, invoiceId: checkout.invoiceId };
}

describe("Stripe's events", () => {
  it("start the plan once: the customer paid in Checkout, and replaying every event changes nothing", async () => {
    const app = await servedApp();
    const { sessionId, overview, planChanges, invoiceId } = await checkoutStarted(app);
    expect((await overview()).status).toBe("trialing");

    app.fake.completeCheckout(sessionId, { card: "4242424242424242" });
    // What Stripe sends for a paid Checkout: the card attached, the payment, the session completed.
    const sent = app.fake.events.map((event) => event.type);
    expect(sent).toEqual(["payment_method.attached", "payment_intent.succeeded", "checkout.session.completed"]);
    for (const event of app.fake.events) {
      const response = await app.fake.sendWebhook(event);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true });
    }
    const after = await overview();
    expect(after).toMatchObject({ status: "active", planId: "starter", amountDueMinor: 0 });
    expect(after.paymentMethod).toMatchObject({ brand: "visa", last4: "4242" });
    expect(after.invoices?.find((invoice) => invoice.id === invoiceId)?.status).toBe("paid");
    expect(await planChanges()).toHaveLength(1);

    for (const event of app.fake.events) expect((await app.fake.sendWebhook(event)).status).toBe(200);
    expect(await overview()).toEqual(after);
    expect(await planChanges()).toHaveLength(1);
  });

  it("change nothing when tampered with or signed with another secret", async () => {
    const app = await servedApp();
    const { sessionId, overview } = await checkoutStarted(app);
    const before = await overview();
    const completed = app.fake.completeCheckout(sessionId);
    const tampered = await app.fake.sendWebhook(completed, {
      tamper: (payload) => payload.replace(/"invoiceId": "[^"]+"/, '"invoiceId": "inv_other"'),
    });
    const wrongSecret = await app.fake.sendWebhook(completed, { secret: "whsec_anotherendpoint" });
    expect([tampered.status, wrongSecret.status]).toEqual([400, 400]);
    expect(await overview()).toEqual(before);

    // Stripe sends it again, properly signed: now it counts.
    expect((await app.fake.sendWebhook(completed)).status).toBe(200);
    expect((await overview()).status).toBe("active");
  });

  it("answer 5xx while Stripe cannot be read, so that Stripe retries, and the retry is processed", async () => {
    const app = await servedApp();
    const { sessionId, overview } = await checkoutStarted(app);
    const completed = app.fake.completeCheckout(sessionId);
    // Stripe has trouble: reading the paid card back fails, whatever the SDK's own retries.
    app.fake.failNextRequests(1_000, 500);
    const failed = await app.fake.sendWebhook(completed);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect((await overview()).status).toBe("trialing");
    expect(app.logged()).toContain("stripe webhook could not be read");
    app.fake.failNextRequests(0);

    expect((await app.fake.sendWebhook(completed)).status).toBe(200);
    expect(await overview()).toMatchObject({ status: "active", paymentMethod: { last4: "4242" } });
  });
});

describe("the hosted Checkout page", () => {
  it("takes the customer's card, tells Adhelm, and sends the customer back to the billing page", async () => {
    const app = await servedApp();
    const owner = actorOfViewer(await createViewer(app.database.db, "Ada"));
    const { url } = await app.services.billing.startCheckout(owner, { planId: "professional", interval: "yearly" });
    const page = await fetch(url);
    expect(await page.text()).toContain('<button type="submit">Pay</button>');
    const paid = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "card=5555555555554444",
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${app.url}/billing?checkout=success`);
    expect(await app.services.billing.getBillingOverview(owner)).toMatchObject({
      status: "active",
      planId: "professional",
      interval: "yearly",
      paymentMethod: { brand: "mastercard", last4: "4444" },
    });
  });
});

describe("a half-configured Stripe", () => {
  it("stops the boot: the secret key and the webhook secret come together", () => {
    expect(() => testEnv({ STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(EnvError);
    expect(() => testEnv({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).toThrow(/set both/);
    expect(() => testEnv({ STRIPE_SECRET_KEY: "pk_test_publishable", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });
});

/** Some real event of the fake's, to sign and send. */
async function anyEvent(fake: FakeStripe) {
  const response = await fetch(`${fake.url}/v1/customers`, {
    method: "POST",
    headers: { authorization: `Bearer ${SECRET_KEY}`, "content-type": "application/x-www-form-urlencoded" },
    body: "name=Acme",
  });
  const customer = (await response.json()) as { id: string };
  return fake.addCardInPortal(customer.id);
}
