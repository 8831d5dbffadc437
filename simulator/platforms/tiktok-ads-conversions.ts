import { createHash } from "node:crypto";
import type { Context, Hono } from "hono";
import { minorToDecimal } from "../lib/money.ts";
import type { SandboxKit, SimAccount, SimConversionAction } from "../sandbox-kit.ts";
import {
  describeMetrics,
  isFailure,
  type Params,
  PLATFORM,
  paginate,
  pick,
  type ReportRequest,
  type TikTokFailure,
} from "./tiktok-ads-common.ts";
import { attributionWindowOf, TIKTOK_EVENTS, type TikTokEvent } from "./tiktok-ads-events.ts";

/**
 * TikTok's pixel and its events (v1.3): `GET /pixel/list/` lists the advertiser's pixel with the
 * events it tracks (event code, optimisation event, how it counts); ad groups optimise for the
 * counted event and carry the attribution windows; campaign reports serve each event's count and
 * value as page event metrics (`web_event_add_to_cart`, `total_web_event_add_to_cart_value`, …).
 */

/** pixel/list pages of at most 20. */
const MAX_PIXEL_PAGE_SIZE = 20;

type Route = (
  handler: (input: { tenant: string; params: Params; url: string }) => Promise<unknown>,
) => (c: Context) => Promise<Response>;
type FindAdvertiser = (tenant: string, params: Params) => SimAccount | TikTokFailure;

const EVENT_BY_CODE = new Map(TIKTOK_EVENTS.map((event) => [event.code, event]));

function digitsOf(text: string, length: number): string {
  const value = BigInt(`0x${createHash("sha256").update(text).digest("hex").slice(0, 16)}`);
  return (value % 10n ** BigInt(length)).toString().padStart(length, "0");
}

function pixelOf(account: SimAccount): { id: string; code: string } {
  const code = `C${digitsOf(`pixel-code|${account.id}`, 19)
    .split("")
    .map((digit, index) => (index % 3 === 0 ? String.fromCharCode(65 + Number(digit)) : digit))
    .join("")}`;
  return { id: `7${digitsOf(`pixel|${account.id}`, 18)}`, code };
}

/** The ad groups' optimisation and attribution: the first counted action, else TikTok's defaults. */
export function describeAdGroupOptimisation(
  account: SimAccount,
  actions: SimConversionAction[],
): Record<string, string> {
  const counted = actions.find((action) => action.counted && EVENT_BY_CODE.has(action.id));
  return {
    pixel_id: pixelOf(account).id,
    optimization_event: counted ? (EVENT_BY_CODE.get(counted.id)?.optimizationEvent ?? "SHOPPING") : "SHOPPING",
    click_attribution_window: attributionWindowOf(counted?.clickWindowDays ?? 7, "click"),
    view_attribution_window: attributionWindowOf(counted?.viewWindowDays ?? 1, "view"),
  };
}

/** Campaign report rows: the campaign's own metrics and each pixel event's count and value that day. */
export async function describeCampaignReportRows(
  kit: SandboxKit,
  tenant: string,
  account: SimAccount,
  request: ReportRequest,
): Promise<Record<string, unknown>[]> {
  const range = { from: request.startDate, to: request.endDate };
  const events = TIKTOK_EVENTS.filter(
    (event) => request.metrics.includes(event.countMetric) || request.metrics.includes(event.valueMetric),
  );
  const [metrics, dailies] = await Promise.all([
    kit.engine.dailyMetrics(tenant, PLATFORM, account.id, range),
    events.length > 0 ? kit.engine.conversionDailyMetrics(tenant, PLATFORM, account.id, range) : Promise.resolve([]),
  ]);
  const perDay = new Map<string, Map<string, { conversions: number; valueMinor: number }>>();
  for (const daily of dailies) {
    const key = `${daily.campaignId}|${daily.date}`;
    const day = perDay.get(key) ?? new Map();
    day.set(daily.actionId, { conversions: daily.conversions, valueMinor: daily.conversionValueMinor });
    perDay.set(key, day);
  }
  return [...metrics]
    .sort((a, b) => a.date.localeCompare(b.date) || a.campaignId.localeCompare(b.campaignId))
    .map((metric) => {
      const values: Record<string, string> = describeMetrics(metric, account.currency);
      const day = perDay.get(`${metric.campaignId}|${metric.date}`);
      for (const event of events) {
        // Purchases are the campaign's own figures; the other events come from the pixel's counts.
        if (event.countMetric === "complete_payment") continue;
        const counts = day?.get(event.code);
        values[event.countMetric] = String(Math.round((counts?.conversions ?? 0) * 100) / 100);
        values[event.valueMetric] = minorToDecimal(counts?.valueMinor ?? 0, account.currency);
      }
      return {
        dimensions: { campaign_id: metric.campaignId, stat_time_day: `${metric.date} 00:00:00` },
        metrics: pick(values, request.metrics),
      };
    });
}

function describeEvent(action: SimConversionAction, event: TikTokEvent, account: SimAccount) {
  return {
    event_id: digitsOf(`event|${account.id}|${action.id}`, 19),
    name: action.name,
    event_type: event.code,
    custom_event_type: event.optimizationEvent,
    optimization_event: event.optimizationEvent,
    statistic_type: action.category === "purchase" ? "EVERY_TIME" : "ONCE",
    currency_value: action.category === "purchase" ? null : 0,
    currency_type: account.currency,
  };
}

/** GET /pixel/list/: the advertiser's pixel with its events; `code` filters by pixel code. */
export function registerTikTokConversionRoutes(
  api: Hono,
  kit: SandboxKit,
  route: Route,
  findAdvertiser: FindAdvertiser,
): void {
  api.get(
    "/pixel/list/",
    route(async ({ tenant, params }) => {
      const account = findAdvertiser(tenant, params);
      if (isFailure(account)) return account;
      const pageSize = params.page_size === undefined ? 10 : Number(params.page_size);
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PIXEL_PAGE_SIZE)
        return {
          code: 40002,
          message: `page_size: Must be greater than or equal to 1 and less than or equal to ${MAX_PIXEL_PAGE_SIZE}.`,
        };
      const actions = await kit.engine.listConversionActions(tenant, PLATFORM, account.id);
      const pixel = pixelOf(account);
      const events = actions.flatMap((action) => {
        const event = EVENT_BY_CODE.get(action.id);
        return event ? [describeEvent(action, event, account)] : [];
      });
      const pixels = [
        {
          pixel_id: pixel.id,
          pixel_code: pixel.code,
          pixel_name: `${account.name} pixel`,
          pixel_category: "MANUAL_MODE",
          pixel_setup_mode: "DEVELOPER_MODE",
          activity_status: "ACTIVE",
          create_time: "2024-01-15 09:00:00",
          events,
        },
      ].filter((candidate) => params.code === undefined || candidate.pixel_code === params.code);
      const page = paginate(pixels, params);
      return isFailure(page) ? page : { pixels: page.list, page_info: page.page_info };
    }),
  );
}
