/**
 * The privacy slice: data exports (a person's own data with "self.manage", the organization's with
 * "organization.export") and deletions with their 30-day grace period (one's account with
 * "self.manage", the organization with "organization.own"). `createPrivacyBackground` gives the jobs:
 * building an export, and the daily purge of expired exports and due deletions.
 */
import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import type { AuditLog } from "#core/audit/audit-log.ts";
import type { Database } from "#core/db/schema.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import type { JobContext, JobQueue } from "#core/ports/job-queue.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import { buildDataExport } from "./build-data-export.ts";
import { createDeletionRepository } from "./deletion-repository.ts";
import { downloadDataExport, purgeExpiredExports } from "./download-data-export.ts";
import { createExportDataRepository } from "./export-data-repository.ts";
import { getPrivacyOverview } from "./get-privacy-overview.ts";
import { createPrivacyRepository } from "./privacy-repository.ts";
import { purgeDueDeletions } from "./purge-due-deletions.ts";
import { requestDataExport } from "./request-data-export.ts";
import { cancelDeletion, type DeletionDependencies, requestDeletion } from "./request-deletion.ts";

export interface PrivacyModuleDependencies {
  db: Kysely<Database>;
  storage: FileStorage;
  queue: JobQueue;
  mailer: Mailer;
  audit: AuditLog;
  logger: Logger;
  appUrl: string;
  now?: () => Date;
  /** The purge asks the platforms to drop a deleted organization's grants (core/connections' revocation). */
  revokePlatformAccess?: (organizationId: string) => Promise<unknown>;
}

function dependenciesOf(deps: PrivacyModuleDependencies): DeletionDependencies {
  return {
    ...deps,
    privacy: createPrivacyRepository(deps.db),
    exportData: createExportDataRepository(deps.db),
    deletions: createDeletionRepository(deps.db),
  };
}

export function createPrivacyModule(deps: PrivacyModuleDependencies) {
  const all = dependenciesOf(deps);
  return {
    getPrivacyOverview: useCase("self.manage", (actor) => getPrivacyOverview(all, actor)),
    requestPersonalExport: useCase("self.manage", (actor) => requestDataExport(all, actor, "personal")),
    requestOrganizationExport: useCase("organization.export", (actor) => requestDataExport(all, actor, "organization")),
    downloadDataExport: useCase("self.manage", (actor, exportId: string) => downloadDataExport(all, actor, exportId)),
    requestAccountDeletion: useCase("self.manage", (actor) => requestDeletion(all, actor, "account")),
    cancelAccountDeletion: useCase("self.manage", (actor) => cancelDeletion(all, actor, "account")),
    requestOrganizationDeletion: useCase("organization.own", (actor) => requestDeletion(all, actor, "organization")),
    cancelOrganizationDeletion: useCase("organization.own", (actor) => cancelDeletion(all, actor, "organization")),
  };
}

export type PrivacyModule = ReturnType<typeof createPrivacyModule>;

/** What runs without a person: building exports, and the daily purge. */
export function createPrivacyBackground(deps: PrivacyModuleDependencies) {
  const all = dependenciesOf(deps);
  return {
    buildDataExport: (exportId: string, job?: JobContext) => buildDataExport(all, exportId, job),
    /** Expired export files, then deletions whose grace period is over. */
    async purge(): Promise<{ exports: number; deletions: number }> {
      return {
        exports: await purgeExpiredExports(all),
        deletions: await purgeDueDeletions({ ...all, revokePlatformAccess: deps.revokePlatformAccess }),
      };
    },
  };
}

export type PrivacyBackground = ReturnType<typeof createPrivacyBackground>;
