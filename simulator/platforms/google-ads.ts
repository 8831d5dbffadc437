import { createHash, randomBytes } from "node:crypto";
import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { currencyExponent, minorToMicros } from "../../connectors/money-units.ts";
import type { SandboxKit, SimAccount, SimCampaign, SimDailyMetric } from "../sandbox-kit.ts";
import { type GaqlQuery, parseGaql, toFieldMaskPath } from "./google-ads-gaql.ts";

/**
 * The Google Ads sandbox, mounted at /sandbox/google-ads: Google's OAuth consent and token
 * endpoints (/o/oauth2/v2/auth, /token) and the Ads API REST v26 (/v26/…) with its real shapes:
 * int64 as strings, money in micros, GAQL, `:search` pages of 10,000 rows with nextPageToken,
 * `:searchStream` as a JSON array of batches, and Google's Status + GoogleAdsFailure errors.
 */

const PLATFORM = "google-ads";
const API_VERSION = "v26";
const SCOPE = "https://www.googleapis.com/auth/adwords";
const ACCESS_TOKEN_SECONDS = 3600;
const FAILURE_TYPE = `type.googleapis.com/google.ads.googleads.${API_VERSION}.errors.GoogleAdsFailure`;

export interface GoogleAdsSandboxOptions {
  /** Rows per `:search` page and per `:searchStream` batch; Google's is a fixed 10,000. Tests lower it. */
  pageSize?: number;
}

type GoogleRow = Record<string, Record<string, unknown>>;
interface AdsFailure {
  errorCode: Record<string, string>;
  message: string;
  details?: Record<string, unknown>;
  location?: { fieldPathElements: { fieldName: string; index?: number }[] };
}

export function createGoogleAdsSandbox(kit: SandboxKit, options: GoogleAdsSandboxOptions = {}): Hono {
  const pageSize = options.pageSize ?? 10_000;
  const app = new Hono();

  // ------------------------------------------------------------------------------------------
  // OAuth: the consent page and the token endpoint.

  app.get("/o/oauth2/v2/auth", (c) => {
    const query = c.req.query();
    const credentials = kit.appCredentials(PLATFORM);
    if (!query.client_id || query.client_id !== credentials.clientId) {
      return renderOAuthError(c, 401, "invalid_client", "The OAuth client was not found.");
    }
    if (!query.redirect_uri) {
      return renderOAuthError(c, 400, "invalid_request", "Missing required parameter: redirect_uri");
    }
    if (!isHttpUrl(query.redirect_uri)) {
      return renderOAuthError(c, 400, "redirect_uri_mismatch", "The redirect URI in the request does not match.");
    }
    if (!query.response_type) {
      return renderOAuthError(c, 400, "invalid_request", "Missing required parameter: response_type");
    }
    if (query.response_type !== "code") {
      return renderOAuthError(c, 400, "unsupported_response_type", `Invalid response_type: ${query.response_type}`);
    }
    if (!query.scope) return renderOAuthError(c, 400, "invalid_request", "Missing required parameter: scope");
    if (!query.scope.split(" ").includes(SCOPE)) {
      return renderOAuthError(c, 400, "invalid_scope", "Some requested scopes were invalid.");
    }
    return kit.consent.render(c, {
      platform: PLATFORM,
      clientId: query.client_id,
      redirectUri: query.redirect_uri,
      state: query.state ?? "",
      scope: query.scope,
    });
  });

  app.post(
    "/consent",
    kit.consent.handler((decision) => {
      const target = new URL(decision.redirectUri);
      if (decision.state) target.searchParams.set("state", decision.state);
      if (decision.isAllowed) {
        const code = kit.credentials.issueCode({
          tenant: decision.tenant,
          platform: PLATFORM,
          clientId: decision.clientId,
          redirectUri: decision.redirectUri,
        });
        target.searchParams.set("code", code);
        target.searchParams.set("scope", decision.scope ?? SCOPE);
      } else {
        target.searchParams.set("error", "access_denied");
        target.searchParams.set("error_description", "The user denied access to the application.");
      }
      return target.toString();
    }),
  );

  app.post("/token", async (c) => {
    c.header("cache-control", "no-store");
    const form = await readForm(c);
    const credentials = kit.appCredentials(PLATFORM);
    const basic = readBasicCredentials(c.req.header("authorization"));
    const clientId = form.client_id ?? basic?.id;
    const clientSecret = form.client_secret ?? basic?.secret;
    if (!clientId || clientId !== credentials.clientId) {
      return c.json({ error: "invalid_client", error_description: "The OAuth client was not found." }, 401);
    }
    if (clientSecret !== credentials.clientSecret) {
      return c.json({ error: "invalid_client", error_description: "Unauthorized" }, 401);
    }
    if (form.grant_type === "authorization_code") {
      if (!form.code)
        return c.json({ error: "invalid_request", error_description: "Missing required parameter: code" }, 400);
      const tenant = kit.credentials.redeemCode(form.code, {
        platform: PLATFORM,
        clientId,
        redirectUri: form.redirect_uri ?? "",
      });
      if (!tenant) return c.json({ error: "invalid_grant", error_description: "Bad Request" }, 400);
      const issued = kit.credentials.issueTokens({
        tenant,
        platform: PLATFORM,
        accessTtlSeconds: ACCESS_TOKEN_SECONDS,
        withRefreshToken: true,
      });
      return c.json({
        access_token: issued.accessToken,
        expires_in: issued.expiresIn ?? ACCESS_TOKEN_SECONDS,
        refresh_token: issued.refreshToken,
        scope: SCOPE,
        token_type: "Bearer",
      });
    }
    if (form.grant_type === "refresh_token") {
      if (!form.refresh_token) {
        return c.json(
          { error: "invalid_request", error_description: "Missing required parameter: refresh_token" },
          400,
        );
      }
      const check = await kit.credentials.checkRefreshToken(form.refresh_token, PLATFORM);
      if (!check.ok) {
        return c.json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, 400);
      }
      // Google keeps the refresh token: a refresh only issues a new access token.
      const issued = kit.credentials.issueTokens({
        tenant: check.tenant,
        platform: PLATFORM,
        accessTtlSeconds: ACCESS_TOKEN_SECONDS,
        withRefreshToken: false,
      });
      return c.json({
        access_token: issued.accessToken,
        expires_in: issued.expiresIn ?? ACCESS_TOKEN_SECONDS,
        scope: SCOPE,
        token_type: "Bearer",
      });
    }
    return c.json(
      { error: "unsupported_grant_type", error_description: `Invalid grant_type: ${form.grant_type ?? ""}` },
      400,
    );
  });

  // ------------------------------------------------------------------------------------------
  // The Ads API. Paths contain colons (customers:listAccessibleCustomers), so they are matched
  // here rather than by the router, which reads a colon as a parameter.

  app.on(["GET", "POST"], `/${API_VERSION}/*`, async (c) => {
    const path = c.req.path;
    const listMatch = /\/customers:listAccessibleCustomers$/.exec(path);
    const customerMatch =
      /\/customers\/([^/]+)\/(googleAds:search|googleAds:searchStream|campaigns:mutate|campaignBudgets:mutate)$/.exec(
        path,
      );
    const expectedMethod = listMatch ? "GET" : "POST";
    if ((!listMatch && !customerMatch) || c.req.method !== expectedMethod) {
      return statusError(c, 404, "NOT_FOUND", "Method not found.");
    }

    const token = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    if (!token) {
      return statusError(
        c,
        401,
        "UNAUTHENTICATED",
        "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
        [
          {
            errorCode: { authenticationError: "OAUTH_TOKEN_HEADER_INVALID" },
            message: "Oauth token header is invalid.",
          },
        ],
      );
    }
    const check = await kit.credentials.checkAccessToken(token, PLATFORM);
    if (!check.ok) {
      const reason = { invalid: "OAUTH_TOKEN_INVALID", expired: "OAUTH_TOKEN_EXPIRED", revoked: "OAUTH_TOKEN_REVOKED" };
      const words = { invalid: "invalid", expired: "expired", revoked: "revoked" };
      return statusError(
        c,
        401,
        "UNAUTHENTICATED",
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
        [
          {
            errorCode: { authenticationError: reason[check.reason] },
            message: `Oauth token is ${words[check.reason]}.`,
          },
        ],
      );
    }
    const tenant = check.tenant;

    const fault = await kit.faults.take({ tenant, platform: PLATFORM });
    if (fault === "throttle") {
      return statusError(c, 429, "RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota).", [
        {
          errorCode: { quotaError: "RESOURCE_TEMPORARILY_EXHAUSTED" },
          message: "Too many requests. Retry in 1 seconds.",
          details: {
            quotaErrorDetails: { rateScope: "ACCOUNT", rateName: "Requests per account per second", retryDelay: "1s" },
          },
        },
      ]);
    }
    if (fault === "server_error") {
      return statusError(c, 500, "INTERNAL", "Internal error encountered.", [
        { errorCode: { internalError: "INTERNAL_ERROR" }, message: "An internal error has occurred." },
      ]);
    }

    const accounts = kit.engine.listAccounts(tenant, PLATFORM);
    if (listMatch) {
      return c.json({ resourceNames: accounts.map((account) => `customers/${account.id}`) });
    }

    const [, customerId = "", operation = ""] = customerMatch ?? [];
    if (!/^\d+$/.test(customerId)) {
      return statusError(c, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.", [
        { errorCode: { requestError: "INVALID_CUSTOMER_ID" }, message: "Invalid customer ID." },
      ]);
    }
    const account = accounts.find((candidate) => candidate.id === customerId);
    if (!account) {
      return statusError(c, 403, "PERMISSION_DENIED", "The caller does not have permission", [
        {
          errorCode: { authorizationError: "USER_PERMISSION_DENIED" },
          message:
            "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
        },
      ]);
    }

    const body = await c.req.json().catch(() => undefined);
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return statusError(c, 400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
    }
    const request = body as Record<string, unknown>;
    if (operation === "googleAds:search" || operation === "googleAds:searchStream") {
      return runQuery(c, tenant, account, request, operation === "googleAds:searchStream");
    }
    return runMutate(c, tenant, account, request, operation === "campaigns:mutate" ? "campaigns" : "campaignBudgets");
  });

  // ------------------------------------------------------------------------------------------

  async function runQuery(
    c: Context,
    tenant: string,
    account: SimAccount,
    request: Record<string, unknown>,
    isStream: boolean,
  ) {
    if (typeof request.query !== "string" || !request.query.trim()) {
      return statusError(c, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.", [
        { errorCode: { queryError: "QUERY_ERROR" }, message: "The query is empty." },
      ]);
    }
    if (!isStream && request.pageSize !== undefined) {
      return statusError(c, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.", [
        {
          errorCode: { requestError: "PAGE_SIZE_NOT_SUPPORTED" },
          message:
            "Setting the page size is not supported. Search Responses will have fixed page size of '10000' rows.",
        },
      ]);
    }
    const parsed = parseGaql(request.query);
    if (!parsed.ok) {
      return statusError(c, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.", [
        { errorCode: { queryError: parsed.code }, message: parsed.message },
      ]);
    }
    const query = parsed.query;
    const rows = await selectRows(tenant, account, query);
    const fieldMask = query.fields.map(toFieldMaskPath).join(",");
    const requestId = newRequestId();

    if (isStream) {
      const batches = [];
      for (let start = 0; start < rows.length; start += pageSize) {
        batches.push({ results: rows.slice(start, start + pageSize), fieldMask, requestId });
      }
      // An empty result is still one batch, with no results field (proto3 omits empty lists).
      return c.json(batches.length > 0 ? batches : [{ fieldMask, requestId }]);
    }

    const queryKey = hashOf(request.query);
    let offset = 0;
    if (request.pageToken !== undefined) {
      const decoded = readPageToken(request.pageToken, queryKey);
      if (decoded === null) {
        return statusError(c, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.", [
          { errorCode: { requestError: "INVALID_PAGE_TOKEN" }, message: "Page token is invalid." },
        ]);
      }
      offset = decoded;
    }
    const page = rows.slice(offset, offset + pageSize);
    const nextOffset = offset + pageSize;
    return c.json({
      ...(page.length > 0 ? { results: page } : {}),
      ...(nextOffset < rows.length ? { nextPageToken: writePageToken(queryKey, nextOffset) } : {}),
      fieldMask,
      requestId,
    });
  }

  async function selectRows(tenant: string, account: SimAccount, query: GaqlQuery): Promise<GoogleRow[]> {
    if (query.resource === "customer") {
      return [serializeRow(query.fields, account, null, null)].slice(0, query.limit ?? 1);
    }
    const campaigns = await kit.engine.listCampaigns(tenant, PLATFORM, account.id);
    const matching = campaigns.filter((campaign) => query.campaignId === null || campaign.id === query.campaignId);
    let rows: GoogleRow[];
    if (query.dateRange) {
      const byId = new Map(matching.map((campaign) => [campaign.id, campaign]));
      const metrics = await kit.engine.dailyMetrics(tenant, PLATFORM, account.id, query.dateRange);
      rows = metrics.flatMap((metric) => {
        const campaign = byId.get(metric.campaignId);
        return campaign ? [serializeRow(query.fields, account, campaign, metric)] : [];
      });
    } else {
      rows = matching.map((campaign) => serializeRow(query.fields, account, campaign, null));
    }
    return query.limit === null ? rows : rows.slice(0, query.limit);
  }

  async function runMutate(
    c: Context,
    tenant: string,
    account: SimAccount,
    request: Record<string, unknown>,
    service: "campaigns" | "campaignBudgets",
  ) {
    const operations = Array.isArray(request.operations) ? (request.operations as unknown[]) : [];
    if (operations.length === 0) {
      return mutateError(c, [{ errorCode: { mutateError: "EMPTY_OPERATIONS" }, message: "No operations were given." }]);
    }
    const campaigns = await kit.engine.listCampaigns(tenant, PLATFORM, account.id);
    const changes: (() => Promise<boolean>)[] = [];
    const results: { resourceName: string }[] = [];
    const failures: AdsFailure[] = [];

    operations.forEach((raw, index) => {
      const operation = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
      const update = (
        typeof operation.update === "object" && operation.update !== null ? operation.update : {}
      ) as Record<string, unknown>;
      const mask = typeof operation.updateMask === "string" ? operation.updateMask.split(",").map((p) => p.trim()) : [];
      const at = (...path: string[]) => ({
        fieldPathElements: [{ fieldName: "operations", index }, ...path.map((fieldName) => ({ fieldName }))],
      });
      const resourceName = typeof update.resourceName === "string" ? update.resourceName : "";

      if (service === "campaigns") {
        const id = new RegExp(`^customers/${account.id}/campaigns/(\\d+)$`).exec(resourceName)?.[1];
        const campaign = campaigns.find((candidate) => candidate.id === id);
        if (!campaign) {
          failures.push(notFound(at("update", "resource_name")));
          return;
        }
        if (mask.length !== 1 || mask[0] !== "status") {
          failures.push({
            errorCode: { fieldMaskError: "FIELD_NOT_FOUND" },
            message: "The sandbox updates only the campaign status.",
            location: at("update_mask"),
          });
          return;
        }
        const status = update.status;
        if (status !== "ENABLED" && status !== "PAUSED") {
          failures.push({
            errorCode: { requestError: "INVALID_ENUM_VALUE" },
            message: "The status must be ENABLED or PAUSED (remove a campaign with a remove operation).",
            location: at("update", "status"),
          });
          return;
        }
        results.push({ resourceName });
        changes.push(() =>
          kit.engine.setCampaignStatus(tenant, PLATFORM, campaign.id, status === "ENABLED" ? "enabled" : "paused"),
        );
        return;
      }

      const budgetId = new RegExp(`^customers/${account.id}/campaignBudgets/(\\d+)$`).exec(resourceName)?.[1];
      const campaign = campaigns.find((candidate) => budgetIdOf(candidate.id) === budgetId);
      if (!campaign) {
        failures.push(notFound(at("update", "resource_name")));
        return;
      }
      if (mask.length !== 1 || (mask[0] !== "amount_micros" && mask[0] !== "amountMicros")) {
        failures.push({
          errorCode: { fieldMaskError: "FIELD_NOT_FOUND" },
          message: "The sandbox updates only the budget's amount_micros.",
          location: at("update_mask"),
        });
        return;
      }
      const micros = Number(update.amountMicros);
      const unit = 10 ** (6 - currencyExponent(account.currency));
      if (!Number.isSafeInteger(micros) || micros <= 0) {
        failures.push({
          errorCode: { rangeError: "TOO_LOW" },
          message: "Too low.",
          location: at("update", "amount_micros"),
        });
        return;
      }
      if (micros % unit !== 0) {
        failures.push({
          errorCode: { campaignBudgetError: "NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT" },
          message: "A money amount was not a multiple of a minimum unit.",
          location: at("update", "amount_micros"),
        });
        return;
      }
      results.push({ resourceName });
      changes.push(() => kit.engine.setCampaignDailyBudget(tenant, PLATFORM, campaign.id, micros / unit));
    });

    // Without partial_failure, a mutate is atomic: one bad operation and nothing changes.
    if (failures.length > 0) return mutateError(c, failures);
    if (request.validateOnly !== true) {
      for (const change of changes) await change();
    }
    return c.json({ results: request.validateOnly === true ? [] : results });
  }

  return app;
}

// --------------------------------------------------------------------------------------------

function serializeRow(
  fields: string[],
  account: SimAccount,
  campaign: SimCampaign | null,
  metric: SimDailyMetric | null,
): GoogleRow {
  const row: GoogleRow = {};
  const exponent = currencyExponent(account.currency);
  const set = (resource: string, key: string, value: unknown, resourceName?: string) => {
    row[resource] ??= resourceName ? { resourceName } : {};
    row[resource][key] = value;
  };
  for (const field of fields) {
    const customerName = `customers/${account.id}`;
    const campaignName = campaign ? `${customerName}/campaigns/${campaign.id}` : "";
    const budgetName = campaign ? `${customerName}/campaignBudgets/${budgetIdOf(campaign.id)}` : "";
    switch (field) {
      case "customer.id":
        set("customer", "id", account.id, customerName);
        break;
      case "customer.resource_name":
        set("customer", "resourceName", customerName, customerName);
        break;
      case "customer.descriptive_name":
        set("customer", "descriptiveName", account.name, customerName);
        break;
      case "customer.currency_code":
        set("customer", "currencyCode", account.currency, customerName);
        break;
      case "customer.time_zone":
        set("customer", "timeZone", account.timeZone, customerName);
        break;
      case "customer.manager":
        set("customer", "manager", false, customerName);
        break;
      case "campaign.id":
        set("campaign", "id", campaign?.id, campaignName);
        break;
      case "campaign.resource_name":
        set("campaign", "resourceName", campaignName, campaignName);
        break;
      case "campaign.name":
        set("campaign", "name", campaign?.name, campaignName);
        break;
      case "campaign.status":
        set("campaign", "status", campaign?.status.toUpperCase(), campaignName);
        break;
      case "campaign.campaign_budget":
        set("campaign", "campaignBudget", budgetName, campaignName);
        break;
      case "campaign_budget.id":
        set("campaignBudget", "id", campaign ? budgetIdOf(campaign.id) : undefined, budgetName);
        break;
      case "campaign_budget.resource_name":
        set("campaignBudget", "resourceName", budgetName, budgetName);
        break;
      case "campaign_budget.amount_micros":
        set(
          "campaignBudget",
          "amountMicros",
          campaign ? String(minorToMicros(campaign.dailyBudgetMinor, account.currency)) : undefined,
          budgetName,
        );
        break;
      case "segments.date":
        set("segments", "date", metric?.date);
        break;
      case "metrics.impressions":
        set("metrics", "impressions", String(metric?.impressions ?? 0));
        break;
      case "metrics.clicks":
        set("metrics", "clicks", String(metric?.clicks ?? 0));
        break;
      case "metrics.cost_micros":
        set("metrics", "costMicros", String(minorToMicros(metric?.spendMinor ?? 0, account.currency)));
        break;
      case "metrics.conversions":
        // Doubles stay JSON numbers; only int64 fields become strings.
        set("metrics", "conversions", metric?.conversions ?? 0);
        break;
      case "metrics.conversions_value":
        set("metrics", "conversionsValue", (metric?.conversionValueMinor ?? 0) / 10 ** exponent);
        break;
    }
  }
  return row;
}

/** A campaign's budget id: derived from the campaign id, stable across restarts, 11 digits like Google's. */
export function budgetIdOf(campaignId: string): string {
  // Every row of a report names its budget: hashing once per campaign, not per row, keeps big reports fast.
  let id = budgetIds.get(campaignId);
  if (id === undefined) {
    const hex = createHash("sha256").update(`campaign-budget:${campaignId}`).digest("hex").slice(0, 12);
    id = ((BigInt(`0x${hex}`) % 90_000_000_000n) + 10_000_000_000n).toString();
    budgetIds.set(campaignId, id);
  }
  return id;
}
const budgetIds = new Map<string, string>();

function notFound(location: AdsFailure["location"]): AdsFailure {
  return { errorCode: { mutateError: "RESOURCE_NOT_FOUND" }, message: "Resource was not found.", location };
}

function mutateError(c: Context, failures: AdsFailure[]) {
  return statusError(c, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.", failures);
}

/** Google's Status envelope, with a GoogleAdsFailure in its details when there are Ads errors. */
function statusError(
  c: Context,
  code: ContentfulStatusCode,
  status: string,
  message: string,
  failures: AdsFailure[] = [],
) {
  const details =
    failures.length > 0 ? [{ "@type": FAILURE_TYPE, errors: failures, requestId: newRequestId() }] : undefined;
  return c.json({ error: { code, message, status, ...(details ? { details } : {}) } }, code);
}

function renderOAuthError(c: Context, status: 400 | 401, error: string, description: string) {
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error ${status} (OAuth 2.0)</title></head>` +
      `<body><main><h1>Access blocked: Authorization Error</h1><p>${escapeHtml(description)}</p>` +
      `<p>Error ${status}: ${escapeHtml(error)}</p></main></body></html>`,
    status,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

async function readForm(c: Context): Promise<Record<string, string | undefined>> {
  const text = await c.req.text().catch(() => "");
  return Object.fromEntries(new URLSearchParams(text));
}

function readBasicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const encoded = /^Basic\s+(.+)$/i.exec(header ?? "")?.[1];
  if (!encoded) return null;
  const [id = "", secret = ""] = Buffer.from(encoded, "base64").toString("utf8").split(":");
  return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
}

function newRequestId(): string {
  return randomBytes(16).toString("base64url").slice(0, 22);
}

function hashOf(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 16);
}

function writePageToken(queryKey: string, offset: number): string {
  return Buffer.from(JSON.stringify({ q: queryKey, o: offset })).toString("base64url");
}

/** The offset a page token stands for, or null when it is not ours or belongs to another query. */
function readPageToken(token: unknown, queryKey: string): number | null {
  if (typeof token !== "string") return null;
  try {
    const value = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as { q?: unknown; o?: unknown };
    return value.q === queryKey && Number.isSafeInteger(value.o) && (value.o as number) > 0
      ? (value.o as number)
      : null;
  } catch {
    return null;
  }
}
