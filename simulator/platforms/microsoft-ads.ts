import { createHash, randomBytes, randomInt } from "node:crypto";
import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { currencyExponent, minorToDecimal } from "../lib/money.ts";
import { daysCovered, MAX_REPORT_DAYS } from "../sandbox-guards.ts";
import type { SandboxKit, SimAccount, SimCampaign, SimDailyMetric } from "../sandbox-kit.ts";
import { MICROSOFT_TIME_ZONE_NAMES, toMicrosoftTimeZone } from "./microsoft-ads-time-zones.ts";
import { writeZip } from "./microsoft-ads-zip.ts";

/**
 * The Microsoft Advertising sandbox, mounted at /sandbox/microsoft-ads: the Microsoft identity
 * platform's authorize and token endpoints (/common/oauth2/v2.0/…) and the Bing Ads API v13 REST
 * services, each under its own root as on its own host: /CustomerManagement/v13 (User, AccountsInfo,
 * Account), /CampaignManagement/v13 (Campaigns) and /Reporting/v13 (GenerateReport Submit/Poll),
 * plus /ReportDownload/<id>.zip, the pre-signed download a finished report points at (a ZIP with a CSV).
 */

const PLATFORM = "microsoft-ads";
const SCOPE = "https://ads.microsoft.com/msads.manage";
const ACCESS_TOKEN_SECONDS = 3600;
/** Campaigns per AddCampaigns, UpdateCampaigns or GetCampaignsByIds call. */
const MAX_CAMPAIGNS_PER_CALL = 100;
const MAX_CAMPAIGN_NAME_LENGTH = 128;
/** The smallest campaign daily budget the sandbox takes: one unit of the account currency. */
const MIN_DAILY_BUDGET_UNITS = 1;
/** Finished reports kept for download; the oldest are dropped first. */
const MAX_KEPT_REPORTS = 200;

const MESSAGES = {
  invalidCredentials: "Authentication failed. Either supplied credentials are invalid or the account is inactive.",
  tokenExpired: "Authentication token expired. Please renew it or obtain a new token.",
  notAuthorized: "The user is not authorized to perform this action.",
  missingHeaders: "One or more required header elements are missing from the request.",
  callRate:
    "You have exceeded the number of calls that you are allowed to make in a minute. Please reduce the number of calls that you make per minute.",
  internal: "An internal error has occurred.",
  invalidAccount: "The account ID is invalid.",
  invalidInput: "One or more input elements failed validation.",
};

/** Columns of the campaign performance report the sandbox can fill. */
const REPORT_COLUMNS = new Set([
  "TimePeriod",
  "AccountId",
  "AccountName",
  "AccountNumber",
  "CampaignId",
  "CampaignName",
  "CampaignStatus",
  "CampaignType",
  "Impressions",
  "Clicks",
  "Ctr",
  "AverageCpc",
  "Spend",
  "Conversions",
  "Revenue",
  "CurrencyCode",
]);

interface ReportJob {
  tenant: string;
  accountIds: string[];
  range: { from: string; to: string };
  columns: string[];
  timeZone: string | null;
  hasColumnHeaders: boolean;
  hasReportHeader: boolean;
  hasReportFooter: boolean;
  polls: number;
  /** The finished ZIP (null when the report has no rows) and its download signature. */
  zip?: Buffer | null;
  signature: string;
}

type Service = "customer" | "campaign" | "reporting";

export interface MicrosoftAdsSandboxOptions {
  /** Polls a report answers Pending before it is ready (default 1, so clients exercise polling). */
  pendingPolls?: number;
}

export function createMicrosoftAdsSandbox(kit: SandboxKit, options: MicrosoftAdsSandboxOptions = {}): Hono {
  const pendingPolls = options.pendingPolls ?? 1;
  const reports = new Map<string, ReportJob>();
  const app = new Hono();

  // ------------------------------------------------------------------------------------------
  // OAuth (Microsoft identity platform, v2.0 endpoints of the "common" tenant).

  app.get("/common/oauth2/v2.0/authorize", (c) => {
    const query = c.req.query();
    const credentials = kit.appCredentials(PLATFORM);
    if (!query.client_id || query.client_id !== credentials.clientId) {
      return renderSignInError(
        c,
        `AADSTS700016: Application with identifier '${query.client_id ?? ""}' was not found in the directory 'Microsoft Accounts'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant.`,
      );
    }
    if (!query.redirect_uri) {
      return renderSignInError(
        c,
        "AADSTS900144: The request body must contain the following parameter: 'redirect_uri'.",
      );
    }
    // Checked before anything is reported by redirecting: only the registered URI (Adhelm's callback).
    if (!kit.isAppCallback(PLATFORM, query.redirect_uri)) {
      return renderSignInError(
        c,
        `AADSTS50011: The redirect URI '${query.redirect_uri}' specified in the request does not match the redirect URIs configured for the application '${query.client_id}'. Make sure the redirect URI sent in the request matches one added to your application in the Azure portal.`,
      );
    }
    // With the registered redirect URI, Microsoft reports the remaining problems back to the app.
    const fail = (error: string, description: string) => {
      const target = new URL(query.redirect_uri ?? "");
      target.searchParams.set("error", error);
      target.searchParams.set("error_description", description);
      if (query.state) target.searchParams.set("state", query.state);
      return c.redirect(target.toString(), 302);
    };
    if (query.response_type !== "code") {
      return fail(
        "unsupported_response_type",
        `AADSTS700054: response_type '${query.response_type ?? ""}' is not enabled for the application.`,
      );
    }
    if (!query.scope?.split(" ").includes(SCOPE)) {
      return fail("invalid_scope", "AADSTS70011: The provided value for the input parameter 'scope' is not valid.");
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
      if (decision.isAllowed) {
        const code = kit.credentials.issueCode({
          tenant: decision.tenant,
          platform: PLATFORM,
          clientId: decision.clientId,
          redirectUri: decision.redirectUri,
        });
        target.searchParams.set("code", code);
      } else {
        target.searchParams.set("error", "access_denied");
        target.searchParams.set("error_subcode", "cancel");
        target.searchParams.set("error_description", "AADSTS65004: User declined to consent to access the app.");
      }
      if (decision.state) target.searchParams.set("state", decision.state);
      return target.toString();
    }),
  );

  app.post("/common/oauth2/v2.0/token", async (c) => {
    c.header("cache-control", "no-store");
    const form = Object.fromEntries(new URLSearchParams(await c.req.text().catch(() => ""))) as Record<
      string,
      string | undefined
    >;
    const credentials = kit.appCredentials(PLATFORM);
    if (!form.client_id || form.client_id !== credentials.clientId) {
      return oauthError(
        c,
        400,
        "unauthorized_client",
        700016,
        `AADSTS700016: Application with identifier '${form.client_id ?? ""}' was not found in the directory 'Microsoft Accounts'.`,
      );
    }
    if (form.client_secret !== credentials.clientSecret) {
      return oauthError(
        c,
        401,
        "invalid_client",
        7000215,
        "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app.",
      );
    }
    let tenant: string;
    if (form.grant_type === "authorization_code") {
      const redeemed = form.code
        ? kit.credentials.redeemCode(form.code, {
            platform: PLATFORM,
            clientId: form.client_id,
            redirectUri: form.redirect_uri ?? "",
          })
        : null;
      if (!redeemed) {
        return oauthError(
          c,
          400,
          "invalid_grant",
          70000,
          "AADSTS70000: The provided value for the 'code' parameter is not valid. The code has expired, was already redeemed or was issued for another redirect URI.",
        );
      }
      tenant = redeemed;
    } else if (form.grant_type === "refresh_token") {
      const check = form.refresh_token
        ? await kit.credentials.checkRefreshToken(form.refresh_token, PLATFORM)
        : ({ ok: false, reason: "invalid" } as const);
      if (!check.ok) {
        return check.reason === "revoked"
          ? oauthError(
              c,
              400,
              "invalid_grant",
              50173,
              "AADSTS50173: The provided grant has expired due to it being revoked, a fresh auth token is needed. The user might have changed or reset their password.",
            )
          : oauthError(
              c,
              400,
              "invalid_grant",
              9002313,
              "AADSTS9002313: Invalid request. Request is malformed or invalid.",
            );
      }
      tenant = check.tenant;
    } else {
      return oauthError(
        c,
        400,
        "unsupported_grant_type",
        70003,
        `AADSTS70003: The app requested an unsupported grant type '${form.grant_type ?? ""}'.`,
      );
    }
    // Microsoft rotates refresh tokens: every answer carries a new one.
    const issued = kit.credentials.issueTokens({
      tenant,
      platform: PLATFORM,
      accessTtlSeconds: ACCESS_TOKEN_SECONDS,
      withRefreshToken: true,
    });
    const expiresIn = issued.expiresIn ?? ACCESS_TOKEN_SECONDS;
    return c.json({
      token_type: "Bearer",
      scope: `${SCOPE} offline_access`,
      expires_in: expiresIn,
      ext_expires_in: expiresIn,
      access_token: issued.accessToken,
      refresh_token: issued.refreshToken,
    });
  });

  // ------------------------------------------------------------------------------------------
  // Customer Management.

  app.post("/CustomerManagement/v13/User/Query", async (c) => {
    const auth = await authenticate(c, "customer");
    if (auth instanceof Response) return auth;
    const customerIds = customerIdsOf(auth.tenant);
    const userId = numericIdOf(`user:${auth.tenant}`, 9);
    return c.json({
      User: {
        ContactInfo: null,
        CustomerId: toLong(customerIds[0] ?? ""),
        Id: toLong(userId),
        JobTitle: null,
        Lcid: "EnglishUS",
        Name: { FirstName: "Sandbox", LastName: "Advertiser", MiddleInitial: null },
        Password: null,
        SecretAnswer: null,
        SecretQuestion: "None",
        UserLifeCycleStatus: "Active",
        UserName: `sandbox-${userId}@outlook.com`,
      },
      CustomerRoles: customerIds.map((customerId) => ({
        RoleId: 41,
        CustomerId: toLong(customerId),
        AccountIds: null,
        LinkedAccountIds: null,
        CustomerLinkPermission: null,
      })),
    });
  });

  app.post("/CustomerManagement/v13/AccountsInfo/Query", async (c) => {
    const auth = await authenticate(c, "customer");
    if (auth instanceof Response) return auth;
    const body = await readBody(c);
    const customerId = readLong(body.CustomerId) ?? c.req.header("CustomerId") ?? customerIdsOf(auth.tenant)[0];
    if (!customerId || !customerIdsOf(auth.tenant).includes(customerId)) {
      return apiFault(c, "customer", 400, 106, "UserIsNotAuthorized", MESSAGES.notAuthorized);
    }
    const accounts = kit.engine
      .listAccounts(auth.tenant, PLATFORM)
      .filter((a) => customerOf(auth.tenant, a) === customerId);
    return c.json({
      AccountsInfo: accounts.map((account) => ({
        Id: toLong(account.id),
        Name: account.name,
        Number: accountNumberOf(account.id),
        AccountLifeCycleStatus: "Active",
        PauseReason: null,
      })),
    });
  });

  app.post("/CustomerManagement/v13/Account/Query", async (c) => {
    const auth = await authenticate(c, "customer");
    if (auth instanceof Response) return auth;
    const body = await readBody(c);
    const accountId = readLong(body.AccountId);
    const account = kit.engine.listAccounts(auth.tenant, PLATFORM).find((candidate) => candidate.id === accountId);
    if (!account) return apiFault(c, "customer", 400, 106, "UserIsNotAuthorized", MESSAGES.notAuthorized);
    const customerId = customerOf(auth.tenant, account);
    return c.json({
      Account: {
        AccountFinancialStatus: "ClearFinancialStatus",
        AccountLifeCycleStatus: "Active",
        AccountMode: "Expert",
        AutoTagType: "Inactive",
        BillToCustomerId: toLong(customerId),
        CurrencyCode: account.currency,
        ForwardCompatibilityMap: null,
        Id: toLong(account.id),
        Language: "English",
        LinkedAgencies: [],
        Name: account.name,
        Number: accountNumberOf(account.id),
        ParentCustomerId: toLong(customerId),
        PauseReason: null,
        PaymentMethodId: null,
        PaymentMethodType: null,
        PrimaryUserId: toLong(numericIdOf(`user:${auth.tenant}`, 9)),
        SalesHouseCustomerId: null,
        TaxInformation: null,
        TimeStamp: null,
        TimeZone: toMicrosoftTimeZone(account.timeZone),
      },
    });
  });

  // ------------------------------------------------------------------------------------------
  // Campaign Management.

  app.post("/CampaignManagement/v13/Campaigns/QueryByAccountId", async (c) => {
    const auth = await authenticate(c, "campaign");
    if (auth instanceof Response) return auth;
    const body = await readBody(c);
    const scoped = checkAccountScope(c, auth.tenant, readLong(body.AccountId));
    if (scoped instanceof Response) return scoped;
    const types =
      typeof body.CampaignType === "string" ? body.CampaignType.split(/[\s,]+/).filter(Boolean) : ["Search"];
    const campaigns = await kit.engine.listCampaigns(auth.tenant, PLATFORM, scoped.id);
    return c.json({
      Campaigns: campaigns
        // Deleted campaigns are not returned.
        .filter((campaign) => campaign.status !== "removed" && types.includes(campaignTypeOf(campaign)))
        .map((campaign) => serializeCampaign(campaign, scoped)),
    });
  });

  app.post("/CampaignManagement/v13/Campaigns", async (c) => {
    const auth = await authenticate(c, "campaign");
    if (auth instanceof Response) return auth;
    const body = await readBody(c);
    const scoped = checkAccountScope(c, auth.tenant, readLong(body.AccountId));
    if (scoped instanceof Response) return scoped;
    const additions = Array.isArray(body.Campaigns) ? (body.Campaigns as unknown[]) : [];
    const batchProblem = checkBatchSize(c, additions.length);
    if (batchProblem) return batchProblem;
    const campaigns = await kit.engine.listCampaigns(auth.tenant, PLATFORM, scoped.id);
    const errors = new BatchErrors();
    const names = new Set<string>();
    const campaignIds: (number | string | null)[] = [];

    for (const [index, raw] of additions.entries()) {
      const campaign = asRecord(raw);
      campaignIds.push(null);
      const nameProblem = checkCampaignName(campaign.Name, campaigns, null, names);
      if (nameProblem) {
        errors.add(index, ...nameProblem);
        continue;
      }
      if (campaign.BudgetType !== "DailyBudgetStandard" && campaign.BudgetType !== "DailyBudgetAccelerated") {
        errors.add(
          index,
          1121,
          "CampaignServiceInvalidBudgetType",
          "The campaign budget type is missing or is not valid.",
          "BudgetType",
        );
        continue;
      }
      const budget = readDailyBudget(campaign.DailyBudget, scoped.currency);
      if (typeof budget !== "number") {
        errors.add(index, ...budget);
        continue;
      }
      if (typeof campaign.TimeZone !== "string" || !MICROSOFT_TIME_ZONE_NAMES.has(campaign.TimeZone)) {
        errors.add(index, 1109, "CampaignServiceTimeZoneNotEnabled", "The campaign timezone is required.", "TimeZone");
        continue;
      }
      const status = campaign.Status ?? "Active";
      if (status !== "Active" && status !== "Paused") {
        errors.add(
          index,
          1120,
          "CampaignServiceInvalidCampaignStatus",
          "The campaign status is not valid for the requested operation.",
          "Status",
        );
        continue;
      }
      if (campaign.CampaignType !== undefined && campaign.CampaignType !== null && campaign.CampaignType !== "Search") {
        errors.add(
          index,
          1151,
          "CampaignServiceInvalidSettingForCampaignType",
          "The sandbox creates Search campaigns only.",
          "CampaignType",
        );
        continue;
      }
      const name = campaign.Name as string;
      names.add(name);
      const created = await kit.engine.createCampaign(auth.tenant, PLATFORM, scoped.id, {
        name,
        status: status === "Active" ? "enabled" : "paused",
        dailyBudgetMinor: budget,
      });
      campaignIds[index] = created ? toLong(created.id) : null;
    }
    return c.json({ CampaignIds: campaignIds, PartialErrors: errors.list });
  });

  app.post("/CampaignManagement/v13/Campaigns/QueryByIds", async (c) => {
    const auth = await authenticate(c, "campaign");
    if (auth instanceof Response) return auth;
    const body = await readBody(c);
    const scoped = checkAccountScope(c, auth.tenant, readLong(body.AccountId));
    if (scoped instanceof Response) return scoped;
    const ids = Array.isArray(body.CampaignIds) ? body.CampaignIds.map(readLong) : [];
    if (ids.length === 0) {
      return apiFault(
        c,
        "campaign",
        400,
        1118,
        "CampaignServiceCampaignIdsArrayShouldNotBeNullOrEmpty",
        "The array of campaign identifiers is null or empty.",
      );
    }
    if (ids.length > MAX_CAMPAIGNS_PER_CALL) {
      return apiFault(
        c,
        "campaign",
        400,
        1119,
        "CampaignServiceCampaignIdsArrayExceedsLimit",
        "The list of campaign identifiers exceeds the limit.",
      );
    }
    const campaigns = await kit.engine.listCampaigns(auth.tenant, PLATFORM, scoped.id);
    const errors = new BatchErrors();
    const found = ids.map((id, index) => {
      const campaign = campaigns.find((candidate) => candidate.id === id && candidate.status !== "removed");
      if (!campaign)
        errors.add(
          index,
          1100,
          "CampaignServiceInvalidCampaignId",
          "The campaign identifier is not valid.",
          "CampaignIds",
        );
      return campaign ? serializeCampaign(campaign, scoped) : null;
    });
    return c.json({ Campaigns: found, PartialErrors: errors.list });
  });

  app.put("/CampaignManagement/v13/Campaigns", async (c) => {
    const auth = await authenticate(c, "campaign");
    if (auth instanceof Response) return auth;
    const body = await readBody(c);
    const scoped = checkAccountScope(c, auth.tenant, readLong(body.AccountId));
    if (scoped instanceof Response) return scoped;
    const updates = Array.isArray(body.Campaigns) ? (body.Campaigns as unknown[]) : [];
    const batchProblem = checkBatchSize(c, updates.length);
    if (batchProblem) return batchProblem;
    const campaigns = await kit.engine.listCampaigns(auth.tenant, PLATFORM, scoped.id);
    const errors = new BatchErrors();
    const names = new Set<string>();

    for (const [index, raw] of updates.entries()) {
      const update = asRecord(raw);
      const campaign = campaigns.find(
        (candidate) => candidate.id === readLong(update.Id) && candidate.status !== "removed",
      );
      if (!campaign) {
        errors.add(index, 1100, "CampaignServiceInvalidCampaignId", "The campaign identifier is not valid.", "Id");
        continue;
      }
      const status = update.Status;
      if (status !== undefined && status !== null && status !== "Active" && status !== "Paused") {
        errors.add(
          index,
          1120,
          "CampaignServiceInvalidCampaignStatus",
          "The campaign status is not valid for the requested operation.",
          "Status",
        );
        continue;
      }
      let budgetMinor: number | null = null;
      if (update.DailyBudget !== undefined && update.DailyBudget !== null) {
        const budget = readDailyBudget(update.DailyBudget, scoped.currency);
        if (typeof budget !== "number") {
          errors.add(index, ...budget);
          continue;
        }
        budgetMinor = budget;
      }
      const hasName = update.Name !== undefined && update.Name !== null;
      if (hasName) {
        const nameProblem = checkCampaignName(update.Name, campaigns, campaign.id, names);
        if (nameProblem) {
          errors.add(index, ...nameProblem);
          continue;
        }
        names.add(update.Name as string);
      }
      // Each campaign in the batch succeeds or fails on its own.
      if (status === "Active" || status === "Paused") {
        await kit.engine.setCampaignStatus(
          auth.tenant,
          PLATFORM,
          campaign.id,
          status === "Active" ? "enabled" : "paused",
        );
      }
      if (budgetMinor !== null)
        await kit.engine.setCampaignDailyBudget(auth.tenant, PLATFORM, campaign.id, budgetMinor);
      if (hasName && update.Name !== campaign.name)
        await kit.engine.setCampaignName(auth.tenant, PLATFORM, campaign.id, update.Name as string);
    }
    return c.json({ PartialErrors: errors.list });
  });

  // ------------------------------------------------------------------------------------------
  // Reporting: Submit, Poll, then the download.

  app.post("/Reporting/v13/GenerateReport/Submit", async (c) => {
    const auth = await authenticate(c, "reporting");
    if (auth instanceof Response) return auth;
    const body = await readBody(c);
    const request = asRecord(body.ReportRequest);
    const invalid = (message: string) =>
      apiFault(c, "reporting", 400, 201, "ApiInputValidationError", `${MESSAGES.invalidInput} ${message}`);
    if (request.Type !== "CampaignPerformanceReportRequest") {
      return invalid("The sandbox generates CampaignPerformanceReportRequest reports only.");
    }
    if ((request.Format ?? "Csv") !== "Csv") return invalid("The sandbox writes Csv reports only.");
    if (request.Aggregation !== "Daily") return invalid("The sandbox aggregates reports by Daily only.");
    const columns = Array.isArray(request.Columns) ? request.Columns.map(String) : [];
    const unknownColumn = columns.find((column) => !REPORT_COLUMNS.has(column));
    if (columns.length === 0 || unknownColumn) {
      return invalid(`Unsupported or missing report column: ${unknownColumn ?? "(none)"}.`);
    }
    const scope = asRecord(request.Scope);
    const accountIds = Array.isArray(scope.AccountIds) ? scope.AccountIds.map(readLong) : [];
    const tenantAccounts = new Set(kit.engine.listAccounts(auth.tenant, PLATFORM).map((account) => account.id));
    if (accountIds.length === 0 || accountIds.some((id) => !id || !tenantAccounts.has(id))) {
      return apiFault(c, "reporting", 400, 106, "UserIsNotAuthorized", MESSAGES.notAuthorized);
    }
    const time = asRecord(request.Time);
    const from = readReportDate(time.CustomDateRangeStart);
    const to = readReportDate(time.CustomDateRangeEnd);
    if (!from || !to || from > to) {
      return apiFault(c, "reporting", 400, 113, "InvalidDateObject", "The date specified in the request is not valid.");
    }
    if (daysCovered(from, to) > MAX_REPORT_DAYS) {
      return invalid(`A Daily report may cover at most ${MAX_REPORT_DAYS} days.`);
    }
    const timeZone = typeof time.ReportTimeZone === "string" ? time.ReportTimeZone : null;
    if (timeZone !== null && !MICROSOFT_TIME_ZONE_NAMES.has(timeZone)) {
      return invalid(`Unknown ReportTimeZone: ${timeZone}.`);
    }
    const id = `${randomInt(10_000_000, 99_999_999)}${randomInt(10_000_000, 99_999_999)}`;
    reports.set(id, {
      tenant: auth.tenant,
      // Each account is reported once, however often the request names it.
      accountIds: [...new Set(accountIds.filter((accountId): accountId is string => accountId !== null))],
      range: { from, to },
      columns,
      timeZone,
      hasColumnHeaders: request.ExcludeColumnHeaders !== true,
      hasReportHeader: request.ExcludeReportHeader !== true,
      hasReportFooter: request.ExcludeReportFooter !== true,
      polls: 0,
      signature: randomBytes(18).toString("base64url"),
    });
    dropOldReports(reports);
    return c.json({ ReportRequestId: id });
  });

  app.post("/Reporting/v13/GenerateReport/Poll", async (c) => {
    const auth = await authenticate(c, "reporting");
    if (auth instanceof Response) return auth;
    const body = await readBody(c);
    const id = typeof body.ReportRequestId === "string" ? body.ReportRequestId : "";
    const job = reports.get(id);
    // Submit and Poll must come from the same user.
    if (!job || job.tenant !== auth.tenant) {
      return apiFault(c, "reporting", 400, 201, "ApiInputValidationError", "The report request id is not valid.");
    }
    job.polls += 1;
    if (job.polls <= pendingPolls)
      return c.json({ ReportRequestStatus: { ReportDownloadUrl: null, Status: "Pending" } });
    if (job.zip === undefined) job.zip = await buildReport(job);
    if (job.zip === null) return c.json({ ReportRequestStatus: { ReportDownloadUrl: null, Status: "Success" } });
    // The download lives beside the services, wherever this sandbox is mounted.
    const base = c.req.url.replace(/\/Reporting\/v13\/GenerateReport\/Poll.*$/, "");
    return c.json({
      ReportRequestStatus: {
        ReportDownloadUrl: `${base}/ReportDownload/${id}.zip?sig=${job.signature}`,
        Status: "Success",
      },
    });
  });

  app.get("/ReportDownload/:file", (c) => {
    const id = c.req.param("file").replace(/\.zip$/, "");
    const job = reports.get(id);
    if (!job?.zip) return blobError(c, 404, "BlobNotFound", "The specified blob does not exist.");
    if (c.req.query("sig") !== job.signature) {
      return blobError(c, 403, "AuthenticationFailed", "Server failed to authenticate the request.");
    }
    return c.body(new Uint8Array(job.zip), 200, {
      "content-type": "application/x-zip-compressed",
      "content-disposition": `attachment; filename="${id}.zip"`,
    });
  });

  // ------------------------------------------------------------------------------------------

  /** Bearer token, DeveloperToken, then the injected fault: the order a real call meets them in. */
  async function authenticate(c: Context, service: Service): Promise<{ tenant: string } | Response> {
    const token = /^Bearer\s+(.+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
    const expectedDeveloperToken = kit.appCredentials(PLATFORM).developerToken;
    const developerToken = c.req.header("DeveloperToken");
    if (!token || !developerToken || (expectedDeveloperToken && developerToken !== expectedDeveloperToken)) {
      return adApiFault(c, 401, 105, "InvalidCredentials", MESSAGES.invalidCredentials);
    }
    const check = await kit.credentials.checkAccessToken(token, PLATFORM);
    if (!check.ok) {
      return check.reason === "expired"
        ? adApiFault(c, 401, 109, "AuthenticationTokenExpired", MESSAGES.tokenExpired)
        : adApiFault(c, 401, 105, "InvalidCredentials", MESSAGES.invalidCredentials);
    }
    const fault = await kit.faults.take({ tenant: check.tenant, platform: PLATFORM });
    if (fault === "throttle") return apiFault(c, service, 400, 117, "CallRateExceeded", MESSAGES.callRate);
    if (fault === "server_error") return apiFault(c, service, 500, 0, "InternalError", MESSAGES.internal);
    return { tenant: check.tenant };
  }

  /**
   * Campaign and reporting calls act in one account: CustomerAccountId must name it (and match
   * the body's AccountId), and CustomerId, when sent, must be its parent customer.
   */
  function checkAccountScope(c: Context, tenant: string, bodyAccountId: string | null): SimAccount | Response {
    const headerAccountId = c.req.header("CustomerAccountId");
    if (!headerAccountId) return apiFault(c, "campaign", 400, 116, "RequestMissingHeaders", MESSAGES.missingHeaders);
    const account = kit.engine.listAccounts(tenant, PLATFORM).find((candidate) => candidate.id === bodyAccountId);
    if (!account || headerAccountId !== bodyAccountId) {
      return apiFault(c, "campaign", 400, 1102, "CampaignServiceInvalidAccountId", MESSAGES.invalidAccount);
    }
    const customerId = c.req.header("CustomerId");
    if (customerId && customerId !== customerOf(tenant, account)) {
      return apiFault(c, "campaign", 400, 106, "UserIsNotAuthorized", MESSAGES.notAuthorized);
    }
    return account;
  }

  function customerIdsOf(tenant: string): string[] {
    const ids = kit.engine.listAccounts(tenant, PLATFORM).map((account) => customerOf(tenant, account));
    return ids.length > 0 ? [...new Set(ids)] : [numericIdOf(`customer:${tenant}`, 9)];
  }

  async function buildReport(job: ReportJob): Promise<Buffer | null> {
    const lines: string[][] = [];
    for (const accountId of job.accountIds) {
      const account = kit.engine.listAccounts(job.tenant, PLATFORM).find((candidate) => candidate.id === accountId);
      if (!account) continue;
      const campaigns = new Map(
        (await kit.engine.listCampaigns(job.tenant, PLATFORM, accountId)).map((campaign) => [campaign.id, campaign]),
      );
      const metrics = await kit.engine.dailyMetrics(job.tenant, PLATFORM, accountId, job.range);
      for (const metric of metrics) {
        lines.push(job.columns.map((column) => reportCell(column, account, campaigns.get(metric.campaignId), metric)));
      }
    }
    // Microsoft answers a report without rows with no download URL at all.
    if (lines.length === 0) return null;
    const output: string[][] = [];
    if (job.hasReportHeader) {
      output.push(
        ["Report Name: Campaign performance"],
        [`Report Time: ${job.range.from},${job.range.to}`],
        [`Time Zone: ${job.timeZone ?? "account time zone"}`],
        ["Report Aggregation: Daily"],
        [`Rows: ${lines.length}`],
        [],
      );
    }
    if (job.hasColumnHeaders) output.push(job.columns);
    output.push(...lines);
    if (job.hasReportFooter)
      output.push([], [`©${job.range.to.slice(0, 4)} Microsoft Corporation. All rights reserved. `]);
    const csv = `\uFEFF${output.map((cells) => cells.map(quoteCsv).join(",")).join("\r\n")}\r\n`;
    return writeZip(
      `${job.columns.includes("CampaignId") ? "CampaignPerformance" : "Report"}.csv`,
      Buffer.from(csv, "utf8"),
    );
  }

  return app;
}

// --------------------------------------------------------------------------------------------

function serializeCampaign(campaign: SimCampaign, account: SimAccount) {
  return {
    AudienceAdsBidAdjustment: null,
    BiddingScheme: { Type: "EnhancedCpc" },
    BudgetType: "DailyBudgetStandard",
    DailyBudget: Number(minorToDecimal(campaign.dailyBudgetMinor, account.currency)),
    ExperimentId: null,
    FinalUrlSuffix: null,
    ForwardCompatibilityMap: [],
    Id: toLong(campaign.id),
    Name: campaign.name,
    Status: campaign.status === "enabled" ? "Active" : "Paused",
    SubType: null,
    TimeZone: toMicrosoftTimeZone(account.timeZone),
    TrackingUrlTemplate: null,
    UrlCustomParameters: null,
    CampaignType: campaignTypeOf(campaign),
    Settings: null,
    BudgetId: null,
    Languages: ["All"],
  };
}

type BatchErrorSpec = [code: number, errorCode: string, message: string, fieldPath: string | null, details?: string];

/** PartialErrors: one BatchError per refused item, with its index in the request. */
class BatchErrors {
  readonly list: Record<string, unknown>[] = [];

  add(index: number, code: number, errorCode: string, message: string, fieldPath: string | null, details?: string) {
    this.list.push({
      Code: code,
      Details: details ?? null,
      ErrorCode: errorCode,
      FieldPath: fieldPath,
      ForwardCompatibilityMap: null,
      Index: index,
      Message: message,
      Type: "BatchError",
    });
  }
}

function checkBatchSize(c: Context, size: number): Response | null {
  if (size === 0) {
    return apiFault(
      c,
      "campaign",
      400,
      1113,
      "CampaignServiceCampaignsArrayShouldNotBeNullOrEmpty",
      "The array of campaigns is null or empty.",
    );
  }
  if (size > MAX_CAMPAIGNS_PER_CALL) {
    return apiFault(
      c,
      "campaign",
      400,
      1114,
      "CampaignServiceCampaignsArrayExceedsLimit",
      "The list of campaigns exceeds the limit.",
    );
  }
  return null;
}

/** A name must be present, short enough and unlike every other campaign's in the account. */
function checkCampaignName(
  value: unknown,
  campaigns: SimCampaign[],
  ownId: string | null,
  namesInRequest: Set<string>,
): BatchErrorSpec | null {
  if (typeof value !== "string" || !value.trim() || value.length > MAX_CAMPAIGN_NAME_LENGTH) {
    return [1101, "CampaignServiceInvalidCampaignName", "The campaign name is not valid.", "Name"];
  }
  const lower = value.toLowerCase();
  const isDuplicate =
    [...namesInRequest].some((name) => name.toLowerCase() === lower) ||
    campaigns.some(
      (campaign) => campaign.id !== ownId && campaign.status !== "removed" && campaign.name.toLowerCase() === lower,
    );
  return isDuplicate
    ? [
        1115,
        "CampaignServiceCannotCreateDuplicateCampaign",
        "An attempt was made to create a duplicate of a campaign that already exists.",
        "Name",
      ]
    : null;
}

/** A DailyBudget in minor units, or the BatchError for an amount Microsoft refuses. */
function readDailyBudget(value: unknown, currency: string): number | BatchErrorSpec {
  const exponent = currencyExponent(currency);
  const amount = typeof value === "number" || typeof value === "string" ? Number(value) : Number.NaN;
  const minor = Math.round(amount * 10 ** exponent);
  const invalid = (details?: string): BatchErrorSpec => [
    1106,
    "CampaignServiceInvalidDailyBudget",
    "The campaign daily budget is not valid.",
    "DailyBudget",
    details,
  ];
  if (!Number.isFinite(amount) || amount <= 0 || Math.abs(minor - amount * 10 ** exponent) > 1e-6) return invalid();
  if (amount < MIN_DAILY_BUDGET_UNITS) {
    const minimum = minorToDecimal(MIN_DAILY_BUDGET_UNITS * 10 ** exponent, currency);
    return invalid(`The daily budget must be at least ${minimum} ${currency}.`);
  }
  return minor;
}

function campaignTypeOf(campaign: SimCampaign): string {
  if (campaign.name.startsWith("Shopping")) return "Shopping";
  if (campaign.name.startsWith("Performance Max")) return "PerformanceMax";
  if (campaign.name.startsWith("Audience")) return "Audience";
  return "Search";
}

function reportCell(column: string, account: SimAccount, campaign: SimCampaign | undefined, metric: SimDailyMetric) {
  const spend = minorToDecimal(metric.spendMinor, account.currency);
  switch (column) {
    case "TimePeriod":
      return metric.date;
    case "AccountId":
      return account.id;
    case "AccountName":
      return account.name;
    case "AccountNumber":
      return accountNumberOf(account.id);
    case "CampaignId":
      return metric.campaignId;
    case "CampaignName":
      return campaign?.name ?? "";
    case "CampaignStatus":
      return campaign?.status === "enabled" ? "Active" : campaign?.status === "removed" ? "Deleted" : "Paused";
    case "CampaignType":
      return campaign ? campaignTypeOf(campaign) : "";
    case "Impressions":
      return String(metric.impressions);
    case "Clicks":
      return String(metric.clicks);
    case "Ctr":
      return metric.impressions > 0 ? `${((metric.clicks / metric.impressions) * 100).toFixed(2)}%` : "0.00%";
    case "AverageCpc":
      return metric.clicks > 0 ? (Number(spend) / metric.clicks).toFixed(2) : "0.00";
    case "Spend":
      return spend;
    case "Conversions":
      return String(Math.round(metric.conversions * 100) / 100);
    case "Revenue":
      return minorToDecimal(metric.conversionValueMinor, account.currency);
    case "CurrencyCode":
      return account.currency;
    default:
      return "";
  }
}

function quoteCsv(cell: string): string {
  return `"${cell.replace(/"/g, '""')}"`;
}

function customerOf(tenant: string, account: SimAccount): string {
  return account.customerId ?? numericIdOf(`customer:${tenant}`, 9);
}

/** Microsoft's account number, the id the web UI shows (e.g. F1A2B3C4). */
function accountNumberOf(accountId: string): string {
  return `F${createHash("sha256").update(`account-number:${accountId}`).digest("hex").slice(0, 7).toUpperCase()}`;
}

function numericIdOf(seed: string, digits: number): string {
  const value = BigInt(`0x${createHash("sha256").update(seed).digest("hex").slice(0, 14)}`);
  const floor = 10n ** BigInt(digits - 1);
  return ((value % (9n * floor)) + floor).toString();
}

/** Longs go out as JSON numbers while they fit, as Microsoft's serializer writes them. */
function toLong(id: string): number | string {
  const value = Number(id);
  return /^\d+$/.test(id) && Number.isSafeInteger(value) ? value : id;
}

function readLong(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (typeof value === "string" && /^\d+$/.test(value)) return value;
  return null;
}

function readReportDate(value: unknown): string | null {
  const date = asRecord(value);
  const [year, month, day] = [date.Year, date.Month, date.Day].map(Number);
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  const text = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text ? text : null;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

async function readBody(c: Context): Promise<Record<string, unknown>> {
  return asRecord(await c.req.json().catch(() => null));
}

function dropOldReports(reports: Map<string, ReportJob>) {
  for (const id of reports.keys()) {
    if (reports.size <= MAX_KEPT_REPORTS) return;
    reports.delete(id);
  }
}

function trackingId(): string {
  return crypto.randomUUID();
}

/** ApiFaultDetail: operation errors. Customer Management's errors carry no ErrorCode element. */
function apiFault(
  c: Context,
  service: Service,
  status: ContentfulStatusCode,
  code: number,
  errorCode: string,
  message: string,
) {
  return c.json(
    {
      TrackingId: trackingId(),
      Type: "ApiFaultDetail",
      BatchErrors: [],
      OperationErrors: [
        service === "customer"
          ? { Code: code, Details: null, Message: message }
          : { Code: code, Details: null, ErrorCode: errorCode, Message: message },
      ],
    },
    status,
  );
}

/** AdApiFaultDetail: authentication and other faults common to every service. */
function adApiFault(c: Context, status: ContentfulStatusCode, code: number, errorCode: string, message: string) {
  return c.json(
    {
      TrackingId: trackingId(),
      Type: "AdApiFaultDetail",
      Errors: [{ Code: code, Detail: null, ErrorCode: errorCode, Message: message }],
    },
    status,
  );
}

function oauthError(c: Context, status: 400 | 401, error: string, code: number, description: string) {
  return c.json(
    {
      error,
      error_description: `${description}\r\nTrace ID: ${crypto.randomUUID()}\r\nTimestamp: ${new Date().toISOString()}`,
      error_codes: [code],
      timestamp: new Date()
        .toISOString()
        .replace("T", " ")
        .replace(/\.\d+Z$/, "Z"),
      trace_id: crypto.randomUUID(),
      correlation_id: crypto.randomUUID(),
    },
    status,
  );
}

function renderSignInError(c: Context, message: string) {
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to your account</title></head>` +
      `<body><main><h1>Sorry, but we're having trouble signing you in.</h1><p>${escapeHtml(message)}</p></main></body></html>`,
    400,
  );
}

function blobError(c: Context, status: 403 | 404, code: string, message: string) {
  return c.body(
    `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    status,
    { "content-type": "application/xml" },
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
