import type { ApiAnswer } from "./api-answer-view.tsx";

/** The /api page's endpoints that have a Try it, by the ids of app/lib/api-examples.ts. */
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

/** What one Try it will do for the signed-in member's organization, or why it cannot run. */
export type TryPlanView =
  | {
      isReady: true;
      request: TryRequest;
      /** The key it runs as. */
      keyName: string;
      keyPrefix: string;
      /** For a write: what will happen, asked before it is sent. */
      confirmation: string | null;
    }
  | { isReady: false; reason: string };

/** The /api page's loader data for a member whose organization has an active key. */
export interface TryItView {
  plans: Record<TryEndpointId, TryPlanView>;
  /** Sent back with a Try it: a resubmitted page replays the first answer instead of writing twice. */
  token: string;
}

/** The answer of a Try it, rendered under its endpoint. */
export type TryResult =
  | { endpointId: TryEndpointId; request: TryRequest; keyName: string; keyPrefix: string; answer: ApiAnswer }
  | { endpointId: TryEndpointId; problem: string };
