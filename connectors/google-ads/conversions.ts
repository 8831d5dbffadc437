import type {
  ConversionCategory,
  ConversionReads,
  DateRange,
  ExternalConversionAction,
  ExternalConversionDaily,
} from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { createGoogleAdsClient } from "./client.ts";

/**
 * Google Ads conversion actions over GAQL: the customer's actions (`FROM conversion_action`; Google
 * lists removed ones too, which are left out), and each campaign-day's conversions per action
 * (`FROM campaign` segmented by `segments.conversion_action`, by `:searchStream`). The per-action
 * read selects `metrics.all_conversions`, which counts every action, primary or secondary;
 * `metrics.conversions` would leave the secondary ones at zero. Google refuses impressions, clicks
 * or cost next to segments.conversion_action, so those come from the campaign report alone.
 */

const ACTIONS_QUERY =
  "SELECT conversion_action.id, conversion_action.name, conversion_action.status, conversion_action.category, " +
  "conversion_action.primary_for_goal, conversion_action.include_in_conversions_metric, " +
  "conversion_action.click_through_lookback_window_days, conversion_action.view_through_lookback_window_days " +
  "FROM conversion_action";

/** Google allows a few years of segments.date, but keeps each query's range modest. */
const CHUNK_DAYS = 90;

/** Google's ConversionActionCategory, in our words. */
const CATEGORIES: Record<string, ConversionCategory> = {
  PURCHASE: "purchase",
  STORE_SALE: "purchase",
  SUBMIT_LEAD_FORM: "lead",
  IMPORTED_LEAD: "lead",
  QUALIFIED_LEAD: "lead",
  CONVERTED_LEAD: "lead",
  CONTACT: "lead",
  REQUEST_QUOTE: "lead",
  BOOK_APPOINTMENT: "lead",
  SIGNUP: "sign_up",
  SUBSCRIBE_PAID: "sign_up",
  ADD_TO_CART: "add_to_cart",
  BEGIN_CHECKOUT: "begin_checkout",
  PAGE_VIEW: "page_view",
  PHONE_CALL_LEAD: "phone_call",
};

type GoogleAdsClient = ReturnType<typeof createGoogleAdsClient>;

export function createGoogleConversionReads(
  client: GoogleAdsClient,
  checkDigits: (id: string) => string,
): ConversionReads {
  return {
    async listConversionActions(tokens, account) {
      const rows = await client.search(tokens.accessToken, checkDigits(account.externalId), ACTIONS_QUERY);
      return rows.flatMap((row): ExternalConversionAction[] => {
        const action = row.conversionAction;
        if (!action?.id) {
          throw new PlatformError("google-ads", "rejected", "Google Ads returned a conversion action without id.");
        }
        if (action.status === "REMOVED") return [];
        return [
          {
            externalId: action.id,
            name: action.name || `Conversion action ${action.id}`,
            category: CATEGORIES[action.category ?? ""] ?? "other",
            // Primary actions are the ones in the conversions column (include_in_conversions_metric).
            countedByPlatform: action.includeInConversionsMetric ?? action.primaryForGoal ?? false,
            clickWindowDays: windowOf(action.clickThroughLookbackWindowDays),
            viewWindowDays: windowOf(action.viewThroughLookbackWindowDays),
          },
        ];
      });
    },

    async fetchConversionDailyMetrics(tokens, account, range) {
      const customerId = checkDigits(account.externalId);
      const currency = account.currency;
      const result: ExternalConversionDaily[] = [];
      for (const { from, to } of chunksOf(checkRange(range))) {
        const query =
          "SELECT campaign.id, segments.date, segments.conversion_action, metrics.all_conversions, " +
          `metrics.all_conversions_value FROM campaign WHERE segments.date BETWEEN '${from}' AND '${to}'`;
        const rows = await client.searchStream(tokens.accessToken, customerId, query);
        for (const row of rows) {
          const campaignId = row.campaign?.id;
          const date = row.segments?.date;
          const actionId = /\/conversionActions\/(\d+)$/.exec(row.segments?.conversionAction ?? "")?.[1];
          if (!campaignId || !date || !actionId) {
            throw new PlatformError(
              "google-ads",
              "rejected",
              "Google Ads returned a conversion row without campaign, date or conversion action.",
            );
          }
          const conversions = row.metrics?.allConversions ?? 0;
          const conversionValueMinor = decimalToMinor(row.metrics?.allConversionsValue ?? 0, currency);
          if (conversions === 0 && conversionValueMinor === 0) continue;
          result.push({
            campaignExternalId: campaignId,
            actionExternalId: actionId,
            date,
            conversions,
            conversionValueMinor,
            currency,
          });
        }
      }
      return result;
    },
  };
}

function windowOf(value: string | undefined): number | null {
  if (value === undefined) return null;
  const days = Number(value);
  return Number.isSafeInteger(days) && days >= 0 ? days : null;
}

function checkRange(range: DateRange): DateRange {
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
  if (!isDate(range.from) || !isDate(range.to) || range.from > range.to) {
    throw new PlatformError("google-ads", "rejected", `Not a date range: ${range.from} to ${range.to}.`);
  }
  return range;
}

/** Consecutive ranges of at most CHUNK_DAYS days covering `range`. */
function chunksOf(range: DateRange, days = CHUNK_DAYS): DateRange[] {
  const dayMs = 86_400_000;
  const last = Date.parse(`${range.to}T00:00:00Z`);
  const chunks: DateRange[] = [];
  for (let start = Date.parse(`${range.from}T00:00:00Z`); start <= last; start += days * dayMs) {
    const end = Math.min(start + (days - 1) * dayMs, last);
    chunks.push({
      from: new Date(start).toISOString().slice(0, 10),
      to: new Date(end).toISOString().slice(0, 10),
    });
  }
  return chunks;
}
