import { randomInt } from "node:crypto";
import { AD_PLATFORM_IDS, type AdPlatformId } from "./lib/platform-ids.ts";
import { createAdBook } from "./market/ads-book.ts";
import { DAY_MS, dateOfDay, dayNumberOf, daySpan, parseRangeDay, STORE_EPOCH_DAY } from "./market/calendar.ts";
import { currentCampaignOf, groupChanges, withAnomalies } from "./market/campaign-changes.ts";
import { buildCreatedCampaign, buildTenantMarket, checkNewCampaign, type ShapeFor } from "./market/catalogue.ts";
import { buildConversionActions, splitConversionDay, toSimConversionAction } from "./market/conversions.ts";
import { createCreatedAdStore } from "./market/created-ads.ts";
import {
  type CampaignModel,
  CONVERSION_LAG,
  forEachOutcome,
  type PlatformMarket,
  type TenantMarket,
  type Timeline,
} from "./market/model.ts";
import { attributedConversions, attributedOrderCount, ordersOfDay, organicOrderCount } from "./market/orders.ts";
import { PROFILES } from "./market/profiles.ts";
import { randomDigits, roundTo2 } from "./market/random.ts";
import { createCampaignIssueStore } from "./sandbox-campaign-issues.ts";
import type { MarketEngine, SimCampaignStatus, SimDailyMetric, SimOrder } from "./sandbox-kit.ts";
import type { SandboxStateRepository } from "./sandbox-state-repository.ts";

/**
 * The sandbox's market: one deterministic set of ad accounts, campaigns and a store per tenant.
 * Nothing of it is stored but what the APIs changed: campaigns created through them, and status,
 * budget and name changes. Every number is a pure function of (tenant, platform, campaign, date
 * and the budget and status history up to that day: spend carries over into the next two weeks'
 * conversions), drawn from a hash of those keys, so a re-fetch always agrees with an earlier one
 * except where late conversions or API changes say otherwise.
 */

/** The settings row that holds the tenants whose company is pinned (a small JSON object). */
const BRAND_PINS_KEY = "market:brand-pins";

export interface MarketEngineOptions {
  state: SandboxStateRepository;
  /** Overrides the size of a tenant's platform (benchmarks: 1 account × 500 campaigns). */
  shapeFor?: ShapeFor;
  now?: () => Date;
}

export function createMarketEngine(options: MarketEngineOptions): MarketEngine {
  const { state, shapeFor } = options;
  const now = options.now ?? (() => new Date());
  const markets = new Map<string, TenantMarket>();
  /** Models of campaigns created through the APIs, by tenant, platform and id (their rows never change). */
  const createdModels = new Map<string, CampaignModel>();
  /** Per tenant: orders taken before each day since the store opened (index = day − opening day). */
  const cumulativeOrders = new Map<string, number[]>();
  const issues = createCampaignIssueStore(state);
  const ads = createAdBook(state);
  const createdAds = createCreatedAdStore(state);
  /** Tenants whose company is named rather than drawn (the demo), read once from the sandbox's state. */
  const brandPins = new Map<string, string>();
  let pinsLoaded: Promise<void> | null = null;
  const loadPins = () => {
    pinsLoaded ??= state.getSetting(BRAND_PINS_KEY).then(
      (raw) => {
        for (const [tenant, brand] of Object.entries(raw ? (JSON.parse(raw) as Record<string, string>) : {}))
          brandPins.set(tenant, brand);
      },
      (error: unknown) => {
        pinsLoaded = null;
        throw error;
      },
    );
    return pinsLoaded;
  };

  function marketOf(tenant: string): TenantMarket {
    let market = markets.get(tenant);
    if (!market) {
      market = buildTenantMarket(tenant, shapeFor, brandPins.get(tenant));
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

  async function campaignDays(
    tenant: string,
    platform: AdPlatformId,
    accountId: string,
    range: { from: string; to: string },
  ): Promise<SimDailyMetric[]> {
    const models = await modelsOf(tenant, platform, accountId);
    const today = await todayDay();
    const fromDay = parseRangeDay(range.from);
    const toDay = Math.min(parseRangeDay(range.to), today);
    if (models.length === 0 || fromDay > toDay) return [];
    const days = daySpan(fromDay, toDay);
    const timelines = await timelinesOf(tenant, platform, models);
    const anomalies = await state.listAnomalies({ tenant, platform });
    const stopped = await issues.list(tenant, platform);
    const rows: SimDailyMetric[] = [];
    for (const timeline of timelines) {
      // A campaign the platform stopped delivers nothing from the issue's first day on.
      const stoppedSince = stopped.get(timeline.model.id)?.since;
      forEachOutcome(timeline, days, (index, outcome) => {
        if (stoppedSince !== undefined && days.dates[index]! >= stoppedSince) return;
        const day = days.numbers[index]!;
        const age = today - day;
        const lag = age < CONVERSION_LAG.length ? CONVERSION_LAG[age]! : 1;
        const row: SimDailyMetric = {
          campaignId: timeline.model.id,
          date: days.dates[index]!,
          impressions: outcome.impressions,
          clicks: outcome.clicks,
          spendMinor: outcome.spendMinor,
          conversions: lag === 1 ? outcome.conversions : roundTo2(outcome.conversions * lag),
          conversionValueMinor:
            lag === 1 ? outcome.conversionValueMinor : Math.round(outcome.conversionValueMinor * lag),
        };
        rows.push(anomalies.length === 0 ? row : withAnomalies(row, anomalies));
      });
    }
    return rows;
  }

  const engine: MarketEngine = {
    load: loadPins,

    async pinBrand(tenant, brand) {
      await loadPins();
      brandPins.set(tenant, brand);
      await state.putSetting(BRAND_PINS_KEY, JSON.stringify(Object.fromEntries(brandPins)));
      markets.delete(tenant);
    },

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
      const stopped = await issues.list(tenant, platform);
      const today = await todayDay();
      return models.map((model) =>
        currentCampaignOf(model, changes.get(model.id) ?? [], today, stopped.get(model.id)?.issue),
      );
    },

    dailyMetrics: campaignDays,

    async listAdGroups(tenant, platform, accountId) {
      const models = await modelsOf(tenant, platform, accountId);
      const names =
        platform === "linkedin-ads"
          ? new Map((await engine.listCampaigns(tenant, platform, accountId)).map((c) => [c.id, c.name]))
          : undefined;
      return ads.adGroups(tenant, marketOf(tenant).brand, models, names);
    },

    async listAds(tenant, platform, accountId) {
      const built = await ads.ads(
        tenant,
        marketOf(tenant).brand,
        platform,
        await modelsOf(tenant, platform, accountId),
      );
      return [...built, ...(await createdAds.listAds(tenant, platform, accountId))];
    },

    async uploadImage(tenant, platform, accountId, image) {
      if (!platformMarketOf(tenant, platform).accounts.some((account) => account.id === accountId)) return null;
      return createdAds.saveImage(tenant, platform, { ...image, accountId });
    },

    findUploadedImage: (tenant, platform, imageId) => createdAds.findImage(tenant, platform, imageId),

    async createImageAd(tenant, platform, accountId, ad) {
      const group = (await engine.listAdGroups(tenant, platform, accountId)).find((item) => item.id === ad.adGroupId);
      const image = await createdAds.findImage(tenant, platform, ad.imageId);
      if (!group || !image || image.accountId !== accountId) return null;
      return createdAds.addImageAd(tenant, platform, accountId, { ...ad, campaignId: group.campaignId });
    },

    async adDailyMetrics(tenant, platform, accountId, range) {
      const rows = await campaignDays(tenant, platform, accountId, range);
      return ads.split(tenant, marketOf(tenant).brand, await modelsOf(tenant, platform, accountId), rows);
    },

    async setAdUrlSuffix(tenant, platform, adId, urlSuffix) {
      const models = await modelsOf(tenant, platform);
      return ads.setUrlSuffix(tenant, marketOf(tenant).brand, platform, models, adId, urlSuffix);
    },

    async listConversionActions(tenant, platform, accountId) {
      if (!platformMarketOf(tenant, platform).accounts.some((account) => account.id === accountId)) return [];
      return buildConversionActions(tenant, platform, accountId).map(toSimConversionAction);
    },

    async conversionDailyMetrics(tenant, platform, accountId, range) {
      const rows = await campaignDays(tenant, platform, accountId, range);
      if (rows.length === 0) return [];
      const actions = buildConversionActions(tenant, platform, accountId);
      return rows.flatMap((row) => splitConversionDay(actions, row));
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

    async setCampaignIssue(tenant, platform, campaignId, issue) {
      if (!(await hasCampaign(tenant, platform, campaignId))) return false;
      if (issue === null) await issues.clear(tenant, platform, campaignId);
      else await issues.set(tenant, platform, campaignId, { issue, since: dateOfDay((await todayDay()) + 1) });
      return true;
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
  return engine;

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
        forEachOutcome(timeline, days, (index, outcome) => {
          counts[index]! += attributedOrderCount(outcome.conversions);
        });
      }
      for (const count of counts) cumulative.push(cumulative.at(-1)! + count);
    }
    return cumulative[day - STORE_EPOCH_DAY]!;
  }
}
