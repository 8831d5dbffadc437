import type { AdPlatformId } from "#core/shared/platforms.ts";

/** The /api page's endpoints that have a Try it, by the ids of the page's examples. */
export const TRY_ENDPOINT_IDS = ["list-campaigns", "create-campaign", "campaign-metrics", "update-campaign"] as const;
export type TryEndpointId = (typeof TRY_ENDPOINT_IDS)[number];

/** The name of the paused campaign a POST Try it creates. */
export const TEST_CAMPAIGN_NAME = "API test campaign";

/** The real call a Try it makes. */
export interface TryRequest {
  method: "GET" | "POST" | "PUT";
  /** With its query string. */
  path: string;
  body?: Record<string, unknown>;
  /** Headers besides the key's, e.g. the Idempotency-Key of a write. */
  headers?: Record<string, string>;
}

interface Money {
  amountMinor: number;
  currency: string;
}

/** What a write will do, for the page to ask before it is sent. */
export type TryEffect =
  | { kind: "create-campaign"; campaignName: string; platform: AdPlatformId; accountName: string; dailyBudget: Money }
  | {
      kind: "update-campaign";
      campaignName: string;
      platform: AdPlatformId;
      /** The API's name of its status ("active"). */
      status: string;
      dailyBudget: Money | null;
    };

/** What one Try it will do for the actor's organization, or why it cannot run. */
export type TryPlan =
  | { isReady: false; reason: string }
  | {
      isReady: true;
      request: TryRequest;
      /** The key it runs as (its id stays on the server). */
      keyName: string;
      keyPrefix: string;
      /** Null for a read. */
      effect: TryEffect | null;
    };

export interface TryPlans {
  plans: Record<TryEndpointId, TryPlan>;
  /** Sent back with a Try it: a resubmitted page replays the first answer instead of writing twice. */
  token: string;
}

/** The answer of one Try it: the API's real response, or why nothing was sent. */
export type TryOutcome =
  | {
      endpointId: TryEndpointId;
      request: TryRequest;
      keyName: string;
      keyPrefix: string;
      response: { status: number; headers: Headers; body: string };
    }
  | { endpointId: TryEndpointId; problem: string };
