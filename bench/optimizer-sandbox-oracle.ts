/**
 * The sandbox bench's oracle: the best fixed daily budgets for the run, knowing the market's hidden
 * curves (simulator/market/model.ts). Each campaign's expected daily outcome at a steady budget b
 * is value × cap × season × (1 − exp(−pacing × b / saturation)), with its season (weekday, year,
 * creative fatigue) averaged over the run's days and the platform's mean pacing; the total is
 * water-filled on the marginal return (bisection on its multiplier), each campaign at least at its
 * platform's minimum. It ignores the daily change limit and never has to learn: an upper bound for
 * a fixed allocation, to put the optimizer's gain in proportion.
 */
import type { OptimizerObjective } from "#core/optimizer/engine-types.ts";
import { dayNumberOf, daySpan } from "#simulator/market/calendar.ts";
import { buildTenantMarket } from "#simulator/market/catalogue.ts";
import { driftFactor } from "#simulator/market/model.ts";
import type { BenchCampaign } from "./optimizer-sandbox-types.ts";

/** The mean of the platform's pacing draw (0.85 + 0.15 × uniform). */
const MEAN_PACING = 0.925;

export function oracleBudgets(input: {
  tenant: string;
  campaignsPerAccount: number;
  campaigns: BenchCampaign[];
  totalMinor: number;
  objective: OptimizerObjective;
  from: string;
  to: string;
}): Map<string, number> {
  const market = buildTenantMarket(input.tenant, () => ({
    accounts: 1,
    campaignsPerAccount: input.campaignsPerAccount,
  }));
  const days = daySpan(dayNumberOf(input.from), dayNumberOf(input.to));
  const curves = input.campaigns.map((campaign) => {
    const model = market.platforms.get(campaign.platform)?.campaignsById.get(campaign.externalId);
    if (!model) throw new Error(`The oracle does not know campaign ${campaign.externalId} on ${campaign.platform}.`);
    let season = 0;
    days.numbers.forEach((day, index) => {
      season += model.weekly[(day + 4) % 7]! * days.annual[index]! * driftFactor(model, day);
    });
    season /= days.numbers.length;
    const value = input.objective === "conversions" ? 1 : model.aovMinor;
    // outcome(b) = scale × (1 − exp(−rate × b))
    return { scale: value * model.cap * season, rate: MEAN_PACING / model.saturationMinor, min: campaign.minimumMinor };
  });
  const at = (multiplier: number) =>
    curves.map(({ scale, rate, min }) => Math.max(min, Math.log((scale * rate) / multiplier) / rate));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  let low = 1e-12;
  let high = Math.max(...curves.map(({ scale, rate }) => scale * rate));
  for (let step = 0; step < 200; step++) {
    const middle = Math.sqrt(low * high);
    if (sum(at(middle)) > input.totalMinor) low = middle;
    else high = middle;
  }
  const amounts = at(high);
  return new Map(input.campaigns.map((campaign, index) => [campaign.id, Math.round(amounts[index]!)]));
}
