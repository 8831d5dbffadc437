import type { Context, Hono } from "hono";
import type { SandboxKit, SimAccount } from "../sandbox-kit.ts";
import { createGoogleAdLevel } from "./google-ads-ads.ts";
import {
  API_VERSION,
  type GoogleRow,
  hashOf,
  newRequestId,
  PLATFORM,
  readPageToken,
  serializeRow,
  statusError,
  writePageToken,
} from "./google-ads-common.ts";
import { createGoogleConversions } from "./google-ads-conversions.ts";
import { createGoogleAdCreation } from "./google-ads-create.ts";
import { type GaqlQuery, parseGaql, toFieldMaskPath } from "./google-ads-gaql.ts";
import { createGoogleMutations } from "./google-ads-mutate.ts";

/** The Ads API REST routes: listAccessibleCustomers, GAQL search and searchStream, and the two mutate services. */

export function registerGoogleAdsApi(app: Hono, kit: SandboxKit, pageSize: number): void {
  const { runMutate } = createGoogleMutations(kit);
  const { selectAdRows, runAdsMutate } = createGoogleAdLevel(kit);
  const { isConversionQuery, selectConversionRows } = createGoogleConversions(kit);
  const { runAssetsMutate, runAdGroupAdsMutate } = createGoogleAdCreation(kit);

  // ------------------------------------------------------------------------------------------
  // The Ads API. Paths contain colons (customers:listAccessibleCustomers), so they are matched
  // here rather than by the router, which reads a colon as a parameter.

  app.on(["GET", "POST"], `/${API_VERSION}/*`, async (c) => {
    const path = c.req.path;
    const listMatch = /\/customers:listAccessibleCustomers$/.exec(path);
    const customerMatch =
      /\/customers\/([^/]+)\/(googleAds:search|googleAds:searchStream|campaigns:mutate|campaignBudgets:mutate|ads:mutate|assets:mutate|adGroupAds:mutate)$/.exec(
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
    if (operation === "ads:mutate") return runAdsMutate(c, tenant, account, request);
    if (operation === "assets:mutate") return runAssetsMutate(c, tenant, account, request);
    if (operation === "adGroupAds:mutate") return runAdGroupAdsMutate(c, tenant, account, request);
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
    const rows = await selectRows(c, tenant, account, query);
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

  async function selectRows(c: Context, tenant: string, account: SimAccount, query: GaqlQuery): Promise<GoogleRow[]> {
    if (query.resource === "customer") {
      return [serializeRow(query.fields, account, null, null)].slice(0, query.limit ?? 1);
    }
    const campaigns = await kit.engine.listCampaigns(tenant, PLATFORM, account.id);
    if (isConversionQuery(query)) {
      const rows = await selectConversionRows(tenant, account, query, campaigns);
      return query.limit === null ? rows : rows.slice(0, query.limit);
    }
    if (query.resource !== "campaign") {
      const rows = await selectAdRows(c, tenant, account, query, campaigns);
      return query.limit === null ? rows : rows.slice(0, query.limit);
    }
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
}
