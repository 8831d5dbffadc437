import type { SyncRunKind, SyncRunStatus } from "#core/shared/domain-enums.ts";

/** One sync of a connection, as its card's history and progress bar read it. */
export interface SyncRunRecord {
  id: string;
  connectionId: string;
  kind: SyncRunKind;
  status: SyncRunStatus;
  windowFrom: string;
  windowTo: string;
  stepsTotal: number;
  stepsDone: string[];
  campaignsSynced: number;
  rowsUpserted: number;
  retries: number;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

/**
 * What the connections slice reads of the sync engine's runs: a connection's health. The sync
 * repository (core/sync/sync-repository.ts) implements it; the dependency points from sync to
 * connections, never back.
 */
export interface SyncHistory {
  /** Newest first. */
  listRuns(organizationId: string, connectionId: string, limit: number): Promise<SyncRunRecord[]>;
  /** The running run of each of the organization's connections, for progress bars. */
  listRunningRuns(organizationId: string): Promise<SyncRunRecord[]>;
}
