import { randomUUID } from "node:crypto";
import { formatJson } from "#app/lib/api-examples.ts";
import type { AppServices } from "#app/lib/app-services.ts";
import { formatMoney } from "#app/lib/money.ts";
import type { CampaignSummary } from "#core/analytics/analytics-types.ts";
import type { ApiKeySummary } from "#core/api-keys/api-key-types.ts";
import { listApiKeys } from "#core/api-keys/list-api-keys.ts";
import { platformName } from "#core/campaigns/change-campaign.ts";
import { listCampaigns } from "#core/campaigns/list-campaigns.ts";
import { listIntegrations } from "#core/connections/list-integrations.ts";
import { toWirePlatform, toWireStatus } from "#core/public-api/wire-values.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { type ApiAnswer, HEADERS_OF_INTEREST } from "./api-answer-view.tsx";
import {
  TEST_CAMPAIGN_NAME,
  TRY_ENDPOINT_IDS,
  type TryEndpointId,
  type TryItView,
  type TryPlanView,
  type TryRequest,
  type TryResult,
} from "./try-it-types.ts";

type TryServices = Pick<AppServices, "apiKeys" | "campaignChanges" | "integrations" | "publicApi">;

/** A plan as the server keeps it: the view plus the key it runs as. */
type TryPlan = { isReady: false; reason: string } | (Extract<TryPlanView, { isReady: true }> & { apiKeyId: string });

/**
 * What each Try it of the /api page does for this organization: the real call, built from its
 * own data, and the key it runs as. Null when the organization has no active key (the page then
 * shows the documented examples).
 */
async function planTryIt(services: TryServices, organizationId: string) {
  const activeKeys = (await listApiKeys(services.apiKeys, organizationId)).filter((key) => key.status === "active");
  // Newest first; a write prefers a key that may write (else the API's real 403 is the answer).
  const readKey = activeKeys[0];
  if (!readKey) return null;
  const writeKey = activeKeys.find((key) => key.scope === "read_write") ?? readKey;
  const [campaignPage, integrations] = await Promise.all([
    listCampaigns(services.campaignChanges, { organizationId, statuses: ["enabled", "paused"], limit: 1 }),
    listIntegrations(services.integrations, organizationId),
  ]);
  const campaign = campaignPage.campaigns[0] ?? null;
  const adAccount = integrations
    .flatMap((card) =>
      card.connection && card.connection.status !== "disconnected" && card.listing.category === "ad-platforms"
        ? card.connection.accounts
            .filter((account) => account.isManaged)
            .map((account) => ({ ...account, platform: card.listing.id as AdPlatformId }))
        : [],
    )
    .at(0);

  const plans: Record<TryEndpointId, TryPlan> = {
    "list-campaigns": ready(readKey, { method: "GET", path: "/api/v1/campaigns?status=active,paused&limit=3" }, null),
    "campaign-metrics": campaign
      ? ready(readKey, { method: "GET", path: `/api/v1/campaigns/${encodeURIComponent(campaign.id)}/metrics` }, null)
      : NO_CAMPAIGN,
    "create-campaign": adAccount ? createPlan(services, writeKey, adAccount) : NO_AD_ACCOUNT,
    "update-campaign": campaign ? updatePlan(writeKey, campaign) : NO_CAMPAIGN,
  };
  return { readKey, plans };
}

function ready(key: ApiKeySummary, request: TryRequest, confirmation: string | null): TryPlan {
  return { isReady: true, request, apiKeyId: key.id, keyName: key.name, keyPrefix: key.prefix, confirmation };
}

const NO_CAMPAIGN: TryPlan = {
  isReady: false,
  reason: "Your team has no campaign yet. Connect an ad platform to run this against your own data.",
};
const NO_AD_ACCOUNT: TryPlan = {
  isReady: false,
  reason: "Your team manages no ad account yet. Connect an ad platform to run this against your own data.",
};

function createPlan(
  services: TryServices,
  key: ApiKeySummary,
  account: { id: string; name: string; currency: string; platform: AdPlatformId },
): TryPlan {
  const amountMinor = services.campaignChanges.connectors.minimumDailyBudgetMinor(account.platform, account.currency);
  const budget = formatMoney(amountMinor, account.currency);
  return ready(
    key,
    {
      method: "POST",
      path: "/api/v1/campaigns",
      body: {
        name: TEST_CAMPAIGN_NAME,
        platform: toWirePlatform(account.platform),
        ad_account_id: account.id,
        daily_budget: { amount_minor: amountMinor, currency: account.currency },
        status: "paused",
      },
    },
    `This creates a paused campaign named “${TEST_CAMPAIGN_NAME}” with a daily budget of ${budget}, ` +
      `${platformName(account.platform)}'s minimum, in your ad account “${account.name}”. ` +
      "It spends nothing while paused, and you can remove it on the platform afterwards.",
  );
}

function updatePlan(key: ApiKeySummary, campaign: CampaignSummary): TryPlan {
  const status = toWireStatus(campaign.status);
  const budget =
    campaign.dailyBudgetMinor === null
      ? null
      : { amount_minor: campaign.dailyBudgetMinor, currency: campaign.currency };
  const settings = budget
    ? `its current status (${status}) and daily budget (${formatMoney(budget.amount_minor, budget.currency)})`
    : `its current status (${status})`;
  return ready(
    key,
    {
      method: "PUT",
      path: `/api/v1/campaigns/${encodeURIComponent(campaign.id)}`,
      body: budget ? { status, daily_budget: budget } : { status },
    },
    `This sends “${campaign.name}” ${settings} on ${platformName(campaign.platform)}: ` +
      "a change that changes nothing, recorded in your change log as made by the API key.",
  );
}

/** The /api page's view of Try it for a signed-in member: plans without key ids, and a fresh token. */
export async function loadTryIt(services: TryServices, organizationId: string): Promise<TryItView | null> {
  const planned = await planTryIt(services, organizationId);
  if (!planned) return null;
  const plans = Object.fromEntries(TRY_ENDPOINT_IDS.map((id) => [id, toView(planned.plans[id])])) as Record<
    TryEndpointId,
    TryPlanView
  >;
  // One token per rendered page: a resubmitted form replays the first answer instead of writing twice.
  return { plans, token: randomUUID() };
}

function toView(plan: TryPlan): TryPlanView {
  if (!plan.isReady) return plan;
  const { apiKeyId: _keptOnTheServer, ...view } = plan;
  return view;
}

/**
 * Runs one Try it through the real API stack as the organization's key (counted, rate limited and
 * logged like any call). The call is rebuilt here from the organization's data; nothing of it
 * comes from the browser but which endpoint and the page's token.
 */
export async function runTryIt(
  services: TryServices,
  input: { organizationId: string; endpointId: TryEndpointId; token: string; appUrl: string },
): Promise<TryResult> {
  const planned = await planTryIt(services, input.organizationId);
  if (!planned)
    return { endpointId: input.endpointId, problem: "Your team has no active API key. Create one, then try again." };
  const plan = planned.plans[input.endpointId];
  if (!plan.isReady) return { endpointId: input.endpointId, problem: plan.reason };
  const call: TryRequest =
    plan.request.method === "GET"
      ? plan.request
      : { ...plan.request, headers: { "Idempotency-Key": `try-it-${input.endpointId}-${input.token}` } };
  const headers = new Headers({ Accept: "application/json", ...call.headers });
  if (call.body) headers.set("Content-Type", "application/json");
  const response = await services.publicApi.requestAs(
    { organizationId: input.organizationId, apiKeyId: plan.apiKeyId },
    new Request(`${input.appUrl}${call.path}`, {
      method: call.method,
      headers,
      body: call.body ? JSON.stringify(call.body) : undefined,
    }),
  );
  const text = await response.text();
  const answer: ApiAnswer = {
    method: call.method,
    path: call.path,
    status: response.status,
    headers: HEADERS_OF_INTEREST.flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [{ name, value }];
    }),
    body: prettyJson(text),
  };
  return { endpointId: input.endpointId, request: call, keyName: plan.keyName, keyPrefix: plan.keyPrefix, answer };
}

function prettyJson(text: string): string {
  try {
    return formatJson(JSON.parse(text));
  } catch {
    return text;
  }
}
