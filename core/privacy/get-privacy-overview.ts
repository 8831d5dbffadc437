import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { DeletionRequest } from "./deletion-repository.ts";
import { nowOf } from "./privacy-dependencies.ts";
import type { DataExport } from "./privacy-repository.ts";
import type { DeletionDependencies } from "./request-deletion.ts";

export interface DataExportView extends Omit<DataExport, "fileKey" | "error"> {
  /** ready and still downloadable */
  downloadable: boolean;
  expired: boolean;
  failed: boolean;
}

export interface PrivacyOverview {
  exports: DataExportView[];
  accountDeletion: Pick<DeletionRequest, "requestedAt" | "purgeAfter"> | null;
  organizationDeletion: Pick<DeletionRequest, "requestedAt" | "purgeAfter"> | null;
  /** Organizations the person owns that others use: hand them over before deleting the account. */
  ownedSharedOrganizations: string[];
}

/** What /account/privacy shows: the person's recent exports and any deletion under way. */
export async function getPrivacyOverview(deps: DeletionDependencies, actor: Actor): Promise<PrivacyOverview> {
  if (actor.kind !== "user") throw new AppError("forbidden", "Only a person has privacy settings.");
  const now = nowOf(deps);
  const [exports, account, organization, shared] = await Promise.all([
    deps.privacy.listExports(actor.id, actor.organizationId, 10),
    deps.deletions.findPending("account", actor.id),
    deps.deletions.findPending("organization", actor.organizationId),
    deps.deletions.ownedSharedOrganizations(actor.id),
  ]);
  return {
    exports: exports.map(({ fileKey, error: _error, ...rest }) => {
      const expired = rest.status === "ready" && (!fileKey || (rest.expiresAt !== null && rest.expiresAt <= now));
      return { ...rest, downloadable: rest.status === "ready" && !expired, expired, failed: rest.status === "failed" };
    }),
    accountDeletion: account ? { requestedAt: account.requestedAt, purgeAfter: account.purgeAfter } : null,
    organizationDeletion: organization
      ? { requestedAt: organization.requestedAt, purgeAfter: organization.purgeAfter }
      : null,
    ownedSharedOrganizations: shared.map((row) => row.name),
  };
}
