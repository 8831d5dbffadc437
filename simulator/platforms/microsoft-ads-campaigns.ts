import type { Hono } from "hono";
import type { SandboxKit } from "../sandbox-kit.ts";
import {
  accountNumberOf,
  apiFault,
  asRecord,
  BatchErrors,
  campaignTypeOf,
  checkBatchSize,
  checkCampaignName,
  customerOf,
  MAX_CAMPAIGNS_PER_CALL,
  MESSAGES,
  type MicrosoftScope,
  numericIdOf,
  PLATFORM,
  readBody,
  readDailyBudget,
  readLong,
  serializeCampaign,
  toLong,
} from "./microsoft-ads-common.ts";
import { MICROSOFT_TIME_ZONE_NAMES, toMicrosoftTimeZone } from "./microsoft-ads-time-zones.ts";

/** The Customer Management and Campaign Management services of the Bing Ads API v13. */

export function registerMicrosoftCampaigns(app: Hono, kit: SandboxKit, scope: MicrosoftScope): void {
  const { authenticate, checkAccountScope, customerIdsOf } = scope;
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
}
