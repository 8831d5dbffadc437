import type { AuditLog } from "#core/audit/audit-log.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import type { ExportDataRepository } from "./export-data-repository.ts";
import type { PrivacyRepository } from "./privacy-repository.ts";

/** What the privacy slice's use cases and jobs share. */
export interface PrivacyDependencies {
  privacy: PrivacyRepository;
  exportData: ExportDataRepository;
  storage: FileStorage;
  queue: JobQueue;
  mailer: Mailer;
  audit: AuditLog;
  logger: Logger;
  /** The app's public address, for the links in mails. */
  appUrl: string;
  now?: () => Date;
}

export const DATA_EXPORT_QUEUE = "data-export";
/** A ready export can be downloaded this long. */
export const EXPORT_LIFETIME_DAYS = 7;
/** An account or organization is deleted for good this long after the request (the legal texts' 30 days). */
export const DELETION_GRACE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export function daysAfter(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function nowOf(deps: Pick<PrivacyDependencies, "now">): Date {
  return deps.now?.() ?? new Date();
}
