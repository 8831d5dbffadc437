import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { WebhookDependencies } from "./webhook-dependencies.ts";
import { WEBHOOK_MESSAGES } from "./webhook-schemas.ts";

/** Deletes an endpoint with its delivery log; nothing more is sent to it. */
export async function deleteWebhookEndpoint(
  deps: WebhookDependencies,
  actor: Actor,
  endpointId: string,
): Promise<{ id: string }> {
  const found = await deps.repository.deleteEndpoint(actor.organizationId, endpointId);
  if (!found) throw new AppError("not_found", WEBHOOK_MESSAGES.notFound);
  return { id: endpointId };
}
