import type { AdPlatformId } from "../lib/platform-ids.ts";
import type { SimAccount, SimCampaignStatus } from "../sandbox-kit.ts";
import type { DaySpan } from "./calendar.ts";
import type { PlatformProfile } from "./profiles.ts";
import { mixSeeds, roundTo2, unitDraw } from "./random.ts";

/**
 * The pure model of one campaign: its response to spend (a saturating curve), carry-over of spend
 * into later days (geometric adstock), weekly and yearly season, seeded noise, slow drift (creative
 * fatigue) and conversion lag. No I/O: every number is a function of its inputs.
 */

/** Share of conversions of date d reported on a day `age` days later (index = age); 1 from age 7. */
export const CONVERSION_LAG = [0.55, 0.75, 0.85, 0.9, 0.94, 0.97, 0.99];

export interface CampaignModel {
  platform: AdPlatformId;
  id: string;
  accountId: string;
  name: string;
  currency: string;
  /** The status before any API change, and the day it began (paused and removed campaigns ran before). */
  baseStatus: SimCampaignStatus;
  baseStatusSinceDay: number;
  baseDailyBudgetMinor: number;
  startDate: string;
  startDay: number;
  seed: number;
  cpmMinor: number;
  ctr: number;
  /** conversions = cap × season × (1 − exp(−adstock / saturationMinor)). */
  cap: number;
  saturationMinor: number;
  /**
   * Carry-over: adstock(t) = Σ weights[k] × spend(t − k) over ADSTOCK_DAYS days, the weights
   * (1 − λ)·λ^k normalised to sum to 1, so a steady spend is its own adstock.
   */
  adstockWeights: readonly number[];
  aovMinor: number;
  weekly: number[];
  /** Into the store's currency. */
  storeRate: number;
}

export interface PlatformMarket {
  accounts: SimAccount[];
  campaignsByAccount: Map<string, CampaignModel[]>;
  campaignsById: Map<string, CampaignModel>;
}

export interface StoreModel {
  name: string;
  currency: string;
  timeZone: string;
  seed: number;
  organicOrdersPerDay: number;
  aovMinor: number;
}

export interface TenantMarket {
  seed: number;
  brand: string;
  homeTimeZone: string;
  platforms: Map<AdPlatformId, PlatformMarket>;
  store: StoreModel;
}

export interface DayOutcome {
  impressions: number;
  clicks: number;
  spendMinor: number;
  /** Final (fully attributed) conversions, two decimals. */
  conversions: number;
  conversionValueMinor: number;
}

/** A campaign's budget and status over time: baseline plus the changes made through the APIs. */
export interface Timeline {
  model: CampaignModel;
  changes: { day: number; status: SimCampaignStatus | null; dailyBudgetMinor: number | null }[];
}

// One campaign-day.

/** How many days of spend the adstock sums: λ^14 is below 0.1% for the largest decay. */
export const ADSTOCK_DAYS = 14;

/** The normalised geometric adstock weights of a decay λ, today's first. */
export function adstockWeights(decay: number): number[] {
  const raw = Array.from({ length: ADSTOCK_DAYS }, (_, age) => (1 - decay) * decay ** age);
  const total = raw.reduce((sum, weight) => sum + weight, 0);
  return raw.map((weight) => weight / total);
}

/** What the campaign spends on `day` with that budget: the platform paces a little under it. */
export function daySpend(model: CampaignModel, day: number, dailyBudgetMinor: number): number {
  const pacing = 0.85 + 0.15 * unitDraw(mixSeeds(model.seed, day), 0);
  return Math.round(dailyBudgetMinor * pacing);
}

/**
 * A campaign-day's delivery from its own spend, and its conversions from the adstock: the spend of
 * this day and the days before it (see forEachOutcome).
 */
export function simulateDay(
  model: CampaignModel,
  day: number,
  annual: number,
  spendMinor: number,
  adstockMinor: number,
): DayOutcome {
  const seed = mixSeeds(model.seed, day);
  const cpm = model.cpmMinor * (0.9 + 0.2 * unitDraw(seed, 1));
  const impressions = Math.round((spendMinor * 1000) / cpm);
  const ctr = model.ctr * (0.85 + 0.3 * unitDraw(seed, 2));
  const clicks = Math.min(impressions, Math.round(impressions * ctr));
  const season = model.weekly[(day + 4) % 7]! * annual;
  const noise = 0.8 + 0.4 * unitDraw(seed, 3);
  const response =
    model.cap * season * noise * driftFactor(model, day) * (1 - Math.exp(-adstockMinor / model.saturationMinor));
  const conversions = roundTo2(Math.min(response, clicks));
  const conversionValueMinor = Math.round(conversions * model.aovMinor * (0.85 + 0.3 * unitDraw(seed, 4)));
  return { impressions, clicks, spendMinor, conversions, conversionValueMinor };
}

/** About one campaign in six wears out. */
const DRIFTING_SHARE = 1 / 6;

/**
 * Creative fatigue: about one campaign in six (chosen by its seed) converts a little worse every
 * week, its CPA rising 2–4% a week, until a refresh every 20 to 26 weeks brings it back. A pure
 * function of the campaign and the day, so the market stays deterministic; 1 for the others.
 */
export function driftFactor(model: CampaignModel, day: number): number {
  if (unitDraw(model.seed, 20) >= DRIFTING_SHARE) return 1;
  const ratePerWeek = 0.02 + 0.02 * unitDraw(model.seed, 21);
  const cycleDays = 140 + Math.floor(42 * unitDraw(model.seed, 22));
  const phase = Math.floor(cycleDays * unitDraw(model.seed, 23));
  const age = (((day + phase) % cycleDays) + cycleDays) % cycleDays;
  return 1 / (1 + (ratePerWeek * age) / 7);
}

/**
 * Calls `visit` with the outcome of each day in `days` (consecutive) the campaign ran. The spend of
 * the ADSTOCK_DAYS − 1 days before the span is replayed (from the budget and status history) into a
 * ring, so each day's adstock costs a short weighted sum, whatever the span. Days the campaign did
 * not run (before its start, paused, removed, zero budget) add no spend: a new or resumed campaign
 * ramps up, a paused one leaves a fading tail when it resumes.
 */
export function forEachOutcome(
  timeline: Timeline,
  days: DaySpan,
  visit: (index: number, outcome: DayOutcome) => void,
): void {
  const { model, changes } = timeline;
  const spanFirst = days.numbers[0];
  if (spanFirst === undefined) return;
  const spanLast = spanFirst + days.numbers.length - 1;
  if (spanLast < model.startDay) return;
  const weights = model.adstockWeights;
  const ring = new Float64Array(ADSTOCK_DAYS);
  let status: SimCampaignStatus | null = null;
  let budget = model.baseDailyBudgetMinor;
  let next = 0;
  const first = Math.max(spanFirst - (ADSTOCK_DAYS - 1), model.startDay);
  for (let day = first; day <= spanLast; day++) {
    while (next < changes.length && changes[next]!.day <= day) {
      const change = changes[next]!;
      if (change.status) status = change.status;
      if (change.dailyBudgetMinor != null) budget = change.dailyBudgetMinor;
      next++;
    }
    const effective = status ?? (day < model.baseStatusSinceDay ? "enabled" : model.baseStatus);
    const isRunning = effective === "enabled" && budget > 0;
    const spendMinor = isRunning ? daySpend(model, day, budget) : 0;
    const slot = day % ADSTOCK_DAYS;
    ring[slot] = spendMinor;
    if (!isRunning || day < spanFirst) continue;
    let adstockMinor = 0;
    for (let age = 0; age < ADSTOCK_DAYS; age++)
      adstockMinor += weights[age]! * ring[(slot - age + ADSTOCK_DAYS) % ADSTOCK_DAYS]!;
    const index = day - spanFirst;
    visit(index, simulateDay(model, day, days.annual[index]!, spendMinor, adstockMinor));
  }
}

/**
 * conversions = cap × (1 − exp(−spend / saturation)), scaled so the campaign's original budget buys
 * budget ÷ CPA conversions on an average day.
 */
export function responseCurve(
  baseDailyBudgetMinor: number,
  cpaMinor: number,
  saturationFactor: number,
): { cap: number; saturationMinor: number } {
  const conversionsAtBudget = baseDailyBudgetMinor / cpaMinor;
  return {
    cap: conversionsAtBudget / (1 - Math.exp(-1 / saturationFactor)),
    saturationMinor: baseDailyBudgetMinor * saturationFactor,
  };
}

/** The platform's week, nudged per campaign. */
export function weeklyPattern(profile: PlatformProfile, jitter: number): number[] {
  return profile.weekly.map((factor, index) => factor * (1 + 0.03 * Math.sin(jitter * 6.283 + index)));
}
