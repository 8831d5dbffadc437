import { randomUUID } from "node:crypto";
import type { Actor } from "#core/access/actor.ts";
import { toWirePlatform, toWireStatus } from "#core/public-api/wire-values.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { ApiKeySummary } from "./api-key-types.ts";
import {
  TEST_CAMPAIGN_NAME,
  TRY_ENDPOINT_IDS,
  type TryEffect,
  type TryEndpointId,
  type TryOutcome,
  type TryPlan,
  type TryPlans,
  type TryRequest,
} from "./try-api-types.ts";

interface TryCampaign {
  id: string;
  name: string;
  platform: AdPlatformId;
  status: CampaignStatus;
  dailyBudgetMinor: number | null;
  currency: string;
}

interface TryIntegration {
  listing: { id: string; category: string };
  connection: {
    status: string;
    accounts: Array<{ id: string; name: string; currency: string; isManaged: boolean }>;
  } | null;
}

/** What Try it needs besides the keys: the other slices' reads, the platforms' minimums and the API itself. */
export interface TryApiDependencies {
  /** The organization's keys, newest first (this module's own list). */
  listApiKeys(actor: Actor): Promise<ApiKeySummary[]>;
  /** The campaigns slice's list, newest first. */
  listCampaigns(
    actor: Actor,
    input: { statuses: CampaignStatus[]; limit: number },
  ): Promise<{ campaigns: TryCampaign[] }>;
  /** The connections slice's integrations screen. */
  listIntegrations(actor: Actor): Promise<TryIntegration[]>;
  minimumDailyBudgetMinor(platform: AdPlatformId, currency: string): number;
  /** The public API, run as one of the organization's keys (counted, limited and logged like any call). */
  requestAs(as: { organizationId: string; apiKeyId: string }, request: Request): Promise<Response>;
  /** The site's own origin, where the API lives under /api/v1. */
  appUrl: string;
}

/** A plan as the server keeps it: with the id of the key it runs as. */
type KeyedPlan = { isReady: false; reason: string } | (Extract<TryPlan, { isReady: true }> & { apiKeyId: string });

const NO_CAMPAIGN: KeyedPlan = {
  isReady: false,
  reason: "Your team has no campaign yet. Connect an ad platform to run this against your own data.",
};
const NO_AD_ACCOUNT: KeyedPlan = {
  isReady: false,
  reason: "Your team manages no ad account yet. Connect an ad platform to run this against your own data.",
};

function ready(key: ApiKeySummary, request: TryRequest, effect: TryEffect | null): KeyedPlan {
  return { isReady: true, request, apiKeyId: key.id, keyName: key.name, keyPrefix: key.prefix, effect };
}

/**
 * What each Try it does for the actor's organization: the real call, built from its own data, and
 * the key it runs as. Null when the organization has no active key.
 */
async function planFor(deps: TryApiDependencies, actor: Actor) {
  const activeKeys = (await deps.listApiKeys(actor)).filter((key) => key.status === "active");
  // Newest first; a write prefers a key that may write (else the API's real 403 is the answer).
  const readKey = activeKeys[0];
  if (!readKey) return null;
  const writeKey = activeKeys.find((key) => key.scope === "read_write") ?? readKey;
  const [campaignPage, integrations] = await Promise.all([
    deps.listCampaigns(actor, { statuses: ["enabled", "paused"], limit: 1 }),
    deps.listIntegrations(actor),
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

  const plans: Record<TryEndpointId, KeyedPlan> = {
    "list-campaigns": ready(readKey, { method: "GET", path: "/api/v1/campaigns?status=active,paused&limit=3" }, null),
    "campaign-metrics": campaign
      ? ready(readKey, { method: "GET", path: `/api/v1/campaigns/${encodeURIComponent(campaign.id)}/metrics` }, null)
      : NO_CAMPAIGN,
    "create-campaign": adAccount ? createPlan(deps, writeKey, adAccount) : NO_AD_ACCOUNT,
    "update-campaign": campaign ? updatePlan(writeKey, campaign) : NO_CAMPAIGN,
  };
  return plans;
}

function createPlan(
  deps: TryApiDependencies,
  key: ApiKeySummary,
  account: { id: string; name: string; currency: string; platform: AdPlatformId },
): KeyedPlan {
  const amountMinor = deps.minimumDailyBudgetMinor(account.platform, account.currency);
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
    {
      kind: "create-campaign",
      campaignName: TEST_CAMPAIGN_NAME,
      platform: account.platform,
      accountName: account.name,
      dailyBudget: { amountMinor, currency: account.currency },
    },
  );
}

function updatePlan(key: ApiKeySummary, campaign: TryCampaign): KeyedPlan {
  const status = toWireStatus(campaign.status);
  const budget =
    campaign.dailyBudgetMinor === null
      ? null
      : { amount_minor: campaign.dailyBudgetMinor, currency: campaign.currency };
  return ready(
    key,
    {
      method: "PUT",
      path: `/api/v1/campaigns/${encodeURIComponent(campaign.id)}`,
      body: budget ? { status, daily_budget: budget } : { status },
    },
    {
      kind: "update-campaign",
      campaignName: campaign.name,
      platform: campaign.platform,
      status,
      dailyBudget: budget ? { amountMinor: budget.amount_minor, currency: budget.currency } : null,
    },
  );
}

/** The /api page's Try it for the actor's organization: plans without key ids, and a fresh token. */
export async function planApiTries(deps: TryApiDependencies, actor: Actor): Promise<TryPlans | null> {
  const planned = await planFor(deps, actor);
  if (!planned) return null;
  const plans = Object.fromEntries(TRY_ENDPOINT_IDS.map((id) => [id, withoutKeyId(planned[id])])) as Record<
    TryEndpointId,
    TryPlan
  >;
  // One token per rendered page: a resubmitted form replays the first answer instead of writing twice.
  return { plans, token: randomUUID() };
}

function withoutKeyId(plan: KeyedPlan): TryPlan {
  if (!plan.isReady) return plan;
  const { apiKeyId: _keptOnTheServer, ...view } = plan;
  return view;
}

/**
 * Runs one Try it through the real API stack as the organization's key. The call is rebuilt here
 * from the organization's data; nothing of it comes from the browser but which endpoint and the
 * page's token.
 */
export async function tryApiRequest(
  deps: TryApiDependencies,
  actor: Actor,
  input: { endpointId: TryEndpointId; token: string },
): Promise<TryOutcome> {
  const planned = await planFor(deps, actor);
  if (!planned)
    return { endpointId: input.endpointId, problem: "Your team has no active API key. Create one, then try again." };
  const plan = planned[input.endpointId];
  if (!plan.isReady) return { endpointId: input.endpointId, problem: plan.reason };
  const call: TryRequest =
    plan.request.method === "GET"
      ? plan.request
      : { ...plan.request, headers: { "Idempotency-Key": `try-it-${input.endpointId}-${input.token}` } };
  const headers = new Headers({ Accept: "application/json", ...call.headers });
  if (call.body) headers.set("Content-Type", "application/json");
  const response = await deps.requestAs(
    { organizationId: actor.organizationId, apiKeyId: plan.apiKeyId },
    new Request(`${deps.appUrl}${call.path}`, {
      method: call.method,
      headers,
      body: call.body ? JSON.stringify(call.body) : undefined,
    }),
  );
  return {
    endpointId: input.endpointId,
    request: call,
    keyName: plan.keyName,
    keyPrefix: plan.keyPrefix,
    response: { status: response.status, headers: response.headers, body: await response.text() },
  };
}
