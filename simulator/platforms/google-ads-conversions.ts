import { createHash } from "node:crypto";
import { currencyExponent } from "../lib/money.ts";
import type {
  SandboxKit,
  SimAccount,
  SimCampaign,
  SimConversionAction,
  SimConversionCategory,
} from "../sandbox-kit.ts";
import { type GoogleRow, PLATFORM, serializeRow } from "./google-ads-common.ts";
import { CONVERSION_SEGMENT_FIELDS, type GaqlQuery } from "./google-ads-gaql.ts";

/**
 * Google Ads conversion actions over GAQL: `FROM conversion_action` (every action of the customer,
 * removed ones included, as Google lists them) and `FROM campaign` segmented by
 * `segments.conversion_action`, where `metrics.all_conversions` counts every action and
 * `metrics.conversions` only those included in the conversions column (primary for goal). Rows
 * whose selected metrics are all zero are left out, as Google does for segmented reports.
 */

const CATEGORIES: Record<SimConversionCategory, string> = {
  purchase: "PURCHASE",
  lead: "SUBMIT_LEAD_FORM",
  sign_up: "SIGNUP",
  add_to_cart: "ADD_TO_CART",
  begin_checkout: "BEGIN_CHECKOUT",
  page_view: "PAGE_VIEW",
  phone_call: "PHONE_CALL_LEAD",
  other: "DEFAULT",
};

interface GoogleConversionAction extends SimConversionAction {
  status: "ENABLED" | "REMOVED";
}

/** A removed action Google keeps listing: the purchase tag an account replaced long ago. */
function removedActionOf(account: SimAccount): GoogleConversionAction {
  const digits = BigInt(
    `0x${createHash("sha256").update(`removed-purchase:${account.id}`).digest("hex").slice(0, 12)}`,
  );
  return {
    id: ((digits % 900_000_000n) + 100_000_000n).toString(),
    name: "Purchase (old tag)",
    category: "purchase",
    counted: false,
    clickWindowDays: 30,
    viewWindowDays: 1,
    status: "REMOVED",
  };
}

export function createGoogleConversions(kit: SandboxKit) {
  async function actionsOf(tenant: string, account: SimAccount): Promise<GoogleConversionAction[]> {
    const live = await kit.engine.listConversionActions(tenant, PLATFORM, account.id);
    return [...live.map((action) => ({ ...action, status: "ENABLED" as const })), removedActionOf(account)];
  }

  /** Whether a query reads conversion actions or metrics by action (the rest is served elsewhere). */
  function isConversionQuery(query: GaqlQuery): boolean {
    return (
      query.resource === "conversion_action" || query.fields.some((field) => CONVERSION_SEGMENT_FIELDS.includes(field))
    );
  }

  async function selectConversionRows(
    tenant: string,
    account: SimAccount,
    query: GaqlQuery,
    campaigns: SimCampaign[],
  ): Promise<GoogleRow[]> {
    const actions = await actionsOf(tenant, account);
    const customer = `customers/${account.id}`;
    if (query.resource === "conversion_action") {
      return actions.map((action) => {
        const row = serializeRow(query.fields, account, null, null);
        addActionFields(row, query.fields, customer, account, action);
        return row;
      });
    }
    const byId = new Map(actions.map((action) => [action.id, action]));
    const campaignsById = new Map(
      campaigns
        .filter((campaign) => query.campaignId === null || campaign.id === query.campaignId)
        .map((campaign) => [campaign.id, campaign]),
    );
    // The parser has made sure a date range is given whenever metrics are selected.
    const range = query.dateRange;
    if (!range) return [];
    const exponent = currencyExponent(account.currency);
    const days = await kit.engine.conversionDailyMetrics(tenant, PLATFORM, account.id, range);
    const rows: GoogleRow[] = [];
    for (const day of days) {
      const campaign = campaignsById.get(day.campaignId);
      const action = byId.get(day.actionId);
      if (!campaign || !action) continue;
      const counted = action.counted ? day : { conversions: 0, conversionValueMinor: 0 };
      const metric = {
        campaignId: day.campaignId,
        date: day.date,
        impressions: 0,
        clicks: 0,
        spendMinor: 0,
        conversions: counted.conversions,
        conversionValueMinor: counted.conversionValueMinor,
      };
      const isZero = query.fields.every((field) => {
        if (field === "metrics.conversions" || field === "metrics.conversions_value") return counted.conversions === 0;
        if (field.startsWith("metrics.")) return day.conversions === 0 && day.conversionValueMinor === 0;
        return true;
      });
      if (isZero) continue;
      const row = serializeRow(query.fields, account, campaign, metric);
      const metrics = row.metrics ?? {};
      const segments = row.segments ?? {};
      for (const field of query.fields) {
        if (field === "metrics.all_conversions") metrics.allConversions = day.conversions;
        if (field === "metrics.all_conversions_value")
          metrics.allConversionsValue = day.conversionValueMinor / 10 ** exponent;
        if (field === "segments.conversion_action")
          segments.conversionAction = `${customer}/conversionActions/${action.id}`;
        if (field === "segments.conversion_action_name") segments.conversionActionName = action.name;
        if (field === "segments.conversion_action_category")
          segments.conversionActionCategory = CATEGORIES[action.category];
      }
      if (Object.keys(metrics).length > 0) row.metrics = metrics;
      if (Object.keys(segments).length > 0) row.segments = segments;
      rows.push(row);
    }
    return rows;
  }

  return { isConversionQuery, selectConversionRows };
}

function addActionFields(
  row: GoogleRow,
  fields: string[],
  customer: string,
  account: SimAccount,
  action: GoogleConversionAction,
): void {
  const resourceName = `${customer}/conversionActions/${action.id}`;
  const out: Record<string, unknown> = { resourceName };
  const valueSettings: Record<string, unknown> = {};
  const hasValue =
    action.category === "purchase" || action.category === "add_to_cart" || action.category === "begin_checkout";
  for (const field of fields) {
    switch (field) {
      case "conversion_action.id":
        out.id = action.id;
        break;
      case "conversion_action.name":
        out.name = action.name;
        break;
      case "conversion_action.status":
        out.status = action.status;
        break;
      case "conversion_action.type":
        out.type = action.category === "phone_call" ? "AD_CALL" : "WEBPAGE";
        break;
      case "conversion_action.category":
        out.category = CATEGORIES[action.category];
        break;
      case "conversion_action.primary_for_goal":
        out.primaryForGoal = action.counted;
        break;
      case "conversion_action.include_in_conversions_metric":
        out.includeInConversionsMetric = action.counted;
        break;
      case "conversion_action.counting_type":
        out.countingType = action.category === "purchase" ? "MANY_PER_CLICK" : "ONE_PER_CLICK";
        break;
      // int64 fields are strings in REST JSON.
      case "conversion_action.click_through_lookback_window_days":
        out.clickThroughLookbackWindowDays = String(action.clickWindowDays);
        break;
      case "conversion_action.view_through_lookback_window_days":
        out.viewThroughLookbackWindowDays = String(action.viewWindowDays);
        break;
      case "conversion_action.value_settings.default_value":
        // Actions without a value of their own count at the default value, nothing.
        valueSettings.defaultValue = 0;
        break;
      case "conversion_action.value_settings.default_currency_code":
        valueSettings.defaultCurrencyCode = account.currency;
        break;
      case "conversion_action.value_settings.always_use_default_value":
        valueSettings.alwaysUseDefaultValue = !hasValue;
        break;
    }
  }
  if (Object.keys(valueSettings).length > 0) out.valueSettings = valueSettings;
  row.conversionAction = out;
}
