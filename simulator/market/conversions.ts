import type { AdPlatformId } from "../lib/platform-ids.ts";
import type { SimConversionAction, SimConversionCategory, SimConversionDaily, SimDailyMetric } from "../sandbox-kit.ts";
import { splitInteger } from "./ads.ts";
import { dayNumberOf } from "./calendar.ts";
import { createSequence, hashString, mixSeeds, randomDigits, roundTo2, unitDraw } from "./random.ts";

/**
 * The conversion actions of an ad account and the split of its campaign-days over them. Pure and
 * seeded: an account's actions are a function of (tenant, platform, account), and each
 * campaign-day-action of the campaign-day it splits.
 *
 * - Counted actions (the ones the platform's own conversions column includes) share each
 *   campaign-day's conversions and value EXACTLY as `dailyMetrics` reports them (lag and anomalies
 *   included): conversions to the cent (two decimals) and value to the minor unit, by largest
 *   remainder. A purchase action takes the lion's share and all of the value; counted leads,
 *   sign-ups and calls take a small share of the conversions and no value.
 * - Secondary actions are counted on top, as multiples of the day's (counted) conversions: add to
 *   cart about 3–6×, begin checkout about 1.5–2.5×, secondary leads or sign-ups a few per hundred.
 *   Add to cart and begin checkout report a cart value (the day's average order value times a
 *   per-account cart factor of 0.8–0.95, resp. 0.9–1), the others no value. They follow the
 *   counted conversions, so they mature with the same lag.
 *
 * Ids follow each platform's style: Google conversion action ids, Microsoft goal ids and LinkedIn
 * conversion rule ids are digits; Meta's are the insights action types
 * (`offsite_conversion.fb_pixel_purchase`, `offsite_conversion.custom.<id>` for a custom
 * conversion); TikTok's are the pixel event names (`CompletePayment`, …).
 */

export interface ConversionActionModel extends SimConversionAction {
  /** Counted: relative share of the campaign-day's conversions. Secondary: conversions per counted one. */
  rate: number;
  /** Value per conversion as a share of the day's average order value (counted: only purchases carry value). */
  valueFactor: number;
  seed: number;
}

interface ActionSpec {
  name: string;
  category: SimConversionCategory;
  /** true, false, or the probability the account counts it. */
  counted: boolean | number;
  click: number;
  view: number;
  /** [min, max] of the share (counted) or ratio (secondary). */
  rate: [number, number];
  value: [number, number];
  /** The action's id, for platforms that name actions rather than number them. */
  key?: string;
}

const PURCHASE_RATE: [number, number] = [1, 1];
const NO_VALUE: [number, number] = [0, 0];
const FULL_VALUE: [number, number] = [1, 1];
const CART: [number, number] = [0.8, 0.95];
const CHECKOUT: [number, number] = [0.9, 1];

const SPECS: Record<AdPlatformId, ActionSpec[]> = {
  "google-ads": [
    {
      name: "Purchase",
      category: "purchase",
      counted: true,
      click: 30,
      view: 1,
      rate: PURCHASE_RATE,
      value: FULL_VALUE,
    },
    { name: "Add to cart", category: "add_to_cart", counted: false, click: 30, view: 1, rate: [3, 6], value: CART },
    {
      name: "Begin checkout",
      category: "begin_checkout",
      counted: false,
      click: 30,
      view: 1,
      rate: [1.5, 2.5],
      value: CHECKOUT,
    },
    {
      name: "Newsletter sign-up",
      category: "sign_up",
      counted: 0.5,
      click: 30,
      view: 1,
      rate: [0.04, 0.12],
      value: NO_VALUE,
    },
    {
      name: "Calls from ads",
      category: "phone_call",
      counted: 0.4,
      click: 30,
      view: 0,
      rate: [0.02, 0.08],
      value: NO_VALUE,
    },
  ],
  "microsoft-ads": [
    {
      name: "Purchase",
      category: "purchase",
      counted: true,
      click: 30,
      view: 1,
      rate: PURCHASE_RATE,
      value: FULL_VALUE,
    },
    { name: "Add to cart", category: "add_to_cart", counted: false, click: 30, view: 1, rate: [3, 6], value: CART },
    { name: "Lead form", category: "lead", counted: 0.5, click: 30, view: 1, rate: [0.05, 0.15], value: NO_VALUE },
  ],
  "facebook-ads": [
    {
      name: "Purchase",
      key: "offsite_conversion.fb_pixel_purchase",
      category: "purchase",
      counted: true,
      click: 7,
      view: 1,
      rate: PURCHASE_RATE,
      value: FULL_VALUE,
    },
    {
      name: "Add to cart",
      key: "offsite_conversion.fb_pixel_add_to_cart",
      category: "add_to_cart",
      counted: false,
      click: 7,
      view: 1,
      rate: [3, 6],
      value: CART,
    },
    {
      name: "Initiate checkout",
      key: "offsite_conversion.fb_pixel_initiate_checkout",
      category: "begin_checkout",
      counted: false,
      click: 7,
      view: 1,
      rate: [1.5, 2.5],
      value: CHECKOUT,
    },
    {
      name: "Lead",
      key: "offsite_conversion.fb_pixel_lead",
      category: "lead",
      counted: false,
      click: 7,
      view: 1,
      rate: [0.05, 0.2],
      value: NO_VALUE,
    },
    // The custom conversion's key is drawn (offsite_conversion.custom.<id>).
    {
      name: "Newsletter sign-up",
      category: "sign_up",
      counted: false,
      click: 7,
      view: 1,
      rate: [0.1, 0.3],
      value: NO_VALUE,
    },
  ],
  "tiktok-ads": [
    {
      name: "Complete payment",
      key: "CompletePayment",
      category: "purchase",
      counted: true,
      click: 7,
      view: 1,
      rate: PURCHASE_RATE,
      value: FULL_VALUE,
    },
    {
      name: "Add to cart",
      key: "AddToCart",
      category: "add_to_cart",
      counted: false,
      click: 7,
      view: 1,
      rate: [3, 6],
      value: CART,
    },
    {
      name: "Initiate checkout",
      key: "InitiateCheckout",
      category: "begin_checkout",
      counted: false,
      click: 7,
      view: 1,
      rate: [1.5, 2.5],
      value: CHECKOUT,
    },
    {
      name: "Submit form",
      key: "SubmitForm",
      category: "lead",
      counted: false,
      click: 7,
      view: 1,
      rate: [0.05, 0.2],
      value: NO_VALUE,
    },
  ],
  "linkedin-ads": [
    {
      name: "Purchase",
      category: "purchase",
      counted: true,
      click: 30,
      view: 7,
      rate: PURCHASE_RATE,
      value: FULL_VALUE,
    },
    { name: "Lead", category: "lead", counted: true, click: 30, view: 7, rate: [0.1, 0.3], value: NO_VALUE },
    { name: "Sign up", category: "sign_up", counted: true, click: 30, view: 7, rate: [0.05, 0.15], value: NO_VALUE },
  ],
};

/** Ids in each platform's style: digits and a leading prefix. */
const ID_STYLES: Record<AdPlatformId, [number, string]> = {
  "google-ads": [10, "6"],
  "microsoft-ads": [9, "4"],
  "facebook-ads": [16, "1"],
  "tiktok-ads": [19, "7"],
  "linkedin-ads": [8, "1"],
};

/** The account's conversion actions; the same account always gets the same ones, counted first. */
export function buildConversionActions(
  tenant: string,
  platform: AdPlatformId,
  accountId: string,
): ConversionActionModel[] {
  const seed = hashString(`conversions|${tenant}|${platform}|${accountId}`);
  const random = createSequence(seed);
  const used = new Set<string>();
  const actions = SPECS[platform].map((spec, index): ConversionActionModel => {
    const counted = typeof spec.counted === "boolean" ? spec.counted : random() < spec.counted;
    const rate = spec.rate[0] + random() * (spec.rate[1] - spec.rate[0]);
    const valueFactor = spec.value[0] + random() * (spec.value[1] - spec.value[0]);
    let id = spec.key;
    while (id === undefined || used.has(id)) {
      const digits = randomDigits(random, ...ID_STYLES[platform]);
      id = platform === "facebook-ads" ? `offsite_conversion.custom.${digits}` : digits;
    }
    used.add(id);
    return {
      id,
      name: spec.name,
      category: spec.category,
      counted,
      clickWindowDays: spec.click,
      viewWindowDays: spec.view,
      rate,
      valueFactor,
      seed: mixSeeds(seed, hashString(`action:${index}`)),
    };
  });
  return [...actions.filter((action) => action.counted), ...actions.filter((action) => !action.counted)];
}

export function toSimConversionAction(action: ConversionActionModel): SimConversionAction {
  const { id, name, category, counted, clickWindowDays, viewWindowDays } = action;
  return { id, name, category, counted, clickWindowDays, viewWindowDays };
}

/**
 * Splits one campaign-day (as `dailyMetrics` reports it) over the account's actions: the counted
 * ones add up exactly to the row's conversions and value; the secondary ones come on top. Only
 * actions with conversions or value that day are returned.
 */
export function splitConversionDay(
  actions: readonly ConversionActionModel[],
  row: SimDailyMetric,
): SimConversionDaily[] {
  const day = dayNumberOf(row.date);
  const campaignKey = hashString(row.campaignId);
  const noiseOf = (action: ConversionActionModel, draw: number) =>
    unitDraw(mixSeeds(mixSeeds(action.seed, campaignKey), day), draw);
  const counted = actions.filter((action) => action.counted);
  const secondary = actions.filter((action) => !action.counted);
  const result: SimConversionDaily[] = [];
  const push = (action: ConversionActionModel, cents: number, valueMinor: number) => {
    if (cents === 0 && valueMinor === 0) return;
    result.push({
      campaignId: row.campaignId,
      actionId: action.id,
      date: row.date,
      conversions: cents / 100,
      conversionValueMinor: valueMinor,
    });
  };

  const totalCents = Math.round(row.conversions * 100);
  const shareWeights = counted.map((action) => action.rate * (0.7 + 0.6 * noiseOf(action, 0)));
  const cents = splitInteger(totalCents, shareWeights);
  // Value follows the counted conversions of the actions that carry value; a purchase takes the
  // value even on a day its share rounded to nothing, so the value always adds up.
  const valueWeights = counted.map((action, index) => cents[index]! * action.valueFactor || action.valueFactor * 1e-9);
  const value = splitInteger(row.conversionValueMinor, valueWeights);
  for (const [index, action] of counted.entries()) push(action, cents[index]!, value[index]!);

  const averageOrderMinor = row.conversions > 0 ? row.conversionValueMinor / row.conversions : 0;
  for (const action of secondary) {
    const conversions = roundTo2(row.conversions * action.rate * (0.75 + 0.5 * noiseOf(action, 1)));
    push(action, Math.round(conversions * 100), Math.round(conversions * averageOrderMinor * action.valueFactor));
  }
  return result;
}
