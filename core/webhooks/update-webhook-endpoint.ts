import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { parseWebhookEndpoint } from "./parse-webhook-endpoint.ts";
import type { WebhookDependencies } from "./webhook-dependencies.ts";
import { WEBHOOK_MESSAGES } from "./webhook-schemas.ts";
import { toEndpointSummary } from "./webhook-summaries.ts";
import type { WebhookEndpointSummary } from "./webhook-types.ts";

/** Edits an endpoint's address, description and events; its secret and deliveries stay. */
export async function updateWebhookEndpoint(
  deps: WebhookDependencies,
  actor: Actor,
  input: { endpointId: string; values: unknown },
): Promise<WebhookEndpointSummary> {
  const { url, description, eventTypes } = parseWebhookEndpoint(deps, input.values);
  const now = deps.now();
  const found = await deps.repository.updateEndpoint(actor.organizationId, input.endpointId, {
    url,
    description,
    eventTypes,
    now,
  });
  if (!found) throw new AppError("not_found", WEBHOOK_MESSAGES.notFound);
  return readEndpoint(deps, actor.organizationId, input.endpointId, now);
}

/** Turns an endpoint on or off: a disabled endpoint gets no new events. */
export async function setWebhookEndpointEnabled(
  deps: WebhookDependencies,
  actor: Actor,
  input: { endpointId: string; isEnabled: boolean },
): Promise<WebhookEndpointSummary> {
  const now = deps.now();
  const found = await deps.repository.updateEndpoint(actor.organizationId, input.endpointId, {
    isEnabled: input.isEnabled,
    now,
  });
  if (!found) throw new AppError("not_found", WEBHOOK_MESSAGES.notFound);
  return readEndpoint(deps, actor.organizationId, input.endpointId, now);
}

export async function readEndpoint(
  deps: WebhookDependencies,
  organizationId: string,
  endpointId: string,
  now: Date,
): Promise<WebhookEndpointSummary> {
  const record = await deps.repository.findEndpoint(organizationId, endpointId);
  if (!record) throw new AppError("not_found", WEBHOOK_MESSAGES.notFound);
  const last = await deps.repository.lastDeliveries(organizationId, [endpointId]);
  return toEndpointSummary(record, last.get(endpointId) ?? null, now);
}
