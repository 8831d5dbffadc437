import { createHash, randomBytes } from "node:crypto";
import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { currencyExponent, minorToMicros } from "../lib/money.ts";
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

/** Every campaign's daily budget is at least one unit of the account currency. */
const MIN_DAILY_BUDGET_MICROS = 1_000_000;
const MAX_CAMPAIGN_NAME_LENGTH = 255;
/** The bidding strategies a Search campaign may be created with (exactly one). */
const BIDDING_STRATEGIES = [
  "manualCpc",
  "targetSpend",
  "maximizeClicks",
  "maximizeConversions",
  "maximizeConversionValue",
  "targetCpa",
  "targetRoas",
] as const;
const EU_POLITICAL_ADVERTISING = ["CONTAINS_EU_POLITICAL_ADVERTISING", "DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING"];

export interface GoogleAdsSandboxOptions {
  /** Rows per `:search` page and per `:searchStream` batch; Google's is a fixed 10,000. Tests lower it. */
  pageSize?: number;
}

type GoogleRow = Record<string, Record<string, unknown>>;

/** What one mutate knows while it checks its operations, so two of them cannot clash. */
interface MutateContext {
  tenant: string;
  account: SimAccount;
  campaigns: SimCampaign[];
  namesInRequest: Set<string>;
  budgetsInRequest: Set<string>;
}

/** An operation that passed its checks; it is applied only when every operation of the mutate passed. */
interface PlannedOperation {
  resourceName: string;
  apply: () => Promise<unknown>;
}

/** A budget no campaign uses yet; the campaign that takes it gets the id reserved here. */
interface PendingBudget {
  accountId: string;
  campaignId: string;
  amountMicros: number;
}
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
    // Only the redirect URI registered for the client (Adhelm's callback); anything else is an error page.
    if (!kit.isAppCallback(PLATFORM, query.redirect_uri)) {
      return renderOAuthError(
        c,
        400,
        "redirect_uri_mismatch",
        `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. If you're the app developer, register the redirect URI in the Google Cloud Console. Request details: redirect_uri=${query.redirect_uri}`,
      );
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
    const context: MutateContext = {
      tenant,
      account,
      campaigns: await kit.engine.listCampaigns(tenant, PLATFORM, account.id),
      namesInRequest: new Set(),
      budgetsInRequest: new Set(),
    };
    const planned: PlannedOperation[] = [];
    const failures: AdsFailure[] = [];
    for (const [index, raw] of operations.entries()) {
      const at = (...path: string[]) => ({
        fieldPathElements: [{ fieldName: "operations", index }, ...path.map((fieldName) => ({ fieldName }))],
      });
      const operation = asRecord(raw);
      const kinds = (["create", "update", "remove"] as const).filter((kind) => operation[kind] !== undefined);
      if (kinds.length !== 1) {
        failures.push(requiredField(at("operation")));
        continue;
      }
      const outcome =
        service === "campaigns"
          ? await planCampaignOperation(context, operation, kinds[0]!, at)
          : await planBudgetOperation(context, operation, kinds[0]!, at);
      if ("errorCode" in outcome) failures.push(outcome);
      else planned.push(outcome);
    }

    // Without partial_failure, a mutate is atomic: one bad operation and nothing changes.
    if (failures.length > 0) return mutateError(c, failures);
    if (request.validateOnly === true) return c.json({ results: [] });
    for (const operation of planned) await operation.apply();
    return c.json({ results: planned.map(({ resourceName }) => ({ resourceName })) });
  }

  async function planCampaignOperation(
    context: MutateContext,
    operation: Record<string, unknown>,
    kind: "create" | "update" | "remove",
    at: (...path: string[]) => AdsFailure["location"],
  ): Promise<PlannedOperation | AdsFailure> {
    const { tenant, account, campaigns } = context;
    const campaignName = (id: string) => `customers/${account.id}/campaigns/${id}`;

    if (kind === "create") {
      const create = asRecord(operation.create);
      const problem = checkCampaignName(context, create.name, null, at("create", "name"));
      if (problem) return problem;
      const name = create.name as string;
      const status = create.status ?? "ENABLED";
      if (status !== "ENABLED" && status !== "PAUSED") return invalidStatus(at("create", "status"));
      if (create.advertisingChannelType === undefined) return requiredField(at("create", "advertising_channel_type"));
      if (create.advertisingChannelType !== "SEARCH") {
        return {
          errorCode: { campaignError: "INCOMPATIBLE_CAMPAIGN_FIELD" },
          message: "The sandbox creates SEARCH campaigns only.",
          location: at("create", "advertising_channel_type"),
        };
      }
      if (BIDDING_STRATEGIES.filter((strategy) => create[strategy] !== undefined).length !== 1) {
        return requiredField(at("create", "campaign_bidding_strategy"));
      }
      if (!EU_POLITICAL_ADVERTISING.includes(String(create.containsEuPoliticalAdvertising))) {
        return requiredField(at("create", "contains_eu_political_advertising"));
      }
      const budgetId = new RegExp(`^customers/${account.id}/campaignBudgets/(\\d+)$`).exec(
        typeof create.campaignBudget === "string" ? create.campaignBudget : "",
      )?.[1];
      if (!budgetId) return requiredField(at("create", "campaign_budget"));
      const budget = await readPendingBudget(tenant, account, budgetId);
      const isTaken =
        context.budgetsInRequest.has(budgetId) || campaigns.some((campaign) => budgetIdOf(campaign.id) === budgetId);
      if (isTaken || !budget) {
        return isTaken
          ? {
              errorCode: {
                campaignBudgetError: "CANNOT_USE_IMPLICITLY_SHARED_CAMPAIGN_BUDGET_WITH_MULTIPLE_CAMPAIGNS",
              },
              message: "Only explicitly shared campaign budgets can be used with multiple campaigns.",
              location: at("create", "campaign_budget"),
            }
          : notFound(at("create", "campaign_budget"));
      }
      context.namesInRequest.add(name);
      context.budgetsInRequest.add(budgetId);
      return {
        resourceName: campaignName(budget.campaignId),
        apply: async () => {
          await kit.engine.createCampaign(tenant, PLATFORM, account.id, {
            id: budget.campaignId,
            name,
            status: status === "ENABLED" ? "enabled" : "paused",
            dailyBudgetMinor: budget.amountMicros / microsPerMinor(account),
          });
          await kit.records.remove(tenant, PLATFORM, pendingBudgetKey(budgetId));
        },
      };
    }

    const resourceName =
      kind === "remove"
        ? typeof operation.remove === "string"
          ? operation.remove
          : ""
        : String(asRecord(operation.update).resourceName ?? "");
    const id = new RegExp(`^customers/${account.id}/campaigns/(\\d+)$`).exec(resourceName)?.[1];
    const campaign = campaigns.find((candidate) => candidate.id === id);
    if (!campaign) return notFound(at(kind, "resource_name"));
    if (kind === "remove") {
      return { resourceName, apply: () => kit.engine.setCampaignStatus(tenant, PLATFORM, campaign.id, "removed") };
    }

    const update = asRecord(operation.update);
    const mask = readUpdateMask(operation.updateMask);
    if (mask.length === 0 || mask.some((path) => path !== "status" && path !== "name")) {
      return {
        errorCode: { fieldMaskError: "FIELD_NOT_FOUND" },
        message: "The sandbox updates only the campaign's status and name.",
        location: at("update_mask"),
      };
    }
    const changes: (() => Promise<unknown>)[] = [];
    if (mask.includes("status")) {
      const status = update.status;
      if (status !== "ENABLED" && status !== "PAUSED") return invalidStatus(at("update", "status"));
      changes.push(() =>
        kit.engine.setCampaignStatus(tenant, PLATFORM, campaign.id, status === "ENABLED" ? "enabled" : "paused"),
      );
    }
    if (mask.includes("name")) {
      const problem = checkCampaignName(context, update.name, campaign.id, at("update", "name"));
      if (problem) return problem;
      const name = update.name as string;
      context.namesInRequest.add(name);
      changes.push(() => kit.engine.setCampaignName(tenant, PLATFORM, campaign.id, name));
    }
    return {
      resourceName,
      apply: async () => {
        for (const change of changes) await change();
      },
    };
  }

  async function planBudgetOperation(
    context: MutateContext,
    operation: Record<string, unknown>,
    kind: "create" | "update" | "remove",
    at: (...path: string[]) => AdsFailure["location"],
  ): Promise<PlannedOperation | AdsFailure> {
    const { tenant, account, campaigns } = context;
    const budgetName = (id: string) => `customers/${account.id}/campaignBudgets/${id}`;

    if (kind === "create") {
      const create = asRecord(operation.create);
      // Google shares a new budget unless told otherwise; the sandbox keeps one budget per campaign.
      if (create.explicitlyShared !== false) {
        return {
          errorCode: { campaignBudgetError: "CAMPAIGN_BUDGET_CANNOT_BE_SHARED" },
          message: "The campaign budget cannot be shared.",
          location: at("create", "explicitly_shared"),
        };
      }
      if (create.deliveryMethod !== undefined && create.deliveryMethod !== "STANDARD") {
        return {
          errorCode: { campaignBudgetError: "CANNOT_USE_ACCELERATED_DELIVERY_MODE" },
          message: "Cannot use accelerated delivery method on this budget.",
          location: at("create", "delivery_method"),
        };
      }
      if (create.period !== undefined && create.period !== "DAILY") {
        return {
          errorCode: { campaignBudgetError: "INVALID_BUDGET_PERIOD" },
          message: "The period of the budget is not allowed.",
          location: at("create", "period"),
        };
      }
      const amount = checkBudgetMicros(account, create.amountMicros, at("create", "amount_micros"));
      if (typeof amount !== "number") return amount;
      // The campaign that will use this budget gets its id now, so the budget's id can follow from it.
      const campaignId = await kit.engine.newCampaignId(tenant, PLATFORM);
      const budgetId = budgetIdOf(campaignId);
      const pending: PendingBudget = { accountId: account.id, campaignId, amountMicros: amount };
      return {
        resourceName: budgetName(budgetId),
        apply: () => kit.records.put(tenant, PLATFORM, pendingBudgetKey(budgetId), JSON.stringify(pending)),
      };
    }

    const resourceName =
      kind === "remove"
        ? typeof operation.remove === "string"
          ? operation.remove
          : ""
        : String(asRecord(operation.update).resourceName ?? "");
    const budgetId = new RegExp(`^customers/${account.id}/campaignBudgets/(\\d+)$`).exec(resourceName)?.[1] ?? "";
    const campaign = campaigns.find((candidate) => budgetIdOf(candidate.id) === budgetId);
    const pending = campaign ? null : await readPendingBudget(tenant, account, budgetId);
    if (!campaign && !pending) return notFound(at(kind, "resource_name"));

    if (kind === "remove") {
      if (campaign && campaign.status !== "removed") {
        return {
          errorCode: { campaignBudgetError: "CAMPAIGN_BUDGET_IN_USE" },
          message:
            "The campaign budget is associated with at least one campaign, and so the campaign budget cannot be removed.",
          location: at("remove"),
        };
      }
      return { resourceName, apply: () => kit.records.remove(tenant, PLATFORM, pendingBudgetKey(budgetId)) };
    }

    const mask = readUpdateMask(operation.updateMask);
    if (mask.length !== 1 || (mask[0] !== "amount_micros" && mask[0] !== "amountMicros")) {
      return {
        errorCode: { fieldMaskError: "FIELD_NOT_FOUND" },
        message: "The sandbox updates only the budget's amount_micros.",
        location: at("update_mask"),
      };
    }
    const amount = checkBudgetMicros(account, asRecord(operation.update).amountMicros, at("update", "amount_micros"));
    if (typeof amount !== "number") return amount;
    return {
      resourceName,
      apply: async () => {
        if (campaign) {
          await kit.engine.setCampaignDailyBudget(tenant, PLATFORM, campaign.id, amount / microsPerMinor(account));
        } else if (pending) {
          const updated: PendingBudget = { ...pending, amountMicros: amount };
          await kit.records.put(tenant, PLATFORM, pendingBudgetKey(budgetId), JSON.stringify(updated));
        }
      },
    };
  }

  /** A budget created by campaignBudgets:mutate that no campaign uses yet. */
  async function readPendingBudget(
    tenant: string,
    account: SimAccount,
    budgetId: string,
  ): Promise<PendingBudget | null> {
    if (!budgetId) return null;
    const stored = await kit.records.get(tenant, PLATFORM, pendingBudgetKey(budgetId));
    if (!stored) return null;
    const budget = JSON.parse(stored) as PendingBudget;
    return budget.accountId === account.id ? budget : null;
  }

  function checkCampaignName(
    context: MutateContext,
    value: unknown,
    ownId: string | null,
    location: AdsFailure["location"],
  ): AdsFailure | null {
    if (typeof value !== "string" || !value.trim()) return requiredField(location);
    if (value.length > MAX_CAMPAIGN_NAME_LENGTH || /[\0\n\r]/.test(value)) {
      return {
        errorCode: { stringLengthError: "TOO_LONG" },
        message: `A campaign name has at most ${MAX_CAMPAIGN_NAME_LENGTH} characters on one line.`,
        location,
      };
    }
    const isDuplicate =
      context.namesInRequest.has(value) ||
      context.campaigns.some(
        (campaign) => campaign.id !== ownId && campaign.status !== "removed" && campaign.name === value,
      );
    if (isDuplicate) {
      return {
        errorCode: { campaignError: "DUPLICATE_CAMPAIGN_NAME" },
        message: "Cannot have two campaigns with the same name.",
        location,
      };
    }
    return null;
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

function requiredField(location: AdsFailure["location"]): AdsFailure {
  return { errorCode: { fieldError: "REQUIRED" }, message: "The required field was not present.", location };
}

function invalidStatus(location: AdsFailure["location"]): AdsFailure {
  return {
    errorCode: { requestError: "INVALID_ENUM_VALUE" },
    message: "The status must be ENABLED or PAUSED (remove a campaign with a remove operation).",
    location,
  };
}

/** A budget amount in micros, or why Google refuses it (zero, under the per-day minimum, sub-unit). */
function checkBudgetMicros(account: SimAccount, value: unknown, location: AdsFailure["location"]): number | AdsFailure {
  const micros = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof micros !== "number" || !Number.isSafeInteger(micros) || micros <= 0) {
    return { errorCode: { rangeError: "TOO_LOW" }, message: "Too low.", location };
  }
  if (micros < MIN_DAILY_BUDGET_MICROS) {
    return {
      errorCode: { campaignBudgetError: "BUDGET_BELOW_PER_DAY_MINIMUM" },
      message: "Budget amount or total amount must be above this campaign's per-day minimum.",
      location,
      details: {
        budgetPerDayMinimumErrorDetails: {
          currencyCode: account.currency,
          budgetPerDayMinimumMicros: String(MIN_DAILY_BUDGET_MICROS),
          failedBudgetAmountMicros: String(micros),
          minimumBudgetAmountMicros: String(MIN_DAILY_BUDGET_MICROS),
        },
      },
    };
  }
  if (micros % microsPerMinor(account) !== 0) {
    return {
      errorCode: { campaignBudgetError: "NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT" },
      message: "A money amount was not a multiple of a minimum unit.",
      location,
    };
  }
  return micros;
}

function microsPerMinor(account: SimAccount): number {
  return 10 ** (6 - currencyExponent(account.currency));
}

function pendingBudgetKey(budgetId: string): string {
  return `budget:${budgetId}`;
}

/** An update mask's paths ("status,name"). */
function readUpdateMask(value: unknown): string[] {
  return typeof value === "string"
    ? value
        .split(",")
        .map((path) => path.trim())
        .filter(Boolean)
    : [];
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
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
