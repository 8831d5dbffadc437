import { setTimeout as sleep } from "node:timers/promises";
import type {
  AdPlatformConnector,
  ConnectorConfig,
  DateRange,
  ExternalAdAccount,
  TokenSet,
} from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { minorToDecimal } from "#core/shared/money.ts";
import { createMicrosoftAdLevelReads } from "./ads.ts";
import { createMicrosoftAdsClient, type MicrosoftScope } from "./client.ts";
import { createMicrosoftConversionReads } from "./conversions.ts";
import { mapMicrosoftAccount, mapMicrosoftCampaign, mapMicrosoftReportRow } from "./mappers.ts";
import { buildMicrosoftAuthorizeUrl, exchangeMicrosoftCode, refreshMicrosoftTokens } from "./oauth.ts";
import {
  addCampaignsResponseSchema,
  getAccountResponseSchema,
  getAccountsInfoResponseSchema,
  getCampaignsByIdsResponseSchema,
  getCampaignsResponseSchema,
  getUserResponseSchema,
  type MicrosoftBatchError,
  pollReportResponseSchema,
  submitReportResponseSchema,
  updateCampaignsResponseSchema,
} from "./schemas.ts";

const CAMPAIGN_TYPES = "Search Shopping Audience PerformanceMax";
const REPORT_COLUMNS = [
  "TimePeriod",
  "AccountId",
  "CampaignId",
  "CampaignName",
  "CampaignStatus",
  "Impressions",
  "Clicks",
  "Spend",
  "Conversions",
  "Revenue",
  "CurrencyCode",
];
/** Waits between report polls: quick at first (small reports finish in seconds), then every 5 s. */
const POLL_DELAYS_MS = [250, 500, 1000, 2000, 4000];
const POLL_STEADY_MS = 5000;
const POLL_GIVE_UP_MS = 10 * 60_000;

export interface MicrosoftAdsConnectorOptions {
  /** How long to wait before each report poll (tests shorten it); defaults to a gentle backoff. */
  pollDelayMs?: (attempt: number) => number;
}

/**
 * Microsoft Advertising over REST v13: accounts from Customer Management (User/Query →
 * AccountsInfo/Query per customer → Account/Query for currency and time zone), campaigns and
 * their updates from Campaign Management, daily metrics from an asynchronous campaign
 * performance report (Submit, Poll, then a ZIP holding a CSV). No `revokeAccess`: the Microsoft
 * identity platform has no endpoint for an app to revoke a grant; the person removes it there.
 */
export function createMicrosoftAdsConnector(
  config: ConnectorConfig,
  options: MicrosoftAdsConnectorOptions = {},
): AdPlatformConnector {
  const client = createMicrosoftAdsClient(config);
  const pollDelayMs = options.pollDelayMs ?? ((attempt) => POLL_DELAYS_MS[attempt] ?? POLL_STEADY_MS);

  const scopeOf = (account: ExternalAdAccount): MicrosoftScope => ({
    customerId: account.context.customerId,
    accountId: checkDigits(account.externalId),
  });

  async function updateCampaign(tokens: TokenSet, account: ExternalAdAccount, campaign: Record<string, unknown>) {
    const answer = await client.call({
      service: "campaignManagement",
      path: "Campaigns",
      method: "PUT",
      accessToken: tokens.accessToken,
      scope: scopeOf(account),
      body: { AccountId: Number(account.externalId), Campaigns: [campaign] },
      schema: updateCampaignsResponseSchema,
    });
    throwPartialError(answer.PartialErrors, "Microsoft Ads refused the campaign update.");
  }

  async function listCampaignsOf(tokens: TokenSet, account: ExternalAdAccount) {
    const answer = await client.call({
      service: "campaignManagement",
      path: "Campaigns/QueryByAccountId",
      accessToken: tokens.accessToken,
      scope: scopeOf(account),
      body: { AccountId: Number(account.externalId), CampaignType: CAMPAIGN_TYPES },
      schema: getCampaignsResponseSchema,
    });
    return answer.Campaigns.map((campaign) => mapMicrosoftCampaign(campaign, account.currency));
  }

  /**
   * A Daily report of one account through the Reporting service: Submit, Poll (backing off) until
   * it is ready, then the ZIP download's CSV records; none when Microsoft finds no rows.
   */
  async function runReport(
    tokens: TokenSet,
    account: ExternalAdAccount,
    range: DateRange,
    request: { Type: string; ReportName: string; Columns: readonly string[] },
  ): Promise<Record<string, string>[]> {
    const scope = scopeOf(account);
    const submitted = await client.call({
      service: "reporting",
      path: "GenerateReport/Submit",
      accessToken: tokens.accessToken,
      scope,
      body: {
        ReportRequest: {
          ...request,
          Format: "Csv",
          FormatVersion: "2.0",
          ExcludeColumnHeaders: false,
          ExcludeReportHeader: true,
          ExcludeReportFooter: true,
          // Recent days are still settling; we re-fetch them on later syncs.
          ReturnOnlyCompleteData: false,
          Aggregation: "Daily",
          Scope: { AccountIds: [Number(account.externalId)] },
          Time: {
            CustomDateRangeStart: toReportDate(range.from),
            CustomDateRangeEnd: toReportDate(range.to),
            // Dates in the account's own zone, like every other platform's metrics.
            ...(account.context.timeZoneName ? { ReportTimeZone: account.context.timeZoneName } : {}),
          },
        },
      },
      schema: submitReportResponseSchema,
    });

    const startedAt = Date.now();
    for (let attempt = 0; ; attempt++) {
      await sleep(pollDelayMs(attempt));
      const poll = await client.call({
        service: "reporting",
        path: "GenerateReport/Poll",
        accessToken: tokens.accessToken,
        scope,
        body: { ReportRequestId: submitted.ReportRequestId },
        schema: pollReportResponseSchema,
      });
      const status = poll.ReportRequestStatus;
      if (status.Status === "Error") {
        throw new PlatformError("microsoft-ads", "rejected", "Microsoft Ads could not generate the report.", {
          platformCode: "ReportError",
        });
      }
      if (status.Status === "Success") {
        // No download URL means the report has no rows.
        return status.ReportDownloadUrl ? client.downloadReport(status.ReportDownloadUrl) : [];
      }
      if (Date.now() - startedAt > POLL_GIVE_UP_MS) {
        throw new PlatformError("microsoft-ads", "unavailable", "Microsoft Ads is still generating the report.");
      }
    }
  }

  return {
    platform: "microsoft-ads",
    authorizeUrl: (input) => buildMicrosoftAuthorizeUrl(config, input),
    exchangeCode: (callback, redirectUri) => exchangeMicrosoftCode(config, callback, redirectUri),
    refreshTokens: (tokens) => refreshMicrosoftTokens(config, tokens),

    async listAdAccounts(tokens) {
      const user = await client.call({
        service: "customerManagement",
        path: "User/Query",
        accessToken: tokens.accessToken,
        body: { UserId: null },
        schema: getUserResponseSchema,
      });
      // AccountsInfo answers for one customer at a time; a user may administer several.
      const customerIds = [...new Set(user.CustomerRoles.map((role) => role.CustomerId))];
      const accounts: ExternalAdAccount[] = [];
      const seen = new Set<string>();
      for (const customerId of customerIds) {
        const info = await client.call({
          service: "customerManagement",
          path: "AccountsInfo/Query",
          accessToken: tokens.accessToken,
          scope: { customerId },
          body: { CustomerId: Number(customerId), OnlyParentAccounts: false },
          schema: getAccountsInfoResponseSchema,
        });
        for (const summary of info.AccountsInfo) {
          if (seen.has(summary.Id)) continue;
          seen.add(summary.Id);
          const details = await client.call({
            service: "customerManagement",
            path: "Account/Query",
            accessToken: tokens.accessToken,
            scope: { customerId },
            body: { AccountId: Number(summary.Id) },
            schema: getAccountResponseSchema,
          });
          accounts.push(mapMicrosoftAccount(details.Account));
        }
      }
      return accounts;
    },

    listCampaigns: listCampaignsOf,

    async fetchDailyMetrics(tokens, account, range) {
      const rows = await runReport(tokens, account, checkRange(range), {
        Type: "CampaignPerformanceReportRequest",
        ReportName: "Adhelm daily campaign performance",
        Columns: REPORT_COLUMNS,
      });
      return rows.map((row) => mapMicrosoftReportRow(row, account.currency));
    },

    ...createMicrosoftAdLevelReads({
      client,
      scopeOf,
      runReport,
      checkDigits,
      checkRange,
      throwPartialError,
      campaignIdsOf: async (tokens, account) =>
        (await listCampaignsOf(tokens, account)).map((campaign) => campaign.externalId),
    }),

    ...createMicrosoftConversionReads({ client, scopeOf, runReport, checkRange, throwPartialError }),

    async setCampaignStatus(tokens, account, campaignExternalId, status) {
      await updateCampaign(tokens, account, {
        Id: Number(checkDigits(campaignExternalId)),
        Status: status === "enabled" ? "Active" : "Paused",
      });
    },

    async setCampaignName(tokens, account, campaignExternalId, name) {
      await updateCampaign(tokens, account, { Id: Number(checkDigits(campaignExternalId)), Name: name });
    },

    /** AddCampaigns with one Search campaign on its own daily budget, then GetCampaignsByIds to read it back. */
    async createCampaign(tokens, account, campaign) {
      const scope = scopeOf(account);
      const added = await client.call({
        service: "campaignManagement",
        path: "Campaigns",
        method: "POST",
        accessToken: tokens.accessToken,
        scope,
        body: {
          AccountId: Number(account.externalId),
          Campaigns: [
            {
              Name: campaign.name,
              CampaignType: "Search",
              BudgetType: "DailyBudgetStandard",
              DailyBudget: Number(minorToDecimal(campaign.dailyBudgetMinor, account.currency)),
              // The account's own zone, so the campaign's days are the account's days.
              ...(account.context.timeZoneName ? { TimeZone: account.context.timeZoneName } : {}),
              Status: campaign.status === "enabled" ? "Active" : "Paused",
              Languages: ["All"],
            },
          ],
        },
        schema: addCampaignsResponseSchema,
      });
      throwPartialError(added.PartialErrors, "Microsoft Ads refused the new campaign.");
      const campaignId = added.CampaignIds[0];
      if (!campaignId) throw new PlatformError("microsoft-ads", "rejected", "Microsoft Ads created no campaign.");
      const answer = await client.call({
        service: "campaignManagement",
        path: "Campaigns/QueryByIds",
        accessToken: tokens.accessToken,
        scope,
        body: {
          AccountId: Number(account.externalId),
          CampaignIds: [Number(campaignId)],
          CampaignType: CAMPAIGN_TYPES,
        },
        schema: getCampaignsByIdsResponseSchema,
      });
      const created = answer.Campaigns[0];
      if (!created) {
        throw new PlatformError("microsoft-ads", "rejected", `Microsoft Ads does not list campaign ${campaignId}.`);
      }
      return mapMicrosoftCampaign(created, account.currency);
    },

    async setCampaignDailyBudget(tokens, account, campaignExternalId, dailyBudgetMinor) {
      await updateCampaign(tokens, account, {
        Id: Number(checkDigits(campaignExternalId)),
        // A decimal in the account currency; BudgetType is left as the campaign has it.
        DailyBudget: Number(minorToDecimal(dailyBudgetMinor, account.currency)),
      });
    },
  };
}

/** The first BatchError of a batch as a rejection, Microsoft's Details (e.g. the minimum) after its Message. */
function throwPartialError(errors: (MicrosoftBatchError | null)[] | null | undefined, fallback: string): void {
  const failure = (errors ?? []).find((error) => error !== null);
  if (!failure) return;
  const message = [failure.Message || failure.ErrorCode || fallback, failure.Details].filter(Boolean).join(" ");
  throw new PlatformError("microsoft-ads", "rejected", message, {
    platformCode: failure.ErrorCode ? `${failure.Code ?? ""} ${failure.ErrorCode}`.trim() : (failure.Code ?? null),
  });
}

function checkDigits(id: string): string {
  if (!/^\d+$/.test(id)) throw new PlatformError("microsoft-ads", "rejected", `"${id}" is not a Microsoft Ads id.`);
  return id;
}

function checkRange(range: DateRange): DateRange {
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
  if (!isDate(range.from) || !isDate(range.to) || range.from > range.to) {
    throw new PlatformError("microsoft-ads", "rejected", `Not a date range: ${range.from} to ${range.to}.`);
  }
  return range;
}

function toReportDate(date: string): { Day: number; Month: number; Year: number } {
  const [year, month, day] = date.split("-").map(Number);
  return { Day: day ?? 1, Month: month ?? 1, Year: year ?? 1970 };
}
