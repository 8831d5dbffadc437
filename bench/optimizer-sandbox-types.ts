/** The sandbox bench's world as the bench sees it (optimizer-sandbox-world.ts builds it). */
import type { Kysely } from "kysely";
import type { Actor } from "#core/access/actor.ts";
import type { AdPlatformTarget } from "#core/connections/platform-access.ts";
import type { Database } from "#core/db/schema.ts";
import type { DailyPoint } from "#core/optimizer/engine-types.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { AdsClock } from "#core/sync/ads-clock.ts";
import type { MisallocatedCampaign, Misallocation } from "./optimizer-sandbox-misallocate.ts";

/** What the optimizer may move: an enabled campaign with a daily budget of its own, in the world's currency. */
export interface BenchCampaign {
  id: string;
  externalId: string;
  name: string;
  platform: AdPlatformId;
  accountExternalId: string;
  baselineBudgetMinor: number;
  /** The platform's minimum daily budget, minor units. */
  minimumMinor: number;
}

/** One side's final outcome over a span of days (all conversions mature). */
export interface Outcome {
  spendMinor: number;
  conversions: number;
  revenueMinor: number;
  byDate: Map<string, { spendMinor: number; conversions: number; revenueMinor: number }>;
}

export interface WorldOptions {
  /** A folder of its own (removed by the caller). */
  dataDir: string;
  /** The sandbox tenant: it seeds the market. */
  tenant: string;
  platforms: AdPlatformId[];
  campaignsPerAccount: number;
  /** The sandbox's date on the first day (its clock starts at noon UTC of it). */
  startDate: string;
  /** Days of history the first sync fetches. */
  backfillDays: number;
  /** Budgets misallocated through the platforms' API before the backfill (both markets). */
  misallocation?: Misallocation;
}

export interface SandboxWorld {
  organizationId: string;
  currency: string;
  campaigns: BenchCampaign[];
  /** What the product's modules are composed from: the database, the ads clock, the platforms. */
  host: {
    db: Kysely<Database>;
    dataDir: string;
    clock: AdsClock;
    /** The ads clock's instant, in step with `clock` (the records' timestamps). */
    now: () => Date;
    owner: Actor;
    openAdPlatform: (actor: Actor, connectionId: string) => Promise<AdPlatformTarget>;
    minimumDailyBudgetMinor: (platform: AdPlatformId, currency: string) => number;
  };
  /** The budgets set before the backfill (the misallocated start), if any. */
  misallocated: MisallocatedCampaign[];
  /** The sandbox's date. */
  today(): Promise<string>;
  /** One sync of every connection, as the scheduler runs it (the sync module, as Adhelm). */
  syncAll(): Promise<void>;
  /** Each campaign's synced days, oldest first, through `lastDate`, missing days as zero. */
  histories(lastDate: string): Promise<Map<string, DailyPoint[]>>;
  /** Completeness by age of each platform's conversions, from the lag the syncs measured. */
  completeness(): Promise<(platform: AdPlatformId) => number[]>;
  /** The campaigns' daily budgets as our database holds them now (minor units). */
  currentBudgets(): Promise<Map<string, number>>;
  /** Pushes new daily budgets through the campaign change use case; returns the ids the platforms took, and the failures. */
  setBudgets(budgets: Map<string, number>, batchId: string): Promise<{ applied: Set<string>; failed: string[] }>;
  /** Moves the sandbox clock a day through its admin API; returns the new date. */
  advanceDay(days?: number): Promise<string>;
  /** The final outcome of the campaigns over from…to: in the changed market, and in the unchanged one. */
  outcomes(from: string, to: string): Promise<{ optimized: Outcome; unchanged: Outcome }>;
  /**
   * The final outcome over from…to of the same market had the campaigns run on `budgets` (by
   * campaign id) from `from` on: a market engine over a fresh sandbox state holding only those changes.
   */
  counterfactual(budgets: Map<string, number>, from: string, to: string): Promise<Outcome>;
  close(): Promise<void>;
}
