import { randomInt } from "node:crypto";
import { type Context, Hono } from "hono";
import type { SandboxKit, SimAccount, SimCampaign } from "../sandbox-kit.ts";
import {
  describeAdInsightRows,
  findAd,
  registerFacebookAdRoutes,
  respondAdNode,
  updateAd,
} from "./facebook-ads-ads.ts";
import {
  CAMPAIGN_STATUSES,
  checkCampaignName,
  checkDailyBudget,
  checkNewCampaign,
  forgetOldRuns,
  KNOWN_SCOPES,
  LONG_LIVED_SECONDS,
  MAX_REMEMBERED,
  PLATFORM,
  type ReportRun,
  readStatusFilter,
  respondDialogError,
  respondThrottled,
  SHORT_LIVED_SECONDS,
  tokenError,
  VERSION,
} from "./facebook-ads-common.ts";
import { describeCampaignInsightRows, registerFacebookConversionRoutes } from "./facebook-ads-conversions.ts";
import { registerFacebookAdCreation } from "./facebook-ads-create.ts";
import {
  AD_ACCOUNT_FIELDS,
  buildGraphPage,
  CAMPAIGN_FIELDS,
  describeAdAccount,
  describeCampaign,
  effectiveStatusOf,
  type InsightQuery,
  isGraphError,
  nonexistingFieldError,
  parseInsightQuery,
  pickFields,
  readFields,
  readGraphParams,
  respondGraphError,
  unknownObjectError,
} from "./facebook-ads-graph.ts";
import { registerFacebookPermissions } from "./facebook-ads-permissions.ts";

/**
 * Meta's Graph API v26.0 and Login dialog, mounted at /sandbox/facebook-ads:
 * `v26.0/dialog/oauth` (www.facebook.com) and the Graph API under `v26.0/` (graph.facebook.com).
 * Ad sets, ads, creatives and ad-level insights: facebook-ads-ads.ts; pixels, custom conversions
 * and the per-action insights: facebook-ads-conversions.ts.
 */
export function createFacebookAdsSandbox(kit: SandboxKit): Hono {
  const app = new Hono();
  const graph = new Hono();
  const reportRuns = new Map<string, ReportRun>();
  // Tokens this module issued. The expired_token fault makes a token fail although its 60 days
  // are not over; Meta re-exchanges such a token, so fb_exchange_token needs its tenant.
  const issuedTokens = new Map<string, { tenant: string; expiresAt: number }>();

  const appCredentials = kit.appCredentials(PLATFORM);

  function rememberToken(token: string, tenant: string, seconds: number): void {
    if (issuedTokens.size >= MAX_REMEMBERED) {
      const oldest = issuedTokens.keys().next().value;
      if (oldest !== undefined) issuedTokens.delete(oldest);
    }
    issuedTokens.set(token, { tenant, expiresAt: Date.now() + seconds * 1000 });
  }

  /** Token, then injected faults; the answer is the tenant and the request's parameters, or Meta's error. */
  async function authenticate(c: Context): Promise<{ tenant: string; params: Record<string, string> } | Response> {
    const params = await readGraphParams(c);
    const header = c.req.header("authorization") ?? "";
    const token = /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header)?.[1] ?? params.access_token;
    if (!token)
      return respondGraphError(c, {
        message: "An active access token must be used to query information about the current user.",
        code: 2500,
      });
    const check = await kit.credentials.checkAccessToken(token, PLATFORM);
    if (!check.ok) return respondGraphError(c, tokenError(check.reason, appCredentials.clientId));
    const fault = await kit.faults.take({ tenant: check.tenant, platform: PLATFORM });
    if (fault === "throttle") return respondThrottled(c, kit.engine.listAccounts(check.tenant, PLATFORM)[0]?.id);
    if (fault === "server_error")
      return respondGraphError(
        c,
        {
          message: "An unexpected error has occurred. Please retry your request later.",
          code: 2,
          is_transient: true,
        },
        500,
      );
    return { tenant: check.tenant, params };
  }

  function findAccount(tenant: string, node: string): SimAccount | undefined {
    if (!node.startsWith("act_")) return undefined;
    return kit.engine.listAccounts(tenant, PLATFORM).find((account) => `act_${account.id}` === node);
  }

  async function findCampaign(
    tenant: string,
    id: string,
  ): Promise<{ campaign: SimCampaign; account: SimAccount } | null> {
    for (const account of kit.engine.listAccounts(tenant, PLATFORM)) {
      const campaigns = await kit.engine.listCampaigns(tenant, PLATFORM, account.id);
      const campaign = campaigns.find((candidate) => candidate.id === id);
      if (campaign) return { campaign, account };
    }
    return null;
  }

  async function respondInsights(
    c: Context,
    tenant: string,
    account: SimAccount,
    query: InsightQuery,
    params: Record<string, string>,
  ): Promise<Response> {
    if (query.level === "ad") {
      const page = buildGraphPage(c.req.url, await describeAdInsightRows(kit, tenant, account, query), params);
      return isGraphError(page) ? respondGraphError(c, page) : c.json(page);
    }
    const rows = await describeCampaignInsightRows(kit, tenant, account, query);
    const page = buildGraphPage(c.req.url, rows, params);
    return isGraphError(page) ? respondGraphError(c, page) : c.json(page);
  }

  // --- Login dialog (www.facebook.com) and its consent form -----------------------------------

  graph.get("/dialog/oauth", (c) => {
    const clientId = c.req.query("client_id");
    const redirectUri = c.req.query("redirect_uri");
    const responseType = c.req.query("response_type") ?? "code";
    const scope = c.req.query("scope") ?? "public_profile";
    if (clientId !== appCredentials.clientId)
      return respondDialogError(c, "Invalid App ID", "The provided app ID does not look like a valid app ID.");
    if (!redirectUri || !kit.isAppCallback(PLATFORM, redirectUri))
      return respondDialogError(
        c,
        "URL blocked",
        "This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.",
      );
    if (responseType !== "code")
      return respondDialogError(c, "Unsupported response type", "The sandbox supports response_type=code only.");
    const unknownScopes = scope.split(/[\s,]+/).filter((name) => name && !KNOWN_SCOPES.has(name));
    if (unknownScopes.length > 0)
      return respondDialogError(
        c,
        "Invalid Scopes",
        `Invalid Scopes: ${unknownScopes.join(", ")}. This message is only shown to developers.`,
      );
    return kit.consent.render(c, {
      platform: PLATFORM,
      clientId,
      redirectUri,
      state: c.req.query("state") ?? "",
      scope,
    });
  });

  app.post(
    "/consent",
    kit.consent.handler((decision) => {
      const url = new URL(decision.redirectUri);
      if (decision.isAllowed) {
        const code = kit.credentials.issueCode({
          tenant: decision.tenant,
          platform: PLATFORM,
          clientId: decision.clientId,
          redirectUri: decision.redirectUri,
        });
        url.searchParams.set("code", code);
      } else {
        url.searchParams.set("error", "access_denied");
        url.searchParams.set("error_code", "200");
        url.searchParams.set("error_description", "Permissions error");
        url.searchParams.set("error_reason", "user_denied");
      }
      if (decision.state) url.searchParams.set("state", decision.state);
      // Meta appends this fragment to every Login redirect.
      url.hash = "_=_";
      return url.toString();
    }),
  );

  // --- oauth/access_token: code exchange and fb_exchange_token ---------------------------------

  graph.get("/oauth/access_token", async (c) => {
    const params = c.req.query();
    if (params.client_id !== appCredentials.clientId)
      return respondGraphError(c, { message: "Error validating application. Invalid application ID.", code: 101 });
    if (params.client_secret !== appCredentials.clientSecret)
      return respondGraphError(c, { message: "Error validating client secret.", code: 1 });

    if (params.grant_type === "fb_exchange_token") {
      const presented = params.fb_exchange_token;
      if (!presented)
        return respondGraphError(c, { message: "Missing required parameter: fb_exchange_token", code: 100 });
      const check = await kit.credentials.checkAccessToken(presented, PLATFORM);
      const known = issuedTokens.get(presented);
      let tenant: string | null = check.ok ? check.tenant : null;
      // An expired_token fault, not the real 60 days: Meta would still exchange this token.
      if (!check.ok && check.reason === "expired" && known && known.expiresAt > Date.now()) tenant = known.tenant;
      if (!tenant)
        return respondGraphError(c, tokenError(check.ok ? "invalid" : check.reason, appCredentials.clientId));
      return respondToken(c, tenant, LONG_LIVED_SECONDS);
    }

    if (!params.redirect_uri) return respondGraphError(c, { message: "Missing redirect_uri parameter.", code: 191 });
    if (!params.code) return respondGraphError(c, { message: "Missing authorization code", code: 100 });
    const tenant = kit.credentials.redeemCode(params.code, {
      platform: PLATFORM,
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
    });
    if (!tenant)
      return respondGraphError(c, {
        message:
          "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request, and that the code has not been used or expired.",
        code: 100,
        error_subcode: 36008,
      });
    return respondToken(c, tenant, SHORT_LIVED_SECONDS);
  });

  function respondToken(c: Context, tenant: string, seconds: number): Response {
    const issued = kit.credentials.issueTokens({
      tenant,
      platform: PLATFORM,
      accessTtlSeconds: seconds,
      withRefreshToken: false,
    });
    rememberToken(issued.accessToken, tenant, seconds);
    return c.json({ access_token: issued.accessToken, token_type: "bearer", expires_in: issued.expiresIn ?? seconds });
  }

  // --- Graph API ---------------------------------------------------------------------------------

  graph.get("/me/adaccounts", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const fields = readFields(auth.params, AD_ACCOUNT_FIELDS);
    if (!Array.isArray(fields)) return respondGraphError(c, nonexistingFieldError(fields.unknownField, "AdAccount"));
    const accounts = kit.engine
      .listAccounts(auth.tenant, PLATFORM)
      .map((account) => pickFields(describeAdAccount(account), fields));
    const page = buildGraphPage(c.req.url, accounts, auth.params);
    return isGraphError(page) ? respondGraphError(c, page) : c.json(page);
  });

  graph.get("/:node/campaigns", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const account = findAccount(auth.tenant, node);
    if (!account) return respondGraphError(c, unknownObjectError(node, "get"));
    const fields = readFields(auth.params, CAMPAIGN_FIELDS);
    if (!Array.isArray(fields)) return respondGraphError(c, nonexistingFieldError(fields.unknownField, "Campaign"));
    const statuses = readStatusFilter(auth.params.effective_status);
    if (isGraphError(statuses)) return respondGraphError(c, statuses);
    const campaigns = (await kit.engine.listCampaigns(auth.tenant, PLATFORM, account.id))
      .filter((campaign) => statuses.has(effectiveStatusOf(campaign)))
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((campaign) => pickFields(describeCampaign(campaign), fields));
    const page = buildGraphPage(c.req.url, campaigns, auth.params);
    return isGraphError(page) ? respondGraphError(c, page) : c.json(page);
  });

  // New campaigns: form-encoded like every Graph POST, with campaign budget optimisation (a daily_budget).
  graph.post("/:node/campaigns", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const account = findAccount(auth.tenant, node);
    if (!account) return respondGraphError(c, unknownObjectError(node, "post"));
    const params = auth.params;
    const problem =
      checkCampaignName(params.name) ??
      checkNewCampaign(params) ??
      (params.daily_budget === undefined
        ? {
            message:
              "(#100) The sandbox creates campaigns with campaign budget optimisation only: daily_budget is required",
            code: 100,
          }
        : checkDailyBudget(params.daily_budget, account.currency));
    if (problem) return respondGraphError(c, problem);
    const created = await kit.engine.createCampaign(auth.tenant, PLATFORM, account.id, {
      name: params.name!,
      status: (params.status ?? "ACTIVE") === "ACTIVE" ? "enabled" : "paused",
      dailyBudgetMinor: Number(params.daily_budget),
    });
    if (!created) return respondGraphError(c, unknownObjectError(node, "post"));
    return c.json({ id: created.id });
  });

  graph.get("/:node/insights", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const run = reportRuns.get(node);
    if (run && run.tenant === auth.tenant) {
      if (run.polls < 2)
        return respondGraphError(c, {
          message: `(#100) Report run ${node} has not completed yet; poll its async_status first`,
          code: 100,
        });
      return respondInsights(c, auth.tenant, run.account, run.query, auth.params);
    }
    const account = findAccount(auth.tenant, node);
    if (!account) return respondGraphError(c, unknownObjectError(node, "get"));
    const query = parseInsightQuery(auth.params, await kit.engine.today());
    if (isGraphError(query)) return respondGraphError(c, query);
    return respondInsights(c, auth.tenant, account, query, auth.params);
  });

  // Async insights: POST starts a report run, GET /{id} reports progress, /{id}/insights the rows.
  graph.post("/:node/insights", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const account = findAccount(auth.tenant, node);
    if (!account) return respondGraphError(c, unknownObjectError(node, "post"));
    const query = parseInsightQuery(auth.params, await kit.engine.today());
    if (isGraphError(query)) return respondGraphError(c, query);
    forgetOldRuns(reportRuns);
    const id = `${randomInt(100_000, 999_999)}${randomInt(100_000_000, 999_999_999)}`;
    reportRuns.set(id, { id, tenant: auth.tenant, account, query, polls: 0, createdAt: Date.now() });
    return c.json({ report_run_id: id });
  });

  graph.get("/:node", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const run = reportRuns.get(node);
    if (run && run.tenant === auth.tenant) {
      // The job runs while it is watched: the first poll finds it half done, the next one finished.
      run.polls += 1;
      const isDone = run.polls >= 2;
      return c.json({
        id: run.id,
        account_id: run.account.id,
        time_ref: Math.floor(run.createdAt / 1000),
        async_status: isDone ? "Job Completed" : "Job Running",
        async_percent_completion: isDone ? 100 : 50,
        date_start: run.query.since,
        date_stop: run.query.until,
        ...(isDone ? { time_completed: Math.floor(Date.now() / 1000) } : {}),
      });
    }
    const account = findAccount(auth.tenant, node);
    if (account) {
      const fields = readFields(auth.params, AD_ACCOUNT_FIELDS);
      if (!Array.isArray(fields)) return respondGraphError(c, nonexistingFieldError(fields.unknownField, "AdAccount"));
      return c.json(pickFields(describeAdAccount(account), fields));
    }
    const found = await findCampaign(auth.tenant, node);
    if (!found) {
      const ad = await findAd(kit, auth.tenant, node);
      if (ad) return respondAdNode(c, ad, auth.params);
      return respondGraphError(c, unknownObjectError(node, "get"));
    }
    const fields = readFields(auth.params, CAMPAIGN_FIELDS);
    if (!Array.isArray(fields)) return respondGraphError(c, nonexistingFieldError(fields.unknownField, "Campaign"));
    return c.json(pickFields(describeCampaign(found.campaign), fields));
  });

  // Campaign updates: status and daily_budget (minor units), form-encoded like every Graph POST.
  graph.post("/:node", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const found = await findCampaign(auth.tenant, node);
    if (!found) {
      const ad = await findAd(kit, auth.tenant, node);
      if (ad) return updateAd(c, kit, auth.tenant, ad, auth.params);
      return respondGraphError(c, unknownObjectError(node, "post"));
    }
    const { status, daily_budget: dailyBudget, name } = auth.params;
    if (status === undefined && dailyBudget === undefined && name === undefined)
      return respondGraphError(c, { message: "(#100) No fields to update were given", code: 100 });
    if (name !== undefined) {
      const problem = checkCampaignName(name);
      if (problem) return respondGraphError(c, problem);
    }
    if (status !== undefined && !CAMPAIGN_STATUSES.includes(status))
      return respondGraphError(c, {
        message: "(#100) Param status must be one of {ACTIVE, PAUSED, DELETED, ARCHIVED}",
        code: 100,
      });
    // Archived campaigns can only be deleted, and deleted ones not touched at all.
    if (found.campaign.status === "removed" && status !== "DELETED")
      return respondGraphError(c, { message: "(#100) An archived campaign can only be deleted", code: 100 });
    if (dailyBudget !== undefined) {
      const problem = checkDailyBudget(dailyBudget, found.account.currency);
      if (problem) return respondGraphError(c, problem);
    }
    if (status !== undefined)
      await kit.engine.setCampaignStatus(
        auth.tenant,
        PLATFORM,
        node,
        status === "ACTIVE" ? "enabled" : status === "PAUSED" ? "paused" : "removed",
      );
    if (dailyBudget !== undefined)
      await kit.engine.setCampaignDailyBudget(auth.tenant, PLATFORM, node, Number(dailyBudget));
    if (name !== undefined && name !== found.campaign.name)
      await kit.engine.setCampaignName(auth.tenant, PLATFORM, node, name);
    return c.json({ success: true });
  });

  registerFacebookPermissions(graph, kit, authenticate);
  registerFacebookAdRoutes(graph, kit, authenticate, findAccount);
  registerFacebookAdCreation(graph, kit, authenticate, findAccount);
  registerFacebookConversionRoutes(graph, kit, authenticate, findAccount);

  graph.all("*", (c) =>
    respondGraphError(c, { message: `Unknown path components: ${new URL(c.req.url).pathname}`, code: 2500 }),
  );

  app.route(`/${VERSION}`, graph);
  app.all("*", (c) =>
    respondGraphError(c, {
      message: `Unsupported version: only ${VERSION} is served by the sandbox`,
      code: 2635,
    }),
  );
  return app;
}
