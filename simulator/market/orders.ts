import type { StorePlatformId } from "../lib/platform-ids.ts";
import type { SimOrder } from "../sandbox-kit.ts";
import { DAY_MS, type DaySpan } from "./calendar.ts";
import {
  type CampaignModel,
  type DayOutcome,
  forEachOutcome,
  type StoreModel,
  type TenantMarket,
  type Timeline,
} from "./model.ts";
import { UTM_BY_PLATFORM } from "./profiles.ts";
import { hashString, mixSeeds, unitDraw } from "./random.ts";

/** The store's orders: the campaigns' attributed conversions plus organic orders, day by day. */

/** How many of a campaign's conversions reach the store as orders (platforms over-attribute). */
export const ORDER_SHARE = 0.9;
/** Fixed rates into the store's currency (USD), enough for consistent sandbox revenue. */
export const USD_PER_UNIT: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27 };

/** Per day of `days`, each ad campaign's final conversions and value. */
export function attributedConversions(timelines: Timeline[], days: DaySpan): AttributedCampaignDay[][] {
  const perDay: AttributedCampaignDay[][] = days.numbers.map(() => []);
  for (const timeline of timelines) {
    forEachOutcome(timeline, days, (index, outcome) => {
      if (attributedOrderCount(outcome.conversions) > 0) perDay[index]!.push({ model: timeline.model, ...outcome });
    });
  }
  return perDay;
}

export function attributedOrderCount(conversions: number): number {
  return Math.round(conversions * ORDER_SHARE);
}

export function organicOrderCount(store: StoreModel, day: number, annual: number): number {
  return Math.round(store.organicOrdersPerDay * annual * (0.7 + 0.6 * unitDraw(mixSeeds(store.seed, day), 0)));
}

export interface AttributedCampaignDay extends DayOutcome {
  model: CampaignModel;
}

// Store orders.

export function ordersOfDay(
  market: TenantMarket,
  storePlatform: StorePlatformId,
  day: number,
  annual: number,
  campaignDays: AttributedCampaignDay[],
  firstNumber: number,
): SimOrder[] {
  const { store } = market;
  const storeSeed = mixSeeds(store.seed, hashString(storePlatform));
  const drafts: { atMs: number; tiebreak: number; totalMinor: number; seed: number; utm: UtmTriple }[] = [];
  const dayStartMs = day * DAY_MS;

  for (const campaignDay of campaignDays) {
    const count = attributedOrderCount(campaignDay.conversions);
    const { model } = campaignDay;
    const seed = mixSeeds(model.seed, day ^ 0x5bd1e995);
    const valueMinor = campaignDay.conversionValueMinor * model.storeRate;
    // Split the campaign-day's value over its orders with uneven shares.
    const weights: number[] = [];
    let weightSum = 0;
    for (let index = 0; index < count; index++) {
      const weight = 0.5 + unitDraw(seed, index * 3);
      weights.push(weight);
      weightSum += weight;
    }
    const utm = UTM_BY_PLATFORM[model.platform];
    for (let index = 0; index < count; index++) {
      drafts.push({
        atMs: dayStartMs + Math.floor(orderTimeOfDay(unitDraw(seed, index * 3 + 1)) * DAY_MS),
        tiebreak: unitDraw(seed, index * 3 + 2),
        totalMinor: Math.max(100, Math.round((valueMinor * weights[index]!) / weightSum)),
        seed: mixSeeds(seed, index),
        utm: { source: utm.source, medium: utm.medium, campaign: model.name },
      });
    }
  }

  const organicSeed = mixSeeds(store.seed, day);
  const organicCount = organicOrderCount(store, day, annual);
  for (let index = 0; index < organicCount; index++) {
    drafts.push({
      atMs: dayStartMs + Math.floor(orderTimeOfDay(unitDraw(organicSeed, index * 3 + 1)) * DAY_MS),
      tiebreak: unitDraw(organicSeed, index * 3 + 2),
      totalMinor: Math.max(100, Math.round(store.aovMinor * (0.4 + 1.2 * unitDraw(organicSeed, index * 3 + 3)))),
      seed: mixSeeds(organicSeed, index + 1),
      utm: null,
    });
  }

  drafts.sort((a, b) => a.atMs - b.atMs || a.tiebreak - b.tiebreak);
  return drafts.map((draft, rank): SimOrder => {
    const number = firstNumber + rank;
    const isRefunded = unitDraw(mixSeeds(draft.seed, storeSeed), 0) < 0.04;
    return {
      id:
        storePlatform === "shopify"
          ? String(5_000_000_000_000 + (storeSeed % 100_000) * 10_000_000 + number)
          : String(number),
      number,
      createdAt: new Date(draft.atMs).toISOString(),
      currency: store.currency,
      totalMinor: draft.totalMinor,
      refundedMinor: isRefunded ? Math.round(draft.totalMinor * (0.15 + 0.5 * unitDraw(draft.seed, 7))) : 0,
      utmSource: draft.utm?.source ?? null,
      utmMedium: draft.utm?.medium ?? null,
      utmCampaign: draft.utm?.campaign ?? null,
    };
  });
}

export type UtmTriple = { source: string; medium: string; campaign: string } | null;

/** Shoppers buy more in the evening: a skewed spread over the day from a uniform draw. */
export function orderTimeOfDay(uniform: number): number {
  return Math.min(0.999_999, uniform ** 0.8);
}
