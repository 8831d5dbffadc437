import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Reader } from "./notification-repository.ts";

/**
 * Notifications are read per person: the organization's are everyone's, a personal one is its
 * person's, and each person marks their own read. An API key or a job has no inbox.
 */
export function readerOf(actor: Actor): Reader {
  if (actor.kind !== "user")
    throw new AppError("forbidden", "Notifications are read by people signed in to Adhelm, not by API keys or jobs.");
  return { organizationId: actor.organizationId, userId: actor.id };
}
