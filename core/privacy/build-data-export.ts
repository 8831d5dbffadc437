import type { JobContext } from "#core/ports/job-queue.ts";
import { createArchiveWriter } from "./export-archive.ts";
import { ORGANIZATION_TABLES } from "./export-tables.ts";
import { daysAfter, EXPORT_LIFETIME_DAYS, nowOf, type PrivacyDependencies } from "./privacy-dependencies.ts";
import { exportReadyMail } from "./privacy-mail.ts";
import type { DataExport } from "./privacy-repository.ts";

const README = (kind: DataExport["kind"], at: Date) =>
  [
    kind === "personal" ? "Your personal data at Adhelm" : "All of your organization's data at Adhelm",
    `Exported ${at.toISOString()}.`,
    "",
    "One file per kind of data: JSON for settings and records, CSV (comma separated, UTF-8) for long tables.",
    "Money is in minor units (cents) with its currency beside it; times are UTC (ISO 8601).",
    "Secrets (platform tokens, API key hashes, webhook signing secrets, passwords) are never exported.",
    "",
  ].join("\n");

/**
 * The data-export job: builds the ZIP, stores it, marks the export ready for 7 days and mails the
 * person who asked. Progress moves as files are written. Running it again after a crash builds the
 * export again from the start; a finished export is left alone.
 */
export async function buildDataExport(deps: PrivacyDependencies, exportId: string, job?: JobContext): Promise<void> {
  const record = await deps.privacy.findExport(exportId);
  if (!record || record.status === "ready" || record.status === "failed") return;
  await deps.privacy.markRunning(exportId);
  try {
    const archive = createArchiveWriter();
    const startedAt = nowOf(deps);
    archive.addText("README.txt", README(record.kind, startedAt));
    let organizationName: string | null = null;
    if (record.kind === "personal") {
      const files = Object.entries(await deps.exportData.personalData(record.userId));
      for (const [index, [name, rows]] of files.entries()) {
        if (name.endsWith(".csv")) await archive.addCsv(name, rows);
        else archive.addJson(name, rows);
        await deps.privacy.setProgress(exportId, ((index + 1) / files.length) * 95);
      }
    } else {
      const organizationId = record.organizationId as string;
      const organization = await deps.exportData.organizationRecord(organizationId);
      organizationName = (organization?.name as string | undefined) ?? null;
      archive.addJson("organization.json", organization);
      archive.addJson("members.json", await deps.exportData.organizationMembers(organizationId));
      archive.addJson("invitations.json", await deps.exportData.organizationInvitations(organizationId));
      for (const [index, table] of ORGANIZATION_TABLES.entries()) {
        const pages = deps.exportData.organizationRows(organizationId, table);
        if (table.format === "csv") await archive.addCsv(table.file, pages);
        else {
          const rows: Record<string, unknown>[] = [];
          for await (const page of pages) rows.push(...page);
          archive.addJson(table.file, rows);
        }
        await deps.privacy.setProgress(exportId, ((index + 1) / ORGANIZATION_TABLES.length) * 95);
      }
    }
    const bytes = await archive.finish();
    const fileKey = `exports/${exportId}.zip`;
    await deps.storage.put(fileKey, { bytes, contentType: "application/zip" });
    const readyAt = nowOf(deps);
    const expiresAt = daysAfter(readyAt, EXPORT_LIFETIME_DAYS);
    await deps.privacy.markReady(exportId, { fileKey, sizeBytes: bytes.length, at: readyAt, expiresAt });
    const reader = await deps.privacy.findReader(record.userId);
    if (reader)
      await deps.mailer.send(
        exportReadyMail(reader, { organization: organizationName, url: `${deps.appUrl}/account/privacy`, expiresAt }),
      );
  } catch (error) {
    const lastAttempt = !job || job.attempt >= job.maxAttempts;
    deps.logger.error({ err: error, exportId, attempt: job?.attempt ?? 1 }, "data export failed");
    if (lastAttempt)
      await deps.privacy.markFailed(exportId, "The export could not be built. Please try again.", nowOf(deps));
    else throw error;
  }
}
