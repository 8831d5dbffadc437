// npm run bench:optimizer -- --sandbox: the optimizer end to end through the built-in sandbox.
//   One organization connected to the ad platforms through their consent flow (1 account × 4
//   campaigns each by default), a 90-day backfill, then 60 simulated days. The budget plan is saved
//   through the budgets slice (the objective, ±30% a day, 5% exploration, no daily rebalance, no
//   monthly budget: a run spreads today's total). Each day: a real sync of every connection (the
//   sync module, over HTTP); Adhelm asks the optimizer slice for recommendations
//   (optimizer-module's recommendBudgets) and applies every open one (applyRecommendations: the
//   campaign change use case, change log, connector, sandbox API); the slice follows up the mature
//   ones; the sandbox clock moves a day through its admin API. After the run the days are synced on
//   until the last follow-ups are mature, and the slice's calibration is printed.
//   --engine: the engine alone instead of the slice (fitCampaigns + allocateBudget on the synced
//   history, every move of at least 0.5% pushed through the campaign change use case).
//   --misallocated: before the backfill, every campaign's budget × a seeded factor in [0.4, 2.5]
//   (total kept) through the platforms' API, run for --misallocated-days=28 days; both markets
//   start from it (optimizer-sandbox-misallocate.ts).
//   The comparison: the same market with the budgets never changed. The sandbox's market is a pure
//   function of (tenant, campaign, date, budget and status history), so a second market engine over
//   an empty sandbox state, with the same tenant and clock, is that market exactly: same curves,
//   same noise, same days. Both are read once every day of the run is mature (the clock moved on 8
//   more days), straight from the engines (the hidden truth, not our synced copy).
//   Options: --days=60 --objective=conversions|revenue --tenant=<seed text> --campaigns=4
//   --platforms=google-ads,facebook-ads,… --backfill=90 --start=2027-03-01 --max-daily-change=0.3
//   --exploration=0.05 --engine --misallocated --misallocated-days=28 --keep (keep the data dir).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { allocateBudget } from "#core/optimizer/allocate-budget.ts";
import type { AllocationCampaign, OptimizerObjective } from "#core/optimizer/engine-types.ts";
import { fitCampaigns } from "#core/optimizer/fit-response.ts";
import { AD_PLATFORM_IDS, type AdPlatformId } from "#core/shared/platforms.ts";
import type { Misallocation } from "./optimizer-sandbox-misallocate.ts";
import { oracleBudgets } from "./optimizer-sandbox-oracle.ts";
import { type BenchResult, type DayTiming, meanDaySeconds, money, printReport } from "./optimizer-sandbox-report.ts";
import { createOptimizerSlice, type OptimizerSlice } from "./optimizer-sandbox-slice.ts";
import type { BenchCampaign, SandboxWorld } from "./optimizer-sandbox-types.ts";
import { createSandboxWorld } from "./optimizer-sandbox-world.ts";

interface Options {
  days: number;
  objective: OptimizerObjective;
  tenant: string;
  campaignsPerAccount: number;
  platforms: AdPlatformId[];
  backfillDays: number;
  startDate: string;
  maxDailyChange: number | null;
  explorationShare: number;
  /** The engine alone (fitCampaigns + allocateBudget) instead of the optimizer slice. */
  engine: boolean;
  misallocation: Misallocation | null;
  keep: boolean;
}

/** Days after the last decision before every decided day's conversions are final. */
const MATURE_AFTER_DAYS = 8;
/** The most days synced after the run for the last follow-ups to mature. */
const MAX_TAIL_DAYS = 21;
/** A budget moves only when the allocation differs by at least this share (and a cent); --engine. */
const MIN_CHANGE_SHARE = 0.005;

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const prefix = `--${name}=`;
    return argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
  };
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = value(name);
    const parsed = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max)
      throw new RangeError(`--${name} is a whole number from ${min} to ${max}.`);
    return parsed;
  };
  const objective = value("objective") ?? "conversions";
  if (objective !== "conversions" && objective !== "revenue")
    throw new RangeError("--objective is conversions or revenue.");
  const platforms = (value("platforms") ?? AD_PLATFORM_IDS.join(",")).split(",").filter(Boolean);
  for (const platform of platforms)
    if (!(AD_PLATFORM_IDS as readonly string[]).includes(platform))
      throw new RangeError(`Not an ad platform: ${platform} (one of ${AD_PLATFORM_IDS.join(", ")}).`);
  const startDate = value("start") ?? "2027-03-01";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || Number.isNaN(Date.parse(startDate)))
    throw new RangeError("--start is a date, YYYY-MM-DD.");
  const change = value("max-daily-change");
  const maxDailyChange = change === undefined ? 0.3 : change === "none" ? null : Number(change);
  if (maxDailyChange !== null && !(maxDailyChange > 0 && maxDailyChange <= 10))
    throw new RangeError("--max-daily-change is a fraction above 0 (0.3 = ±30%), or none.");
  const exploration = Number(value("exploration") ?? 0.05);
  if (!(exploration >= 0 && exploration <= 0.2)) throw new RangeError("--exploration is from 0 to 0.2.");
  const engine = argv.includes("--engine");
  // The budget plan takes a largest daily change from 5% to 100%.
  if (!engine && (maxDailyChange === null || maxDailyChange < 0.05 || maxDailyChange > 1))
    throw new RangeError("--max-daily-change is from 0.05 to 1 through the optimizer slice (none only with --engine).");
  return {
    days: integer("days", 60, 1, 365),
    objective,
    tenant: value("tenant") ?? "optimizer-bench",
    campaignsPerAccount: integer("campaigns", 4, 1, 50),
    platforms: platforms as AdPlatformId[],
    backfillDays: integer("backfill", 90, 14, 400),
    startDate,
    maxDailyChange,
    explorationShare: exploration,
    engine,
    misallocation: argv.includes("--misallocated")
      ? {
          seed: value("tenant") ?? "optimizer-bench",
          low: 0.4,
          high: 2.5,
          days: integer("misallocated-days", 28, 1, 365),
        }
      : null,
    keep: argv.includes("--keep"),
  };
}

/** Fits every campaign on its synced history and spreads the total budget; amounts in minor units. */
async function decide(
  world: SandboxWorld,
  options: Options,
  today: string,
  current: Map<string, number>,
  totalMinor: number,
  seed: number,
): Promise<{ allocation: Map<string, number>; predicted: number }> {
  const yesterday = addDays(today, -1);
  const [histories, completenessOf] = await Promise.all([world.histories(yesterday), world.completeness()]);
  const fits = fitCampaigns({
    objective: options.objective,
    today,
    campaigns: world.campaigns.map((campaign) => ({
      id: campaign.id,
      pool: campaign.platform,
      history: histories.get(campaign.id) ?? [],
      completeness: completenessOf(campaign.platform),
    })),
  });
  const campaigns: AllocationCampaign[] = world.campaigns.map((campaign) => ({
    id: campaign.id,
    fit: fits.get(campaign.id)!,
    previousSpend: current.get(campaign.id) ?? campaign.baselineBudgetMinor,
    min: campaign.minimumMinor,
    max: null,
  }));
  const result = allocateBudget({
    objective: options.objective,
    budget: totalMinor,
    campaigns,
    maxDailyChange: options.maxDailyChange,
    explorationShare: options.explorationShare,
    seed,
  });
  return { allocation: result.allocation, predicted: result.predicted.mean };
}

/** The budgets to push: whole minor units, at least the platform's minimum, and only real moves. */
function budgetsToPush(
  campaigns: BenchCampaign[],
  allocation: Map<string, number>,
  current: Map<string, number>,
): Map<string, number> {
  const changes = new Map<string, number>();
  for (const campaign of campaigns) {
    const amount = allocation.get(campaign.id);
    if (amount === undefined || !Number.isFinite(amount)) continue;
    const next = Math.max(campaign.minimumMinor, Math.round(amount));
    const now = current.get(campaign.id)!;
    if (Math.abs(next - now) >= Math.max(1, now * MIN_CHANGE_SHARE)) changes.set(campaign.id, next);
  }
  return changes;
}

export async function runSandboxBench(argv: string[]): Promise<void> {
  const options = parseOptions(argv);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "adhelm-optimizer-sandbox-"));
  const started = performance.now();
  let world: SandboxWorld | undefined;
  let slice: OptimizerSlice | undefined;
  try {
    const { misallocation } = options;
    console.log(
      `Optimizer through the sandbox (${options.engine ? "the engine alone" : "the optimizer slice's use cases"}): tenant "${options.tenant}", ${options.platforms.length} platforms × 1 account × ${options.campaignsPerAccount} campaigns, ${options.backfillDays}-day backfill, ${options.days} days from ${misallocation ? `${options.startDate} + ${misallocation.days}` : options.startDate}, objective ${options.objective}, ±${options.maxDailyChange === null ? "∞" : `${Math.round(options.maxDailyChange * 100)}%`} a day, exploration ${Math.round(options.explorationShare * 100)}%${misallocation ? `, misallocated start (× ${misallocation.low}–${misallocation.high} for ${misallocation.days} days before the backfill)` : ""}.`,
    );
    world = await createSandboxWorld({
      dataDir,
      tenant: options.tenant,
      platforms: options.platforms,
      campaignsPerAccount: options.campaignsPerAccount,
      startDate: options.startDate,
      backfillDays: options.backfillDays,
      misallocation: misallocation ?? undefined,
    });
    if (world.campaigns.length === 0) throw new Error("No enabled campaign with a daily budget to optimize.");
    if (!options.engine)
      slice = await createOptimizerSlice(world, {
        objective: options.objective,
        maxDailyChange: options.maxDailyChange!,
        explorationShare: options.explorationShare,
      });
    const setupSeconds = (performance.now() - started) / 1000;
    const totalMinor = world.campaigns.reduce((sum, campaign) => sum + campaign.baselineBudgetMinor, 0);
    console.log(
      `Set up in ${setupSeconds.toFixed(1)} s: ${world.campaigns.length} campaigns in ${world.currency}, total daily budget ${money(totalMinor, world.currency)}.`,
    );
    if (world.misallocated.length > 0) {
      const factors = world.misallocated.map((item) => item.afterMinor / item.beforeMinor);
      console.log(
        `  misallocated through the platforms' API: budgets × ${Math.min(...factors).toFixed(2)}–${Math.max(...factors).toFixed(2)} (${world.misallocated.map((item) => `${item.platform}/${item.externalId} ${money(item.beforeMinor, world!.currency)}→${money(item.afterMinor, world!.currency)}`).join(", ")}).`,
      );
    }

    const startBudgets = new Map(world.campaigns.map((campaign) => [campaign.id, campaign.baselineBudgetMinor]));
    const current = new Map(startBudgets);
    const timings: DayTiming[] = [];
    const totals: number[] = [];
    const failures: string[] = [];
    let changesPushed = 0;
    const firstDecided = addDays(await world.today(), 1);
    for (let day = 0; day < options.days; day++) {
      const today = await world.today();
      let mark = performance.now();
      const lap = () => {
        const elapsed = performance.now() - mark;
        mark = performance.now();
        return elapsed;
      };
      // Today's sync already ran for the first day (the backfill).
      if (day > 0) await world.syncAll();
      const syncMs = lap();
      let decideMs: number;
      let applyMs: number;
      let followUpMs = 0;
      if (slice) {
        const decided = await slice.decide();
        lap();
        decideMs = decided.recommendMs;
        applyMs = decided.applyMs;
        changesPushed += decided.applied;
        failures.push(...decided.failed.map((message) => `${today}: ${message}`));
        await slice.followUp();
        followUpMs = lap();
        if (day === 0 && decided.readiness !== "ready") throw new Error(`The optimizer is ${decided.readiness}.`);
        for (const [id, amount] of await world.currentBudgets()) current.set(id, amount);
      } else {
        const { allocation } = await decide(world, options, today, current, totalMinor, day + 1);
        decideMs = lap();
        const changes = budgetsToPush(world.campaigns, allocation, current);
        const { applied, failed } = await world.setBudgets(changes, `optimizer-bench-${today}`);
        for (const id of applied) current.set(id, changes.get(id)!);
        failures.push(...failed.map((message) => `${today}: ${message}`));
        changesPushed += applied.size;
        applyMs = lap();
      }
      totals.push([...current.values()].reduce((a, b) => a + b, 0));
      await world.advanceDay();
      const clockMs = lap();
      timings.push({ syncMs, decideMs, applyMs, followUpMs, clockMs });
      if ((day + 1) % 10 === 0 || day + 1 === options.days)
        console.log(
          `  day ${String(day + 1).padStart(3)} (${today}): ${changesPushed} budget changes so far, total daily budget ${money(totals.at(-1)!, world.currency)}, ${meanDaySeconds(timings).toFixed(2)} s a day`,
        );
    }
    const lastDecided = addDays(firstDecided, options.days - 1);
    // The outcome days mature; through the slice, synced on (no more decisions) for the follow-ups.
    let tailDays = 0;
    if (slice) {
      while (tailDays < MAX_TAIL_DAYS) {
        await world.syncAll();
        await slice.followUp();
        if (tailDays >= MATURE_AFTER_DAYS && (await slice.calibration()).pending === 0) break;
        await world.advanceDay();
        tailDays += 1;
      }
    } else await world.advanceDay(MATURE_AFTER_DAYS);
    const { optimized, unchanged } = await world.outcomes(firstDecided, lastDecided);
    const oracleAt = (total: number) =>
      world!.counterfactual(
        oracleBudgets({
          tenant: options.tenant,
          campaignsPerAccount: options.campaignsPerAccount,
          campaigns: world!.campaigns,
          totalMinor: total,
          objective: options.objective,
          from: firstDecided,
          to: lastDecided,
        }),
        firstDecided,
        lastDecided,
      );
    const oracle = await oracleAt(totalMinor);
    // The optimized side's total drifts a little (whole units, moves under the threshold left
    // out): the unchanged budgets and the oracle scaled to its spend make an equal-spend comparison.
    const scale = optimized.spendMinor / Math.max(unchanged.spendMinor, 1);
    const atOptimizedSpend =
      Math.abs(scale - 1) > 0.002
        ? {
            scale,
            unchanged: await world.counterfactual(
              new Map([...startBudgets].map(([id, amount]) => [id, Math.round(amount * scale)])),
              firstDecided,
              lastDecided,
            ),
            oracle: await oracleAt(Math.round(totalMinor * scale)),
          }
        : undefined;
    const result: BenchResult = {
      path: slice ? "slice" : "engine",
      objective: options.objective,
      days: options.days,
      currency: world.currency,
      campaigns: world.campaigns,
      optimized,
      unchanged,
      oracle,
      atOptimizedSpend,
      timings,
      changesPushed,
      failures,
      span: [firstDecided, lastDecided],
      seconds: (performance.now() - started) / 1000,
      startBudgets,
      endBudgets: current,
      totals,
      calibration: slice
        ? { slice: await slice.calibration(), detail: await slice.calibrationDetail(), tailDays }
        : undefined,
    };
    printReport(result);
  } finally {
    await slice?.close();
    await world?.close();
    if (options.keep) console.log(`Data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

if (import.meta.main) {
  await runSandboxBench(process.argv.slice(2));
}
