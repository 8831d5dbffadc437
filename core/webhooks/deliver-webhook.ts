import { randomUUID } from "node:crypto";
import { DELIVERY_ERRORS, describeDeliveryError } from "./webhook-delivery-errors.ts";
import type { WebhookDependencies } from "./webhook-dependencies.ts";
import { alertDeliveryGivenUp } from "./webhook-failure-alert.ts";
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from "./webhook-repository.ts";
import { nextAttemptAt } from "./webhook-retry.ts";
import { webhookSecretPlace } from "./webhook-secrets.ts";
import { signatureHeader } from "./webhook-signature.ts";
import type { WebhookDeliveryStatus } from "./webhook-types.ts";

export const WEBHOOK_QUEUE = "webhook-delivery";
/** Several endpoints are called at once, so one slow endpoint does not hold up the others. */
export const WEBHOOK_CONCURRENCY = 4;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How long a claimed attempt is kept from other nodes: well past the 10 s timeout. */
const ATTEMPT_LEASE_MS = 60_000;

/** Queues the delivery's next attempt: one job per delivery and attempt, however often it is asked. */
export async function queueDeliveryAttempt(
  deps: Pick<WebhookDependencies, "jobs">,
  delivery: { id: string; attempts: number },
  runAt?: Date,
): Promise<void> {
  await deps.jobs.enqueue(
    WEBHOOK_QUEUE,
    { deliveryId: delivery.id },
    { singletonKey: `${delivery.id}:${delivery.attempts}`, runAt, maxAttempts: 3 },
  );
}

export interface AttemptOutcome {
  status: WebhookDeliveryStatus;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  nextAttemptAt: Date | null;
}

/**
 * The delivery job: one attempt of a pending, due delivery, claimed so that two nodes running the
 * same job send it once. On failure the next attempt is queued (webhook-retry.ts) until 24 hours
 * after the event; then the delivery has failed, and the organization is notified (once per
 * delivery; not for a test event, whose result is shown at once). Null when there was nothing to do.
 */
export async function deliverWebhook(
  deps: WebhookDependencies,
  deliveryId: string,
  options: { isRetried?: boolean; isDisabledAllowed?: boolean } = {},
): Promise<AttemptOutcome | null> {
  const delivery = await deps.repository.findDelivery(deliveryId);
  const now = deps.now();
  if (delivery?.status !== "pending") return null;
  if (delivery.nextAttemptAt && delivery.nextAttemptAt > now) return null;
  const endpoint = await deps.repository.findEndpointById(delivery.endpointId);
  if (!endpoint) return null;
  const isClaimed = await deps.repository.claimAttempt({
    deliveryId,
    attempts: delivery.attempts,
    now,
    leaseUntil: new Date(now.getTime() + ATTEMPT_LEASE_MS),
  });
  if (!isClaimed) return null;
  const attempts = delivery.attempts + 1;

  if (!endpoint.isEnabled && !options.isDisabledAllowed) {
    const outcome: AttemptOutcome = {
      status: "failed",
      statusCode: null,
      error: DELIVERY_ERRORS.disabled,
      durationMs: 0,
      nextAttemptAt: null,
    };
    await record(deps, delivery, outcome, now);
    return outcome;
  }

  const sent = await send(deps, endpoint, delivery, now);
  const isSuccess = sent.statusCode !== null && sent.statusCode >= 200 && sent.statusCode < 300;
  const next =
    isSuccess || options.isRetried === false
      ? null
      : nextAttemptAt({ attempts, createdAt: delivery.createdAt, now: deps.now(), random: deps.random });
  const outcome: AttemptOutcome = {
    ...sent,
    status: isSuccess ? "succeeded" : next ? "pending" : "failed",
    nextAttemptAt: next,
  };
  await record(deps, delivery, outcome, now);
  if (next) await queueDeliveryAttempt(deps, { id: delivery.id, attempts }, next);
  else if (outcome.status === "failed" && options.isRetried !== false)
    await alertDeliveryGivenUp(deps, endpoint, delivery, outcome, attempts);
  return outcome;
}

async function record(deps: WebhookDependencies, delivery: WebhookDeliveryRecord, outcome: AttemptOutcome, at: Date) {
  await deps.repository.recordAttempt({
    attemptId: randomUUID(),
    deliveryId: delivery.id,
    statusCode: outcome.statusCode,
    error: outcome.error,
    durationMs: outcome.durationMs,
    at,
    status: outcome.status,
    nextAttemptAt: outcome.nextAttemptAt,
  });
}

/** The secrets that sign now: the current one, and the previous one during its day of grace. */
function signingSecrets(deps: WebhookDependencies, endpoint: WebhookEndpointRecord, now: Date): string[] {
  const secrets = [deps.cipher.decrypt(endpoint.secretSealed, webhookSecretPlace.current(endpoint.id))];
  if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now)
    secrets.push(deps.cipher.decrypt(endpoint.previousSecretSealed, webhookSecretPlace.previous(endpoint.id)));
  return secrets;
}

async function send(
  deps: WebhookDependencies,
  endpoint: WebhookEndpointRecord,
  delivery: WebhookDeliveryRecord,
  now: Date,
): Promise<{ statusCode: number | null; error: string | null; durationMs: number }> {
  let secrets: string[];
  try {
    secrets = signingSecrets(deps, endpoint, now);
  } catch {
    return { statusCode: null, error: DELIVERY_ERRORS.secretUnreadable, durationMs: 0 };
  }
  const body = delivery.payloadJson;
  const started = performance.now();
  try {
    const response = await deps.fetch(endpoint.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": deps.userAgent,
        "adhelm-event": delivery.eventType,
        "adhelm-delivery": delivery.id,
        "adhelm-signature": signatureHeader(secrets, Math.floor(now.getTime() / 1000), body),
      },
      body,
      // The guard follows redirects itself and checks every hop's addresses.
      redirect: "follow",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    // Only the status matters; the body is not kept.
    await response.body?.cancel().catch(() => undefined);
    return { statusCode: response.status, error: null, durationMs: performance.now() - started };
  } catch (error) {
    return { statusCode: null, error: describeDeliveryError(error), durationMs: performance.now() - started };
  }
}
