import { randomBytes } from "node:crypto";

/**
 * The fake Stripe's memory (fake-stripe.ts serves it over HTTP): its objects and events, the REST
 * routes over them, and what a customer does on its hosted pages.
 */

export type FakeStripeCard = "4242424242424242" | "5555555555554444" | "4000000000000341" | "4000002760003184";

type Failure = "card_declined" | "authentication_required" | "insufficient_funds";

export const CARDS: Record<FakeStripeCard, { brand: string; offSession: Failure | null }> = {
  "4242424242424242": { brand: "visa", offSession: null },
  "5555555555554444": { brand: "mastercard", offSession: null },
  "4000000000000341": { brand: "visa", offSession: "card_declined" },
  "4000002760003184": { brand: "visa", offSession: "authentication_required" },
};

const FAILURE_MESSAGES: Record<Failure, string> = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  authentication_required:
    "Your card was declined. This transaction requires authentication, and the customer was not on session.",
};

export type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface FakeStripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  type: string;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  request: { id: string | null; idempotency_key: string | null };
}

export type FakeStripeFailure = Failure;

export function createFakeStripeState(baseUrl: () => string) {
  const objects = new Map<string, StripeObject>();
  const events: FakeStripeEvent[] = [];
  const cardOf = new Map<string, FakeStripeCard>();
  let nextChargeFailure: Failure | null = null;

  const now = () => Math.floor(Date.now() / 1000);
  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
  const save = <T extends StripeObject>(value: T): T => {
    objects.set(value.id, value);
    return value;
  };
  const find = (id: string, object: string) => {
    const value = objects.get(id);
    return value && value.object === object ? value : null;
  };
  const emit = (type: string, object: StripeObject, previous?: Record<string, unknown>) => {
    const event: FakeStripeEvent = {
      id: newId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      request: { id: null, idempotency_key: null },
    };
    events.push(event);
    return event;
  };

  function attachCard(customerId: string, card: FakeStripeCard) {
    const paymentMethod = save({
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      created: now(),
      customer: customerId,
      livemode: false,
      metadata: {},
      billing_details: { email: null, name: null },
      card: {
        brand: CARDS[card].brand,
        last4: card.slice(-4),
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 5,
        country: "US",
        funding: "credit",
      },
    });
    cardOf.set(paymentMethod.id, card);
    emit("payment_method.attached", paymentMethod);
    return paymentMethod;
  }

  function createPaymentIntent(params: Record<string, unknown>, status: string, paymentMethod: string | null) {
    return save({
      id: newId("pi"),
      object: "payment_intent",
      amount: Number(params.amount),
      currency: String(params.currency),
      customer: (params.customer as string | undefined) ?? null,
      description: (params.description as string | undefined) ?? null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      payment_method: paymentMethod,
      setup_future_usage: (params.setup_future_usage as string | undefined) ?? null,
      status,
      created: now(),
      livemode: false,
      last_payment_error: null as unknown,
      latest_charge: status === "succeeded" ? newId("ch") : null,
    });
  }

  // The REST API: one handler per route; each returns [status, body].
  type Handler = (params: Record<string, unknown>, match: RegExpMatchArray) => [number, unknown];
  const routes: Array<[string, RegExp, Handler]> = [
    [
      "POST",
      /^\/v1\/customers$/,
      (params) => [
        200,
        save({
          id: newId("cus"),
          object: "customer",
          name: params.name ?? null,
          email: params.email ?? null,
          metadata: params.metadata ?? {},
          created: now(),
          livemode: false,
          invoice_settings: { default_payment_method: null },
        }),
      ],
    ],
    [
      "GET",
      /^\/v1\/customers\/([^/]+)$/,
      (_params, [, id = ""]) => (find(id, "customer") ? [200, find(id, "customer")] : missing("customer", id)),
    ],
    [
      "POST",
      /^\/v1\/customers\/([^/]+)$/,
      (params, [, id = ""]) => {
        const customer = find(id, "customer");
        if (!customer) return missing("customer", id);
        const previous = { invoice_settings: structuredClone(customer.invoice_settings) };
        const settings = params.invoice_settings as { default_payment_method?: string } | undefined;
        if (settings?.default_payment_method !== undefined) {
          const paymentMethod = find(settings.default_payment_method, "payment_method");
          if (!paymentMethod || paymentMethod.customer !== id)
            return missing("payment_method", settings.default_payment_method);
          customer.invoice_settings = { default_payment_method: paymentMethod.id };
          emit("customer.updated", customer, previous);
        }
        for (const key of ["name", "email"] as const) if (typeof params[key] === "string") customer[key] = params[key];
        return [200, customer];
      },
    ],
    [
      "GET",
      /^\/v1\/payment_methods$/,
      (params) => {
        const data = [...objects.values()]
          .filter((value) => value.object === "payment_method" && value.customer === params.customer)
          .filter((value) => !params.type || value.type === params.type)
          .reverse();
        return [200, { object: "list", url: "/v1/payment_methods", has_more: false, data }];
      },
    ],
    [
      "GET",
      /^\/v1\/payment_methods\/([^/]+)$/,
      (_params, [, id = ""]) =>
        find(id, "payment_method") ? [200, find(id, "payment_method")] : missing("payment_method", id),
    ],
    [
      "GET",
      /^\/v1\/payment_intents\/([^/]+)$/,
      (_params, [, id = ""]) =>
        find(id, "payment_intent") ? [200, find(id, "payment_intent")] : missing("payment_intent", id),
    ],
    [
      "GET",
      /^\/v1\/setup_intents\/([^/]+)$/,
      (_params, [, id = ""]) =>
        find(id, "setup_intent") ? [200, find(id, "setup_intent")] : missing("setup_intent", id),
    ],
    [
      "POST",
      /^\/v1\/checkout\/sessions$/,
      (params) => {
        const customer = String(params.customer ?? "");
        if (!find(customer, "customer")) return missing("customer", customer);
        const id = newId("cs_test");
        return [
          200,
          save({
            id,
            object: "checkout.session",
            mode: params.mode,
            customer,
            client_reference_id: params.client_reference_id ?? null,
            currency:
              params.currency ??
              (params.line_items as Array<{ price_data?: { currency?: string } }>)?.[0]?.price_data?.currency ??
              null,
            amount_total: lineTotal(params.line_items),
            metadata: params.metadata ?? {},
            line_items: params.line_items ?? [],
            payment_intent_data: params.payment_intent_data ?? null,
            setup_intent_data: params.setup_intent_data ?? null,
            payment_intent: null,
            setup_intent: null,
            payment_status: params.mode === "setup" ? "no_payment_required" : "unpaid",
            status: "open",
            success_url: params.success_url,
            cancel_url: params.cancel_url,
            url: `${baseUrl()}/c/pay/${id}`,
            created: now(),
            livemode: false,
          }),
        ];
      },
    ],
    [
      "POST",
      /^\/v1\/billing_portal\/sessions$/,
      (params) => {
        const customer = String(params.customer ?? "");
        if (!find(customer, "customer")) return missing("customer", customer);
        const id = newId("bps");
        return [
          200,
          save({
            id,
            object: "billing_portal.session",
            customer,
            return_url: params.return_url ?? null,
            url: `${baseUrl()}/p/session/${id}`,
            created: now(),
            livemode: false,
          }),
        ];
      },
    ],
    [
      "POST",
      /^\/v1\/payment_intents$/,
      (params) => {
        const paymentMethodId = String(params.payment_method ?? "");
        const paymentMethod = find(paymentMethodId, "payment_method");
        if (!paymentMethod || paymentMethod.customer !== params.customer)
          return missing("payment_method", paymentMethodId);
        const card = cardOf.get(paymentMethodId);
        const failure = nextChargeFailure ?? (params.off_session === "true" && card ? CARDS[card].offSession : null);
        nextChargeFailure = null;
        if (!failure) {
          const intent = createPaymentIntent(params, "succeeded", paymentMethodId);
          emit("payment_intent.succeeded", intent);
          return [200, intent];
        }
        const intent = createPaymentIntent(params, "requires_payment_method", null);
        const error = {
          type: "card_error",
          code: failure,
          decline_code:
            failure === "authentication_required"
              ? "authentication_required"
              : failure === "card_declined"
                ? "generic_decline"
                : failure,
          message: FAILURE_MESSAGES[failure],
          charge: newId("ch"),
          doc_url: `https://docs.stripe.com/error-codes/${failure.replaceAll("_", "-")}`,
          payment_method: paymentMethod,
        };
        intent.last_payment_error = error;
        emit("payment_intent.payment_failed", intent);
        return [402, { error: { ...error, payment_intent: intent } }];
      },
    ],
  ];

  function missing(object: string, id: string): [number, unknown] {
    return [
      404,
      {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          param: object === "customer" ? "customer" : "id",
          message: `No such ${object}: '${id}'`,
        },
      },
    ];
  }

  /**
   * The customer paid (payment mode) or saved a card (setup mode) on the hosted Checkout page:
   * the card is attached to the customer, a payment intent (or setup intent) succeeds, and the
   * events Stripe raises are recorded. Returns the checkout.session.completed event.
   */
  function completeCheckout(sessionId: string, { card = "4242424242424242" as FakeStripeCard } = {}) {
    const session = find(sessionId, "checkout.session");
    if (!session) throw new Error(`No such checkout session: ${sessionId}`);
    if (session.status !== "open") throw new Error(`Checkout session ${sessionId} is ${String(session.status)}`);
    const customer = String(session.customer);
    const paymentMethod = attachCard(customer, card);
    if (session.mode === "payment") {
      const intentData = (session.payment_intent_data ?? {}) as Record<string, unknown>;
      const intent = createPaymentIntent(
        { ...intentData, customer, amount: session.amount_total, currency: session.currency },
        "succeeded",
        paymentMethod.id,
      );
      session.payment_intent = intent.id;
      session.payment_status = "paid";
      emit("payment_intent.succeeded", intent);
    } else {
      const setupData = (session.setup_intent_data ?? {}) as Record<string, unknown>;
      const intent = save({
        id: newId("seti"),
        object: "setup_intent",
        customer,
        payment_method: paymentMethod.id,
        metadata: setupData.metadata ?? {},
        status: "succeeded",
        usage: "off_session",
        created: now(),
        livemode: false,
      });
      session.setup_intent = intent.id;
    }
    session.status = "complete";
    return emit("checkout.session.completed", session);
  }

  /** The customer added a card in the portal and made it their default. */
  function addCardInPortal(customerId: string, card: FakeStripeCard = "5555555555554444") {
    const customer = find(customerId, "customer");
    if (!customer) throw new Error(`No such customer: ${customerId}`);
    const paymentMethod = attachCard(customerId, card);
    const previous = { invoice_settings: structuredClone(customer.invoice_settings) };
    customer.invoice_settings = { default_payment_method: paymentMethod.id };
    return emit("customer.updated", customer, previous);
  }

  /** An API call, already authenticated: [status, body]. */
  function answer(method: string, path: string, params: Record<string, unknown>): [number, unknown] {
    const route = routes.find(([routeMethod, pattern]) => routeMethod === method && pattern.test(path));
    const match = route ? path.match(route[1]) : null;
    if (!route || !match)
      return [
        404,
        { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } },
      ];
    return route[2](params, match);
  }

  return {
    objects,
    events,
    now,
    newId,
    find,
    answer,
    completeCheckout,
    addCardInPortal,
    failNextCharge(failure: Failure) {
      nextChargeFailure = failure;
    },
  };
}

/** Stripe's bracket notation into nested objects; keys 0, 1, … (or []) become arrays. */
export function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      const name = part === "" ? String(Object.keys(node).length) : part;
      if (index === parts.length - 1) node[name] = value;
      else {
        node[name] ??= {};
        node = node[name] as Record<string, unknown>;
      }
    });
  }
  return arraysIn(root) as Record<string, unknown>;
}

function arraysIn(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arraysIn(inner)] as const);
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
}

function lineTotal(lineItems: unknown): number | null {
  if (!Array.isArray(lineItems)) return null;
  return lineItems.reduce(
    (sum: number, item: { quantity?: string; price_data?: { unit_amount?: string } }) =>
      sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
    0,
  );
}
