import type { Notify } from "#core/notifications/notification-types.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import type { TokenCipher } from "#core/security/token-cipher.ts";
import type { FetchLike } from "#core/shared/connector-port.ts";
import type { WebhookRepository } from "./webhook-repository.ts";
import type { WebhookAddressPolicy } from "./webhook-url-policy.ts";

/** What the webhook use cases and the delivery job take; webhooks-module.ts builds it once per process. */
export interface WebhookDependencies {
  repository: WebhookRepository;
  cipher: TokenCipher;
  jobs: JobQueue;
  /**
   * Every delivery goes through the outbound guard (the server's second instance, with
   * WEBHOOKS_ALLOW_PRIVATE): it resolves the host itself, refuses private answers and re-checks redirects.
   */
  fetch: FetchLike;
  /** The guard's rules, for the checks made when an endpoint is saved. */
  addressPolicy: WebhookAddressPolicy;
  /** Raises the notification of a delivery given up on (webhook-failure-alert.ts). */
  notify: Notify;
  /** The User-Agent of every delivery. */
  userAgent: string;
  now: () => Date;
  /** Jitter of the retry delays; tests pass a fixed one. */
  random: () => number;
}
