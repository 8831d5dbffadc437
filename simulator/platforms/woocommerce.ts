import { createHash, randomInt } from "node:crypto";
import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { minorToDecimal } from "../lib/money.ts";
import { MAX_ORDER_DAYS } from "../sandbox-guards.ts";
import type { SandboxKit, SimOrder } from "../sandbox-kit.ts";
import { formatInTimeZone, zonedTimeToUtcMs, zoneOffsetMs } from "./shopify-search.ts";

/**
 * The WooCommerce sandbox, mounted at /sandbox/woocommerce. Every store lives under its host,
 * mirroring https://{store}/…:
 * - `GET /{host}/wc-auth/v1/authorize?app_name&scope&user_id&return_url&callback_url` shows the
 *   consent page. Allow POSTs the keys JSON to callback_url (server to server) and, on a 2xx,
 *   sends the browser to return_url?success=1&user_id=…; a failed POST or Deny → success=0.
 *   return_url must be Adhelm's `APP_URL/integrations/woocommerce/callback` and callback_url its
 *   `/keys`: the sandbox posts keys and sends browsers nowhere else. Unlike a real store, http
 *   callback URLs are accepted (the sandbox runs on plain http).
 * - The REST API (`/{host}/wp-json/…`) with HTTP Basic `consumer_key:consumer_secret` (or the
 *   consumer_key/consumer_secret query parameters): the WordPress index, the store currency and
 *   `wc/v3/orders` (after/before/dates_are_gmt/status/orderby/order/per_page/page with X-WP-Total,
 *   X-WP-TotalPages and Link). Errors are WP_Error JSON `{code, message, data:{status}}`.
 * The keys say whose store it is, so even the index needs them here (a real index is public).
 * Without `after`, orders are listed from 90 days back rather than from the store's first day.
 */

const PLATFORM = "woocommerce";
const DAY_MS = 86_400_000;
const DEFAULT_LOOKBACK_DAYS = 90;
const SCOPES = new Set(["read", "write", "read_write"]);
const ORDER_STATUSES = new Set([
  "any",
  "pending",
  "processing",
  "on-hold",
  "completed",
  "cancelled",
  "refunded",
  "failed",
  "trash",
  "checkout-draft",
]);
const ORDER_BYS = new Set(["date", "id", "include", "title", "slug", "modified"]);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})?$/;
const CALLBACK_TIMEOUT_MS = 10_000;

type ApiEnv = { Variables: { tenant: string } };

function wpError(c: Context, status: number, code: string, message: string, data: Record<string, unknown> = {}) {
  return c.json({ code, message, data: { status, ...data } }, status as ContentfulStatusCode);
}

function invalidParam(c: Context, name: string, reason: string) {
  return wpError(c, 400, "rest_invalid_param", `Invalid parameter(s): ${name}`, {
    params: { [name]: reason },
    details: { [name]: { code: "rest_invalid_param", message: reason, data: null } },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** WordPress's wp_die page. */
function wpDiePage(c: Context, message: string) {
  return c.html(
    `<!doctype html><html lang="en"><head><title>WordPress › Error</title></head><body id="error-page"><div class="wp-die-message"><p><strong>Error:</strong> ${escapeHtml(message)}</p></div></body></html>`,
    400,
  );
}

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

function currencySymbolOf(currency: string): string {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" })
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? currency
  );
}

function statusOf(order: SimOrder, nowMs: number): string {
  if (order.refundedMinor >= order.totalMinor && order.totalMinor > 0) return "refunded";
  return nowMs - Date.parse(order.createdAt) < DAY_MS ? "processing" : "completed";
}

function toGmt(iso: string): string {
  return new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString().slice(0, 19);
}

function toOrderJson(order: SimOrder, input: { host: string; timeZone: string; nowMs: number; ordersUrl: string }) {
  const { timeZone } = input;
  const createdMs = Date.parse(order.createdAt);
  const gmt = toGmt(order.createdAt);
  const local = formatInTimeZone(createdMs, timeZone);
  const paidMs = createdMs + 5_000;
  const status = statusOf(order, input.nowMs);
  const total = minorToDecimal(order.totalMinor, order.currency);
  const hasUtm = order.utmSource !== null;
  const meta: { key: string; value: string }[] = [
    { key: "_wc_order_attribution_source_type", value: hasUtm ? "utm" : "typein" },
    ...(order.utmSource ? [{ key: "_wc_order_attribution_utm_source", value: order.utmSource }] : []),
    ...(order.utmMedium ? [{ key: "_wc_order_attribution_utm_medium", value: order.utmMedium }] : []),
    ...(order.utmCampaign ? [{ key: "_wc_order_attribution_utm_campaign", value: order.utmCampaign }] : []),
    { key: "_wc_order_attribution_session_entry", value: `https://${input.host}/` },
    { key: "_wc_order_attribution_device_type", value: Number(order.id) % 3 === 0 ? "Desktop" : "Mobile" },
  ];
  const id = Number(order.id);
  return {
    id,
    parent_id: 0,
    status,
    currency: order.currency,
    version: "10.3.0",
    prices_include_tax: false,
    date_created: local,
    date_created_gmt: gmt,
    date_modified: local,
    date_modified_gmt: gmt,
    discount_total: "0.00",
    discount_tax: "0.00",
    shipping_total: "0.00",
    shipping_tax: "0.00",
    cart_tax: "0.00",
    total,
    total_tax: "0.00",
    customer_id: 0,
    order_key: `wc_order_${createHash("sha256").update(order.id).digest("hex").slice(0, 13)}`,
    billing: { first_name: "", last_name: "", country: "US", email: `customer-${id}@example.com` },
    shipping: { first_name: "", last_name: "", country: "US" },
    payment_method: "stripe",
    payment_method_title: "Credit card",
    transaction_id: `pi_${id}`,
    created_via: "checkout",
    customer_note: "",
    date_paid: formatInTimeZone(paidMs, timeZone),
    date_paid_gmt: toGmt(new Date(paidMs).toISOString()),
    date_completed: status === "completed" ? local : null,
    date_completed_gmt: status === "completed" ? gmt : null,
    cart_hash: "",
    number: String(order.number),
    meta_data: meta.map((entry, index) => ({ id: id * 10 + index, ...entry })),
    line_items: [
      {
        id: id * 10,
        name: "Sandbox product",
        product_id: 1,
        variation_id: 0,
        quantity: 1,
        subtotal: total,
        subtotal_tax: "0.00",
        total,
        total_tax: "0.00",
        sku: "SANDBOX-1",
        price: Number(total),
      },
    ],
    tax_lines: [],
    shipping_lines: [],
    fee_lines: [],
    coupon_lines: [],
    refunds:
      order.refundedMinor > 0
        ? [{ id: id * 10 + 9, reason: "", total: `-${minorToDecimal(order.refundedMinor, order.currency)}` }]
        : [],
    currency_symbol: currencySymbolOf(order.currency),
    _links: {
      self: [{ href: `${input.ordersUrl}/${id}` }],
      collection: [{ href: input.ordersUrl }],
    },
  };
}

export function createWooCommerceSandbox(kit: SandboxKit): Hono {
  // Env variables carry the keys' tenant from the auth middleware to the API handlers.
  const app = new Hono<ApiEnv>();

  async function sandboxNowMs(): Promise<number> {
    return Date.parse(`${await kit.engine.today()}T00:00:00Z`) + (Date.now() % DAY_MS);
  }

  // --- Key provisioning ---------------------------------------------------------------------

  app.get("/:host/wc-auth/v1/authorize", (c) => {
    for (const name of ["app_name", "user_id", "return_url", "callback_url", "scope"]) {
      if (!c.req.query(name)) return wpDiePage(c, `Missing parameter ${name}`);
    }
    const scope = c.req.query("scope") ?? "";
    if (!SCOPES.has(scope)) return wpDiePage(c, `Invalid scope ${scope}`);
    const returnUrl = c.req.query("return_url") ?? "";
    const callbackUrl = c.req.query("callback_url") ?? "";
    if (!kit.isAppCallback(PLATFORM, returnUrl)) return wpDiePage(c, "The return_url is not a valid URL for this app");
    if (!kit.isAppCallback(PLATFORM, callbackUrl, "keys"))
      return wpDiePage(c, "The callback_url is not a valid URL for this app");
    return kit.consent.render(c, {
      platform: PLATFORM,
      clientId: c.req.query("app_name") ?? "",
      redirectUri: returnUrl,
      state: c.req.query("user_id") ?? "",
      scope,
      store: c.req.param("host"),
      extra: { callbackUrl },
    });
  });

  app.post(
    "/consent",
    kit.consent.handler(async (decision) => {
      const back = (success: boolean) =>
        withQuery(decision.redirectUri, { success: success ? "1" : "0", user_id: decision.state });
      if (!decision.isAllowed) return back(false);
      const callbackUrl = decision.extra?.callbackUrl;
      // The form is signed, but the server-side POST is checked again where it is made.
      if (!callbackUrl || !kit.isAppCallback(PLATFORM, callbackUrl, "keys")) return back(false);
      // The consumer key is a non-expiring access token and the secret a refresh token of the
      // same grant, so faults and revocation reach them like any other credential.
      const issued = kit.credentials.issueTokens({
        tenant: decision.tenant,
        platform: PLATFORM,
        accessTtlSeconds: null,
        withRefreshToken: true,
      });
      try {
        const response = await fetch(callbackUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            key_id: randomInt(1, 1_000_000),
            user_id: decision.state,
            consumer_key: issued.accessToken,
            consumer_secret: issued.refreshToken,
            key_permissions: decision.scope ?? "read",
          }),
          redirect: "manual",
          signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
        });
        await response.body?.cancel();
        return back(response.ok);
      } catch {
        return back(false);
      }
    }),
  );

  // --- REST API -----------------------------------------------------------------------------

  // Routes sit on this app itself: a sub-app mounted at /:host/wp-json could not serve /wp-json/.
  app.use("/:host/wp-json/*", async (c, next) => {
    let key = c.req.query("consumer_key") ?? "";
    let secret = c.req.query("consumer_secret") ?? "";
    const authorization = c.req.header("Authorization") ?? "";
    if (authorization.startsWith("Basic ")) {
      const decoded = Buffer.from(authorization.slice(6), "base64").toString();
      const colon = decoded.indexOf(":");
      key = colon === -1 ? decoded : decoded.slice(0, colon);
      secret = colon === -1 ? "" : decoded.slice(colon + 1);
    }
    if (!key) return wpError(c, 401, "woocommerce_rest_cannot_view", "Sorry, you cannot list resources.");
    const keyCheck = await kit.credentials.checkAccessToken(key, PLATFORM);
    if (!keyCheck.ok) return wpError(c, 401, "woocommerce_rest_authentication_error", "Consumer key is invalid.");
    const secretCheck = await kit.credentials.checkRefreshToken(secret, PLATFORM);
    if (!secretCheck.ok || secretCheck.tenant !== keyCheck.tenant)
      return wpError(c, 401, "woocommerce_rest_authentication_error", "Consumer secret is invalid.");
    const fault = await kit.faults.take({ tenant: keyCheck.tenant, platform: PLATFORM });
    if (fault === "throttle") {
      // Stores have no rate limit of their own; this is what a host's limiter in front answers.
      c.header("Retry-After", "2");
      return wpError(c, 429, "rest_too_many_requests", "Too many requests. Please try again later.");
    }
    if (fault === "server_error") {
      return c.json(
        {
          code: "internal_server_error",
          message: "<p>There has been a critical error on this website.</p>",
          data: { status: 500 },
          additional_errors: [],
        },
        500,
      );
    }
    c.set("tenant", keyCheck.tenant);
    await next();
  });

  const index = (c: Context<ApiEnv>) => {
    const store = kit.engine.describeStore(c.get("tenant"), PLATFORM);
    const host = c.req.param("host") ?? "";
    return c.json({
      name: store.name,
      description: "",
      url: `https://${host}`,
      home: `https://${host}`,
      gmt_offset: zoneOffsetMs(Date.now(), store.timeZone) / 3_600_000,
      timezone_string: store.timeZone,
      namespaces: ["oembed/1.0", "wc/store/v1", "wc/v3", "wp/v2"],
      authentication: {},
      routes: {},
    });
  };
  app.get("/:host/wp-json/", index);
  app.get("/:host/wp-json", index);

  app.get("/:host/wp-json/wc/v3/data/currencies/current", (c) => {
    const { currency } = kit.engine.describeStore(c.get("tenant"), PLATFORM);
    return c.json({
      code: currency,
      name: new Intl.DisplayNames(["en"], { type: "currency" }).of(currency) ?? currency,
      symbol: currencySymbolOf(currency),
      _links: { collection: [{ href: new URL(c.req.url).href.replace(/\/current$/, "") }] },
    });
  });

  app.get("/:host/wp-json/wc/v3/orders", async (c) => {
    const tenant = c.get("tenant");
    const store = kit.engine.describeStore(tenant, PLATFORM);
    const query = (name: string) => c.req.query(name);

    const perPage = query("per_page") === undefined ? 10 : Number(query("per_page"));
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
      return invalidParam(c, "per_page", "per_page must be between 1 (inclusive) and 100 (inclusive)");
    const page = query("page") === undefined ? 1 : Number(query("page"));
    if (!Number.isInteger(page) || page < 1) return invalidParam(c, "page", "page must be greater than or equal to 1");
    const isGmt = ["true", "1"].includes(query("dates_are_gmt") ?? "");
    const readBound = (name: string): number | null | "invalid" => {
      const value = query(name);
      if (value === undefined) return null;
      if (!DATE_TIME.test(value)) return "invalid";
      const hasZone = /(Z|[+-]\d{2}:\d{2})$/.test(value);
      const ms = hasZone
        ? Date.parse(value)
        : isGmt
          ? Date.parse(`${value}Z`)
          : zonedTimeToUtcMs(value, store.timeZone);
      return Number.isNaN(ms) ? "invalid" : Math.floor(ms / 1000) * 1000;
    };
    const after = readBound("after");
    if (after === "invalid") return invalidParam(c, "after", "Invalid date.");
    const before = readBound("before");
    if (before === "invalid") return invalidParam(c, "before", "Invalid date.");
    const statuses = (query("status") ?? "any").split(",").map((status) => status.trim());
    const badStatus = statuses.findIndex((status) => !ORDER_STATUSES.has(status));
    if (badStatus !== -1)
      return invalidParam(c, "status", `status[${badStatus}] is not one of ${[...ORDER_STATUSES].join(", ")}.`);
    const orderBy = query("orderby") ?? "date";
    if (!ORDER_BYS.has(orderBy))
      return invalidParam(c, "orderby", `orderby is not one of ${[...ORDER_BYS].join(", ")}.`);
    const direction = query("order") ?? "desc";
    if (direction !== "asc" && direction !== "desc") return invalidParam(c, "order", "order is not one of asc, desc.");

    // after/before are exclusive and compared to the second, as in MySQL.
    const nowMs = await sandboxNowMs();
    const fromMs = after === null ? nowMs - DEFAULT_LOOKBACK_DAYS * DAY_MS : after + 1000;
    const toMs = before === null ? nowMs + 1 : before;
    // The orders are computed for the whole span before paging, so one listing may cover only so much.
    if (toMs - fromMs > MAX_ORDER_DAYS * DAY_MS)
      return invalidParam(
        c,
        after !== null ? "after" : "before",
        `after and before may be at most ${MAX_ORDER_DAYS} days apart (${DEFAULT_LOOKBACK_DAYS} days back without after).`,
      );
    const orders =
      fromMs < toMs
        ? await kit.engine.listOrders(tenant, PLATFORM, {
            from: new Date(fromMs).toISOString(),
            to: new Date(toMs).toISOString(),
          })
        : [];
    const isAnyStatus = statuses.includes("any");
    const matching = orders.filter((order) => isAnyStatus || statuses.includes(statusOf(order, nowMs)));
    const compare = (a: SimOrder, b: SimOrder) =>
      orderBy === "date" || orderBy === "modified"
        ? a.createdAt.localeCompare(b.createdAt) || Number(a.id) - Number(b.id)
        : Number(a.id) - Number(b.id);
    matching.sort((a, b) => (direction === "asc" ? compare(a, b) : compare(b, a)));

    const total = matching.length;
    const totalPages = Math.ceil(total / perPage);
    const requestUrl = new URL(c.req.url);
    const ordersUrl = `${requestUrl.origin}${requestUrl.pathname}`;
    const pageUrl = (number: number) => {
      const url = new URL(requestUrl);
      url.searchParams.set("page", String(number));
      return url.toString();
    };
    const links: string[] = [];
    if (page > 1 && totalPages > 0) links.push(`<${pageUrl(Math.min(page - 1, totalPages))}>; rel="prev"`);
    if (page < totalPages) links.push(`<${pageUrl(page + 1)}>; rel="next"`);
    c.header("X-WP-Total", String(total));
    c.header("X-WP-TotalPages", String(totalPages));
    if (links.length > 0) c.header("Link", links.join(", "));
    const host = c.req.param("host") ?? "";
    const slice = matching.slice((page - 1) * perPage, page * perPage);
    return c.json(slice.map((order) => toOrderJson(order, { host, timeZone: store.timeZone, nowMs, ordersUrl })));
  });

  app.all("/:host/wp-json/*", (c) =>
    wpError(c, 404, "rest_no_route", "No route was found matching the URL and request method."),
  );
  return new Hono().route("/", app);
}
