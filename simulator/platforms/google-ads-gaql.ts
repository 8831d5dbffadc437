import { daysCovered, MAX_REPORT_DAYS } from "../sandbox-guards.ts";

/**
 * A small, strict parser for the Google Ads Query Language subset the sandbox serves:
 * `SELECT <fields> FROM customer|campaign|ad_group|ad_group_ad|asset|conversion_action [WHERE <conditions joined by
 * AND>] [LIMIT n]`, where a condition is `segments.date BETWEEN 'YYYY-MM-DD' AND 'YYYY-MM-DD'`,
 * `segments.date = '…'`, `campaign.id = <number>` or `ad_group.id = <number>`. Anything else is refused with a QueryError code, as Google would.
 */

export interface GaqlQuery {
  fields: string[];
  resource: GaqlResource;
  dateRange: { from: string; to: string } | null;
  campaignId: string | null;
  adGroupId: string | null;
  limit: number | null;
}

export const GAQL_RESOURCES = [
  "customer",
  "campaign",
  "ad_group",
  "ad_group_ad",
  "asset",
  "conversion_action",
] as const;
export type GaqlResource = (typeof GAQL_RESOURCES)[number];

export type GaqlResult = { ok: true; query: GaqlQuery } | { ok: false; code: string; message: string };

const CUSTOMER_FIELDS = [
  "customer.id",
  "customer.resource_name",
  "customer.descriptive_name",
  "customer.currency_code",
  "customer.time_zone",
  "customer.manager",
];
const CAMPAIGN_FIELDS = [
  "campaign.id",
  "campaign.resource_name",
  "campaign.name",
  "campaign.status",
  "campaign.serving_status",
  "campaign.primary_status",
  "campaign.primary_status_reasons",
  "campaign.campaign_budget",
  "campaign_budget.id",
  "campaign_budget.resource_name",
  "campaign_budget.amount_micros",
];
const SEGMENT_FIELDS = ["segments.date"];
const METRIC_FIELDS = [
  "metrics.impressions",
  "metrics.clicks",
  "metrics.cost_micros",
  "metrics.conversions",
  "metrics.conversions_value",
];
const AD_GROUP_FIELDS = [
  "ad_group.id",
  "ad_group.resource_name",
  "ad_group.name",
  "ad_group.status",
  "ad_group.type",
  "ad_group.campaign",
];
const AD_GROUP_AD_FIELDS = [
  "ad_group_ad.resource_name",
  "ad_group_ad.status",
  "ad_group_ad.ad_group",
  "ad_group_ad.ad.id",
  "ad_group_ad.ad.resource_name",
  "ad_group_ad.ad.name",
  "ad_group_ad.ad.type",
  "ad_group_ad.ad.final_urls",
  "ad_group_ad.ad.final_url_suffix",
  "ad_group_ad.ad.responsive_search_ad.headlines",
  "ad_group_ad.ad.responsive_search_ad.descriptions",
  "ad_group_ad.ad.responsive_display_ad.marketing_images",
  "ad_group_ad.ad.responsive_display_ad.headlines",
  "ad_group_ad.ad.responsive_display_ad.long_headline",
  "ad_group_ad.ad.responsive_display_ad.descriptions",
  "ad_group_ad.ad.responsive_display_ad.business_name",
  "ad_group_ad.ad.video_responsive_ad.videos",
  "ad_group_ad.ad.video_responsive_ad.headlines",
  "ad_group_ad.ad.video_responsive_ad.long_headlines",
  "ad_group_ad.ad.video_responsive_ad.descriptions",
];
const ASSET_FIELDS = [
  "asset.id",
  "asset.resource_name",
  "asset.name",
  "asset.type",
  "asset.image_asset.full_size.url",
  "asset.image_asset.full_size.width_pixels",
  "asset.image_asset.full_size.height_pixels",
  "asset.youtube_video_asset.youtube_video_id",
  "asset.youtube_video_asset.youtube_video_title",
];
const CONVERSION_ACTION_FIELDS = [
  "conversion_action.id",
  "conversion_action.resource_name",
  "conversion_action.name",
  "conversion_action.status",
  "conversion_action.type",
  "conversion_action.category",
  "conversion_action.primary_for_goal",
  "conversion_action.include_in_conversions_metric",
  "conversion_action.counting_type",
  "conversion_action.click_through_lookback_window_days",
  "conversion_action.view_through_lookback_window_days",
  "conversion_action.value_settings.default_value",
  "conversion_action.value_settings.default_currency_code",
  "conversion_action.value_settings.always_use_default_value",
];
/** Segments by conversion action: compatible only with conversion metrics, as in Google's API. */
export const CONVERSION_SEGMENT_FIELDS = [
  "segments.conversion_action",
  "segments.conversion_action_name",
  "segments.conversion_action_category",
];
const CONVERSION_METRIC_FIELDS = ["metrics.all_conversions", "metrics.all_conversions_value"];
const CONVERSION_COMPATIBLE_METRICS = new Set([
  "metrics.conversions",
  "metrics.conversions_value",
  ...CONVERSION_METRIC_FIELDS,
]);
/** Ad level only: the campaign rows carry no video views. */
const AD_METRIC_FIELDS = ["metrics.video_trueview_views"];
const KNOWN_FIELDS = new Set([
  ...CUSTOMER_FIELDS,
  ...CAMPAIGN_FIELDS,
  ...AD_GROUP_FIELDS,
  ...AD_GROUP_AD_FIELDS,
  ...ASSET_FIELDS,
  ...SEGMENT_FIELDS,
  ...METRIC_FIELDS,
  ...AD_METRIC_FIELDS,
  ...CONVERSION_ACTION_FIELDS,
  ...CONVERSION_SEGMENT_FIELDS,
  ...CONVERSION_METRIC_FIELDS,
]);

/** Which fields each FROM resource may select (its own, its attributed resources, segments, metrics). */
const SELECTABLE: Record<GaqlResource, Set<string>> = {
  customer: new Set(CUSTOMER_FIELDS),
  campaign: new Set([
    ...CAMPAIGN_FIELDS,
    ...CUSTOMER_FIELDS,
    ...SEGMENT_FIELDS,
    ...METRIC_FIELDS,
    ...CONVERSION_SEGMENT_FIELDS,
    ...CONVERSION_METRIC_FIELDS,
  ]),
  ad_group: new Set([...AD_GROUP_FIELDS, ...CAMPAIGN_FIELDS, ...CUSTOMER_FIELDS]),
  ad_group_ad: new Set([
    ...AD_GROUP_AD_FIELDS,
    ...AD_GROUP_FIELDS,
    ...CAMPAIGN_FIELDS,
    ...CUSTOMER_FIELDS,
    ...SEGMENT_FIELDS,
    ...METRIC_FIELDS,
    ...AD_METRIC_FIELDS,
  ]),
  asset: new Set([...ASSET_FIELDS, ...CUSTOMER_FIELDS]),
  conversion_action: new Set([...CONVERSION_ACTION_FIELDS, ...CUSTOMER_FIELDS]),
};

type Token = { kind: "word" | "string" | "number" | "symbol"; text: string };

function tokenize(query: string): Token[] | null {
  const tokens: Token[] = [];
  const pattern = /\s*(?:([A-Za-z_][A-Za-z0-9_.]*)|'([^']*)'|"([^"]*)"|(-?\d+)|(!=|[,=()]))/y;
  let index = 0;
  while (index < query.length) {
    if (/^\s*$/.test(query.slice(index))) break;
    pattern.lastIndex = index;
    const match = pattern.exec(query);
    if (!match) return null;
    index = pattern.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: "word", text: match[1] });
    else if (match[2] !== undefined) tokens.push({ kind: "string", text: match[2] });
    else if (match[3] !== undefined) tokens.push({ kind: "string", text: match[3] });
    else if (match[4] !== undefined) tokens.push({ kind: "number", text: match[4] });
    else tokens.push({ kind: "symbol", text: match[5] ?? "" });
  }
  return tokens;
}

function isValidDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function parseGaql(query: string): GaqlResult {
  const fail = (code: string, message: string): GaqlResult => ({ ok: false, code, message });
  const tokens = tokenize(query);
  if (!tokens) return fail("BAD_SYMBOL", "Error in query: unexpected symbol.");
  let position = 0;
  const peek = () => tokens[position];
  const next = () => tokens[position++];
  const isKeyword = (token: Token | undefined, keyword: string) =>
    token?.kind === "word" && token.text.toUpperCase() === keyword;

  if (!isKeyword(next(), "SELECT")) return fail("EXPECTED_SELECT", "Error in query: expected SELECT.");
  const fields: string[] = [];
  for (;;) {
    const field = next();
    if (!field) return fail("UNEXPECTED_END_OF_QUERY", "Error in query: unexpected end of query.");
    if (field.kind !== "word" || isKeyword(field, "FROM")) {
      return fail("EXPECTED_FIELD_NAME", `Error in SELECT clause: expected a field name near '${field.text}'.`);
    }
    const name = field.text.toLowerCase();
    if (!KNOWN_FIELDS.has(name)) return fail("UNRECOGNIZED_FIELD", `Unrecognized field in the query: '${field.text}'.`);
    fields.push(name);
    if (peek()?.text !== ",") break;
    next();
  }

  if (!isKeyword(next(), "FROM")) return fail("EXPECTED_FROM", "Error in query: expected FROM.");
  const resourceToken = next();
  const resource = resourceToken?.text.toLowerCase() as GaqlResource | undefined;
  if (!resource || !GAQL_RESOURCES.includes(resource)) {
    return fail(
      "BAD_RESOURCE_TYPE_IN_FROM_CLAUSE",
      `Error in FROM clause: invalid resource name '${resourceToken?.text ?? ""}'.`,
    );
  }
  const prohibited = fields.find((field) => !SELECTABLE[resource].has(field));
  if (prohibited) {
    return fail(
      "PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE",
      `Cannot select fields from the following resource: '${prohibited.split(".")[0]}', since the resource is incompatible with the resource in the FROM clause.`,
    );
  }

  let dateRange: GaqlQuery["dateRange"] = null;
  let campaignId: string | null = null;
  let adGroupId: string | null = null;
  let limit: number | null = null;
  if (isKeyword(peek(), "WHERE")) {
    next();
    for (;;) {
      const field = next();
      const operator = next();
      if (!field || !operator) return fail("UNEXPECTED_END_OF_QUERY", "Error in query: unexpected end of query.");
      const name = field.text.toLowerCase();
      if (name === "segments.date" && isKeyword(operator, "BETWEEN")) {
        const from = next();
        const and = next();
        const to = next();
        if (!from || !to || !isKeyword(and, "AND") || from.kind !== "string" || to.kind !== "string") {
          return fail(
            "EXPECTED_VALUE_WITH_BETWEEN_OPERATOR",
            "Error in WHERE clause: BETWEEN expects 'date' AND 'date'.",
          );
        }
        if (!isValidDate(from.text) || !isValidDate(to.text)) {
          return fail("INVALID_VALUE_WITH_BETWEEN_OPERATOR", "Error in WHERE clause: dates must be 'YYYY-MM-DD'.");
        }
        if (from.text > to.text) return fail("DATE_RANGE_TOO_NARROW", "The start date is after the end date.");
        if (daysCovered(from.text, to.text) > MAX_REPORT_DAYS) {
          return fail(
            "DATE_RANGE_TOO_WIDE",
            `Date filters fail to restrict date to a range of at most ${MAX_REPORT_DAYS} days.`,
          );
        }
        dateRange = { from: from.text, to: to.text };
      } else if (name === "segments.date" && operator.text === "=") {
        const value = next();
        if (value?.kind !== "string" || !isValidDate(value.text)) {
          return fail("BAD_VALUE", "Error in WHERE clause: segments.date expects 'YYYY-MM-DD'.");
        }
        dateRange = { from: value.text, to: value.text };
      } else if (name === "campaign.id" && operator.text === "=") {
        const value = next();
        if (value?.kind !== "number") return fail("BAD_NUMBER", "Error in WHERE clause: campaign.id expects a number.");
        campaignId = value.text;
      } else if (name === "ad_group.id" && operator.text === "=" && resource !== "campaign") {
        const value = next();
        if (value?.kind !== "number") return fail("BAD_NUMBER", "Error in WHERE clause: ad_group.id expects a number.");
        adGroupId = value.text;
      } else if (!KNOWN_FIELDS.has(name)) {
        return fail("UNRECOGNIZED_FIELD", `Unrecognized field in the query: '${field.text}'.`);
      } else {
        return fail(
          "BAD_OPERATOR",
          `The sandbox does not support filtering on '${field.text}' with '${operator.text}'.`,
        );
      }
      if (!isKeyword(peek(), "AND")) break;
      next();
    }
  }

  if (isKeyword(peek(), "LIMIT")) {
    next();
    const value = next();
    const count = value?.kind === "number" ? Number(value.text) : Number.NaN;
    if (!Number.isSafeInteger(count) || count <= 0) return fail("BAD_LIMIT_VALUE", "LIMIT must be a positive integer.");
    limit = count;
  }
  const rest = peek();
  if (rest) return fail("UNEXPECTED_INPUT", `Error in query: unexpected input '${rest.text}'.`);

  const isByAction = fields.some((field) => CONVERSION_SEGMENT_FIELDS.includes(field));
  const incompatible = fields.find(
    (field) => field.startsWith("metrics.") && !CONVERSION_COMPATIBLE_METRICS.has(field),
  );
  if (isByAction && incompatible) {
    return fail(
      "PROHIBITED_SEGMENT_WITH_METRIC_IN_SELECT_OR_WHERE_CLAUSE",
      `The following segment cannot be selected with the metric '${incompatible}': 'segments.conversion_action'.`,
    );
  }
  const isSegmented = fields.includes("segments.date");
  if (isSegmented && !dateRange) {
    return fail(
      "EXPECTED_FILTERS_ON_DATE_RANGE",
      "A finite date range must be given in the WHERE clause when segments.date is selected.",
    );
  }
  if (!isSegmented && fields.some((field) => field.startsWith("metrics."))) {
    return fail("PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE", "The sandbox serves metrics only segmented by date.");
  }
  return { ok: true, query: { fields, resource, dateRange, campaignId, adGroupId, limit } };
}

/** The JSON (camelCase) path of a GAQL field, as Google writes it in `fieldMask`. */
export function toFieldMaskPath(field: string): string {
  return field
    .split(".")
    .map((part) => part.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()))
    .join(".");
}
