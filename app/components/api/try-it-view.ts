import { formatJson } from "#app/lib/api-examples.ts";
import type { TryEffect, TryOutcome, TryPlan, TryPlans } from "#core/api-keys/try-api-types.ts";
import { findListing } from "#core/connections/platform-catalog.ts";
import { formatMoney } from "#core/shared/number-format.ts";
import { HEADERS_OF_INTEREST } from "./api-answer-view.tsx";
import type { TryItView, TryPlanView, TryResult } from "./try-it-types.ts";

/** The /api page's Try it as the page shows it: each write's confirmation in words. */
export function toTryItView({ plans, token }: TryPlans): TryItView {
  const views = Object.fromEntries(Object.entries(plans).map(([id, plan]) => [id, toPlanView(plan)]));
  return { plans: views as TryItView["plans"], token };
}

function toPlanView(plan: TryPlan): TryPlanView {
  if (!plan.isReady) return plan;
  const { effect, ...view } = plan;
  return { ...view, confirmation: effect ? confirmationOf(effect) : null };
}

const platformName = (platform: string) => findListing(platform)?.name ?? platform;

function confirmationOf(effect: TryEffect): string {
  if (effect.kind === "create-campaign") {
    const budget = formatMoney(effect.dailyBudget.amountMinor, effect.dailyBudget.currency);
    return (
      `This creates a paused campaign named “${effect.campaignName}” with a daily budget of ${budget}, ` +
      `${platformName(effect.platform)}'s minimum, in your ad account “${effect.accountName}”. ` +
      "It spends nothing while paused, and you can remove it on the platform afterwards."
    );
  }
  const settings = effect.dailyBudget
    ? `its current status (${effect.status}) and daily budget (${formatMoney(effect.dailyBudget.amountMinor, effect.dailyBudget.currency)})`
    : `its current status (${effect.status})`;
  return (
    `This sends “${effect.campaignName}” ${settings} on ${platformName(effect.platform)}: ` +
    "a change that changes nothing, recorded in your change log as made by the API key."
  );
}

/** A Try it's answer as the page renders it: the headers a developer checks first, and pretty JSON. */
export function toTryResult(outcome: TryOutcome): TryResult {
  if (!("response" in outcome)) return outcome;
  const { response, ...call } = outcome;
  return {
    ...call,
    answer: {
      method: call.request.method,
      path: call.request.path,
      status: response.status,
      headers: HEADERS_OF_INTEREST.flatMap((name) => {
        const value = response.headers.get(name);
        return value === null ? [] : [{ name, value }];
      }),
      body: prettyJson(response.body),
    },
  };
}

function prettyJson(text: string): string {
  try {
    return formatJson(JSON.parse(text));
  } catch {
    return text;
  }
}
