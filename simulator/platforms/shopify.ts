import { createHmac } from "node:crypto";
import { Hono } from "hono";
import type { SandboxKit, SimOrder } from "../sandbox-kit.ts";
import {
  ACCESS_TTL_SECONDS,
  BUCKET_SIZE,
  DAY_MS,
  decodeCursor,
  encodeCursor,
  escapeHtml,
  financialStatusOf,
  KNOWN_SCOPES,
  MAX_ORDERS_FIELDS,
  MAX_PAGE_SIZE,
  MAX_QUERY_COST,
  type OrdersResult,
  oauthErrorPage,
  PLATFORM,
  READ_ORDERS_DAYS,
  REFRESH_TTL_SECONDS,
  RESTORE_RATE,
  SCHEMA,
  SHOP_DOMAIN,
  SORT_KEYS,
  SUPPORTED_VERSIONS,
  signCallback,
  toOrderData,
} from "./shopify-common.ts";
import {
  computeQueryCost,
  type FieldNode,
  type GraphQLError,
  GraphQLRequestError,
  type OperationNode,
  parseGraphQL,
  projectSelection,
  readValue,
  validateOperation,
} from "./shopify-graphql.ts";
import {
  collectSearchWarnings,
  matchesSearch,
  parseShopifySearch,
  readCreatedAtWindow,
  type SearchNode,
  SearchSyntaxError,
  zoneOffsetMs,
} from "./shopify-search.ts";
import { registerShopifyUninstall } from "./shopify-uninstall.ts";

/**
 * The Shopify sandbox, mounted at /sandbox/shopify. Every shop lives under its domain, mirroring
 * https://{shop}/…: `/{shop}/admin/oauth/authorize` (consent), `POST /consent`,
 * `POST /{shop}/admin/oauth/access_token` (code grant with `expiring=1` → 1-hour offline token and
 * a 90-day refresh token that rotates; `grant_type=refresh_token`), and the GraphQL Admin API at
 * `POST /{shop}/admin/api/{version}/graphql.json` with X-Shopify-Access-Token, serving `shop` and
 * `orders` (cursor pagination, search syntax, cost extensions, THROTTLED, MAX_COST_EXCEEDED).
 * Any well-formed myshopify.com domain is the token's tenant's store. Grants are `read_orders`,
 * so orders older than 60 days are not visible, as on Shopify. The app uninstalls itself with
 * `DELETE /{shop}/admin/api_permissions/current.json` (shopify-uninstall.ts).
 */

export function createShopifySandbox(kit: SandboxKit): Hono {
  const app = new Hono();
  const credentials = () => kit.appCredentials(PLATFORM);

  /** The sandbox's present instant (the engine's clock may run ahead of the real one). */
  async function sandboxNowMs(): Promise<number> {
    return Date.parse(`${await kit.engine.today()}T00:00:00Z`) + (Date.now() % DAY_MS);
  }

  // --- OAuth ------------------------------------------------------------------------------

  app.get("/:shop/admin/oauth/authorize", (c) => {
    const shop = c.req.param("shop");
    if (!SHOP_DOMAIN.test(shop)) return c.text("Not Found", 404);
    const clientId = c.req.query("client_id") ?? "";
    const redirectUri = c.req.query("redirect_uri") ?? "";
    const scope = c.req.query("scope") ?? "";
    if (clientId !== credentials().clientId)
      return oauthErrorPage(c, "invalid_request: The client_id provided is invalid or does not belong to an app.");
    if (!redirectUri || !kit.isAppCallback(PLATFORM, redirectUri))
      return oauthErrorPage(c, "invalid_request: The redirect_uri is missing or not whitelisted.");
    const scopes = scope
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = scopes.find((name) => !KNOWN_SCOPES.has(name));
    if (scopes.length === 0 || unknown) return oauthErrorPage(c, `invalid_scope: ${unknown ?? "no scope requested"}`);
    const url = new URL(c.req.url);
    const shopBase = `${url.origin}${url.pathname.replace(/\/admin\/oauth\/authorize\/?$/, "")}`;
    return kit.consent.render(c, {
      platform: PLATFORM,
      clientId,
      redirectUri,
      state: c.req.query("state") ?? "",
      scope: scopes.join(","),
      store: shop,
      extra: { shopBase },
    });
  });

  app.post(
    "/consent",
    kit.consent.handler((decision) => {
      const shop = decision.store ?? "";
      const shopBase = decision.extra?.shopBase ?? `https://${shop}`;
      // Cancelling an install stays in the shop's admin: the app hears nothing.
      if (!decision.isAllowed) return `${shopBase}/admin/apps`;
      const code = kit.credentials.issueCode({
        tenant: decision.tenant,
        platform: PLATFORM,
        clientId: decision.clientId,
        redirectUri: decision.redirectUri,
      });
      const name = SHOP_DOMAIN.exec(shop)?.[1] ?? shop;
      const params: Record<string, string> = {
        code,
        host: Buffer.from(`admin.shopify.com/store/${name}`).toString("base64url"),
        shop,
        state: decision.state,
        timestamp: String(Math.floor(Date.now() / 1000)),
      };
      const url = new URL(decision.redirectUri);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      url.searchParams.set("hmac", signCallback(Object.fromEntries(url.searchParams), credentials().clientSecret));
      return url.toString();
    }),
  );

  app.get("/:shop/admin/apps", (c) =>
    c.html(
      `<!doctype html><html lang="en"><head><title>Apps · ${escapeHtml(c.req.param("shop"))}</title></head><body><main><h1>Apps</h1><p>The app was not installed.</p></main></body></html>`,
    ),
  );

  app.post("/:shop/admin/oauth/access_token", async (c) => {
    if (!SHOP_DOMAIN.test(c.req.param("shop"))) return c.json({ errors: "Not Found" }, 404);
    const isJson = (c.req.header("content-type") ?? "").includes("json");
    const body = (isJson ? await c.req.json().catch(() => ({})) : await c.req.parseBody().catch(() => ({}))) as Record<
      string,
      unknown
    >;
    const field = (name: string) => (body[name] === undefined || body[name] === null ? "" : String(body[name]));
    const oauthError = (status: 400 | 401, error: string, description: string) =>
      c.json({ error, error_description: description }, status);
    if (field("client_id") !== credentials().clientId || field("client_secret") !== credentials().clientSecret)
      return oauthError(
        401,
        "invalid_client",
        "Client authentication failed: unknown client_id or wrong client_secret.",
      );

    if (field("grant_type") === "refresh_token") {
      const check = await kit.credentials.checkRefreshToken(field("refresh_token"), PLATFORM);
      if (!check.ok) return oauthError(400, "invalid_grant", "The refresh token is invalid, expired or revoked.");
      const issued = kit.credentials.issueTokens({
        tenant: check.tenant,
        platform: PLATFORM,
        accessTtlSeconds: ACCESS_TTL_SECONDS,
        withRefreshToken: true,
      });
      return c.json({
        access_token: issued.accessToken,
        scope: "read_orders",
        expires_in: ACCESS_TTL_SECONDS,
        refresh_token: issued.refreshToken,
        refresh_token_expires_in: REFRESH_TTL_SECONDS,
      });
    }
    if (field("grant_type") && field("grant_type") !== "authorization_code")
      return oauthError(400, "unsupported_grant_type", `The grant_type ${field("grant_type")} is not supported.`);

    const tenant = kit.credentials.redeemCode(field("code"), { platform: PLATFORM, clientId: field("client_id") });
    if (!tenant) return oauthError(400, "invalid_request", "The authorization code was not found or was already used.");
    const isExpiring = ["1", "true"].includes(field("expiring"));
    const issued = kit.credentials.issueTokens({
      tenant,
      platform: PLATFORM,
      accessTtlSeconds: isExpiring ? ACCESS_TTL_SECONDS : null,
      withRefreshToken: isExpiring,
    });
    if (!isExpiring) return c.json({ access_token: issued.accessToken, scope: "read_orders" });
    return c.json({
      access_token: issued.accessToken,
      scope: "read_orders",
      expires_in: ACCESS_TTL_SECONDS,
      refresh_token: issued.refreshToken,
      refresh_token_expires_in: REFRESH_TTL_SECONDS,
    });
  });

  registerShopifyUninstall(app, kit);

  // --- GraphQL Admin API ----------------------------------------------------------------------

  app.post("/:shop/admin/api/:version/graphql.json", async (c) => {
    const shop = c.req.param("shop");
    if (!SHOP_DOMAIN.test(shop) || !SUPPORTED_VERSIONS.has(c.req.param("version")))
      return c.json({ errors: "Not Found" }, 404);
    const token = c.req.header("X-Shopify-Access-Token") ?? "";
    const check = token ? await kit.credentials.checkAccessToken(token, PLATFORM) : null;
    if (!check?.ok)
      return c.json({ errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" }, 401);
    const tenant = check.tenant;

    const body = (await c.req.json().catch(() => null)) as {
      query?: unknown;
      variables?: unknown;
      operationName?: unknown;
    } | null;
    if (!body || typeof body.query !== "string")
      return c.json({ errors: { query: "Required parameter missing or invalid" } }, 400);
    const variables =
      body.variables && typeof body.variables === "object" ? { ...(body.variables as Record<string, unknown>) } : {};

    let operation: OperationNode;
    try {
      operation = parseGraphQL(body.query, typeof body.operationName === "string" ? body.operationName : null);
    } catch (error) {
      if (error instanceof GraphQLRequestError) return c.json({ errors: error.errors });
      throw error;
    }
    const validationErrors = validateOperation(SCHEMA, "QueryRoot", operation);
    for (const variable of operation.variables) {
      if (variables[variable.name] === undefined && variable.defaultValue)
        variables[variable.name] = readValue(variable.defaultValue, {});
      if (variable.type.endsWith("!") && (variables[variable.name] === undefined || variables[variable.name] === null))
        validationErrors.push({
          message: `Variable $${variable.name} of type ${variable.type} was provided invalid value`,
          extensions: {
            code: "INVALID_VARIABLE",
            value: null,
            problems: [{ path: [], explanation: "Expected value to not be null" }],
          },
        });
    }
    if (validationErrors.length > 0) return c.json({ errors: validationErrors });
    // Each orders field computes its window's orders, and first: 0 costs next to nothing, so
    // aliases are counted here rather than left to the query cost.
    const ordersFields = operation.selections.filter((field) => field.name === "orders");
    if (ordersFields.length > MAX_ORDERS_FIELDS)
      return c.json({
        errors: ordersFields.slice(MAX_ORDERS_FIELDS).map((field) => ({
          message: `A query may select orders at most ${MAX_ORDERS_FIELDS} times.`,
          locations: [{ line: field.line, column: field.column }],
          path: [field.alias ?? field.name],
          extensions: { code: "BAD_REQUEST" },
        })),
      });

    const requestedQueryCost = computeQueryCost(SCHEMA, "QueryRoot", operation.selections, variables);
    if (requestedQueryCost > MAX_QUERY_COST)
      return c.json({
        errors: [
          {
            message: `Query cost is ${requestedQueryCost}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
            extensions: { code: "MAX_COST_EXCEEDED", cost: requestedQueryCost, maxCost: MAX_QUERY_COST },
          },
        ],
      });

    const fault = await kit.faults.take({ tenant, platform: PLATFORM });
    if (fault === "throttle") {
      // The bucket holds less than this query needs; the cost extension tells how long to wait.
      return c.json({
        errors: [
          {
            message: "Throttled",
            extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
          },
        ],
        extensions: {
          cost: {
            requestedQueryCost,
            actualQueryCost: null,
            throttleStatus: {
              maximumAvailable: BUCKET_SIZE,
              currentlyAvailable: Math.floor(requestedQueryCost * 0.4),
              restoreRate: RESTORE_RATE,
            },
          },
        },
      });
    }
    if (fault === "server_error") return c.json({ errors: "Internal Server Error" }, 500);

    const data: Record<string, unknown> = {};
    const errors: GraphQLError[] = [];
    const searchExtensions: Record<string, unknown>[] = [];
    for (const field of operation.selections) {
      const key = field.alias ?? field.name;
      if (field.name === "__typename") {
        data[key] = "QueryRoot";
      } else if (field.name === "shop") {
        data[key] = projectSelection(SCHEMA, describeShop(tenant, shop), field.selections ?? [], "Shop");
      } else if (field.name === "orders") {
        const result = await resolveOrders(tenant, shop, field, variables);
        if (!result.ok) {
          errors.push(...result.errors);
          continue;
        }
        data[key] = projectSelection(SCHEMA, result.data, field.selections ?? [], "OrderConnection");
        if (result.search) searchExtensions.push(result.search);
      }
    }
    if (errors.length > 0) return c.json({ errors });
    return c.json({
      data,
      extensions: {
        cost: {
          requestedQueryCost,
          actualQueryCost: requestedQueryCost,
          throttleStatus: {
            maximumAvailable: BUCKET_SIZE,
            currentlyAvailable: BUCKET_SIZE - requestedQueryCost,
            restoreRate: RESTORE_RATE,
          },
        },
        ...(searchExtensions.length > 0 ? { search: searchExtensions } : {}),
      },
    });
  });

  function describeShop(tenant: string, shop: string) {
    const store = kit.engine.describeStore(tenant, PLATFORM);
    const offsetMinutes = Math.round(zoneOffsetMs(Date.now(), store.timeZone) / 60_000);
    const abbreviation =
      new Intl.DateTimeFormat("en-US", { timeZone: store.timeZone, timeZoneName: "short" })
        .formatToParts(new Date())
        .find((part) => part.type === "timeZoneName")?.value ?? "UTC";
    return {
      id: `gid://shopify/Shop/${Number.parseInt(createHmac("sha256", shop).digest("hex").slice(0, 8), 16)}`,
      name: store.name,
      email: `owner@${shop}`,
      myshopifyDomain: shop,
      currencyCode: store.currency,
      ianaTimezone: store.timeZone,
      timezoneAbbreviation: abbreviation,
      timezoneOffsetMinutes: offsetMinutes,
    };
  }

  async function resolveOrders(
    tenant: string,
    shop: string,
    field: FieldNode,
    variables: Record<string, unknown>,
  ): Promise<OrdersResult> {
    const argument = (name: string) => {
      const node = field.args.get(name);
      return node ? readValue(node, variables) : null;
    };
    const fail = (message: string, extensions: Record<string, unknown> = {}): OrdersResult => ({
      ok: false,
      errors: [{ message, locations: [{ line: field.line, column: field.column }], path: ["orders"], extensions }],
    });
    if (argument("last") !== null || argument("before") !== null)
      return fail("This sandbox pages forwards only: use first and after.");
    const first = argument("first");
    if (typeof first !== "number" || !Number.isInteger(first))
      return fail("you must provide one of first or last", { code: "BAD_REQUEST" });
    if (first < 0 || first > MAX_PAGE_SIZE)
      return fail(`The first argument must be between 0 and ${MAX_PAGE_SIZE}.`, { code: "BAD_REQUEST" });
    const sortKey = (argument("sortKey") as string | null) ?? "ID";
    if (!SORT_KEYS.has(sortKey))
      return fail(
        `Argument 'sortKey' on Field 'orders' has an invalid value (${sortKey}). Expected type 'OrderSortKeys'.`,
        {
          code: "argumentLiteralsIncompatible",
        },
      );
    const isReversed = argument("reverse") === true;
    const queryText = (argument("query") as string | null) ?? "";

    const store = kit.engine.describeStore(tenant, PLATFORM);
    let search: SearchNode;
    try {
      search = parseShopifySearch(queryText);
    } catch (error) {
      if (error instanceof SearchSyntaxError)
        return fail(`Invalid search query: ${error.message}`, { code: "BAD_REQUEST" });
      throw error;
    }

    // read_orders sees the last 60 days only; the search may narrow the window further.
    const nowMs = await sandboxNowMs();
    const window = readCreatedAtWindow(search, store.timeZone);
    const fromMs = Math.max(nowMs - READ_ORDERS_DAYS * DAY_MS, window.fromMs ?? Number.NEGATIVE_INFINITY);
    const toMs = Math.min(nowMs + 1, window.toMs ?? Number.POSITIVE_INFINITY);
    const orders =
      fromMs < toMs
        ? await kit.engine.listOrders(tenant, PLATFORM, {
            from: new Date(fromMs).toISOString(),
            to: new Date(toMs).toISOString(),
          })
        : [];
    const matching = orders.filter((order) =>
      matchesSearch(
        search,
        {
          createdAtMs: Date.parse(order.createdAt),
          financialStatus: financialStatusOf(order).toLowerCase(),
          name: `#${order.number}`,
        },
        store.timeZone,
      ),
    );
    const compare = (a: SimOrder, b: SimOrder) =>
      sortKey === "ID"
        ? Number(a.id) - Number(b.id)
        : a.createdAt.localeCompare(b.createdAt) || Number(a.id) - Number(b.id);
    matching.sort((a, b) => (isReversed ? compare(b, a) : compare(a, b)));

    const after = argument("after");
    let start = 0;
    if (typeof after === "string") {
      const cursor = decodeCursor(after);
      if (!cursor) return fail("Invalid cursor for current pagination sort.", { code: "BAD_REQUEST" });
      const pivot = { id: String(cursor.id), createdAt: cursor.createdAt } as SimOrder;
      start = matching.findIndex((order) => (isReversed ? compare(pivot, order) : compare(order, pivot)) > 0);
      if (start === -1) start = matching.length;
    }
    const page = matching.slice(start, start + first);
    const edges = page.map((order) => ({ cursor: encodeCursor(order), node: toOrderData(order, shop) }));
    const data = {
      edges,
      nodes: edges.map((edge) => edge.node),
      pageInfo: {
        hasNextPage: start + first < matching.length,
        hasPreviousPage: start > 0,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
    };
    const warnings = collectSearchWarnings(search, store.timeZone);
    return {
      ok: true,
      data,
      search: warnings.length > 0 ? { path: ["orders"], query: queryText, warnings } : null,
    };
  }

  return app;
}
