import { randomInt } from "node:crypto";
import { AD_PLATFORM_IDS, type AdPlatformId, type StorePlatformId } from "../connectors/connector.ts";
import type {
  MarketEngine,
  NewSimCampaign,
  SimAccount,
  SimCampaign,
  SimCampaignStatus,
  SimDailyMetric,
  SimOrder,
} from "./sandbox-kit.ts";
import type {
  SandboxCampaignChange,
  SandboxCreatedCampaign,
  SandboxStateRepository,
} from "./sandbox-state-repository.ts";

/**
 * The sandbox's market: one deterministic set of ad accounts, campaigns and a store per tenant.
 * Nothing of it is stored but what the APIs changed: campaigns created through them, and status,
 * budget and name changes. Every number is a pure function of (tenant, platform, campaign, date
 * and the budget and status in effect that day), drawn from a hash of those keys, so a re-fetch
 * always agrees with an earlier one except where late conversions or API changes say otherwise.
 */

export interface MarketShape {
  accounts: number;
  campaignsPerAccount: number;
}

export interface MarketEngineOptions {
  state: SandboxStateRepository;
  /** Overrides the size of a tenant's platform (benchmarks: 1 account × 500 campaigns). */
  shapeFor?: (tenant: string, platform: AdPlatformId) => MarketShape | undefined;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
/**
 * Histories are laid out around this fixed date rather than around "today", so a campaign's
 * start and pause dates do not move as real days pass (that would rewrite synced history).
 */
const MARKET_ANCHOR_DAY = dayNumberOf("2026-11-01");
/** The stores opened here; their order numbers count from it. */
const STORE_EPOCH_DAY = dayNumberOf("2023-01-01");
/** Share of conversions of date d reported on a day `age` days later (index = age); 1 from age 7. */
const CONVERSION_LAG = [0.55, 0.75, 0.85, 0.9, 0.94, 0.97, 0.99];
/** How many of a campaign's conversions reach the store as orders (platforms over-attribute). */
const ORDER_SHARE = 0.9;
/** Fixed rates into the store's currency (USD), enough for consistent sandbox revenue. */
const USD_PER_UNIT: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27 };

const UTM_BY_PLATFORM: Record<AdPlatformId, { source: string; medium: string }> = {
  "google-ads": { source: "google", medium: "cpc" },
  "microsoft-ads": { source: "bing", medium: "cpc" },
  "facebook-ads": { source: "facebook", medium: "paid_social" },
  "tiktok-ads": { source: "tiktok", medium: "paid_social" },
  "linkedin-ads": { source: "linkedin", medium: "paid_social" },
};

interface Range {
  min: number;
  max: number;
}

interface PlatformProfile {
  /** Ids: account digits and a leading prefix, campaign digits and prefix. */
  accountDigits: number;
  accountPrefix: string;
  campaignDigits: number;
  campaignPrefix: string;
  campaignTemplates: string[];
  /** Minor units per 1,000 impressions. */
  cpmMinor: Range;
  ctr: Range;
  /** Cost per conversion at the campaign's original budget, minor units. */
  cpaMinor: Range;
  dailyBudgetMinor: Range;
  /** Sunday first. */
  weekly: number[];
}

const SEARCH_WEEK = [0.9, 1.06, 1.08, 1.07, 1.04, 0.97, 0.88];
const SOCIAL_WEEK = [1.1, 0.95, 0.94, 0.96, 0.99, 1.03, 1.12];
const B2B_WEEK = [0.62, 1.16, 1.2, 1.19, 1.14, 0.98, 0.6];

const PROFILES: Record<AdPlatformId, PlatformProfile> = {
  "google-ads": {
    accountDigits: 10,
    accountPrefix: "",
    campaignDigits: 11,
    campaignPrefix: "2",
    campaignTemplates: [
      "Brand Search",
      "Generic Search",
      "Competitor Search",
      "Performance Max – All Products",
      "Shopping – Bestsellers",
      "Shopping – New Arrivals",
      "Display – Remarketing 30d",
      "YouTube – Awareness",
      "Demand Gen – Lookalike",
      "DSA – Full Site",
    ],
    cpmMinor: { min: 2500, max: 6000 },
    ctr: { min: 0.03, max: 0.08 },
    cpaMinor: { min: 1800, max: 6000 },
    dailyBudgetMinor: { min: 3000, max: 50000 },
    weekly: SEARCH_WEEK,
  },
  "microsoft-ads": {
    accountDigits: 9,
    accountPrefix: "1",
    campaignDigits: 9,
    campaignPrefix: "4",
    campaignTemplates: [
      "Brand Search",
      "Generic Search",
      "Competitor Search",
      "Shopping – Bestsellers",
      "Audience Ads – Remarketing",
      "Performance Max – All Products",
    ],
    cpmMinor: { min: 2000, max: 4500 },
    ctr: { min: 0.025, max: 0.06 },
    cpaMinor: { min: 1600, max: 5000 },
    dailyBudgetMinor: { min: 2000, max: 20000 },
    weekly: SEARCH_WEEK,
  },
  "facebook-ads": {
    accountDigits: 15,
    accountPrefix: "",
    campaignDigits: 18,
    campaignPrefix: "1202",
    campaignTemplates: [
      "Prospecting – Lookalike 2%",
      "Prospecting – Broad",
      "Retargeting – Cart Abandoners",
      "Retargeting – Site Visitors 30d",
      "Advantage+ Shopping",
      "Catalog Sales – DPA",
      "Video Views – Brand Story",
      "Lead Gen – Newsletter",
    ],
    cpmMinor: { min: 800, max: 1800 },
    ctr: { min: 0.008, max: 0.02 },
    cpaMinor: { min: 2000, max: 6000 },
    dailyBudgetMinor: { min: 2000, max: 40000 },
    weekly: SOCIAL_WEEK,
  },
  "tiktok-ads": {
    accountDigits: 19,
    accountPrefix: "7",
    campaignDigits: 19,
    campaignPrefix: "17",
    campaignTemplates: [
      "Spark Ads – Creator Collab",
      "In-Feed – Prospecting",
      "Video Shopping – Catalog",
      "Smart+ – Conversions",
      "TopView – Launch",
      "Retargeting – Engagers 14d",
    ],
    cpmMinor: { min: 500, max: 1200 },
    ctr: { min: 0.006, max: 0.015 },
    cpaMinor: { min: 2500, max: 7000 },
    // TikTok's campaign-level daily budget starts at 50 units.
    dailyBudgetMinor: { min: 5000, max: 30000 },
    weekly: SOCIAL_WEEK,
  },
  "linkedin-ads": {
    accountDigits: 9,
    accountPrefix: "5",
    campaignDigits: 9,
    campaignPrefix: "3",
    campaignTemplates: [
      "Sponsored Content – Decision Makers",
      "Lead Gen Form – Whitepaper",
      "Conversation Ads – Demo",
      "Retargeting – Website Visitors",
      "Thought Leader Ads – CEO",
      "Document Ads – Buyer's Guide",
    ],
    cpmMinor: { min: 3000, max: 7000 },
    ctr: { min: 0.004, max: 0.009 },
    cpaMinor: { min: 6000, max: 15000 },
    dailyBudgetMinor: { min: 1000, max: 20000 },
    weekly: B2B_WEEK,
  },
};

const REGIONS = ["US", "Canada", "UK", "Germany", "Australia", "France", "Nordics", "West Coast", "Northeast", "Texas"];
const BRANDS = [
  "Northwind Outfitters",
  "Bluebird Coffee Co.",
  "Juniper & Pine",
  "Harbor Goods",
  "Summit Gear",
  "Lumen Skincare",
  "Fieldhouse Athletics",
  "Copper Kettle Kitchen",
  "Atlas Travel Supply",
  "Meadow Pet Co.",
  "Orbit Electronics",
  "Saltwater Swim",
];
const HOME_TIME_ZONES = ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"];
const USD_ACCOUNT_SUFFIXES = ["US", "North America", "Performance"];

interface CampaignModel {
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
  /** conversions = cap × season × (1 − exp(−spend / saturationMinor)). */
  cap: number;
  saturationMinor: number;
  aovMinor: number;
  weekly: number[];
  /** Into the store's currency. */
  storeRate: number;
}

interface PlatformMarket {
  accounts: SimAccount[];
  campaignsByAccount: Map<string, CampaignModel[]>;
  campaignsById: Map<string, CampaignModel>;
}

interface StoreModel {
  name: string;
  currency: string;
  timeZone: string;
  seed: number;
  organicOrdersPerDay: number;
  aovMinor: number;
}

interface TenantMarket {
  seed: number;
  brand: string;
  homeTimeZone: string;
  platforms: Map<AdPlatformId, PlatformMarket>;
  store: StoreModel;
}

interface DayOutcome {
  impressions: number;
  clicks: number;
  spendMinor: number;
  /** Final (fully attributed) conversions, two decimals. */
  conversions: number;
  conversionValueMinor: number;
}

/** A campaign's budget and status over time: baseline plus the changes made through the APIs. */
interface Timeline {
  model: CampaignModel;
  changes: { day: number; status: SimCampaignStatus | null; dailyBudgetMinor: number | null }[];
}

export function createMarketEngine(options: MarketEngineOptions): MarketEngine {
  const { state, shapeFor } = options;
  const now = options.now ?? (() => new Date());
  const markets = new Map<string, TenantMarket>();
  /** Models of campaigns created through the APIs, by tenant, platform and id (their rows never change). */
  const createdModels = new Map<string, CampaignModel>();
  /** Per tenant: orders taken before each day since the store opened (index = day − opening day). */
  const cumulativeOrders = new Map<string, number[]>();

  function marketOf(tenant: string): TenantMarket {
    let market = markets.get(tenant);
    if (!market) {
      market = buildTenantMarket(tenant, shapeFor);
      markets.set(tenant, market);
    }
    return market;
  }

  function platformMarketOf(tenant: string, platform: AdPlatformId): PlatformMarket {
    const market = marketOf(tenant).platforms.get(platform);
    if (!market) throw new RangeError(`Not an ad platform: ${platform}`);
    return market;
  }

  async function todayDay(): Promise<number> {
    const offset = await state.getClockOffsetDays();
    return Math.floor(now().getTime() / DAY_MS) + offset;
  }

  /** The campaigns created through the APIs, as models the engine simulates like generated ones. */
  async function createdModelsOf(tenant: string, platform: AdPlatformId): Promise<CampaignModel[]> {
    const rows = await state.listCreatedCampaigns(tenant, platform);
    if (rows.length === 0) return [];
    const market = marketOf(tenant);
    const accounts = platformMarketOf(tenant, platform).accounts;
    const models: CampaignModel[] = [];
    for (const row of rows) {
      const key = `${tenant}|${platform}|${row.campaignId}`;
      let model = createdModels.get(key);
      if (!model) {
        const account = accounts.find((candidate) => candidate.id === row.accountId);
        if (!account) continue;
        model = buildCreatedCampaign(platform, market, account, row);
        createdModels.set(key, model);
      }
      models.push(model);
    }
    return models;
  }

  /** Generated and created campaigns, of one account or of every account. */
  async function modelsOf(tenant: string, platform: AdPlatformId, accountId?: string): Promise<CampaignModel[]> {
    const market = platformMarketOf(tenant, platform);
    const generated =
      accountId === undefined ? [...market.campaignsById.values()] : (market.campaignsByAccount.get(accountId) ?? []);
    const created = await createdModelsOf(tenant, platform);
    return [
      ...generated,
      ...(accountId === undefined ? created : created.filter((model) => model.accountId === accountId)),
    ];
  }

  async function hasCampaign(tenant: string, platform: AdPlatformId, campaignId: string): Promise<boolean> {
    if (platformMarketOf(tenant, platform).campaignsById.has(campaignId)) return true;
    return (await createdModelsOf(tenant, platform)).some((model) => model.id === campaignId);
  }

  async function newCampaignId(tenant: string, platform: AdPlatformId): Promise<string> {
    const { campaignDigits, campaignPrefix } = PROFILES[platform];
    const generated = platformMarketOf(tenant, platform).campaignsById;
    const created = new Set((await state.listCreatedCampaigns(tenant, platform)).map((row) => row.campaignId));
    // Not part of the keyed market: a created campaign's id only has to be new.
    const draw = () => randomInt(1_000_000) / 1_000_000;
    for (;;) {
      const id = randomDigits(draw, campaignDigits, campaignPrefix);
      if (!generated.has(id) && !created.has(id)) return id;
    }
  }

  async function timelinesOf(tenant: string, platform: AdPlatformId, models: CampaignModel[]): Promise<Timeline[]> {
    const changes = await state.listCampaignChanges(tenant, platform);
    const byCampaign = groupChanges(changes);
    return models.map((model) => ({
      model,
      changes: (byCampaign.get(model.id) ?? []).map((change) => ({
        day: dayNumberOf(change.effectiveDate),
        status: change.status,
        dailyBudgetMinor: change.dailyBudgetMinor,
      })),
    }));
  }

  async function recordChange(
    tenant: string,
    platform: AdPlatformId,
    campaignId: string,
    change: { status: SimCampaignStatus | null; dailyBudgetMinor: number | null; name?: string },
  ): Promise<boolean> {
    if (!(await hasCampaign(tenant, platform, campaignId))) return false;
    const effectiveDay = (await todayDay()) + 1;
    await state.insertCampaignChange({
      tenant,
      platform,
      campaignId,
      effectiveDate: dateOfDay(effectiveDay),
      ...change,
    });
    return true;
  }

  return {
    async today() {
      return dateOfDay(await todayDay());
    },

    listAccounts(tenant, platform) {
      return platformMarketOf(tenant, platform).accounts.map((account) => ({ ...account }));
    },

    async listCampaigns(tenant, platform, accountId) {
      const models = await modelsOf(tenant, platform, accountId);
      if (models.length === 0) return [];
      const changes = groupChanges(await state.listCampaignChanges(tenant, platform));
      const today = await todayDay();
      return models.map((model): SimCampaign => {
        // The latest API change shows at once, though status and budget take effect only tomorrow.
        const latest = [...(changes.get(model.id) ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
        let status = today < model.baseStatusSinceDay ? "enabled" : model.baseStatus;
        let dailyBudgetMinor = model.baseDailyBudgetMinor;
        let name = model.name;
        for (const change of latest) {
          if (change.status) status = change.status;
          if (change.dailyBudgetMinor != null) dailyBudgetMinor = change.dailyBudgetMinor;
          if (change.name != null) name = change.name;
        }
        return {
          id: model.id,
          accountId: model.accountId,
          name,
          status,
          dailyBudgetMinor,
          startDate: model.startDate,
        };
      });
    },

    async dailyMetrics(tenant, platform, accountId, range) {
      const models = await modelsOf(tenant, platform, accountId);
      const today = await todayDay();
      const fromDay = parseRangeDay(range.from);
      const toDay = Math.min(parseRangeDay(range.to), today);
      if (models.length === 0 || fromDay > toDay) return [];
      const days = daySpan(fromDay, toDay);
      const timelines = await timelinesOf(tenant, platform, models);
      const rows: SimDailyMetric[] = [];
      for (const timeline of timelines) {
        forEachRunningDay(timeline, days, (index, dailyBudgetMinor) => {
          const day = days.numbers[index]!;
          const outcome = simulateDay(timeline.model, day, days.annual[index]!, dailyBudgetMinor);
          const age = today - day;
          const lag = age < CONVERSION_LAG.length ? CONVERSION_LAG[age]! : 1;
          rows.push({
            campaignId: timeline.model.id,
            date: days.dates[index]!,
            impressions: outcome.impressions,
            clicks: outcome.clicks,
            spendMinor: outcome.spendMinor,
            conversions: lag === 1 ? outcome.conversions : roundTo2(outcome.conversions * lag),
            conversionValueMinor:
              lag === 1 ? outcome.conversionValueMinor : Math.round(outcome.conversionValueMinor * lag),
          });
        });
      }
      return rows;
    },

    setCampaignStatus(tenant, platform, campaignId, status) {
      return recordChange(tenant, platform, campaignId, { status, dailyBudgetMinor: null });
    },

    setCampaignDailyBudget(tenant, platform, campaignId, dailyBudgetMinor) {
      if (!Number.isInteger(dailyBudgetMinor) || dailyBudgetMinor < 0) {
        throw new RangeError("A daily budget is a non-negative whole number of minor units.");
      }
      return recordChange(tenant, platform, campaignId, { status: null, dailyBudgetMinor });
    },

    setCampaignName(tenant, platform, campaignId, name) {
      if (!name.trim()) throw new RangeError("A campaign name is not empty.");
      return recordChange(tenant, platform, campaignId, { status: null, dailyBudgetMinor: null, name });
    },

    newCampaignId,

    async createCampaign(tenant, platform, accountId, campaign) {
      const account = platformMarketOf(tenant, platform).accounts.find((candidate) => candidate.id === accountId);
      if (!account) return null;
      checkNewCampaign(campaign);
      const id = campaign.id ?? (await newCampaignId(tenant, platform));
      if (platformMarketOf(tenant, platform).campaignsById.has(id)) {
        throw new RangeError(`Campaign ${id} already exists.`);
      }
      const createdOn = dateOfDay(await todayDay());
      await state.insertCreatedCampaign({
        tenant,
        platform,
        accountId,
        campaignId: id,
        name: campaign.name,
        status: campaign.status,
        dailyBudgetMinor: campaign.dailyBudgetMinor,
        createdOn,
      });
      return {
        id,
        accountId,
        name: campaign.name,
        status: campaign.status,
        dailyBudgetMinor: campaign.dailyBudgetMinor,
        startDate: createdOn,
      };
    },

    describeStore(tenant, _store) {
      const { name, currency, timeZone } = marketOf(tenant).store;
      return { name, currency, timeZone };
    },

    async listOrders(tenant, store, range) {
      const fromMs = Date.parse(range.from);
      const toMs = Date.parse(range.to);
      if (Number.isNaN(fromMs) || Number.isNaN(toMs)) throw new RangeError("Order ranges are ISO instants.");
      const offset = await state.getClockOffsetDays();
      const sandboxNowMs = now().getTime() + offset * DAY_MS;
      // Inclusive of the present instant, exclusive of `to`.
      const endMs = Math.min(toMs, sandboxNowMs + 1);
      if (endMs <= fromMs) return [];
      const firstDay = Math.max(Math.floor(fromMs / DAY_MS), STORE_EPOCH_DAY);
      const lastDay = Math.floor((endMs - 1) / DAY_MS);
      if (firstDay > lastDay) return [];
      const market = marketOf(tenant);
      const timelines = await adTimelinesOf(tenant);
      let nextNumber = 1001 + ordersBefore(tenant, market, timelines, firstDay);
      const days = daySpan(firstDay, lastDay);
      const attributed = attributedConversions(timelines, days);
      const orders: SimOrder[] = [];
      for (let index = 0; index < days.numbers.length; index++) {
        const dayOrders = ordersOfDay(
          market,
          store,
          days.numbers[index]!,
          days.annual[index]!,
          attributed[index]!,
          nextNumber,
        );
        nextNumber += dayOrders.length;
        for (const order of dayOrders) {
          const createdMs = Date.parse(order.createdAt);
          if (createdMs >= fromMs && createdMs < endMs) orders.push(order);
        }
      }
      return orders;
    },
  };

  async function adTimelinesOf(tenant: string): Promise<Timeline[]> {
    const perPlatform = await Promise.all(
      AD_PLATFORM_IDS.map(async (platform) => timelinesOf(tenant, platform, await modelsOf(tenant, platform))),
    );
    return perPlatform.flat();
  }

  /**
   * How many orders the store took from its opening up to `day`, so order numbers run on without
   * gaps. Past days never change (API changes apply from tomorrow), so their counts are kept.
   */
  function ordersBefore(tenant: string, market: TenantMarket, timelines: Timeline[], day: number): number {
    let cumulative = cumulativeOrders.get(tenant);
    if (!cumulative) {
      cumulative = [0];
      cumulativeOrders.set(tenant, cumulative);
    }
    const known = STORE_EPOCH_DAY + cumulative.length - 1;
    if (day > known) {
      const days = daySpan(known, day - 1);
      const counts = days.numbers.map((dayNumber, index) =>
        organicOrderCount(market.store, dayNumber, days.annual[index]!),
      );
      for (const timeline of timelines) {
        forEachRunningDay(timeline, days, (index, dailyBudgetMinor) => {
          const outcome = simulateDay(timeline.model, days.numbers[index]!, days.annual[index]!, dailyBudgetMinor);
          counts[index]! += attributedOrderCount(outcome.conversions);
        });
      }
      for (const count of counts) cumulative.push(cumulative.at(-1)! + count);
    }
    return cumulative[day - STORE_EPOCH_DAY]!;
  }
}

/** Per day of `days`, each ad campaign's final conversions and value. */
function attributedConversions(timelines: Timeline[], days: DaySpan): AttributedCampaignDay[][] {
  const perDay: AttributedCampaignDay[][] = days.numbers.map(() => []);
  for (const timeline of timelines) {
    forEachRunningDay(timeline, days, (index, dailyBudgetMinor) => {
      const outcome = simulateDay(timeline.model, days.numbers[index]!, days.annual[index]!, dailyBudgetMinor);
      if (attributedOrderCount(outcome.conversions) > 0) perDay[index]!.push({ model: timeline.model, ...outcome });
    });
  }
  return perDay;
}

function attributedOrderCount(conversions: number): number {
  return Math.round(conversions * ORDER_SHARE);
}

function organicOrderCount(store: StoreModel, day: number, annual: number): number {
  return Math.round(store.organicOrdersPerDay * annual * (0.7 + 0.6 * unitDraw(mixSeeds(store.seed, day), 0)));
}

interface AttributedCampaignDay extends DayOutcome {
  model: CampaignModel;
}

// ---------------------------------------------------------------------------------------------
// One campaign-day.

function simulateDay(model: CampaignModel, day: number, annual: number, dailyBudgetMinor: number): DayOutcome {
  const seed = mixSeeds(model.seed, day);
  const pacing = 0.85 + 0.15 * unitDraw(seed, 0);
  const spendMinor = Math.round(dailyBudgetMinor * pacing);
  const cpm = model.cpmMinor * (0.9 + 0.2 * unitDraw(seed, 1));
  const impressions = Math.round((spendMinor * 1000) / cpm);
  const ctr = model.ctr * (0.85 + 0.3 * unitDraw(seed, 2));
  const clicks = Math.min(impressions, Math.round(impressions * ctr));
  const season = model.weekly[(day + 4) % 7]! * annual;
  const noise = 0.8 + 0.4 * unitDraw(seed, 3);
  const response = model.cap * season * noise * (1 - Math.exp(-spendMinor / model.saturationMinor));
  const conversions = roundTo2(Math.min(response, clicks));
  const conversionValueMinor = Math.round(conversions * model.aovMinor * (0.85 + 0.3 * unitDraw(seed, 4)));
  return { impressions, clicks, spendMinor, conversions, conversionValueMinor };
}

/** Calls `visit` for each day in `days` the campaign ran, with that day's budget. */
function forEachRunningDay(
  timeline: Timeline,
  days: DaySpan,
  visit: (index: number, dailyBudgetMinor: number) => void,
): void {
  const { model, changes } = timeline;
  let status: SimCampaignStatus | null = null;
  let budget = model.baseDailyBudgetMinor;
  let next = 0;
  for (let index = 0; index < days.numbers.length; index++) {
    const day = days.numbers[index]!;
    while (next < changes.length && changes[next]!.day <= day) {
      const change = changes[next]!;
      if (change.status) status = change.status;
      if (change.dailyBudgetMinor != null) budget = change.dailyBudgetMinor;
      next++;
    }
    if (day < model.startDay) continue;
    const effective = status ?? (day < model.baseStatusSinceDay ? "enabled" : model.baseStatus);
    if (effective !== "enabled" || budget <= 0) continue;
    visit(index, budget);
  }
}

// ---------------------------------------------------------------------------------------------
// Store orders.

function ordersOfDay(
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

type UtmTriple = { source: string; medium: string; campaign: string } | null;

/** Shoppers buy more in the evening: a skewed spread over the day from a uniform draw. */
function orderTimeOfDay(uniform: number): number {
  return Math.min(0.999_999, uniform ** 0.8);
}

// ---------------------------------------------------------------------------------------------
// Building a tenant's market.

function buildTenantMarket(tenant: string, shapeFor: MarketEngineOptions["shapeFor"] | undefined): TenantMarket {
  const seed = hashString(`tenant:${tenant}`);
  const random = createSequence(seed);
  const brand = BRANDS[Math.floor(random() * BRANDS.length)]!;
  const homeTimeZone = HOME_TIME_ZONES[Math.floor(random() * HOME_TIME_ZONES.length)]!;
  // One account on one platform bills in EUR or GBP, so every tenant sees mixed currencies.
  const foreignPlatform = AD_PLATFORM_IDS[Math.floor(random() * AD_PLATFORM_IDS.length)]!;
  const foreign =
    random() < 0.5
      ? { currency: "EUR", timeZone: "Europe/Berlin", suffix: "EU" }
      : { currency: "GBP", timeZone: "Europe/London", suffix: "UK" };
  const baseAovMinor = roundToStep(4000 + random() * 11000, 100);

  const platforms = new Map<AdPlatformId, PlatformMarket>();
  for (const platform of AD_PLATFORM_IDS) {
    const platformSeed = mixSeeds(seed, hashString(platform));
    const shape = shapeFor?.(tenant, platform);
    const market = buildPlatformMarket({
      platform,
      seed: platformSeed,
      brand,
      homeTimeZone,
      baseAovMinor,
      shape,
      foreign: platform === foreignPlatform ? foreign : null,
    });
    platforms.set(platform, market);
  }

  const organicOrdersPerDay = Math.round(8 + random() * 30);
  return {
    seed,
    brand,
    homeTimeZone,
    platforms,
    store: {
      name: brand,
      currency: "USD",
      timeZone: homeTimeZone,
      seed: mixSeeds(seed, hashString("store")),
      organicOrdersPerDay,
      aovMinor: baseAovMinor,
    },
  };
}

function buildPlatformMarket(input: {
  platform: AdPlatformId;
  seed: number;
  brand: string;
  homeTimeZone: string;
  baseAovMinor: number;
  shape: MarketShape | undefined;
  foreign: { currency: string; timeZone: string; suffix: string } | null;
}): PlatformMarket {
  const { platform, seed, brand, homeTimeZone, baseAovMinor, shape } = input;
  const profile = PROFILES[platform];
  const random = createSequence(seed);
  const accountCount = shape ? Math.max(1, shape.accounts) : 2 + Math.floor(random() * 2);
  const campaignCounts = Array.from({ length: accountCount }, () =>
    shape ? Math.max(0, shape.campaignsPerAccount) : 3 + Math.floor(random() * 10),
  );
  const names = uniqueCampaignNames(
    profile.campaignTemplates,
    campaignCounts.reduce((sum, count) => sum + count, 0),
    random,
  );
  const usedIds = new Set<string>();
  const newId = (digits: number, prefix: string) => {
    for (;;) {
      const id = randomDigits(random, digits, prefix);
      if (!usedIds.has(id)) {
        usedIds.add(id);
        return id;
      }
    }
  };

  // Microsoft accounts hang under one parent customer.
  const customerId = platform === "microsoft-ads" ? newId(9, "2") : undefined;
  const accounts: SimAccount[] = [];
  const campaignsByAccount = new Map<string, CampaignModel[]>();
  const campaignsById = new Map<string, CampaignModel>();
  let nameIndex = 0;
  for (let accountIndex = 0; accountIndex < accountCount; accountIndex++) {
    const isForeign = input.foreign !== null && accountCount > 1 && accountIndex === accountCount - 1;
    const currency = isForeign ? input.foreign!.currency : "USD";
    const timeZone = isForeign
      ? input.foreign!.timeZone
      : accountIndex === 0
        ? homeTimeZone
        : HOME_TIME_ZONES[Math.floor(random() * HOME_TIME_ZONES.length)]!;
    const suffix = isForeign
      ? input.foreign!.suffix
      : (USD_ACCOUNT_SUFFIXES[accountIndex] ?? `Account ${accountIndex + 1}`);
    const account: SimAccount = {
      id: newId(profile.accountDigits, profile.accountPrefix),
      name: `${brand} – ${suffix}`,
      currency,
      timeZone,
      ...(customerId ? { customerId } : {}),
    };
    accounts.push(account);

    const models: CampaignModel[] = [];
    for (let index = 0; index < campaignCounts[accountIndex]!; index++) {
      const model = buildCampaign({
        platform,
        profile,
        random,
        id: newId(profile.campaignDigits, profile.campaignPrefix),
        seed: mixSeeds(seed, hashString(`campaign:${nameIndex}`)),
        account,
        name: names[nameIndex++]!,
        baseAovMinor,
        // Every account keeps at least one live campaign.
        isFirst: index === 0,
      });
      models.push(model);
      campaignsById.set(model.id, model);
    }
    campaignsByAccount.set(account.id, models);
  }
  return { accounts, campaignsByAccount, campaignsById };
}

function checkNewCampaign(campaign: NewSimCampaign): void {
  if (!campaign.name.trim()) throw new RangeError("A campaign name is not empty.");
  if (!Number.isInteger(campaign.dailyBudgetMinor) || campaign.dailyBudgetMinor <= 0) {
    throw new RangeError("A daily budget is a positive whole number of minor units.");
  }
}

/**
 * A campaign created through an API: its economics are drawn from its id like a generated
 * campaign's, its budget and status are the ones it was created with, and it starts on the day
 * it was created.
 */
function buildCreatedCampaign(
  platform: AdPlatformId,
  market: TenantMarket,
  account: SimAccount,
  row: SandboxCreatedCampaign,
): CampaignModel {
  const profile = PROFILES[platform];
  const seed = mixSeeds(market.seed, hashString(`created:${platform}:${row.campaignId}`));
  const random = createSequence(seed);
  const startDay = dayNumberOf(row.createdOn);
  const cpaMinor = pickIn(random, profile.cpaMinor);
  const saturationFactor = 0.8 + random() * 1.7;
  return {
    platform,
    id: row.campaignId,
    accountId: account.id,
    name: row.name,
    currency: account.currency,
    baseStatus: row.status,
    baseStatusSinceDay: row.status === "enabled" ? Number.POSITIVE_INFINITY : startDay,
    baseDailyBudgetMinor: row.dailyBudgetMinor,
    startDate: row.createdOn,
    startDay,
    seed,
    cpmMinor: pickIn(random, profile.cpmMinor),
    ctr: pickIn(random, profile.ctr),
    ...responseCurve(row.dailyBudgetMinor, cpaMinor, saturationFactor),
    aovMinor: Math.round(market.store.aovMinor * (0.8 + random() * 0.45)),
    weekly: weeklyPattern(profile, random()),
    storeRate: USD_PER_UNIT[account.currency] ?? 1,
  };
}

/**
 * conversions = cap × (1 − exp(−spend / saturation)), scaled so the campaign's original budget buys
 * budget ÷ CPA conversions on an average day.
 */
function responseCurve(
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
function weeklyPattern(profile: PlatformProfile, jitter: number): number[] {
  return profile.weekly.map((factor, index) => factor * (1 + 0.03 * Math.sin(jitter * 6.283 + index)));
}

function buildCampaign(input: {
  platform: AdPlatformId;
  profile: PlatformProfile;
  random: () => number;
  id: string;
  seed: number;
  account: SimAccount;
  name: string;
  baseAovMinor: number;
  isFirst: boolean;
}): CampaignModel {
  const { platform, profile, random, id, account, name } = input;
  const baseDailyBudgetMinor = roundToStep(logUniform(random, profile.dailyBudgetMinor), 100);
  const cpaMinor = pickIn(random, profile.cpaMinor) * (name.startsWith("Brand") ? 0.5 : 1);
  // How fast returns diminish: brand terms saturate early, prospecting keeps scaling.
  const saturationFactor = name.startsWith("Brand") ? 0.5 + random() * 0.4 : 0.8 + random() * 1.7;

  const statusDraw = random();
  const baseStatus: SimCampaignStatus = input.isFirst
    ? "enabled"
    : statusDraw < 0.8
      ? "enabled"
      : statusDraw < 0.95
        ? "paused"
        : "removed";
  // Most campaigns are older than the 400 days of history; some started within it.
  const startsOld = random() < 0.75;
  const startDay = MARKET_ANCHOR_DAY - (startsOld ? 400 + Math.floor(random() * 700) : 20 + Math.floor(random() * 360));
  const sinceDraw = random();
  const baseStatusSinceDay =
    baseStatus === "enabled"
      ? Number.POSITIVE_INFINITY
      : Math.max(startDay + 10, MARKET_ANCHOR_DAY - 5 - Math.floor(sinceDraw * 290));
  const weeklyJitter = random();
  return {
    platform,
    id,
    accountId: account.id,
    name,
    currency: account.currency,
    baseStatus,
    baseStatusSinceDay,
    baseDailyBudgetMinor,
    startDate: dateOfDay(startDay),
    startDay,
    seed: input.seed,
    cpmMinor: pickIn(random, profile.cpmMinor),
    ctr: pickIn(random, profile.ctr),
    ...responseCurve(baseDailyBudgetMinor, cpaMinor, saturationFactor),
    aovMinor: Math.round(input.baseAovMinor * (0.8 + random() * 0.45)),
    weekly: weeklyPattern(profile, weeklyJitter),
    storeRate: USD_PER_UNIT[account.currency] ?? 1,
  };
}

/** Template × region combinations in a seeded order; numbered once they run out. */
function uniqueCampaignNames(templates: string[], count: number, random: () => number): string[] {
  const combos: string[] = [];
  for (const template of templates) for (const region of REGIONS) combos.push(`${template} – ${region}`);
  for (let index = combos.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [combos[index], combos[other]] = [combos[other]!, combos[index]!];
  }
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    const round = Math.floor(index / combos.length);
    const base = combos[index % combos.length]!;
    names.push(round === 0 ? base : `${base} ${round + 1}`);
  }
  return names;
}

// ---------------------------------------------------------------------------------------------
// Dates.

interface DaySpan {
  numbers: number[];
  dates: string[];
  /** The yearly season factor of each day. */
  annual: number[];
}

function daySpan(firstDay: number, lastDay: number): DaySpan {
  const span: DaySpan = { numbers: [], dates: [], annual: [] };
  for (let day = firstDay; day <= lastDay; day++) {
    const date = dateOfDay(day);
    span.numbers.push(day);
    span.dates.push(date);
    span.annual.push(annualFactor(date));
  }
  return span;
}

/** Black Friday to Cyber Monday peak, a busy December, a quiet January and a soft summer. */
function annualFactor(date: string): number {
  const month = Number(date.slice(5, 7));
  const dayOfMonth = Number(date.slice(8, 10));
  if (month === 11 && dayOfMonth >= 24) return 1.3;
  if (month === 11 && dayOfMonth >= 15) return 1.1;
  if (month === 12 && dayOfMonth <= 2) return 1.25;
  if (month === 12 && dayOfMonth <= 20) return 1.12;
  if (month === 1) return 0.9;
  if (month === 7 || month === 8) return 0.95;
  return 1;
}

function dayNumberOf(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function parseRangeDay(date: string): number {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? dayNumberOf(date) : Number.NaN;
  if (Number.isNaN(day)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return day;
}

function groupChanges(changes: SandboxCampaignChange[]): Map<string, SandboxCampaignChange[]> {
  const byCampaign = new Map<string, SandboxCampaignChange[]>();
  for (const change of changes) {
    const list = byCampaign.get(change.campaignId);
    if (list) list.push(change);
    else byCampaign.set(change.campaignId, [change]);
  }
  return byCampaign;
}

// ---------------------------------------------------------------------------------------------
// Seeded numbers: never Math.random, so the same keys always give the same market.

/** FNV-1a, finished with murmur3's avalanche. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return finalizeHash(hash);
}

function finalizeHash(value: number): number {
  let hash = value;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

function mixSeeds(a: number, b: number): number {
  return finalizeHash(a ^ Math.imul(b + 0x7f4a7c15, 0x9e3779b1));
}

/** The `draw`-th number in [0, 1) of a keyed stream. */
function unitDraw(seed: number, draw: number): number {
  return finalizeHash(seed + Math.imul(draw + 1, 0x9e3779b9)) / 4_294_967_296;
}

/** mulberry32: a sequence for building a market's structure. */
function createSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomDigits(random: () => number, digits: number, prefix: string): string {
  let id = prefix;
  // The first free digit is never 0, so ids keep their length whatever the prefix.
  if (id.length === 0) id += String(1 + Math.floor(random() * 9));
  while (id.length < digits) id += String(Math.floor(random() * 10));
  return id;
}

function pickIn(random: () => number, range: Range): number {
  return range.min + random() * (range.max - range.min);
}

function logUniform(random: () => number, range: Range): number {
  return Math.exp(Math.log(range.min) + random() * (Math.log(range.max) - Math.log(range.min)));
}

function roundToStep(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}
