import type {
  ConnectorConfig,
  ConversionCategory,
  ConversionReads,
  ExternalConversionAction,
  ExternalConversionDaily,
  TokenSet,
} from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import {
  callLinkedIn,
  encodeRestliPrimitive,
  type LinkedInSession,
  splitDateRange,
  toAccountUrn,
  toRestliDate,
} from "./client.ts";
import { parseLinkedInBody } from "./errors.ts";
import { readCampaignIdFromUrn } from "./mappers.ts";
import { type LinkedInConversion, linkedInAnalyticsSchema, linkedInConversionPageSchema } from "./schemas.ts";

/**
 * LinkedIn conversion rules and their counts: `/conversions?q=account` (offset pages, start and
 * count, until paging.total; disabled rules are left out), and adAnalytics' `statistics` finder
 * with pivots CAMPAIGN and CONVERSION, DAILY, in windows like the campaign analytics (no
 * pagination there). LinkedIn's externalWebsiteConversions counts every enabled rule, so each is
 * counted by the platform; conversions are whole numbers, values decimal strings.
 */

const CONVERSION_URN_PREFIX = "urn:lla:llaPartnerConversion:";
/** LinkedIn's offset finders return at most 100 per page. */
const MAX_COUNT = 100;
const ANALYTICS_WINDOW_DAYS = 31;
const FIELDS = "dateRange,pivotValues,externalWebsiteConversions,conversionValueInLocalCurrency";

/** LinkedIn's conversion types, in our words. */
const CATEGORIES: Record<string, ConversionCategory> = {
  PURCHASE: "purchase",
  LEAD: "lead",
  QUALIFIED_LEAD: "lead",
  MARKETING_QUALIFIED_LEAD: "lead",
  SALES_QUALIFIED_LEAD: "lead",
  SUBMIT_APPLICATION: "lead",
  REQUEST_QUOTE: "lead",
  BOOK_APPOINTMENT: "lead",
  CONTACT: "lead",
  SIGN_UP: "sign_up",
  COMPLETE_SIGNUP: "sign_up",
  SUBSCRIBE: "sign_up",
  START_TRIAL: "sign_up",
  ADD_TO_CART: "add_to_cart",
  START_CHECKOUT: "begin_checkout",
  ADD_BILLING_INFO: "begin_checkout",
  KEY_PAGE_VIEW: "page_view",
  VIEW_CONTENT: "page_view",
  PHONE_CALL: "phone_call",
};

export function createLinkedInConversionReads(config: ConnectorConfig, pageSize: number): ConversionReads {
  const session = (tokens: TokenSet): LinkedInSession => ({ config, accessToken: tokens.accessToken });
  const count = Math.min(Math.max(1, pageSize), MAX_COUNT);

  return {
    async listConversionActions(tokens, account) {
      const rules: LinkedInConversion[] = [];
      const accountUrn = encodeRestliPrimitive(toAccountUrn(account.externalId));
      for (let start = 0; ; ) {
        const body = await callLinkedIn(session(tokens), {
          path: "/conversions",
          query: `q=account&account=${accountUrn}&start=${start}&count=${count}`,
        });
        const page = parseLinkedInBody(linkedInConversionPageSchema, body, "the conversion rules");
        rules.push(...page.elements);
        start += page.elements.length;
        const total = page.paging?.total;
        if (page.elements.length === 0 || (total !== undefined ? start >= total : page.elements.length < count)) break;
      }
      return rules.flatMap((rule): ExternalConversionAction[] =>
        rule.enabled === false
          ? []
          : [
              {
                externalId: rule.id,
                name: rule.name || `Conversion ${rule.id}`,
                category: CATEGORIES[rule.type ?? ""] ?? "other",
                countedByPlatform: true,
                clickWindowDays: rule.postClickAttributionWindowSize ?? null,
                viewWindowDays: rule.viewThroughAttributionWindowSize ?? null,
              },
            ],
      );
    },

    async fetchConversionDailyMetrics(tokens, account, range) {
      const result: ExternalConversionDaily[] = [];
      for (const window of splitDateRange(checkRange(range), ANALYTICS_WINDOW_DAYS)) {
        const query = [
          "q=statistics",
          "pivots=List(CAMPAIGN,CONVERSION)",
          "timeGranularity=DAILY",
          `dateRange=(start:${toRestliDate(window.from)},end:${toRestliDate(window.to)})`,
          `accounts=List(${encodeRestliPrimitive(toAccountUrn(account.externalId))})`,
          `fields=${FIELDS}`,
        ].join("&");
        const body = await callLinkedIn(session(tokens), { path: "/adAnalytics", query });
        for (const element of parseLinkedInBody(linkedInAnalyticsSchema, body, "the conversion analytics").elements) {
          const [campaignUrn = "", conversionUrn = ""] = element.pivotValues;
          if (!conversionUrn.startsWith(CONVERSION_URN_PREFIX)) {
            throw new PlatformError(
              "linkedin-ads",
              "rejected",
              `LinkedIn answered an unexpected conversion pivot: ${conversionUrn}.`,
            );
          }
          const conversions = element.externalWebsiteConversions ?? 0;
          const conversionValueMinor = decimalToMinor(element.conversionValueInLocalCurrency ?? "0", account.currency);
          if (conversions === 0 && conversionValueMinor === 0) continue;
          const { year, month, day } = element.dateRange.start;
          result.push({
            campaignExternalId: readCampaignIdFromUrn(campaignUrn),
            actionExternalId: conversionUrn.slice(CONVERSION_URN_PREFIX.length),
            date: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
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

function checkRange(range: { from: string; to: string }) {
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
  if (!isDate(range.from) || !isDate(range.to) || range.from > range.to) {
    throw new PlatformError("linkedin-ads", "rejected", `Not a date range: ${range.from} to ${range.to}.`);
  }
  return range;
}
