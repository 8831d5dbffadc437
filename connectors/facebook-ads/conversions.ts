import { z } from "zod";
import type {
  ConversionCategory,
  ConversionReads,
  DateRange,
  ExternalAdAccount,
  ExternalConversionAction,
  ExternalConversionDaily,
} from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import { CAMPAIGN_STATUSES, type FacebookClientOptions, fetchInsightRows, readAllPages } from "./client.ts";
import { CANONICAL_PURCHASE_ACTION } from "./mappers.ts";
import { type GraphInsightRow, insightRowSchema } from "./schemas.ts";

/**
 * Meta's conversion actions (Graph v26.0), named by the insights action type they report under:
 * - the standard events the account's pixels received (`GET /act_{id}/adspixels`, then
 *   `GET /{pixel_id}/stats?aggregation=event` over the last 28 days) → `offsite_conversion.fb_pixel_<event>`;
 * - its custom conversions (`GET /act_{id}/customconversions`) → `offsite_conversion.custom.<id>`;
 * - which of them Meta counts: the ad sets' optimisation events (`promoted_object`), since an ad
 *   set's results are its optimisation event; and the attribution windows from their
 *   `attribution_spec` (Meta's default of 7-day click, 1-day view when no ad set says).
 * Per campaign-day counts come from the campaign insights' `actions` and `action_values`. The
 * pixel's purchases are read from `omni_purchase`, Meta's deduplicated purchase count that the
 * campaign metrics use too, so the counted purchase adds up to them exactly.
 */

const PIXEL_PREFIX = "offsite_conversion.fb_pixel_";
const CUSTOM_PREFIX = "offsite_conversion.custom.";
const PURCHASE_ACTION = `${PIXEL_PREFIX}purchase`;
const STATS_DAYS = 28;
const DEFAULT_CLICK_DAYS = 7;
const DEFAULT_VIEW_DAYS = 1;

interface StandardEvent {
  /** The action type's suffix after `offsite_conversion.fb_pixel_`. */
  suffix: string;
  name: string;
  category: ConversionCategory;
}

/** Meta's standard pixel events by event name and by the promoted_object enum. */
const STANDARD_EVENTS: Record<string, StandardEvent & { customEventType: string }> = {
  Purchase: { suffix: "purchase", name: "Purchase", category: "purchase", customEventType: "PURCHASE" },
  AddToCart: { suffix: "add_to_cart", name: "Add to cart", category: "add_to_cart", customEventType: "ADD_TO_CART" },
  InitiateCheckout: {
    suffix: "initiate_checkout",
    name: "Initiate checkout",
    category: "begin_checkout",
    customEventType: "INITIATED_CHECKOUT",
  },
  Lead: { suffix: "lead", name: "Lead", category: "lead", customEventType: "LEAD" },
  CompleteRegistration: {
    suffix: "complete_registration",
    name: "Complete registration",
    category: "sign_up",
    customEventType: "COMPLETE_REGISTRATION",
  },
  ViewContent: { suffix: "view_content", name: "View content", category: "page_view", customEventType: "CONTENT_VIEW" },
  Contact: { suffix: "contact", name: "Contact", category: "phone_call", customEventType: "CONTACT" },
  AddPaymentInfo: {
    suffix: "add_payment_info",
    name: "Add payment info",
    category: "begin_checkout",
    customEventType: "ADD_PAYMENT_INFO",
  },
  Subscribe: { suffix: "subscribe", name: "Subscribe", category: "sign_up", customEventType: "SUBSCRIBE" },
  StartTrial: { suffix: "start_trial", name: "Start trial", category: "sign_up", customEventType: "START_TRIAL" },
  SubmitApplication: {
    suffix: "submit_application",
    name: "Submit application",
    category: "lead",
    customEventType: "SUBMIT_APPLICATION",
  },
  Schedule: { suffix: "schedule", name: "Schedule", category: "lead", customEventType: "SCHEDULE" },
  Search: { suffix: "search", name: "Search", category: "other", customEventType: "SEARCH" },
  AddToWishlist: {
    suffix: "add_to_wishlist",
    name: "Add to wishlist",
    category: "other",
    customEventType: "ADD_TO_WISHLIST",
  },
};
const EVENT_BY_CUSTOM_TYPE = new Map(Object.values(STANDARD_EVENTS).map((event) => [event.customEventType, event]));

const CATEGORY_BY_CUSTOM_TYPE: Record<string, ConversionCategory> = {
  PURCHASE: "purchase",
  LEAD: "lead",
  COMPLETE_REGISTRATION: "sign_up",
  SUBSCRIBE: "sign_up",
  START_TRIAL: "sign_up",
  ADD_TO_CART: "add_to_cart",
  INITIATED_CHECKOUT: "begin_checkout",
  ADD_PAYMENT_INFO: "begin_checkout",
  CONTENT_VIEW: "page_view",
  CONTACT: "phone_call",
  SUBMIT_APPLICATION: "lead",
  SCHEDULE: "lead",
};

const integerString = z.string().regex(/^\d+$/, "expected an integer string");

const pixelSchema = z.object({ id: integerString, name: z.string().optional() });

const pixelStatsSchema = z.object({
  start_time: z.string(),
  aggregation: z.string().optional(),
  data: z.array(z.object({ value: z.string(), count: z.number() })),
});

const customConversionSchema = z.object({
  id: integerString,
  name: z.string(),
  custom_event_type: z.string().optional(),
  is_archived: z.boolean().optional(),
});

const attributionSchema = z.object({ event_type: z.string(), window_days: z.number() });

const optimisationSchema = z.object({
  id: integerString,
  promoted_object: z
    .object({ custom_event_type: z.string().optional(), custom_conversion_id: z.string().optional() })
    .loose()
    .optional(),
  attribution_spec: z.array(attributionSchema).optional(),
});
type GraphAdSetOptimisation = z.infer<typeof optimisationSchema>;

/** The action type an ad set's promoted_object names, if it is a conversion. */
function promotedActionOf(adSet: GraphAdSetOptimisation): string | null {
  const promoted = adSet.promoted_object;
  if (!promoted) return null;
  if (promoted.custom_conversion_id) return `${CUSTOM_PREFIX}${promoted.custom_conversion_id}`;
  const event = promoted.custom_event_type ? EVENT_BY_CUSTOM_TYPE.get(promoted.custom_event_type) : undefined;
  return event ? `${PIXEL_PREFIX}${event.suffix}` : null;
}

/** The ad sets' most common attribution windows, or Meta's default. */
function windowsOf(adSets: GraphAdSetOptimisation[]): { click: number; view: number } {
  const tally = new Map<string, { click: number; view: number; count: number }>();
  for (const adSet of adSets) {
    if (!adSet.attribution_spec) continue;
    const click = adSet.attribution_spec.find((spec) => spec.event_type === "CLICK_THROUGH")?.window_days ?? 0;
    const view = adSet.attribution_spec.find((spec) => spec.event_type === "VIEW_THROUGH")?.window_days ?? 0;
    const key = `${click}|${view}`;
    tally.set(key, { click, view, count: (tally.get(key)?.count ?? 0) + 1 });
  }
  const best = [...tally.values()].sort((a, b) => b.count - a.count)[0];
  return best ?? { click: DEFAULT_CLICK_DAYS, view: DEFAULT_VIEW_DAYS };
}

function unixSeconds(date: Date): string {
  return String(Math.floor(date.getTime() / 1000));
}

export async function listGraphConversionActions(
  options: FacebookClientOptions,
  token: string,
  account: ExternalAdAccount,
): Promise<ExternalConversionAction[]> {
  const act = `${options.apiUrl}/act_${account.externalId}`;
  const limit = String(options.pageSize);
  const [adSets, pixels, customConversions] = await Promise.all([
    readAllPages(options, token, `${act}/adsets`, optimisationSchema, {
      fields: "id,promoted_object,attribution_spec",
      effective_status: JSON.stringify(CAMPAIGN_STATUSES),
      limit,
    }),
    readAllPages(options, token, `${act}/adspixels`, pixelSchema, { fields: "id,name", limit }),
    readAllPages(options, token, `${act}/customconversions`, customConversionSchema, {
      fields: "id,name,custom_event_type,is_archived",
      limit,
    }),
  ]);
  const end = new Date();
  const start = new Date(end.getTime() - STATS_DAYS * 86_400_000);
  const firedEvents = new Set<string>();
  for (const pixel of pixels) {
    const buckets = await readAllPages(options, token, `${options.apiUrl}/${pixel.id}/stats`, pixelStatsSchema, {
      aggregation: "event",
      start_time: unixSeconds(start),
      end_time: unixSeconds(end),
      limit,
    });
    for (const bucket of buckets)
      for (const entry of bucket.data)
        if (entry.count > 0 && STANDARD_EVENTS[entry.value]) firedEvents.add(entry.value);
  }

  const counted = new Set(adSets.map(promotedActionOf).filter((id): id is string => id !== null));
  const windows = windowsOf(adSets);
  const describe = (externalId: string, name: string, category: ConversionCategory): ExternalConversionAction => ({
    externalId,
    name,
    category,
    countedByPlatform: counted.has(externalId),
    clickWindowDays: windows.click,
    viewWindowDays: windows.view,
  });
  const actions = new Map<string, ExternalConversionAction>();
  for (const [eventName, event] of Object.entries(STANDARD_EVENTS)) {
    const externalId = `${PIXEL_PREFIX}${event.suffix}`;
    // A counted event is listed even after a quiet month.
    if (firedEvents.has(eventName) || counted.has(externalId))
      actions.set(externalId, describe(externalId, event.name, event.category));
  }
  for (const conversion of customConversions) {
    if (conversion.is_archived) continue;
    const externalId = `${CUSTOM_PREFIX}${conversion.id}`;
    const category = CATEGORY_BY_CUSTOM_TYPE[conversion.custom_event_type ?? ""] ?? "other";
    actions.set(externalId, describe(externalId, conversion.name, category));
  }
  return [...actions.values()].sort(
    (a, b) => Number(b.countedByPlatform) - Number(a.countedByPlatform) || a.externalId.localeCompare(b.externalId),
  );
}

/** The action's id for an insights action type we keep, or null for Meta's aliases and non-conversions. */
function actionIdOf(actionType: string): string | null {
  if (actionType === CANONICAL_PURCHASE_ACTION) return PURCHASE_ACTION;
  if (actionType === PURCHASE_ACTION) return null;
  if (actionType.startsWith(PIXEL_PREFIX) || actionType.startsWith(CUSTOM_PREFIX)) return actionType;
  return null;
}

export function mapConversionRow(row: GraphInsightRow, currency: string): ExternalConversionDaily[] {
  const byAction = new Map<string, { conversions: number; valueMinor: number }>();
  for (const action of row.actions ?? []) {
    const id = actionIdOf(action.action_type);
    if (!id) continue;
    const entry = byAction.get(id) ?? { conversions: 0, valueMinor: 0 };
    entry.conversions = Number(action.value);
    byAction.set(id, entry);
  }
  for (const action of row.action_values ?? []) {
    const id = actionIdOf(action.action_type);
    if (!id) continue;
    const entry = byAction.get(id) ?? { conversions: 0, valueMinor: 0 };
    entry.valueMinor = decimalToMinor(action.value, currency);
    byAction.set(id, entry);
  }
  return [...byAction.entries()]
    .filter(([, entry]) => entry.conversions > 0 || entry.valueMinor > 0)
    .map(([actionExternalId, entry]) => ({
      campaignExternalId: row.campaign_id,
      actionExternalId,
      date: row.date_start,
      conversions: entry.conversions,
      conversionValueMinor: entry.valueMinor,
      currency,
    }));
}

export async function fetchGraphConversionDailies(
  options: FacebookClientOptions,
  token: string,
  account: ExternalAdAccount,
  range: DateRange,
): Promise<ExternalConversionDaily[]> {
  const rows = await fetchInsightRows(
    options,
    token,
    account.externalId,
    range,
    { level: "campaign", fields: "campaign_id,actions,action_values" },
    insightRowSchema,
  );
  return rows.flatMap((row) => mapConversionRow(row, account.currency));
}

export function createFacebookConversionReads(options: FacebookClientOptions): ConversionReads {
  return {
    listConversionActions: (tokens, account) => listGraphConversionActions(options, tokens.accessToken, account),
    fetchConversionDailyMetrics: (tokens, account, range) =>
      fetchGraphConversionDailies(options, tokens.accessToken, account, range),
  };
}
