import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  CARDS,
  createFakeStripeState,
  type FakeStripeCard,
  type FakeStripeEvent,
  type FakeStripeFailure,
  parseForm,
  type StripeObject,
} from "./fake-stripe-state.ts";

export type { FakeStripeEvent } from "./fake-stripe-state.ts";

/**
 * A local stand-in for Stripe: the subset of its REST API (v1) that a merchant uses to keep
 * customers and cards, take a first payment through Checkout, open the customer portal and charge
 * a saved card off-session; and its webhooks, signed exactly as Stripe signs them. It stands in for
 * a third party, so it knows nothing of Adhelm's own code.
 *
 * Like Stripe it reads form-encoded bodies in bracket notation (`metadata[key]=…`,
 * `line_items[0][price_data][currency]=usd`), answers JSON objects with `id` and `object`, refuses
 * a wrong secret key (401), replays the first answer to a repeated Idempotency-Key (and refuses the
 * same key with other parameters), and answers a declined card with a 402 `card_error`.
 *
 * Test cards, as in Stripe's test mode: 4242 4242 4242 4242 (visa) and 5555 5555 5555 4444
 * (mastercard) always pay; 4000 0000 0000 0341 is saved but declines every later charge;
 * 4000 0027 6000 3184 is saved but its bank asks for the customer (authentication_required)
 * on every off-session charge.
 */

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where sendWebhook posts when it is given no URL. */
  webhookUrl?: string;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(options: FakeStripeOptions) {
  const requests: FakeStripeRequest[] = [];
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  let failingRequests: { count: number; status: number } = { count: 0, status: 500 };
  let webhookUrl = options.webhookUrl ?? null;
  const state = createFakeStripeState(() => baseUrl());
  const { events, now, newId, find, completeCheckout } = state;
  const baseUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function answerApi(request: IncomingMessage, body: string): [number, unknown, Record<string, string>] {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const method = request.method ?? "GET";
    const params = method === "GET" ? parseForm(url.searchParams.toString()) : parseForm(body);
    const idempotencyKey = (request.headers["idempotency-key"] as string | undefined) ?? null;
    requests.push({ method, path: url.pathname, idempotencyKey, params });

    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      const given = (request.headers.authorization ?? "").replace(/^Bearer /, "");
      const message = `Invalid API Key provided: ${given.slice(0, 8)}${"*".repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`;
      return [401, { error: { type: "invalid_request_error", message } }, {}];
    }
    if (failingRequests.count > 0) {
      failingRequests.count -= 1;
      return [failingRequests.status, { error: { type: "api_error", message: "An unknown error occurred." } }, {}];
    }
    const replayKey = idempotencyKey && method === "POST" ? `${url.pathname} ${idempotencyKey}` : null;
    const earlier = replayKey ? idempotent.get(replayKey) : undefined;
    if (earlier) {
      if (earlier.params !== body) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
        return [400, { error: { type: "idempotency_error", message } }, {}];
      }
      return [earlier.status, earlier.body, { "idempotent-replayed": "true" }];
    }
    const [status, answer] = state.answer(method, url.pathname, params);
    const snapshot = JSON.parse(JSON.stringify(answer)) as unknown;
    // Stripe keeps the first answer for a key, except answers to its own 5xx.
    if (replayKey) idempotent.set(replayKey, { params: body, status, body: snapshot });
    return [status, snapshot, {}];
  }

  /** The hosted Checkout page: pay with a test card, then back to the success URL. */
  async function answerCheckoutPage(request: IncomingMessage, response: ServerResponse, body: string) {
    const id = decodeURIComponent(new URL(request.url ?? "/", "http://127.0.0.1").pathname.split("/").pop() ?? "");
    const session = find(id, "checkout.session");
    if (!session) return void response.writeHead(404).end("No such checkout session");
    if (request.method === "POST") {
      const card = (new URLSearchParams(body).get("card") ?? "4242424242424242") as FakeStripeCard;
      completeCheckout(id, { card });
      // Delivered before the customer is sent back, so the page they land on already knows.
      await deliverPending();
      response.writeHead(303, { location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", id) }).end();
      return;
    }
    const cards = Object.keys(CARDS)
      .map((card) => `<option value="${card}">${card.replace(/(\d{4})(?=\d)/g, "$1 ")}</option>`)
      .join("");
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="en"><head><title>Fake Stripe Checkout</title></head><body><main><h1>Pay Adhelm</h1><p>${session.amount_total ?? 0} ${session.currency ?? ""}</p><form method="post"><label>Card number <select name="card">${cards}</select></label><button type="submit">Pay</button></form><a href="${session.cancel_url}">Cancel</a></main></body></html>`,
    );
  }

  let delivered = 0;
  /** With a webhookUrl, the events raised by the hosted pages are delivered as Stripe would. */
  async function deliverPending() {
    if (!webhookUrl) return;
    while (delivered < events.length) {
      const event = events[delivered++];
      if (event) await sendWebhook(event).catch(() => {});
    }
  }

  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      const path = request.url ?? "/";
      if (path.startsWith("/c/pay/")) return void answerCheckoutPage(request, response, body);
      if (path.startsWith("/p/session/")) {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return void response.end(
          `<!doctype html><html lang="en"><head><title>Fake Stripe customer portal</title></head><body><main><h1>Manage your cards</h1></main></body></html>`,
        );
      }
      const [status, answer, headers] = answerApi(request, body);
      response.writeHead(status, { "content-type": "application/json", "request-id": newId("req"), ...headers });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  /** `Stripe-Signature` for a payload: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">. */
  function signatureFor(payload: string, { secret = options.webhookSecret, timestamp = now() } = {}) {
    const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
    return `t=${timestamp},v1=${signature}`;
  }

  /**
   * Posts an event to a webhook endpoint as Stripe does (pretty-printed JSON, signed with the
   * endpoint's secret). Sending the same event again is a replay. `tamper` changes the payload after
   * it was signed; `secret` signs with another secret.
   */
  async function sendWebhook(
    event: FakeStripeEvent,
    {
      url = webhookUrl,
      secret,
      tamper,
    }: { url?: string | null; secret?: string; tamper?: (payload: string) => string } = {},
  ) {
    if (!url) throw new Error("No webhook URL: pass one or start the fake with webhookUrl");
    const payload = JSON.stringify(event, null, 2);
    const signature = signatureFor(payload, secret ? { secret } : {});
    return fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "stripe-signature": signature,
      },
      body: tamper ? tamper(payload) : payload,
    });
  }

  return {
    url: baseUrl(),
    /** host/port/protocol for `new Stripe(key, …)`. */
    connection: { host: "127.0.0.1", port: (server.address() as AddressInfo).port, protocol: "http" as const },
    requests,
    events,
    completeCheckout,
    addCardInPortal: state.addCardInPortal,
    signatureFor,
    sendWebhook,
    setWebhookUrl(url: string | null) {
      webhookUrl = url;
    },
    /** The next payment intent fails this way, whatever the card. */
    failNextCharge(failure: FakeStripeFailure = "card_declined") {
      state.failNextCharge(failure);
    },
    /** The next `count` API calls answer this server error (Stripe's own trouble). */
    failNextRequests(count: number, status = 500) {
      failingRequests = { count, status };
    },
    object<T = StripeObject>(id: string) {
      return (state.objects.get(id) ?? null) as T | null;
    },
    lastEvent(type: string) {
      return events.findLast((event) => event.type === type) ?? null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
