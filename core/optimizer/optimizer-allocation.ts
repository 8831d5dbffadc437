/**
 * The bridge from an organization's optimizer input to the engine (engine-types.ts): the fits of its
 * campaigns, and the allocation request under the plan's guardrails. The engine itself is pure
 * (fit-response.ts, allocate-budget.ts); this only shapes what it is given.
 */
import type { OptimizerInput } from "./build-optimizer-input.ts";
import type { AllocationRequest, CampaignFit } from "./engine-types.ts";
import { fitCampaigns } from "./fit-response.ts";

export function fitOptimizerInput(input: OptimizerInput): Map<string, CampaignFit> {
  return fitCampaigns({
    objective: input.objective,
    today: input.today,
    campaigns: input.campaigns.map((item) => ({
      id: item.campaign.id,
      // Campaigns of one ad platform borrow strength from each other.
      pool: item.campaign.platform,
      history: item.history,
      completeness: item.completeness,
    })),
  });
}

/**
 * The plan's allocation of `budget` (the input's by default). `steady` asks for the best allocation
 * of a total, as the what-if shows it: the most outcome for it, with no change limit from today's
 * budgets and no exploration.
 */
export function allocationRequestOf(
  input: OptimizerInput,
  fits: Map<string, CampaignFit>,
  options: { budget?: number; steady?: boolean } = {},
): AllocationRequest {
  const { plan } = input;
  return {
    objective: input.objective,
    budget: options.budget ?? input.budgetMinor,
    campaigns: input.campaigns.map((item) => ({
      id: item.campaign.id,
      fit: fits.get(item.campaign.id)!,
      previousSpend: item.campaign.dailyBudgetMinor,
      min: item.min,
      max: item.max,
    })),
    groups: input.groups,
    maxDailyChange: options.steady ? null : plan.maxDailyChange,
    explorationShare: options.steady ? 0 : plan.explorationShare,
    target: !options.steady && plan.mode === "target" && plan.target ? plan.target : undefined,
    // The same organization on the same day gets the same answer.
    seed: seedOf(`${input.organizationId} ${input.today}`),
  };
}

function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
