import type { Actor } from "#core/access/actor.ts";
import { can } from "#core/access/permissions.ts";
import { AppError } from "#core/errors/app-error.ts";
import { nowOf, type PrivacyDependencies } from "./privacy-dependencies.ts";
import type { DataExport } from "./privacy-repository.ts";

export const EXPORT_NOT_FOUND_MESSAGE = "There is no such export.";
export const EXPORT_EXPIRED_MESSAGE = "This export has expired. Ask for a new one.";

/**
 * The ZIP of a ready export, for the person who asked for it only (an organization's export also
 * needs them to still be allowed to export that organization's data, in that organization).
 */
export async function downloadDataExport(
  deps: PrivacyDependencies,
  actor: Actor,
  exportId: string,
): Promise<{ bytes: Buffer; filename: string }> {
  const record = typeof exportId === "string" ? await deps.privacy.findExport(exportId) : null;
  if (!record || actor.kind !== "user" || record.userId !== actor.id)
    throw new AppError("not_found", EXPORT_NOT_FOUND_MESSAGE);
  if (record.kind === "organization") {
    if (record.organizationId !== actor.organizationId) throw new AppError("not_found", EXPORT_NOT_FOUND_MESSAGE);
    if (!can(actor, "organization.export"))
      throw new AppError("forbidden", "Your role in this organization does not allow this.");
  }
  if (record.status !== "ready") throw new AppError("conflict", "This export is not ready yet.");
  if (!record.fileKey || (record.expiresAt && record.expiresAt <= nowOf(deps)))
    throw new AppError("not_found", EXPORT_EXPIRED_MESSAGE);
  const file = await deps.storage.get(record.fileKey);
  if (!file) throw new AppError("not_found", EXPORT_EXPIRED_MESSAGE);
  if (record.kind === "organization")
    await deps.audit.record(actor, {
      action: "export.downloaded",
      target: { type: "data_export", id: record.id, label: "All organization data" },
    });
  return { bytes: file.bytes, filename: `adhelm-${record.kind}-data-${isoDay(record)}.zip` };
}

function isoDay(record: DataExport): string {
  return (record.finishedAt ?? record.createdAt).toISOString().slice(0, 10);
}

/** Removes the files of exports past their 7 days; the records stay, marked expired by their date. */
export async function purgeExpiredExports(deps: PrivacyDependencies): Promise<number> {
  const expired = await deps.privacy.listExpiredExports(nowOf(deps));
  for (const record of expired) {
    if (record.fileKey) await deps.storage.delete(record.fileKey);
    await deps.privacy.forgetExportFile(record.id);
  }
  return expired.length;
}
