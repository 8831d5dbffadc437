/**
 * What the rule engine evaluates against: the organization's campaigns with their daily metrics
 * held as prefix sums (so any window's sum is one subtraction), the store revenue and ad spend per
 * currency and day (blended ROAS), the goals' targets and the conversion lag model. One context
 * serves many rules; rule-metrics-repository.ts loads it, tests and the bench build it directly.
 */
import { addDays, type CalendarDate } from "#core/dates/calendar-date.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";
import type { LagModel } from "./conversion-lag.ts";
import { readPackedDays } from "./packed-metrics.ts";

export interface CampaignFacts {
  id: string;
  name: string;
  platform: AdPlatformId;
  adAccountId: string;
  status: CampaignStatus;
  dailyBudgetMinor: number | null;
  currency: string;
  labels: readonly string[];
}

export interface DailyMetricRow {
  campaignId: string;
  date: CalendarDate;
  impressions: number;
  clicks: number;
  spendMinor: number;
  conversions: number;
  conversionValueMinor: number;
}

/** A campaign's days packed by the database (packed-metrics.ts), day indexes from the first date. */
export interface PackedCampaignDays {
  campaignId: string;
  days: string;
}

/** A day's amount in a currency (store revenue, or all ad spend). */
export interface CurrencyDayAmount {
  date: CalendarDate;
  currency: string;
  amountMinor: number;
}

/** The goals' targets: the organization's, and per platform where a platform has its own. */
export interface GoalTarget {
  /** "organization" or an ad platform id. */
  scope: string;
  targetCpaMinor: number | null;
  targetRoas: number | null;
  currency: string;
}

export interface ContextCampaign extends CampaignFacts {
  /** Its row in the series. */
  index: number;
  platformIndex: number;
  /** Lower-cased name, for the scope's name filter. */
  searchName: string;
  currencyIndex: number;
  /** The target that applies (the platform's goal, else the organization's); null when none. */
  targetCpaMinor: number | null;
  targetRoas: number | null;
  /** Why target CPA is missing: no goal sets one, or it is in another currency. */
  targetCpaMissing: "no_goal" | "other_currency" | null;
}

/** Per-day figures of every campaign as prefix sums: sum over days [a, b] = p[i·(n+1)+b+1] − p[i·(n+1)+a]. */
export interface SeriesColumns {
  impressions: Float64Array;
  clicks: Float64Array;
  spend: Float64Array;
  conversions: Float64Array;
  revenue: Float64Array;
}

export interface EvaluationContext {
  /** The organization's date (its time zone); the last day held. */
  today: CalendarDate;
  now: Date;
  timeZone: string;
  /** The first day held; days are indexed 0 … dayCount − 1 from it. */
  firstDate: CalendarDate;
  dayCount: number;
  /** dates[i] is day i. */
  dates: CalendarDate[];
  campaigns: ContextCampaign[];
  series: SeriesColumns;
  currencies: string[];
  /** Per currency index: prefix sums of the store's revenue and of all ad spend per day. */
  storeRevenue: Float64Array[];
  adSpend: Float64Array[];
  lag: LagModel;
  goals: GoalTarget[];
}

export interface ContextInput {
  today: CalendarDate;
  now: Date;
  timeZone: string;
  /** Days held, ending today (today included). */
  days: number;
  campaigns: readonly CampaignFacts[];
  metrics: Iterable<DailyMetricRow>;
  /** The same figures packed per campaign (what the repository reads); added to `metrics`. */
  packedMetrics?: Iterable<PackedCampaignDays>;
  storeRevenue?: Iterable<CurrencyDayAmount>;
  /** All ad spend per currency and day; summed from `metrics` when absent. */
  adSpend?: Iterable<CurrencyDayAmount>;
  goals?: readonly GoalTarget[];
  lag?: LagModel;
}

/** Builds the context: campaigns, prefix sums, blended ROAS inputs and each campaign's targets. */
export function buildEvaluationContext(input: ContextInput): EvaluationContext {
  const dayCount = Math.max(1, Math.floor(input.days));
  const firstDate = addDays(input.today, -(dayCount - 1));
  const dates = Array.from({ length: dayCount }, (_, index) => addDays(firstDate, index));
  const dayOf = new Map(dates.map((date, index) => [date, index]));
  const stride = dayCount + 1;
  const currencies: string[] = [];
  const currencyIndex = (currency: string) => {
    let index = currencies.indexOf(currency);
    if (index < 0) index = currencies.push(currency) - 1;
    return index;
  };
  const goals = input.goals ?? [];
  const organizationGoal = goals.find((goal) => goal.scope === "organization");
  const campaigns: ContextCampaign[] = input.campaigns.map((campaign, index) => {
    const platformGoal = goals.find((goal) => goal.scope === campaign.platform);
    const cpaGoal = platformGoal?.targetCpaMinor != null ? platformGoal : organizationGoal;
    const roasGoal = platformGoal?.targetRoas != null ? platformGoal : organizationGoal;
    const cpa = cpaGoal?.targetCpaMinor ?? null;
    const isSameCurrency = cpaGoal?.currency === campaign.currency;
    return {
      ...campaign,
      index,
      platformIndex: AD_PLATFORM_IDS.indexOf(campaign.platform),
      searchName: campaign.name.toLocaleLowerCase(),
      currencyIndex: currencyIndex(campaign.currency),
      targetCpaMinor: cpa !== null && isSameCurrency ? cpa : null,
      targetRoas: roasGoal?.targetRoas ?? null,
      targetCpaMissing: cpa === null ? "no_goal" : isSameCurrency ? null : "other_currency",
    };
  });
  const byId = new Map(campaigns.map((campaign) => [campaign.id, campaign.index]));
  const size = campaigns.length * stride;
  const series: SeriesColumns = {
    impressions: new Float64Array(size),
    clicks: new Float64Array(size),
    spend: new Float64Array(size),
    conversions: new Float64Array(size),
    revenue: new Float64Array(size),
  };
  const spendPerDay = new Map<number, Float64Array>();
  const perDayOf = (perCurrency: Map<number, Float64Array>, currency: number) => {
    let perDay = perCurrency.get(currency);
    if (!perDay) {
      perDay = new Float64Array(stride);
      perCurrency.set(currency, perDay);
    }
    return perDay;
  };
  // Daily values first (at day + 1), turned into running sums below.
  const addDay = (
    campaign: number,
    day: number,
    impressions: number,
    clicks: number,
    spend: number,
    conversions: number,
    revenue: number,
  ) => {
    const at = campaign * stride + day + 1;
    series.impressions[at]! += impressions;
    series.clicks[at]! += clicks;
    series.spend[at]! += spend;
    series.conversions[at]! += conversions;
    series.revenue[at]! += revenue;
    if (!input.adSpend) perDayOf(spendPerDay, campaigns[campaign]!.currencyIndex)[day + 1]! += spend;
  };
  for (const row of input.metrics) {
    const campaign = byId.get(row.campaignId);
    const day = dayOf.get(row.date);
    if (campaign === undefined || day === undefined) continue;
    addDay(
      campaign,
      day,
      Number(row.impressions),
      Number(row.clicks),
      Number(row.spendMinor),
      Number(row.conversions),
      Number(row.conversionValueMinor),
    );
  }
  for (const packed of input.packedMetrics ?? []) {
    const campaign = byId.get(packed.campaignId);
    if (campaign === undefined) continue;
    readPackedDays(packed.days, (values) => {
      const day = values[0]!;
      if (day >= 0 && day < dayCount && Number.isInteger(day))
        addDay(campaign, day, values[1]!, values[2]!, values[3]!, values[4]!, values[5]!);
    });
  }
  for (const column of Object.values(series) as Float64Array[])
    for (let campaign = 0; campaign < campaigns.length; campaign += 1) {
      const base = campaign * stride;
      for (let day = 1; day <= dayCount; day += 1) column[base + day]! += column[base + day - 1]!;
    }

  const perCurrency = (rows: Iterable<CurrencyDayAmount> | undefined, into: Map<number, Float64Array>) => {
    for (const row of rows ?? []) {
      const day = dayOf.get(row.date);
      if (day === undefined) continue;
      const currency = currencyIndex(row.currency);
      perDayOf(into, currency)[day + 1]! += Number(row.amountMinor);
    }
    return into;
  };
  const revenuePerDay = perCurrency(input.storeRevenue, new Map());
  if (input.adSpend) perCurrency(input.adSpend, spendPerDay);
  const toPrefix = (perDay: Map<number, Float64Array>) =>
    currencies.map((_, index) => {
      const values = perDay.get(index) ?? new Float64Array(stride);
      for (let day = 1; day <= dayCount; day += 1) values[day]! += values[day - 1]!;
      return values;
    });

  return {
    today: input.today,
    now: input.now,
    timeZone: input.timeZone,
    firstDate,
    dayCount,
    dates,
    campaigns,
    series,
    currencies,
    storeRevenue: toPrefix(revenuePerDay),
    adSpend: toPrefix(spendPerDay),
    lag: input.lag ?? {},
    goals: [...goals],
  };
}
