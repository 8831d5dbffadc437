import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { DATA_EXPORT_QUEUE, nowOf, type PrivacyDependencies } from "./privacy-dependencies.ts";
import type { DataExport, DataExportKind } from "./privacy-repository.ts";

export const EXPORT_IN_PROGRESS_MESSAGE = "An export is already being prepared. You will get a mail when it is ready.";

/**
 * Queues a data export: a person's own data, or (for an admin) everything the organization holds.
 * One at a time per person or organization; the ZIP is built in the background (build-data-export.ts).
 */
export async function requestDataExport(
  deps: PrivacyDependencies,
  actor: Actor,
  kind: DataExportKind,
): Promise<DataExport> {
  if (actor.kind !== "user") throw new AppError("forbidden", "Only a person can ask for a data export.");
  const organizationId = kind === "organization" ? actor.organizationId : null;
  if (await deps.privacy.findUnfinishedExport({ kind, userId: actor.id, organizationId }))
    throw new AppError("conflict", EXPORT_IN_PROGRESS_MESSAGE);
  const created = await deps.privacy.insertExport({ kind, userId: actor.id, organizationId, at: nowOf(deps) });
  await deps.queue.enqueue(DATA_EXPORT_QUEUE, { exportId: created.id }, { singletonKey: created.id, maxAttempts: 3 });
  if (kind === "organization")
    await deps.audit.record(actor, {
      action: "export.requested",
      target: { type: "data_export", id: created.id, label: "All organization data" },
    });
  return created;
}
