import { createHash } from "node:crypto";
import type { Hono } from "hono";
import { minorToDecimal } from "../lib/money.ts";
import type {
  SandboxKit,
  SimAccount,
  SimCampaign,
  SimConversionAction,
  SimConversionCategory,
} from "../sandbox-kit.ts";
import {
  apiFault,
  type MicrosoftScope,
  PLATFORM,
  type ReportJob,
  readBody,
  readLong,
  reportCell,
  toLong,
} from "./microsoft-ads-common.ts";

/**
 * Microsoft Advertising conversion goals (UET event goals): Campaign Management's
 * ConversionGoals/QueryByIds (GetConversionGoalsByIds in the REST style; no ids means every goal of
 * the asked types, deleted ones included), and the rows of the GoalsAndFunnelsReportRequest, one
 * per campaign, day and goal. `Conversions` and `Revenue` count only goals not excluded from
 * bidding; `AllConversions` and `AllRevenue` count every goal. The view-through window is one of
 * the ReturnAdditionalFields: without asking, it is not there.
 */

const CATEGORIES: Record<SimConversionCategory, string> = {
  purchase: "Purchase",
  lead: "SubmitLeadForm",
  sign_up: "Signup",
  add_to_cart: "AddToCart",
  begin_checkout: "BeginCheckout",
  page_view: "PageView",
  phone_call: "Contact",
  other: "Other",
};
const GOAL_TYPES = new Set([
  "Url",
  "Duration",
  "PagesViewedPerVisit",
  "Event",
  "AppInstall",
  "OfflineConversion",
  "InStoreTransaction",
]);
const MINUTES_PER_DAY = 1440;

/** Columns of the goals and funnels report the sandbox can fill. */
export const GOAL_REPORT_COLUMNS = new Set([
  "TimePeriod",
  "AccountId",
  "AccountName",
  "AccountNumber",
  "CampaignId",
  "CampaignName",
  "Goal",
  "GoalId",
  "GoalType",
  "Conversions",
  "Revenue",
  "AllConversions",
  "AllRevenue",
]);

interface MicrosoftGoal extends SimConversionAction {
  status: "Active" | "Deleted";
}

/** A deleted goal Microsoft keeps returning: the purchase goal an account replaced long ago. */
function deletedGoalOf(account: SimAccount): MicrosoftGoal {
  const digits = BigInt(`0x${createHash("sha256").update(`deleted-goal:${account.id}`).digest("hex").slice(0, 12)}`);
  return {
    id: ((digits % 900_000_000n) + 100_000_000n).toString(),
    name: "Purchase (old tag)",
    category: "purchase",
    counted: false,
    clickWindowDays: 30,
    viewWindowDays: 1,
    status: "Deleted",
  };
}

async function goalsOf(kit: SandboxKit, tenant: string, account: SimAccount): Promise<MicrosoftGoal[]> {
  const live = await kit.engine.listConversionActions(tenant, PLATFORM, account.id);
  return [...live.map((action) => ({ ...action, status: "Active" as const })), deletedGoalOf(account)];
}

/** The UET tag an account's goals record with (one per account). */
function tagIdOf(account: SimAccount): number {
  return (
    Number(BigInt(`0x${createHash("sha256").update(`uet:${account.id}`).digest("hex").slice(0, 8)}`) % 90_000_000n) +
    10_000_000
  );
}

function readFlags(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === "string" ? value.split(/[\s,]+/).filter(Boolean) : [];
}

export function registerMicrosoftConversionGoals(app: Hono, kit: SandboxKit, scope: MicrosoftScope): void {
  const { authenticate, checkAccountScope } = scope;

  app.post("/CampaignManagement/v13/ConversionGoals/QueryByIds", async (c) => {
    const auth = await authenticate(c, "campaign");
    if (auth instanceof Response) return auth;
    const account = checkAccountScope(c, auth.tenant, c.req.header("CustomerAccountId") ?? null);
    if (account instanceof Response) return account;
    const body = await readBody(c);
    const types = readFlags(body.ConversionGoalTypes);
    if (types.length === 0 || types.some((type) => !GOAL_TYPES.has(type))) {
      return apiFault(
        c,
        "campaign",
        400,
        4907,
        "CampaignServiceInvalidConversionGoalTypes",
        "The conversion goal types are not valid.",
      );
    }
    const ids = Array.isArray(body.ConversionGoalIds) ? body.ConversionGoalIds.map(readLong) : [];
    if (ids.length > 100) {
      return apiFault(
        c,
        "campaign",
        400,
        4908,
        "CampaignServiceConversionGoalIdsArrayExceedsLimit",
        "Too many conversion goal IDs.",
      );
    }
    const additional = new Set(readFlags(body.ReturnAdditionalFields));
    const goals = (await goalsOf(kit, auth.tenant, account)).filter(
      (goal) => types.includes("Event") && (ids.length === 0 || ids.includes(goal.id)),
    );
    const tagId = tagIdOf(account);
    return c.json({
      ConversionGoals: goals.map((goal) => {
        const hasValue =
          goal.category === "purchase" || goal.category === "add_to_cart" || goal.category === "begin_checkout";
        return {
          AttributionModelType: "LastTouch",
          ConversionWindowInMinutes: goal.clickWindowDays * MINUTES_PER_DAY,
          CountType: goal.category === "purchase" ? "All" : "Unique",
          ExcludeFromBidding: !goal.counted,
          GoalCategory: CATEGORIES[goal.category],
          Id: toLong(goal.id),
          IsAutoGoal: false,
          Name: goal.name,
          Revenue: {
            CurrencyCode: account.currency,
            Type: hasValue ? "VariableValue" : "NoValue",
            Value: hasValue ? 0 : null,
          },
          Scope: "Account",
          Status: goal.status,
          TagId: tagId,
          TrackingStatus: goal.status === "Active" ? "RecordingConversions" : "InactiveDueToTagUnavailable",
          Type: "Event",
          ...(additional.has("ViewThroughConversionWindowInMinutes")
            ? { ViewThroughConversionWindowInMinutes: goal.viewWindowDays * MINUTES_PER_DAY }
            : {}),
          ActionExpression: goal.name.toLowerCase().replace(/\W+/g, "_"),
          ActionOperator: "Equals",
          CategoryExpression: null,
          CategoryOperator: null,
          LabelExpression: null,
          LabelOperator: null,
          Value: null,
          ValueOperator: null,
        };
      }),
      PartialErrors: null,
    });
  });
}

/** The goals and funnels report's lines of one account: campaign, day and goal, rows with conversions only. */
export async function goalReportLines(
  kit: SandboxKit,
  job: ReportJob,
  account: SimAccount,
  campaigns: Map<string, SimCampaign>,
): Promise<string[][]> {
  const goals = new Map((await goalsOf(kit, job.tenant, account)).map((goal) => [goal.id, goal]));
  const days = await kit.engine.conversionDailyMetrics(job.tenant, PLATFORM, account.id, job.range);
  const lines: string[][] = [];
  for (const day of days) {
    const goal = goals.get(day.actionId);
    if (!goal) continue;
    const counted = goal.counted ? day : { conversions: 0, conversionValueMinor: 0 };
    const metric = {
      campaignId: day.campaignId,
      date: day.date,
      impressions: 0,
      clicks: 0,
      spendMinor: 0,
      conversions: counted.conversions,
      conversionValueMinor: counted.conversionValueMinor,
    };
    lines.push(
      job.columns.map((column) => {
        switch (column) {
          case "Goal":
            return goal.name;
          case "GoalId":
            return goal.id;
          case "GoalType":
            return "Event";
          case "AllConversions":
            return String(day.conversions);
          case "AllRevenue":
            return minorToDecimal(day.conversionValueMinor, account.currency);
          default:
            return reportCell(column, account, campaigns.get(day.campaignId), metric);
        }
      }),
    );
  }
  return lines;
}
