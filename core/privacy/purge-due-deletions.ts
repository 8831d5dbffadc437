import { nowOf } from "./privacy-dependencies.ts";
import { deletionMail } from "./privacy-mail.ts";
import type { DeletionDependencies } from "./request-deletion.ts";

/**
 * The daily purge: every deletion whose 30 days are over removes its data for good (an
 * organization with everything it holds; an account with the organizations only it belonged to),
 * revokes those organizations' platform grants first where the platform allows it, deletes the
 * stored exports, and mails a confirmation to the address the request was made from.
 * The request row stays as the record that the deletion happened.
 */
export async function purgeDueDeletions(
  deps: DeletionDependencies & {
    /** Asks the platforms to drop an organization's grants where they allow it (core/connections); never throws. */
    revokePlatformAccess?: (organizationId: string) => Promise<unknown>;
  },
): Promise<number> {
  const due = await deps.deletions.listDue(nowOf(deps));
  for (const request of due) {
    const organizations =
      request.kind === "organization"
        ? [request.organizationId as string]
        : await deps.deletions.organizationsOnlyOf(request.userId);
    const files = await deps.privacy.listExportFiles({
      organizationIds: organizations,
      userId: request.kind === "account" ? request.userId : null,
    });
    for (const file of files) await deps.storage.delete(file);
    for (const organizationId of organizations) {
      await deps.revokePlatformAccess?.(organizationId);
      await deps.deletions.deleteOrganization(organizationId);
    }
    if (request.kind === "account") await deps.deletions.deleteUser(request.userId);
    await deps.deletions.complete(request.id, nowOf(deps));
    await deps.mailer.send(
      deletionMail(
        { to: request.email, name: request.kind === "account" ? request.subjectName : "", language: request.language },
        {
          kind: "completed",
          organization: request.kind === "organization" ? request.subjectName : null,
          purgeAfter: request.purgeAfter,
          requestedAt: request.requestedAt,
          url: deps.appUrl,
        },
      ),
    );
    deps.logger.info({ deletion: request.id, kind: request.kind }, "deletion completed");
  }
  return due.length;
}
