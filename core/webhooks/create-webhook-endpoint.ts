import { randomUUID } from "node:crypto";
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { parseWebhookEndpoint } from "./parse-webhook-endpoint.ts";
import type { WebhookDependencies } from "./webhook-dependencies.ts";
import { generateWebhookSecret, webhookSecretPlace } from "./webhook-secrets.ts";
import { toEndpointSummary } from "./webhook-summaries.ts";
import type { WebhookEndpointWithSecret } from "./webhook-types.ts";

/** A new endpoint of the organization, enabled, with a new secret that the answer shows once. */
export async function createWebhookEndpoint(
  deps: WebhookDependencies,
  actor: Actor,
  values: unknown,
): Promise<WebhookEndpointWithSecret> {
  const { url, description, eventTypes } = parseWebhookEndpoint(deps, values);
  const id = `whe_${randomUUID().replaceAll("-", "")}`;
  const secret = generateWebhookSecret();
  const now = deps.now();
  await deps.repository.insertEndpoint({
    id,
    organizationId: actor.organizationId,
    url,
    description,
    eventTypes,
    secretSealed: deps.cipher.encrypt(secret, webhookSecretPlace.current(id)),
    createdBy: actor.kind === "user" ? actor.id : null,
    now,
  });
  const record = await deps.repository.findEndpoint(actor.organizationId, id);
  if (!record) throw new AppError("internal_error", "The new endpoint could not be read back.");
  return { endpoint: toEndpointSummary(record, null, now), secret };
}
