import type { ApiPrincipal } from "#core/api-keys/api-key-types.ts";
import type { ChangeActor } from "#core/campaigns/campaign-change-types.ts";

/** How a change made with a key shows in the change log: API key “Reporting”. */
export function apiKeyActor(principal: ApiPrincipal): ChangeActor {
  return { type: "api_key", id: principal.apiKeyId, label: `API key “${principal.keyName}”` };
}
