/**
 * Keeps a run's total (pure). A recommendation is a whole-unit budget, and a move under
 * MIN_MOVE_SHARE (or one currency unit) is not made, so the kept moves alone would not add up to
 * the allocation's total: applied day after day, the organization's daily total would drift. The
 * kept moves absorb the difference here, in whole currency units:
 * 1. over the kept moves in proportion to their budgets, each staying a move of its own direction
 *    and size (at least the smallest move), within its bounds and the plan's change limit (a limit
 *    the allocation already broke, when the budget asked for it, does not pull it back);
 * 2. what they cannot absorb goes over every campaign within the same limits, so a dropped move
 *    (or a smaller kept one) comes back when nothing else can carry the total.
 * The plan's groups are respected too: no group goes past its maximum or under its minimum by it.
 * After it, applying all of the run's moves leaves the total at most `targetMinor` and less than
 * one unit under it, unless the bounds cannot hold that total.
 */
import type { AllocationGroup } from "./engine-types.ts";

export interface BalanceCampaign {
  id: string;
  /** Today's daily budget, minor units. */
  current: number;
  min: number;
  max: number | null;
}

export interface BalanceOptions {
  /** The total the moves should leave, minor units. */
  targetMinor: number;
  /** One currency unit, minor units. */
  unitMinor: number;
  /** The plan's largest daily change as a share of today's budget; 0 or null for none. */
  maxDailyChange: number | null;
  /** The smallest move worth making, as a share of today's budget. */
  minMoveShare: number;
  groups?: readonly AllocationGroup[];
}

/**
 * The moves (campaign id → recommended budget) adjusted so that every campaign's budget after them
 * adds up to `targetMinor`; campaigns not in the result keep today's budget.
 */
export function balanceMoves(
  campaigns: readonly BalanceCampaign[],
  moves: ReadonlyMap<string, number>,
  options: BalanceOptions,
): Map<string, number> {
  const { unitMinor } = options;
  const after = new Map(campaigns.map((item) => [item.id, moves.get(item.id) ?? item.current]));
  const total = () => [...after.values()].reduce((sum, amount) => sum + amount, 0);
  const groupsOf = new Map<string, AllocationGroup[]>();
  for (const group of options.groups ?? [])
    for (const id of group.campaignIds) groupsOf.set(id, [...(groupsOf.get(id) ?? []), group]);
  const groupSum = (group: AllocationGroup) => group.campaignIds.reduce((sum, id) => sum + (after.get(id) ?? 0), 0);

  const limits = new Map(campaigns.map((item) => [item.id, limitsOf(item, after.get(item.id)!, options)]));
  const kept = campaigns.filter((item) => moves.has(item.id));
  // Stage 1: the kept moves keep their direction and stay worth a move.
  const stages: Array<{ items: readonly BalanceCampaign[]; keepSide: boolean }> = [
    { items: kept, keepSide: true },
    { items: campaigns, keepSide: false },
  ];
  for (const stage of stages) {
    let steps = Math.floor((options.targetMinor - total()) / unitMinor + 1e-9);
    while (steps !== 0) {
      const direction = Math.sign(steps);
      /** Whole units the campaign can still take in the direction. */
      const roomOf = (item: BalanceCampaign) => {
        const amount = after.get(item.id)!;
        const limit = limits.get(item.id)!;
        let edge = direction > 0 ? limit.high : limit.low;
        if (stage.keepSide) {
          const threshold = Math.max(options.minMoveShare * item.current, unitMinor);
          const move = (moves.get(item.id) ?? item.current) - item.current;
          if (direction < 0 && move > 0) edge = Math.max(edge, item.current + threshold);
          if (direction > 0 && move < 0) edge = Math.min(edge, item.current - threshold);
        }
        let room = Math.floor((direction * (edge - amount)) / unitMinor + 1e-9);
        for (const group of groupsOf.get(item.id) ?? []) {
          const sum = groupSum(group);
          const slack = direction > 0 ? (group.max == null ? Infinity : group.max - sum) : sum - group.min;
          room = Math.min(room, Math.floor(slack / unitMinor + 1e-9));
        }
        return Math.max(room, 0);
      };
      const active = stage.items
        .filter((item) => roomOf(item) > 0)
        .sort((a, b) => after.get(b.id)! - after.get(a.id)! || a.id.localeCompare(b.id));
      if (active.length === 0) break;
      const weightOf = (item: BalanceCampaign) => Math.max(after.get(item.id)!, unitMinor);
      const weights = active.reduce((sum, item) => sum + weightOf(item), 0);
      const wanted = Math.abs(steps);
      let given = 0;
      for (const item of active) {
        const share = Math.floor((wanted * weightOf(item)) / weights);
        const take = Math.min(share, roomOf(item), wanted - given);
        if (take <= 0) continue;
        after.set(item.id, after.get(item.id)! + direction * take * unitMinor);
        given += take;
      }
      // Shares under one unit each: one unit at a time, the largest budgets first.
      if (given === 0)
        for (const item of active) {
          if (given >= wanted) break;
          if (roomOf(item) === 0) continue;
          after.set(item.id, after.get(item.id)! + direction * unitMinor);
          given += 1;
        }
      steps -= direction * given;
    }
  }

  const result = new Map<string, number>();
  for (const item of campaigns) {
    const amount = after.get(item.id)!;
    if (amount !== item.current) result.set(item.id, amount);
  }
  return result;
}

/**
 * The lowest and highest budget a campaign may take: its bounds and the change limit, never
 * narrower than where the allocation put it.
 */
function limitsOf(item: BalanceCampaign, amount: number, options: BalanceOptions): { low: number; high: number } {
  const change = options.maxDailyChange ?? 0;
  let low = item.min;
  let high = item.max ?? Number.POSITIVE_INFINITY;
  if (change > 0) {
    low = Math.max(low, item.current * (1 - change));
    high = Math.min(high, item.current * (1 + change));
  }
  return { low: Math.min(low, amount), high: Math.max(high, amount) };
}
