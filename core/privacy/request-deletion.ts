import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { DeletionKind, DeletionRepository, DeletionRequest } from "./deletion-repository.ts";
import { DELETION_GRACE_DAYS, daysAfter, nowOf, type PrivacyDependencies } from "./privacy-dependencies.ts";
import { deletionMail } from "./privacy-mail.ts";

export const OWNS_SHARED_ORGANIZATION_MESSAGE =
  "You own an organization that other people use. Transfer its ownership on the team page, or delete it, before you delete your account.";

export type DeletionDependencies = PrivacyDependencies & { deletions: DeletionRepository };

function personOf(actor: Actor): Extract<Actor, { kind: "user" }> {
  if (actor.kind !== "user") throw new AppError("forbidden", "Only a person can ask for a deletion.");
  return actor;
}

/**
 * Schedules the deletion of the actor's account, or of their organization (the owner), 30 days
 * from now. Until then everything keeps working, so the data can still be downloaded, and the
 * request can be cancelled; a mail confirms it either way.
 */
export async function requestDeletion(
  deps: DeletionDependencies,
  actor: Actor,
  kind: DeletionKind,
): Promise<DeletionRequest> {
  const person = personOf(actor);
  const subjectId = kind === "account" ? person.id : person.organizationId;
  const existing = await deps.deletions.findPending(kind, subjectId);
  if (existing) return existing;
  if (kind === "account") {
    const shared = await deps.deletions.ownedSharedOrganizations(person.id);
    if (shared.length > 0)
      throw new AppError("conflict", OWNS_SHARED_ORGANIZATION_MESSAGE, {
        organizations: shared.map((organization) => organization.name),
      });
  }
  const reader = await deps.privacy.findReader(person.id);
  if (!reader) throw new AppError("not_found", "There is no such account.");
  const organizationName = kind === "organization" ? await deps.privacy.organizationName(person.organizationId) : null;
  const requestedAt = nowOf(deps);
  const request = await deps.deletions.insert({
    kind,
    userId: person.id,
    organizationId: kind === "organization" ? person.organizationId : null,
    email: reader.to,
    subjectName: organizationName ?? reader.name,
    language: reader.language,
    requestedAt,
    purgeAfter: daysAfter(requestedAt, DELETION_GRACE_DAYS),
  });
  if (kind === "organization")
    await deps.audit.record(actor, {
      action: "organization.deletion_requested",
      target: { type: "organization", id: person.organizationId, label: request.subjectName },
      details: { purgeAfter: request.purgeAfter.toISOString() },
    });
  await deps.mailer.send(
    deletionMail(reader, {
      kind: "scheduled",
      organization: kind === "organization" ? request.subjectName : null,
      purgeAfter: request.purgeAfter,
      requestedAt,
      url: `${deps.appUrl}/account/privacy`,
    }),
  );
  return request;
}

/** Cancels a pending deletion of the actor's account, or of their organization (the owner). */
export async function cancelDeletion(deps: DeletionDependencies, actor: Actor, kind: DeletionKind): Promise<void> {
  const person = personOf(actor);
  const pending = await deps.deletions.findPending(kind, kind === "account" ? person.id : person.organizationId);
  if (!pending) throw new AppError("not_found", "There is no deletion to cancel.");
  if (!(await deps.deletions.cancel(pending.id, nowOf(deps)))) return;
  if (kind === "organization")
    await deps.audit.record(actor, {
      action: "organization.deletion_cancelled",
      target: { type: "organization", id: person.organizationId, label: pending.subjectName },
    });
  const reader = await deps.privacy.findReader(person.id);
  if (reader)
    await deps.mailer.send(
      deletionMail(reader, {
        kind: "cancelled",
        organization: kind === "organization" ? pending.subjectName : null,
        purgeAfter: pending.purgeAfter,
        requestedAt: pending.requestedAt,
        url: `${deps.appUrl}/account/privacy`,
      }),
    );
}
