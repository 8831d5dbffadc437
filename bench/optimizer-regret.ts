// node bench/optimizer-regret.ts: where the optimizer's lost percentage points go (issue 18 §5–6).
//   On bench:optimizer's seeded markets, in process, each policy's expected outcome as a % of the
//   oracle's (the true curves' steady-state optimum, no change limit), overall and per window of days:
//   - true greedy: the TRUE curves water-filled each day under the market's bounds and change limit,
//     nothing else (what the constraints and the carry-over's dynamics alone cost);
//   - true engine: the TRUE curves through the engine's decision (opening design, trust region,
//     exploration), and the same with each of those switched off (what our guardrails cost);
//   - optimizer: the engine as the judge runs it (our fit); greedy refit: our fit, no guardrails.
//   Options: --markets N (default 60), --seed-offset K (markets K+1 … K+N; a second seed set),
//   --tune name=value,… (the fit's tuning, fit-grid.ts fitTuning),
//   --cells 30,90,30s,90s (default all), --policies a,b (default all).
import type { CampaignFit } from "#core/optimizer/engine-types.ts";
import { epochDay } from "#core/optimizer/fit-data.ts";
import { DECAYS, fitTuning, gridIndex, HALF_RATIOS, SHAPES } from "#core/optimizer/fit-grid.ts";
import {
  answerLine,
  DEFAULT_DECISION,
  type DecisionOptions,
  type OptimizerRequest,
} from "#core/optimizer/optimizer-stdio.ts";
import { hill } from "#core/optimizer/response-curve.ts";
import { JUDGE_MARKETS, type Market, makeMarket, runMarket, START_EPOCH } from "./optimizer-markets.ts";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

/** The true steady-state curves of the market on the request's day (the shift included). */
function trueFits(market: Market) {
  return (request: OptimizerRequest): Map<string, CampaignFit> => {
    const day = epochDay(request.day) - START_EPOCH;
    const after = market.shiftDay !== null && day >= market.shiftDay;
    const fits = new Map<string, CampaignFit>();
    for (const c of market.campaigns) {
      const { scale, half } = after ? c.shifted : { scale: c.scale, half: c.half };
      const factor = scale * (market.objective === "revenue" ? c.orderValue : 1);
      const mean = (s: number) => factor * hill(s, half, c.shape);
      fits.set(c.id, {
        id: c.id,
        objective: market.objective,
        historyDays: 0,
        pooled: false,
        confidence: 1,
        predict: (s) => {
          const m = mean(s);
          return { mean: m, low: m, high: m };
        },
        marginal: (s) => (mean(s + 1e-6 * (1 + s)) - mean(s)) / (1e-6 * (1 + s)),
        halfSaturationSpend: half,
        observedSpend: { min: 0, max: 0 },
        weekdayFactors: c.weekday,
      });
    }
    return fits;
  };
}

/**
 * The true shapes (half-saturation, Hill shape, weekday), the level estimated from the history:
 * Σ outcome ÷ Σ true curve over the adstocked spend (with the true decay), with a pseudo-day at the
 * true level so an empty history does not write a campaign off. Isolates the level's estimation.
 */
function knownShapeFits(market: Market) {
  const truth = trueFits(market);
  return (request: OptimizerRequest): Map<string, CampaignFit> => {
    const fits = truth(request);
    const day = epochDay(request.day) - START_EPOCH;
    market.campaigns.forEach((c, i) => {
      const fit = fits.get(c.id);
      const history = request.campaigns[i]?.history ?? [];
      if (!fit) return;
      const unit = market.objective === "revenue" ? c.orderValue : 1;
      let x = history[0]?.spend ?? 0;
      let observed = 0;
      let expected = 0;
      const fromDay = market.shiftDay !== null && day >= market.shiftDay ? market.shiftDay : 0;
      history.forEach((p, t) => {
        x = (1 - c.decay) * p.spend + c.decay * x;
        if (t < fromDay) return;
        const params = market.shiftDay !== null && t >= market.shiftDay ? c.shifted : { scale: c.scale, half: c.half };
        const w = c.weekday[(START_EPOCH + t + 4) % 7] ?? 1;
        observed += market.objective === "revenue" ? (p.revenue ?? 0) : (p.conversions ?? 0);
        expected += params.scale * unit * w * hill(x, params.half, c.shape);
      });
      const level =
        (observed + fit.predict(history.at(-1)?.spend ?? market.budget / market.campaigns.length).mean) /
        (expected + fit.predict(history.at(-1)?.spend ?? market.budget / market.campaigns.length).mean);
      const predict = fit.predict;
      fits.set(c.id, {
        ...fit,
        predict: (s) => {
          const p = predict(s);
          return { mean: p.mean * level, low: p.low * level, high: p.high * level };
        },
        marginal: (s) => fit.marginal(s) * level,
      });
    });
    return fits;
  };
}

/**
 * Our fit with the prior pinned to the true value of some of the grid's parameters (the nearest
 * grid point; the others keep the base prior): what estimating those parameters costs.
 */
function pinnedPrior(market: Market, pin: { decay?: boolean; shape?: boolean; half?: boolean }) {
  const nearest = (values: readonly number[], target: number) => {
    let best = 0;
    values.forEach((value, i) => {
      if (Math.abs(Math.log(value / target)) < Math.abs(Math.log((values[best] ?? 1) / target))) best = i;
    });
    return best;
  };
  return (request: OptimizerRequest) => {
    const day = epochDay(request.day) - START_EPOCH;
    const after = market.shiftDay !== null && day >= market.shiftDay;
    return (campaignId: string, referenceSpend: number, base: Float64Array) => {
      const c = market.campaigns.find((campaign) => campaign.id === campaignId);
      if (!c) return base;
      const half = after ? c.shifted.half : c.half;
      const d0 = nearest(
        DECAYS.map((d) => d + 0.05),
        c.decay + 0.05,
      );
      const k0 = nearest(SHAPES, c.shape);
      const h0 = nearest(HALF_RATIOS, half / Math.max(referenceSpend, 1e-9));
      const prior = new Float64Array(base);
      for (let d = 0; d < DECAYS.length; d++)
        for (let k = 0; k < SHAPES.length; k++)
          for (let h = 0; h < HALF_RATIOS.length; h++) {
            const off = (pin.decay && d !== d0) || (pin.shape && k !== k0) || (pin.half && h !== h0);
            if (off) prior[gridIndex(d, k, h)] = -1e6;
          }
      return prior;
    };
  };
}

const NONE: Partial<DecisionOptions> = { explorationStart: 0, explorationFloor: 0, trust: null, opening: null };

interface Policy {
  name: string;
  options: (market: Market) => DecisionOptions;
}

const POLICIES: Policy[] = [
  { name: "true greedy", options: (m) => ({ ...DEFAULT_DECISION, ...NONE, fitOverride: trueFits(m) }) },
  { name: "true engine", options: (m) => ({ ...DEFAULT_DECISION, fitOverride: trueFits(m) }) },
  {
    name: "true, no opening",
    options: (m) => ({ ...DEFAULT_DECISION, opening: null, fitOverride: trueFits(m) }),
  },
  {
    name: "true, no explore",
    options: (m) => ({ ...DEFAULT_DECISION, explorationStart: 0, explorationFloor: 0, fitOverride: trueFits(m) }),
  },
  { name: "true, no trust", options: (m) => ({ ...DEFAULT_DECISION, trust: null, fitOverride: trueFits(m) }) },
  { name: "known shape", options: (m) => ({ ...DEFAULT_DECISION, fitOverride: knownShapeFits(m) }) },
  { name: "optimizer", options: () => DEFAULT_DECISION },
  { name: "pin decay", options: (m) => ({ ...DEFAULT_DECISION, priorOverride: pinnedPrior(m, { decay: true }) }) },
  { name: "pin shape", options: (m) => ({ ...DEFAULT_DECISION, priorOverride: pinnedPrior(m, { shape: true }) }) },
  { name: "pin half", options: (m) => ({ ...DEFAULT_DECISION, priorOverride: pinnedPrior(m, { half: true }) }) },
  {
    name: "pin shape+half",
    options: (m) => ({ ...DEFAULT_DECISION, priorOverride: pinnedPrior(m, { shape: true, half: true }) }),
  },
  {
    name: "pin all",
    options: (m) => ({
      ...DEFAULT_DECISION,
      priorOverride: pinnedPrior(m, { decay: true, shape: true, half: true }),
    }),
  },
  {
    name: "opt, explore x2",
    options: () => ({ ...DEFAULT_DECISION, explorationStart: 0.2, explorationFloor: 0.1 }),
  },
  { name: "opt, hold 7", options: () => ({ ...DEFAULT_DECISION, holdDays: 7 }) },
  { name: "opt, no opening", options: () => ({ ...DEFAULT_DECISION, opening: null }) },
  { name: "greedy refit", options: () => ({ ...DEFAULT_DECISION, ...NONE }) },
];

const WINDOWS = [
  [0, 7],
  [7, 14],
  [14, 30],
  [30, 45],
  [45, 60],
  [60, 90],
] as const;

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
};
const pct = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(1)}`.padStart(6) : "     -");

async function main(): Promise<void> {
  // --tune name=value,…: the fit's tuning (fit-grid.ts fitTuning) for this run.
  for (const pair of option("--tune")?.split(",") ?? []) {
    const [name = "", value = ""] = pair.split("=");
    if (!(name in fitTuning)) throw new Error(`--tune: no setting ${name}`);
    (fitTuning as Record<string, number | boolean>)[name] =
      value === "true" || value === "false" ? value === "true" : Number(value);
  }
  const markets = Number(option("--markets")) || 60;
  const offset = Number(option("--seed-offset")) || 0;
  const cellNames = (option("--cells") ?? "30,30s,90,90s").split(",");
  const wanted = option("--policies")?.split(",");
  const policies = wanted ? POLICIES.filter((p) => wanted.some((w) => p.name.startsWith(w))) : POLICIES;
  console.log(`optimizer-regret: markets ${offset + 1} … ${offset + markets} per cell, in process; % of the oracle`);
  for (const cellName of cellNames) {
    const days = Number.parseInt(cellName, 10);
    const shift = cellName.endsWith("s");
    const windows = WINDOWS.filter(([from]) => from < days);
    console.log(`\n${days} days${shift ? ", shift" : ""}`);
    console.log(`${"policy".padEnd(18)}  mean    p10 | ${windows.map(([a, b]) => `d${a}-${b}`.padStart(6)).join(" ")}`);
    for (const policy of policies) {
      const totals: number[] = [];
      const perWindow = windows.map(() => [] as number[]);
      for (let seed = offset + 1; seed <= offset + markets; seed++) {
        const market = makeMarket(seed, days, shift, JUDGE_MARKETS);
        const options = policy.options(market);
        const ours = new Float64Array(days);
        const best = new Float64Array(days);
        totals.push(
          await runMarket(
            market,
            async (request) => {
              const answer = JSON.parse(answerLine(JSON.stringify(request), options)) as {
                allocation?: Record<string, number>;
                error?: string;
              };
              if (!answer.allocation) throw new Error(answer.error);
              return answer.allocation;
            },
            (day, o, b) => {
              ours[day] = o;
              best[day] = b;
            },
          ),
        );
        windows.forEach(([from, to], w) => {
          let o = 0;
          let b = 0;
          for (let d = from; d < Math.min(to, days); d++) {
            o += ours[d] ?? 0;
            b += best[d] ?? 0;
          }
          if (b > 0) perWindow[w]?.push(o / b);
        });
      }
      console.log(
        `${policy.name.padEnd(18)} ${pct(mean(totals))} ${pct(percentile(totals, 0.1))} | ${perWindow.map((v) => pct(mean(v))).join(" ")}`,
      );
    }
  }
}

await main();
