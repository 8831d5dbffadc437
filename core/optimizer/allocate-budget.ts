/**
 * allocateBudget: spreads a daily budget over fitted campaigns (engine-types.ts has the contract).
 *
 * 1. Bounds: each campaign's [min, max] meets its daily-change window [prev·(1−c), prev·(1+c)];
 *    when they do not meet, min/max win. When the lower bounds alone exceed the budget, the change
 *    window gives way first, then the minimums shrink in proportion.
 * 2. Each curve between its bounds becomes its upper concave hull (concave-hull.ts); the budget is
 *    then water-filled: segments taken by decreasing marginal return, each group's minimum first,
 *    never past a group's maximum or the budget.
 * 3. Target mode: segments are taken while the running average (ROAS, or conversions per unit of
 *    spend for a CPA) still meets the target; the least spend that reaches it in the best order.
 * 4. Exploration: campaigns the fit is unsure of are moved up or down (seeded) by up to
 *    2 × explorationShare of their amount, the total kept, and the result projected back inside the
 *    bounds; when a group's bounds would break, the exploration is dropped.
 */
import { type Segment, tabulateHull } from "./concave-hull.ts";
import type { AllocationCampaign, AllocationRequest, AllocationResult, CampaignFit, Interval } from "./engine-types.ts";
import { hashString, seededRandom } from "./response-curve.ts";

interface Bounds {
  low: Float64Array;
  high: Float64Array;
}

function campaignBounds(campaigns: AllocationCampaign[], budget: number, maxDailyChange: number | null): Bounds {
  const n = campaigns.length;
  const low = new Float64Array(n);
  const high = new Float64Array(n);
  campaigns.forEach((c, i) => {
    const min = Math.max(0, c.min);
    const max = c.max === null ? Number.POSITIVE_INFINITY : Math.max(min, c.max);
    let lo = min;
    let hi = max;
    if (maxDailyChange !== null && c.previousSpend !== null && c.previousSpend > 0) {
      const wLow = c.previousSpend * Math.max(0, 1 - maxDailyChange);
      const wHigh = c.previousSpend * (1 + maxDailyChange);
      if (wLow > max) lo = hi = max;
      else if (wHigh < min) lo = hi = min;
      else {
        lo = Math.max(min, wLow);
        hi = Math.min(max, wHigh);
      }
    }
    low[i] = lo;
    high[i] = Math.min(hi, Math.max(lo, budget));
  });
  let lowSum = low.reduce((a, b) => a + b, 0);
  if (lowSum > budget) {
    // The change window's floor gives way first, then the minimums shrink in proportion.
    campaigns.forEach((c, i) => {
      low[i] = Math.max(0, c.min);
    });
    lowSum = low.reduce((a, b) => a + b, 0);
    if (lowSum > budget) {
      const factor = lowSum > 0 ? budget / lowSum : 0;
      for (let i = 0; i < n; i++) low[i] = (low[i] ?? 0) * factor;
    }
    for (let i = 0; i < n; i++) high[i] = Math.max(low[i] ?? 0, Math.min(high[i] ?? 0, budget));
  }
  return { low, high };
}

export function allocateBudget(request: AllocationRequest): AllocationResult {
  const { campaigns, budget: rawBudget } = request;
  const budget = Math.max(0, Number.isFinite(rawBudget) ? rawBudget : 0);
  const n = campaigns.length;
  const { low, high } = campaignBounds(campaigns, budget, request.maxDailyChange);
  const amounts = Float64Array.from(low);
  let spent = amounts.reduce((a, b) => a + b, 0);
  const room = Math.max(0, budget - spent);

  const hulls = campaigns.map((c, i) =>
    tabulateHull(i, c.fit, low[i] ?? 0, Math.min(high[i] ?? 0, (low[i] ?? 0) + room)),
  );
  const segments: Segment[] = hulls.flatMap((h) => h.segments);
  segments.sort((a, b) => b.slope - a.slope || a.order - b.order);

  const groups = (request.groups ?? []).map((g) => ({
    min: Math.max(0, g.min),
    max: g.max === null ? Number.POSITIVE_INFINITY : g.max,
    members: g.campaignIds.map((id) => campaigns.findIndex((c) => c.id === id)).filter((i) => i >= 0),
  }));
  const groupsOf: number[][] = Array.from({ length: n }, () => []);
  groups.forEach((g, gi) => {
    for (const m of g.members) groupsOf[m]?.push(gi);
  });
  const groupTotal = groups.map((g) => g.members.reduce((s, m) => s + (amounts[m] ?? 0), 0));

  const nextOrder = new Int32Array(n);
  /** Spend already taken of each campaign's next segment. */
  const used = new Float64Array(n);
  /** A campaign stops at a group's maximum or the budget. */
  const blocked = new Uint8Array(n);
  let outcome = hulls.reduce((s, h) => s + h.base, 0);

  /** Takes up to `limit` of a segment's spend; returns what it took. */
  const take = (segment: Segment, limit: number): number => {
    const c = segment.campaign;
    if (blocked[c] || nextOrder[c] !== segment.order) return 0;
    const wanted = Math.min(segment.spend - (used[c] ?? 0), limit);
    let amount = Math.min(wanted, budget - spent);
    for (const gi of groupsOf[c] ?? []) {
      amount = Math.min(amount, (groups[gi]?.max ?? 0) - (groupTotal[gi] ?? 0));
    }
    const capped = amount < wanted;
    if (amount <= 0) {
      blocked[c] = 1;
      return 0;
    }
    amounts[c] = (amounts[c] ?? 0) + amount;
    spent += amount;
    outcome += amount * segment.slope;
    for (const gi of groupsOf[c] ?? []) groupTotal[gi] = (groupTotal[gi] ?? 0) + amount;
    used[c] = (used[c] ?? 0) + amount;
    if ((used[c] ?? 0) >= segment.spend * (1 - 1e-12)) {
      nextOrder[c] = segment.order + 1;
      used[c] = 0;
    } else if (capped) blocked[c] = 1;
    return amount;
  };

  // Each group's minimum first, by the group's own best returns.
  groups.forEach((g, gi) => {
    const members = new Set(g.members);
    for (const segment of segments) {
      const missing = g.min - (groupTotal[gi] ?? 0);
      if (missing <= 1e-9) break;
      if (members.has(segment.campaign)) take(segment, missing);
    }
  });

  const target = request.target;
  const ratio = target ? (target.kind === "roas" ? target.value : target.value > 0 ? 1 / target.value : 0) : 0;
  for (const segment of segments) {
    if (spent >= budget - 1e-12) break;
    if (segment.slope <= 0) break;
    if (target) {
      const rest = segment.spend - (used[segment.campaign] ?? 0);
      const full = (outcome + rest * segment.slope) / (spent + rest);
      if (full < ratio) {
        // Part of this segment still keeps the average at the target; nothing after does.
        const part = segment.slope < ratio ? (outcome - ratio * spent) / (ratio - segment.slope) : 0;
        if (part > 0) take(segment, part);
        break;
      }
    }
    take(segment, Number.POSITIVE_INFINITY);
  }

  if (target) meetTarget(campaigns, amounts, low, ratio);
  const explored = new Set<string>();
  if (request.explorationShare > 0 && !target) explore(request, amounts, low, high, groups, explored);

  const allocation = new Map<string, number>();
  campaigns.forEach((c, i) => {
    allocation.set(c.id, Math.max(0, amounts[i] ?? 0));
  });
  return {
    allocation,
    explored,
    predicted: predictAllocation(
      campaigns.map((c) => c.fit),
      allocation,
    ),
  };
}

/**
 * The hull runs above an S-shaped curve between its vertices: when the allocation's actual predicted
 * average misses the target, the spend above the lower bounds shrinks (bisection) until it meets it.
 */
function meetTarget(campaigns: AllocationCampaign[], amounts: Float64Array, low: Float64Array, ratio: number): void {
  const at = (t: number) => {
    let spend = 0;
    let outcome = 0;
    campaigns.forEach((c, i) => {
      const amount = (low[i] ?? 0) + t * ((amounts[i] ?? 0) - (low[i] ?? 0));
      spend += amount;
      outcome += c.fit.predict(amount).mean;
    });
    return spend > 0 ? outcome / spend : Number.POSITIVE_INFINITY;
  };
  if (at(1) >= ratio) return;
  let below = 0;
  let above = 1;
  for (let i = 0; i < 40; i++) {
    const mid = (below + above) / 2;
    if (at(mid) >= ratio) below = mid;
    else above = mid;
  }
  for (let i = 0; i < amounts.length; i++) amounts[i] = (low[i] ?? 0) + below * ((amounts[i] ?? 0) - (low[i] ?? 0));
}

interface GroupBounds {
  min: number;
  max: number;
  members: number[];
}

function explore(
  request: AllocationRequest,
  amounts: Float64Array,
  low: Float64Array,
  high: Float64Array,
  groups: GroupBounds[],
  explored: Set<string>,
): void {
  const { campaigns } = request;
  const n = campaigns.length;
  if (n < 2) return;
  const share = Math.min(0.5, request.explorationShare);
  const total = amounts.reduce((a, b) => a + b, 0);
  const proposal = Float64Array.from(amounts);
  for (let i = 0; i < n; i++) {
    // Each campaign's own stream from the seed: the same seed (e.g. a block of days) keeps its direction.
    const random = seededRandom((request.seed ?? 1) ^ hashString(campaigns[i]?.id ?? ""));
    const confidence = campaigns[i]?.fit.confidence ?? 0;
    const amplitude = 2 * share * (1 - 0.5 * confidence);
    const direction = random() < 0.5 ? -1 : 1;
    const factor = Math.exp(direction * amplitude * (0.5 + 0.5 * random()));
    proposal[i] = Math.min(high[i] ?? 0, Math.max(low[i] ?? 0, (amounts[i] ?? 0) * factor));
  }
  // Keep the total: spread the difference over the campaigns with room, a few rounds.
  for (let round = 0; round < 8; round++) {
    const diff = total - proposal.reduce((a, b) => a + b, 0);
    if (Math.abs(diff) <= 1e-9 * Math.max(1, total)) break;
    let capacity = 0;
    for (let i = 0; i < n; i++) {
      capacity += diff > 0 ? (high[i] ?? 0) - (proposal[i] ?? 0) : (proposal[i] ?? 0) - (low[i] ?? 0);
    }
    if (capacity <= 0) break;
    const fraction = Math.min(1, Math.abs(diff) / capacity);
    for (let i = 0; i < n; i++) {
      const free = diff > 0 ? (high[i] ?? 0) - (proposal[i] ?? 0) : (proposal[i] ?? 0) - (low[i] ?? 0);
      proposal[i] = (proposal[i] ?? 0) + Math.sign(diff) * free * fraction;
    }
  }
  const sum = proposal.reduce((a, b) => a + b, 0);
  if (sum > request.budget + 1e-9) return;
  for (const g of groups) {
    const t = g.members.reduce((s, m) => s + (proposal[m] ?? 0), 0);
    const before = g.members.reduce((s, m) => s + (amounts[m] ?? 0), 0);
    if ((t < g.min - 1e-9 && t < before) || (t > g.max + 1e-9 && t > before)) return;
  }
  for (let i = 0; i < n; i++) {
    const before = amounts[i] ?? 0;
    const after = proposal[i] ?? 0;
    if (Math.abs(after - before) > 0.01 * Math.max(before, 1e-9)) {
      const id = campaigns[i]?.id;
      if (id !== undefined) explored.add(id);
    }
    amounts[i] = after;
  }
}

/** The predicted total daily outcome of an allocation with its 80% interval (campaigns' errors taken as independent). */
export function predictAllocation(
  fits: Map<string, CampaignFit> | CampaignFit[],
  allocation: Map<string, number>,
): Interval {
  const list = Array.isArray(fits) ? fits : [...fits.values()];
  let mean = 0;
  let below = 0;
  let above = 0;
  for (const fit of list) {
    const spend = allocation.get(fit.id) ?? 0;
    const p = fit.predict(spend);
    mean += p.mean;
    below += (p.mean - p.low) ** 2;
    above += (p.high - p.mean) ** 2;
  }
  return { mean, low: Math.max(0, mean - Math.sqrt(below)), high: mean + Math.sqrt(above) };
}
