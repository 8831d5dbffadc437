import { AD_PLATFORM_IDS, type AdPlatformId } from "../lib/platform-ids.ts";
import type { NewSimCampaign, SimAccount, SimCampaignStatus } from "../sandbox-kit.ts";
import type { SandboxCreatedCampaign } from "../sandbox-state-repository.ts";
import { dateOfDay, dayNumberOf, MARKET_ANCHOR_DAY } from "./calendar.ts";
import {
  adstockWeights,
  type CampaignModel,
  type PlatformMarket,
  responseCurve,
  type TenantMarket,
  weeklyPattern,
} from "./model.ts";
import { USD_PER_UNIT } from "./orders.ts";
import { BRANDS, HOME_TIME_ZONES, type PlatformProfile, PROFILES, REGIONS, USD_ACCOUNT_SUFFIXES } from "./profiles.ts";
import {
  createSequence,
  hashString,
  logUniform,
  mixSeeds,
  pickIn,
  type Range,
  randomDigits,
  roundToStep,
  unitDraw,
} from "./random.ts";

/** A tenant's catalogue: its brand, stores, accounts and campaigns, generated from seeds. */

// Building a tenant's market.

/** A platform's size for one tenant: how many ad accounts, and campaigns in each. */
export interface MarketShape {
  accounts: number;
  campaignsPerAccount: number;
}

/** Overrides a tenant's platform size (benchmarks, demos); undefined keeps the generated one. */
export type ShapeFor = (tenant: string, platform: AdPlatformId) => MarketShape | undefined;

/**
 * `pinnedBrand` names the tenant's company instead of the drawn one (the demo's story); the draw
 * still happens, so everything else about the market stays as the seed makes it.
 */
export function buildTenantMarket(tenant: string, shapeFor: ShapeFor | undefined, pinnedBrand?: string): TenantMarket {
  const seed = hashString(`tenant:${tenant}`);
  const random = createSequence(seed);
  const drawnBrand = BRANDS[Math.floor(random() * BRANDS.length)]!;
  const brand = pinnedBrand ?? drawnBrand;
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

export function buildPlatformMarket(input: {
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

export function checkNewCampaign(campaign: NewSimCampaign): void {
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
export function buildCreatedCampaign(
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
    adstockWeights: carryOverWeights(profile.carryOver, seed),
    aovMinor: Math.round(market.store.aovMinor * (0.8 + random() * 0.45)),
    weekly: weeklyPattern(profile, random()),
    storeRate: USD_PER_UNIT[account.currency] ?? 1,
  };
}

export function buildCampaign(input: {
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
    adstockWeights: carryOverWeights(profile.carryOver, input.seed),
    aovMinor: Math.round(input.baseAovMinor * (0.8 + random() * 0.45)),
    weekly: weeklyPattern(profile, weeklyJitter),
    storeRate: USD_PER_UNIT[account.currency] ?? 1,
  };
}

/**
 * The campaign's carry-over, keyed on its seed alone (not the catalogue's sequence, so adding it
 * moved no other number of the market).
 */
function carryOverWeights(range: Range, seed: number): number[] {
  return adstockWeights(range.min + (range.max - range.min) * unitDraw(seed, 24));
}

/** Template × region combinations in a seeded order; numbered once they run out. */
export function uniqueCampaignNames(templates: string[], count: number, random: () => number): string[] {
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
