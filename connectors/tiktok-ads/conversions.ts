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
import { readAllPages, splitRange, type TikTokClientOptions } from "./client.ts";
import { callTikTok } from "./tiktok-request.ts";

/**
 * TikTok's conversion actions (v1.3): the events of the advertiser's pixels (`/pixel/list/`),
 * named by their event code (`CompletePayment`, `AddToCart`, …). TikTok counts an ad group's
 * results by its optimisation event, so the events ad groups optimise for (`/adgroup/get/`
 * `optimization_event`) are the counted ones; their `click_attribution_window` and
 * `view_attribution_window` are the windows (TikTok's default, 7-day click and 1-day view, when no
 * ad group says). Per campaign-day counts and values are the page event metrics of a campaign report.
 */

interface EventSpec {
  code: string;
  optimizationEvent: string;
  category: ConversionCategory;
  countMetric: string;
  valueMetric: string;
}

/** The pixel events whose counts a campaign report serves. */
const EVENTS: readonly EventSpec[] = [
  {
    code: "CompletePayment",
    optimizationEvent: "SHOPPING",
    category: "purchase",
    countMetric: "complete_payment",
    // Despite its name, the total value of the payments.
    valueMetric: "total_complete_payment_rate",
  },
  {
    code: "AddToCart",
    optimizationEvent: "ON_WEB_CART",
    category: "add_to_cart",
    countMetric: "web_event_add_to_cart",
    valueMetric: "total_web_event_add_to_cart_value",
  },
  {
    code: "InitiateCheckout",
    optimizationEvent: "INITIATE_ORDER",
    category: "begin_checkout",
    countMetric: "initiate_checkout",
    valueMetric: "total_initiate_checkout_value",
  },
  {
    code: "SubmitForm",
    optimizationEvent: "FORM",
    category: "lead",
    countMetric: "form",
    valueMetric: "total_form_value",
  },
  {
    code: "CompleteRegistration",
    optimizationEvent: "ON_WEB_REGISTER",
    category: "sign_up",
    countMetric: "user_registration",
    valueMetric: "total_user_registration_value",
  },
  {
    code: "PlaceAnOrder",
    optimizationEvent: "ON_WEB_ORDER",
    category: "purchase",
    countMetric: "on_web_order",
    valueMetric: "total_on_web_order_value",
  },
];
const EVENT_BY_OPTIMIZATION = new Map(EVENTS.map((event) => [event.optimizationEvent, event]));
const EVENT_BY_CODE = new Map(EVENTS.map((event) => [event.code, event]));

const WINDOW_DAYS: Record<string, number> = {
  OFF: 0,
  ONE_DAY: 1,
  SEVEN_DAYS: 7,
  FOURTEEN_DAYS: 14,
  TWENTY_EIGHT_DAYS: 28,
};
const DEFAULT_CLICK_DAYS = 7;
const DEFAULT_VIEW_DAYS = 1;
/** pixel/list pages hold at most 20 pixels. */
const PIXEL_PAGE_SIZE = 20;

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, "expected a decimal string");

const pageInfoSchema = z.object({ page: z.number(), total_page: z.number() }).loose();

const pixelPageSchema = z.object({
  pixels: z.array(
    z.object({
      pixel_id: z.string(),
      events: z.array(
        z
          .object({
            name: z.string().optional(),
            event_type: z.string().optional(),
            optimization_event: z.string().optional(),
          })
          .loose(),
      ),
    }),
  ),
  page_info: pageInfoSchema,
});

const adGroupPageSchema = z.object({
  list: z.array(
    z.object({
      adgroup_id: z.string(),
      optimization_event: z.string().nullable().optional(),
      click_attribution_window: z.string().nullable().optional(),
      view_attribution_window: z.string().nullable().optional(),
    }),
  ),
  page_info: pageInfoSchema,
});
type TikTokAdGroupOptimisation = z.infer<typeof adGroupPageSchema>["list"][number];

const eventRowSchema = z.object({
  dimensions: z.object({
    campaign_id: z.string(),
    stat_time_day: z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/),
  }),
  metrics: z.record(z.string(), decimalString),
});
type TikTokEventRow = z.infer<typeof eventRowSchema>;
const eventReportPageSchema = z.object({ list: z.array(eventRowSchema), page_info: pageInfoSchema });

/** The ad groups' most common windows, or TikTok's defaults. */
function windowsOf(adGroups: TikTokAdGroupOptimisation[]): { click: number; view: number } {
  const tally = new Map<string, { click: number; view: number; count: number }>();
  for (const group of adGroups) {
    const click = WINDOW_DAYS[group.click_attribution_window ?? ""];
    const view = WINDOW_DAYS[group.view_attribution_window ?? ""];
    if (click === undefined && view === undefined) continue;
    const entry = { click: click ?? DEFAULT_CLICK_DAYS, view: view ?? DEFAULT_VIEW_DAYS };
    const key = `${entry.click}|${entry.view}`;
    tally.set(key, { ...entry, count: (tally.get(key)?.count ?? 0) + 1 });
  }
  const best = [...tally.values()].sort((a, b) => b.count - a.count)[0];
  return best ?? { click: DEFAULT_CLICK_DAYS, view: DEFAULT_VIEW_DAYS };
}

export async function listTikTokConversionActions(
  options: TikTokClientOptions,
  token: string,
  advertiserId: string,
): Promise<ExternalConversionAction[]> {
  const [pixels, adGroups] = await Promise.all([
    readAllPages(async (page) => {
      const data = await callTikTok(
        {
          url: `${options.apiUrl}/pixel/list/`,
          query: { advertiser_id: advertiserId, page, page_size: PIXEL_PAGE_SIZE },
          accessToken: token,
        },
        pixelPageSchema,
      );
      return { items: data.pixels, totalPages: data.page_info.total_page };
    }),
    readAllPages(async (page) => {
      const data = await callTikTok(
        {
          url: `${options.apiUrl}/adgroup/get/`,
          query: {
            advertiser_id: advertiserId,
            fields: ["adgroup_id", "optimization_event", "click_attribution_window", "view_attribution_window"],
            filtering: { primary_status: "STATUS_ALL" },
            page,
            page_size: options.pageSize,
          },
          accessToken: token,
        },
        adGroupPageSchema,
      );
      return { items: data.list, totalPages: data.page_info.total_page };
    }),
  ]);
  const counted = new Set(adGroups.map((group) => group.optimization_event ?? ""));
  const windows = windowsOf(adGroups);
  const actions = new Map<string, ExternalConversionAction>();
  for (const pixel of pixels)
    for (const event of pixel.events) {
      const spec =
        EVENT_BY_CODE.get(event.event_type ?? "") ?? EVENT_BY_OPTIMIZATION.get(event.optimization_event ?? "");
      // Events without a report metric (custom events) cannot be counted per campaign-day.
      if (!spec || actions.has(spec.code)) continue;
      actions.set(spec.code, {
        externalId: spec.code,
        name: event.name?.trim() || spec.code,
        category: spec.category,
        countedByPlatform: counted.has(spec.optimizationEvent),
        clickWindowDays: windows.click,
        viewWindowDays: windows.view,
      });
    }
  return [...actions.values()].sort(
    (a, b) => Number(b.countedByPlatform) - Number(a.countedByPlatform) || a.externalId.localeCompare(b.externalId),
  );
}

export function mapTikTokEventRow(row: TikTokEventRow, currency: string): ExternalConversionDaily[] {
  const dailies: ExternalConversionDaily[] = [];
  for (const event of EVENTS) {
    const conversions = Number(row.metrics[event.countMetric] ?? 0);
    const valueMinor = decimalToMinor(row.metrics[event.valueMetric] ?? "0", currency);
    if (conversions === 0 && valueMinor === 0) continue;
    dailies.push({
      campaignExternalId: row.dimensions.campaign_id,
      actionExternalId: event.code,
      date: row.dimensions.stat_time_day.slice(0, 10),
      conversions,
      conversionValueMinor: valueMinor,
      currency,
    });
  }
  return dailies;
}

/** Each campaign-day's event counts, in requests of at most `chunkDays` days, every page read. */
export async function fetchTikTokConversionDailies(
  options: TikTokClientOptions,
  token: string,
  account: ExternalAdAccount,
  range: DateRange,
): Promise<ExternalConversionDaily[]> {
  const metrics = EVENTS.flatMap((event) => [event.countMetric, event.valueMetric]);
  const dailies: ExternalConversionDaily[] = [];
  for (const chunk of splitRange(range, options.chunkDays)) {
    const rows = await readAllPages(async (page) => {
      const data = await callTikTok(
        {
          url: `${options.apiUrl}/report/integrated/get/`,
          query: {
            advertiser_id: account.externalId,
            report_type: "BASIC",
            data_level: "AUCTION_CAMPAIGN",
            dimensions: ["campaign_id", "stat_time_day"],
            metrics,
            start_date: chunk.from,
            end_date: chunk.to,
            page,
            page_size: options.pageSize,
          },
          accessToken: token,
        },
        eventReportPageSchema,
      );
      return { items: data.list, totalPages: data.page_info.total_page };
    });
    for (const row of rows) dailies.push(...mapTikTokEventRow(row, account.currency));
  }
  return dailies;
}

export function createTikTokConversionReads(options: TikTokClientOptions): ConversionReads {
  return {
    listConversionActions: (tokens, account) =>
      listTikTokConversionActions(options, tokens.accessToken, account.externalId),
    fetchConversionDailyMetrics: (tokens, account, range) =>
      fetchTikTokConversionDailies(options, tokens.accessToken, account, range),
  };
}
