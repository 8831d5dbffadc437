import type {
  ConversionCategory,
  ConversionReads,
  DateRange,
  ExternalAdAccount,
  ExternalConversionAction,
  ExternalConversionDaily,
  TokenSet,
} from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { createMicrosoftAdsClient, MicrosoftScope } from "./client.ts";
import { getConversionGoalsResponseSchema, type MicrosoftBatchError } from "./schemas.ts";

/**
 * Microsoft Advertising conversion goals: GetConversionGoalsByIds (REST ConversionGoals/QueryByIds)
 * without ids, which answers every goal of the asked types (deleted ones too, left out here), and
 * the GoalsAndFunnelsReportRequest (Submit, Poll, ZIP download) for each campaign-day's
 * conversions per goal. The report's AllConversions and AllRevenue count every goal;
 * Conversions and Revenue only the goals not excluded from bidding. The view-through window comes
 * only when asked for among ReturnAdditionalFields; windows are in minutes.
 */

const GOAL_TYPES = "Url Duration PagesViewedPerVisit Event AppInstall OfflineConversion InStoreTransaction";
const GOAL_REPORT_COLUMNS = ["TimePeriod", "AccountId", "CampaignId", "GoalId", "Goal", "AllConversions", "AllRevenue"];
/** A Daily report covers at most a few months; longer ranges go in chunks. */
const CHUNK_DAYS = 90;
const MINUTES_PER_DAY = 1440;

/** Microsoft's ConversionGoalCategory, in our words. */
const CATEGORIES: Record<string, ConversionCategory> = {
  Purchase: "purchase",
  AddToCart: "add_to_cart",
  BeginCheckout: "begin_checkout",
  Signup: "sign_up",
  Subscribe: "sign_up",
  SubmitLeadForm: "lead",
  BookAppointment: "lead",
  RequestQuote: "lead",
  Contact: "lead",
  QualifiedLead: "lead",
  PageView: "page_view",
};

type Client = ReturnType<typeof createMicrosoftAdsClient>;

export interface MicrosoftConversionDeps {
  client: Client;
  scopeOf: (account: ExternalAdAccount) => MicrosoftScope;
  runReport: (
    tokens: TokenSet,
    account: ExternalAdAccount,
    range: DateRange,
    request: { Type: string; ReportName: string; Columns: readonly string[] },
  ) => Promise<Record<string, string>[]>;
  checkRange: (range: DateRange) => DateRange;
  throwPartialError: (errors: (MicrosoftBatchError | null)[] | null | undefined, fallback: string) => void;
}

export function createMicrosoftConversionReads(deps: MicrosoftConversionDeps): ConversionReads {
  const { client, scopeOf } = deps;
  return {
    async listConversionActions(tokens, account) {
      const answer = await client.call({
        service: "campaignManagement",
        path: "ConversionGoals/QueryByIds",
        accessToken: tokens.accessToken,
        scope: scopeOf(account),
        body: {
          ConversionGoalIds: null,
          ConversionGoalTypes: GOAL_TYPES,
          ReturnAdditionalFields: "ViewThroughConversionWindowInMinutes",
        },
        schema: getConversionGoalsResponseSchema,
      });
      deps.throwPartialError(answer.PartialErrors, "Microsoft Ads refused to list the conversion goals.");
      return answer.ConversionGoals.flatMap((goal): ExternalConversionAction[] =>
        goal.Status === "Deleted"
          ? []
          : [
              {
                externalId: goal.Id,
                name: goal.Name || `Conversion goal ${goal.Id}`,
                category: CATEGORIES[goal.GoalCategory ?? ""] ?? "other",
                // Goals excluded from bidding are left out of the Conversions column.
                countedByPlatform: goal.ExcludeFromBidding !== true,
                clickWindowDays: daysOf(goal.ConversionWindowInMinutes),
                viewWindowDays: daysOf(goal.ViewThroughConversionWindowInMinutes),
              },
            ],
      );
    },

    async fetchConversionDailyMetrics(tokens, account, range) {
      const result: ExternalConversionDaily[] = [];
      for (const chunk of chunksOf(deps.checkRange(range))) {
        const rows = await deps.runReport(tokens, account, chunk, {
          Type: "GoalsAndFunnelsReportRequest",
          ReportName: "Adhelm daily conversions per goal",
          Columns: GOAL_REPORT_COLUMNS,
        });
        for (const row of rows) {
          const campaignId = row.CampaignId?.trim() ?? "";
          const goalId = row.GoalId?.trim() ?? "";
          const date = readReportDate(row.TimePeriod ?? "");
          if (!/^\d+$/.test(campaignId) || !/^\d+$/.test(goalId) || !date) {
            throw new PlatformError(
              "microsoft-ads",
              "rejected",
              "Microsoft's goals report has a row without campaign, goal or date.",
            );
          }
          const conversions = readNumber(row.AllConversions);
          const conversionValueMinor = decimalToMinor(readNumber(row.AllRevenue), account.currency);
          if (conversions === 0 && conversionValueMinor === 0) continue;
          result.push({
            campaignExternalId: campaignId,
            actionExternalId: goalId,
            date,
            conversions,
            conversionValueMinor,
            currency: account.currency,
          });
        }
      }
      return result;
    },
  };
}

function daysOf(minutes: number | null | undefined): number | null {
  return minutes == null || minutes < 0 ? null : Math.round(minutes / MINUTES_PER_DAY);
}

/** FormatVersion 2.0 writes yyyy-mm-dd; older reports wrote m/d/yyyy. */
function readReportDate(value: string): string | null {
  const trimmed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return trimmed;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (!match) return null;
  const [, month = "", day = "", year = ""] = match;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

function readNumber(value: string | undefined): number {
  const cleaned = (value ?? "").replace(/[,%\s]/g, "");
  if (cleaned === "" || cleaned === "--") return 0;
  const number = Number(cleaned);
  if (!Number.isFinite(number)) {
    throw new PlatformError(
      "microsoft-ads",
      "rejected",
      `Microsoft's report has a value that is not a number: ${value}.`,
    );
  }
  return number;
}

/** Consecutive ranges of at most CHUNK_DAYS days covering `range`. */
function chunksOf(range: DateRange): DateRange[] {
  const dayMs = 86_400_000;
  const last = Date.parse(`${range.to}T00:00:00Z`);
  const chunks: DateRange[] = [];
  for (let start = Date.parse(`${range.from}T00:00:00Z`); start <= last; start += CHUNK_DAYS * dayMs) {
    const end = Math.min(start + (CHUNK_DAYS - 1) * dayMs, last);
    chunks.push({ from: new Date(start).toISOString().slice(0, 10), to: new Date(end).toISOString().slice(0, 10) });
  }
  return chunks;
}
