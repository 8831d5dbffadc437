import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { readEndpoint } from "./update-webhook-endpoint.ts";
import type { WebhookDependencies } from "./webhook-dependencies.ts";
import { WEBHOOK_MESSAGES } from "./webhook-schemas.ts";
import { generateWebhookSecret, PREVIOUS_SECRET_GRACE_MS, webhookSecretPlace } from "./webhook-secrets.ts";
import type { WebhookEndpointWithSecret } from "./webhook-types.ts";

/**
 * A new secret, shown once. The old one keeps signing beside it for 24 hours, so receivers can
 * switch without missing an event; a second rotation within that day drops the oldest.
 */
export async function rotateWebhookSecret(
  deps: WebhookDependencies,
  actor: Actor,
  endpointId: string,
): Promise<WebhookEndpointWithSecret> {
  const record = await deps.repository.findEndpoint(actor.organizationId, endpointId);
  if (!record) throw new AppError("not_found", WEBHOOK_MESSAGES.notFound);
  const now = deps.now();
  const current = currentSecretOf(deps, record.secretSealed, endpointId);
  const secret = generateWebhookSecret();
  await deps.repository.updateEndpoint(actor.organizationId, endpointId, {
    secretSealed: deps.cipher.encrypt(secret, webhookSecretPlace.current(endpointId)),
    previousSecretSealed: current ? deps.cipher.encrypt(current, webhookSecretPlace.previous(endpointId)) : null,
    previousSecretExpiresAt: current ? new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS) : null,
    now,
  });
  return { endpoint: await readEndpoint(deps, actor.organizationId, endpointId, now), secret };
}

/** The secret being replaced; null when it no longer opens (sealed under another AUTH_SECRET), so the rotation still helps. */
function currentSecretOf(deps: WebhookDependencies, sealed: string, endpointId: string): string | null {
  try {
    return deps.cipher.decrypt(sealed, webhookSecretPlace.current(endpointId));
  } catch {
    return null;
  }
}
