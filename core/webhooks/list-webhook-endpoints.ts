import type { Actor } from "#core/access/actor.ts";
import type { WebhookDependencies } from "./webhook-dependencies.ts";
import { toEndpointSummary } from "./webhook-summaries.ts";
import type { WebhookEndpointSummary } from "./webhook-types.ts";

/** The organization's endpoints, oldest first, each with its newest delivery. */
export async function listWebhookEndpoints(deps: WebhookDependencies, actor: Actor): Promise<WebhookEndpointSummary[]> {
  const records = await deps.repository.listEndpoints(actor.organizationId);
  const last = await deps.repository.lastDeliveries(
    actor.organizationId,
    records.map((record) => record.id),
  );
  const now = deps.now();
  return records.map((record) => toEndpointSummary(record, last.get(record.id) ?? null, now));
}
