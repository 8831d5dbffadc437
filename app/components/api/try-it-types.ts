import type { TryEndpointId, TryRequest } from "#core/api-keys/try-api-types.ts";
import type { ApiAnswer } from "./api-answer-view.tsx";

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
