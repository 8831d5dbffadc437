import { createHash } from "node:crypto";
import type { Context, Hono } from "hono";
import type { SandboxKit, SimAccount, SimConversionAction } from "../sandbox-kit.ts";
import { PLATFORM } from "./facebook-ads-common.ts";
import {
  addDays,
  buildGraphPage,
  describeInsightRow,
  formatGraphAmount,
  formatGraphCount,
  type InsightQuery,
  isGraphError,
  nonexistingFieldError,
  pickFields,
  readFields,
  respondGraphError,
  unknownObjectError,
} from "./facebook-ads-graph.ts";

/**
 * Meta's conversion events and custom conversions in the Graph API sandbox. The engine names an
 * account's actions by the insights action type they report under:
 * - a pixel's standard events (`offsite_conversion.fb_pixel_purchase`, …): the account's pixel
 *   (`GET /act_{id}/adspixels`) reports what it received through `GET /{pixel_id}/stats?aggregation=event`;
 * - custom conversions (`offsite_conversion.custom.<id>`): `GET /act_{id}/customconversions`;
 * - ad sets optimise for the counted event (`promoted_object`) with their `attribution_spec`;
 * - campaign insights rows carry every action's count in `actions` and value in `action_values`.
 */

const PIXEL_PREFIX = "offsite_conversion.fb_pixel_";
const CUSTOM_PREFIX = "offsite_conversion.custom.";

interface StandardEvent {
  /** The pixel's event name. */
  event: string;
  /** The enum ad sets (promoted_object) and custom conversions (custom_event_type) use. */
  customEventType: string;
  /** The other action types Meta reports the same event under. */
  aliases: string[];
}

/** Standard events by their pixel action type's suffix. Purchase's aliases come with the campaign row. */
const STANDARD_EVENTS: Record<string, StandardEvent> = {
  purchase: { event: "Purchase", customEventType: "PURCHASE", aliases: [] },
  add_to_cart: { event: "AddToCart", customEventType: "ADD_TO_CART", aliases: ["add_to_cart", "omni_add_to_cart"] },
  initiate_checkout: {
    event: "InitiateCheckout",
    customEventType: "INITIATED_CHECKOUT",
    aliases: ["initiate_checkout", "omni_initiated_checkout"],
  },
  lead: { event: "Lead", customEventType: "LEAD", aliases: ["lead"] },
  complete_registration: {
    event: "CompleteRegistration",
    customEventType: "COMPLETE_REGISTRATION",
    aliases: ["complete_registration", "omni_complete_registration"],
  },
  view_content: { event: "ViewContent", customEventType: "CONTENT_VIEW", aliases: ["view_content"] },
  contact: { event: "Contact", customEventType: "CONTACT", aliases: ["contact"] },
};

const CUSTOM_EVENT_TYPE_BY_CATEGORY: Record<SimConversionAction["category"], string> = {
  purchase: "PURCHASE",
  lead: "LEAD",
  sign_up: "COMPLETE_REGISTRATION",
  add_to_cart: "ADD_TO_CART",
  begin_checkout: "INITIATED_CHECKOUT",
  page_view: "CONTENT_VIEW",
  phone_call: "CONTACT",
  other: "OTHER",
};

export const CUSTOM_CONVERSION_FIELDS = [
  "id",
  "account_id",
  "name",
  "custom_event_type",
  "rule",
  "default_conversion_value",
  "event_source_type",
  "is_archived",
  "is_unavailable",
  "pixel",
  "creation_time",
] as const;

export const PIXEL_FIELDS = ["id", "name", "creation_time", "last_fired_time", "is_unavailable"] as const;

function standardEventOf(action: SimConversionAction): StandardEvent | null {
  if (!action.id.startsWith(PIXEL_PREFIX)) return null;
  return STANDARD_EVENTS[action.id.slice(PIXEL_PREFIX.length)] ?? null;
}

function customConversionIdOf(action: SimConversionAction): string | null {
  return action.id.startsWith(CUSTOM_PREFIX) ? action.id.slice(CUSTOM_PREFIX.length) : null;
}

/** The account's one pixel: a stable 15-digit id. */
export function pixelIdOf(account: SimAccount): string {
  const digits = BigInt(`0x${createHash("sha256").update(`pixel|${account.id}`).digest("hex").slice(0, 15)}`);
  return `1${(digits % 10n ** 14n).toString().padStart(14, "0")}`;
}

/**
 * What an ad set of the account optimises for and the attribution it uses: the first counted
 * action (Meta counts an ad set's results by its optimisation event).
 */
export function describeOptimisation(
  account: SimAccount,
  actions: SimConversionAction[],
): { promoted_object?: Record<string, string>; attribution_spec: Record<string, unknown>[] } {
  const counted = actions.find((action) => action.counted);
  const clickDays = counted?.clickWindowDays ?? 7;
  const viewDays = counted?.viewWindowDays ?? 1;
  const attribution = [{ event_type: "CLICK_THROUGH", window_days: clickDays }];
  if (viewDays > 0) attribution.push({ event_type: "VIEW_THROUGH", window_days: viewDays });
  if (!counted) return { attribution_spec: attribution };
  const pixel_id = pixelIdOf(account);
  const customId = customConversionIdOf(counted);
  const promoted: Record<string, string> = customId
    ? { pixel_id, custom_event_type: CUSTOM_EVENT_TYPE_BY_CATEGORY[counted.category], custom_conversion_id: customId }
    : { pixel_id, custom_event_type: standardEventOf(counted)?.customEventType ?? "OTHER" };
  return { promoted_object: promoted, attribution_spec: attribution };
}

/**
 * Campaign insights rows (level=campaign, time_increment=1): the purchase types from the campaign's
 * own figures, then every other action of the day under its pixel or custom conversion type.
 */
export async function describeCampaignInsightRows(
  kit: SandboxKit,
  tenant: string,
  account: SimAccount,
  query: InsightQuery,
): Promise<Record<string, unknown>[]> {
  const range = { from: query.since, to: query.until };
  const wantsActions = query.fields.includes("actions") || query.fields.includes("action_values");
  const [metrics, campaigns, actions, dailies] = await Promise.all([
    kit.engine.dailyMetrics(tenant, PLATFORM, account.id, range),
    kit.engine.listCampaigns(tenant, PLATFORM, account.id),
    kit.engine.listConversionActions(tenant, PLATFORM, account.id),
    wantsActions ? kit.engine.conversionDailyMetrics(tenant, PLATFORM, account.id, range) : Promise.resolve([]),
  ]);
  const names = new Map(campaigns.map((campaign) => [campaign.id, campaign.name]));
  const actionsById = new Map(actions.map((action) => [action.id, action]));
  const byCampaignDay = new Map<string, typeof dailies>();
  for (const daily of dailies) {
    const key = `${daily.campaignId}|${daily.date}`;
    byCampaignDay.set(key, [...(byCampaignDay.get(key) ?? []), daily]);
  }
  return [...metrics]
    .sort((a, b) => a.date.localeCompare(b.date) || a.campaignId.localeCompare(b.campaignId))
    .map((metric) => {
      const row = describeInsightRow(metric, account, names.get(metric.campaignId) ?? "", query.fields);
      const extraActions: { action_type: string; value: string }[] = [];
      const extraValues: { action_type: string; value: string }[] = [];
      for (const daily of byCampaignDay.get(`${metric.campaignId}|${metric.date}`) ?? []) {
        const action = actionsById.get(daily.actionId);
        // The pixel's purchases are the campaign's own purchase types, already in the row.
        if (!action || action.id === `${PIXEL_PREFIX}purchase`) continue;
        const types = [action.id, ...(standardEventOf(action)?.aliases ?? [])];
        for (const type of types) {
          if (daily.conversions > 0)
            extraActions.push({ action_type: type, value: formatGraphCount(daily.conversions) });
          if (daily.conversionValueMinor > 0)
            extraValues.push({
              action_type: type,
              value: formatGraphAmount(daily.conversionValueMinor, account.currency),
            });
        }
      }
      if (query.fields.includes("actions") && extraActions.length > 0)
        row.actions = [...((row.actions as unknown[] | undefined) ?? []), ...extraActions];
      if (query.fields.includes("action_values") && extraValues.length > 0)
        row.action_values = [...((row.action_values as unknown[] | undefined) ?? []), ...extraValues];
      return row;
    });
}

type Authenticate = (c: Context) => Promise<{ tenant: string; params: Record<string, string> } | Response>;

/** Seconds since the epoch, or a date-time Meta accepts; null when neither. */
function readInstant(value: string | undefined): number | null {
  if (value === undefined) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/** GET /act_{id}/customconversions, GET /act_{id}/adspixels and GET /{pixel_id}/stats. */
export function registerFacebookConversionRoutes(
  graph: Hono,
  kit: SandboxKit,
  authenticate: Authenticate,
  findAccount: (tenant: string, node: string) => SimAccount | undefined,
): void {
  graph.get("/:node/customconversions", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const account = findAccount(auth.tenant, node);
    if (!account) return respondGraphError(c, unknownObjectError(node, "get"));
    const fields = readFields(auth.params, CUSTOM_CONVERSION_FIELDS);
    if (!Array.isArray(fields))
      return respondGraphError(c, nonexistingFieldError(fields.unknownField, "CustomConversion"));
    const pixelId = pixelIdOf(account);
    const conversions = (await kit.engine.listConversionActions(auth.tenant, PLATFORM, account.id))
      .map((action) => ({ action, id: customConversionIdOf(action) }))
      .filter((entry): entry is { action: SimConversionAction; id: string } => entry.id !== null)
      .sort((a, b) => a.id.localeCompare(b.id))
      .map(({ action, id }) =>
        pickFields(
          {
            id,
            account_id: account.id,
            name: action.name,
            custom_event_type: CUSTOM_EVENT_TYPE_BY_CATEGORY[action.category],
            rule: JSON.stringify({ and: [{ event: { eq: "PageView" } }, { URL: { i_contains: "/thank-you" } }] }),
            default_conversion_value: 0,
            event_source_type: "pixel",
            is_archived: false,
            is_unavailable: false,
            pixel: { id: pixelId },
            creation_time: "2024-01-15T09:30:00+0000",
          },
          fields,
        ),
      );
    const page = buildGraphPage(c.req.url, conversions, auth.params);
    return isGraphError(page) ? respondGraphError(c, page) : c.json(page);
  });

  graph.get("/:node/adspixels", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const account = findAccount(auth.tenant, node);
    if (!account) return respondGraphError(c, unknownObjectError(node, "get"));
    const fields = readFields(auth.params, PIXEL_FIELDS);
    if (!Array.isArray(fields)) return respondGraphError(c, nonexistingFieldError(fields.unknownField, "AdsPixel"));
    const today = await kit.engine.today();
    const pixel = {
      id: pixelIdOf(account),
      name: `${account.name} Pixel`,
      creation_time: "2024-01-15T09:00:00+0000",
      last_fired_time: `${today}T08:00:00+0000`,
      is_unavailable: false,
    };
    const page = buildGraphPage(c.req.url, [pickFields(pixel, fields)], auth.params);
    return isGraphError(page) ? respondGraphError(c, page) : c.json(page);
  });

  // What the pixel received per day and event (aggregation=event); the sandbox counts the
  // conversions its events brought the account's campaigns.
  graph.get("/:node/stats", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const account = kit.engine.listAccounts(auth.tenant, PLATFORM).find((candidate) => pixelIdOf(candidate) === node);
    if (!account) return respondGraphError(c, unknownObjectError(node, "get"));
    if ((auth.params.aggregation ?? "event") !== "event")
      return respondGraphError(c, {
        message: "(#100) The sandbox serves pixel stats with aggregation=event only",
        code: 100,
      });
    const today = await kit.engine.today();
    const end = readInstant(auth.params.end_time) ?? Date.parse(`${today}T23:59:59Z`);
    const start = readInstant(auth.params.start_time) ?? end - 86_400_000;
    if (start > end) return respondGraphError(c, { message: "(#100) start_time must be before end_time", code: 100 });
    let from = new Date(start).toISOString().slice(0, 10);
    const to = new Date(end).toISOString().slice(0, 10);
    if (from < addDays(to, -89)) from = addDays(to, -89);
    const [actions, dailies] = await Promise.all([
      kit.engine.listConversionActions(auth.tenant, PLATFORM, account.id),
      kit.engine.conversionDailyMetrics(auth.tenant, PLATFORM, account.id, { from, to }),
    ]);
    const eventById = new Map(actions.map((action) => [action.id, standardEventOf(action)?.event]));
    const counts = new Map<string, Map<string, number>>();
    for (const daily of dailies) {
      const event = eventById.get(daily.actionId);
      if (!event) continue;
      const day = counts.get(daily.date) ?? new Map<string, number>();
      day.set(event, (day.get(event) ?? 0) + daily.conversions);
      counts.set(daily.date, day);
    }
    const buckets = [...counts.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([date, events]) => ({
        start_time: `${date}T00:00:00+0000`,
        aggregation: "event",
        data: [...events.entries()]
          .map(([value, count]) => ({ value, count: Math.round(count) }))
          .filter((entry) => entry.count > 0)
          .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
      }))
      .filter((bucket) => bucket.data.length > 0);
    const page = buildGraphPage(c.req.url, buckets, auth.params);
    return isGraphError(page) ? respondGraphError(c, page) : c.json(page);
  });
}
