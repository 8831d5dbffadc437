import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { WebhookDependencies } from "./webhook-dependencies.ts";
import { WEBHOOK_MESSAGES } from "./webhook-schemas.ts";
import { toDeliverySummary } from "./webhook-summaries.ts";
import type { WebhookDeliverySummary } from "./webhook-types.ts";

export const DELIVERY_LOG_LIMIT = 50;

/** An endpoint's delivery log: its newest deliveries with every attempt. */
export async function listWebhookDeliveries(
  deps: WebhookDependencies,
  actor: Actor,
  endpointId: string,
): Promise<WebhookDeliverySummary[]> {
  const endpoint = await deps.repository.findEndpoint(actor.organizationId, endpointId);
  if (!endpoint) throw new AppError("not_found", WEBHOOK_MESSAGES.notFound);
  const records = await deps.repository.listDeliveries(actor.organizationId, endpointId, DELIVERY_LOG_LIMIT);
  return records.map(toDeliverySummary);
}
