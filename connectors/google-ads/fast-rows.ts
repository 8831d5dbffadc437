import type { GoogleAdsRow } from "./schemas.ts";

/**
 * A hand-written reading of a `:searchStream` answer, for the report rows that come by the hundred
 * thousand: it accepts exactly what `searchStreamResponseSchema` accepts and returns the same rows
 * (unknown keys dropped, int64 as strings, doubles as numbers), or null at the first thing it is not
 * sure of, and the caller then lets the schema read the answer (and word the error). The schema
 * stays the definition; `fast-rows.test.ts` holds the two to the same answers.
 */
export function readSearchStreamRows(body: unknown): GoogleAdsRow[] | null {
  if (!Array.isArray(body)) return null;
  const rows: GoogleAdsRow[] = [];
  for (const batch of body) {
    if (!isObject(batch)) return null;
    if (!isOptionalString(batch.fieldMask) || !isOptionalString(batch.requestId)) return null;
    const results = batch.results;
    if (results === undefined) continue;
    if (!Array.isArray(results)) return null;
    for (const value of results) {
      const row = readRow(value);
      if (!row) return null;
      rows.push(row);
    }
  }
  return rows;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isOptionalString = (value: unknown) => value === undefined || typeof value === "string";

const INT64 = /^-?\d+$/;
const DOUBLE = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Marks a value the schema would refuse. */
const REFUSED = Symbol("refused");

function int64(value: unknown): string | undefined | typeof REFUSED {
  if (value === undefined) return undefined;
  if (typeof value === "string") return INT64.test(value) ? value : REFUSED;
  if (typeof value === "number") return Number.isSafeInteger(value) ? String(value) : REFUSED;
  return REFUSED;
}

function double(value: unknown): number | undefined | typeof REFUSED {
  if (value === undefined) return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? value : REFUSED;
  if (typeof value === "string") return DOUBLE.test(value) ? Number(value) : REFUSED;
  return REFUSED;
}

function text(value: unknown): string | undefined | typeof REFUSED {
  if (value === undefined || typeof value === "string") return value;
  return REFUSED;
}

/** Copies the fields that are set; false when one of them is refused. */
function copy(target: Fields, source: Fields, key: string, read: (value: unknown) => unknown): boolean {
  const value = read(source[key]);
  if (value === REFUSED) return false;
  if (value !== undefined) target[key] = value;
  return true;
}

function readRow(value: unknown): GoogleAdsRow | null {
  if (!isObject(value)) return null;
  const row: Fields = {};
  for (const key in value) {
    const part = value[key];
    if (part === undefined) continue;
    switch (key) {
      case "campaign": {
        const campaign = readCampaign(part);
        if (!campaign) return null;
        row.campaign = campaign;
        break;
      }
      case "segments": {
        if (!isObject(part)) return null;
        const date = part.date;
        if (date !== undefined && (typeof date !== "string" || !DATE.test(date))) return null;
        const segments: Fields = date === undefined ? {} : { date };
        if (
          !copy(segments, part, "conversionAction", text) ||
          !copy(segments, part, "conversionActionName", text) ||
          !copy(segments, part, "conversionActionCategory", text)
        )
          return null;
        row.segments = segments;
        break;
      }
      case "metrics": {
        if (!isObject(part)) return null;
        const metrics: Fields = {};
        if (
          !copy(metrics, part, "impressions", int64) ||
          !copy(metrics, part, "clicks", int64) ||
          !copy(metrics, part, "costMicros", int64) ||
          !copy(metrics, part, "conversions", double) ||
          !copy(metrics, part, "conversionsValue", double) ||
          !copy(metrics, part, "videoTrueviewViews", int64) ||
          !copy(metrics, part, "allConversions", double) ||
          !copy(metrics, part, "allConversionsValue", double)
        )
          return null;
        row.metrics = metrics;
        break;
      }
      case "adGroupAd": {
        // Report rows name the ad by its id; a listing of ads (creatives, URLs) takes the schema's path.
        const adGroupAd = readReportAdGroupAd(part);
        if (!adGroupAd) return null;
        row.adGroupAd = adGroupAd;
        break;
      }
      case "campaignBudget": {
        if (!isObject(part)) return null;
        const budget: Fields = {};
        if (!copy(budget, part, "resourceName", text) || !copy(budget, part, "amountMicros", int64)) return null;
        row.campaignBudget = budget;
        break;
      }
      // Customers, listings of ad groups, assets and conversion actions, and anything unusual take
      // the schema's path: a key the schema reads is never dropped here.
      case "customer":
      case "adGroup":
      case "asset":
      case "conversionAction":
        return null;
      default:
        break;
    }
  }
  return row as GoogleAdsRow;
}

/** `adGroupAd` of a report row: its resource name and `ad.id` (and `ad.resourceName`), nothing else. */
function readReportAdGroupAd(part: unknown): Fields | null {
  if (!isObject(part)) return null;
  const adGroupAd: Fields = {};
  for (const key in part) {
    if (part[key] === undefined) continue;
    if (key !== "resourceName" && key !== "ad") return null;
  }
  if (!copy(adGroupAd, part, "resourceName", text)) return null;
  const ad = part.ad;
  if (ad !== undefined) {
    if (!isObject(ad)) return null;
    for (const key in ad) {
      if (ad[key] === undefined) continue;
      if (key !== "id" && key !== "resourceName") return null;
    }
    const read: Fields = {};
    if (!copy(read, ad, "id", int64) || !copy(read, ad, "resourceName", text)) return null;
    adGroupAd.ad = read;
  }
  return adGroupAd;
}

function readCampaign(part: unknown): Fields | null {
  if (!isObject(part)) return null;
  const campaign: Fields = {};
  if (
    !copy(campaign, part, "resourceName", text) ||
    !copy(campaign, part, "id", int64) ||
    !copy(campaign, part, "name", text) ||
    !copy(campaign, part, "status", text) ||
    !copy(campaign, part, "servingStatus", text) ||
    !copy(campaign, part, "primaryStatus", text) ||
    !copy(campaign, part, "campaignBudget", text)
  )
    return null;
  const reasons = part.primaryStatusReasons;
  if (reasons !== undefined) {
    if (!Array.isArray(reasons) || !reasons.every((reason) => typeof reason === "string")) return null;
    campaign.primaryStatusReasons = [...reasons];
  }
  return campaign;
}
