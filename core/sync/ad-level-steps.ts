/**
 * The ad level of an ad account's sync (issue 20 §1): after its campaigns, its ad groups, then its
 * ads, then its ad-day metrics chunk by chunk, through the same platform session (token
 * refresh, the one retry policy for throttling and outages) and recorded as steps of the same run,
 * so a resumed run skips what is done.
 *
 * An ad-level failure never costs the campaign level: the run completes with the campaign data.
 * - A temporary failure (throttling, an outage) before the job's last attempt goes up like a
 *   campaign step's: the job runs again later and the run resumes at the failed step.
 * - Otherwise (the platform refused, the last attempt, a connector without the ad level), the step
 *   gives up: it is logged, recorded on the account's ad-level state (`ad_sync_states.error`), and
 *   not marked done. The account's ad level then counts as not synced, so the next sync fetches the
 *   whole range again since its last complete ad-level sync (or a backfill when it never had one).
 * - A revoked grant fails the run as on the campaign level: only Reconnect helps.
 */
import type { AdAccountRecord } from "#core/connections/connection-repository.ts";
import type { PlatformSession } from "#core/connections/platform-session.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import type { Logger } from "#core/ports/logger.ts";
import {
  type AdLevelReads,
  type DateRange,
  type ExternalAdAccount,
  PlatformError,
} from "#core/shared/connector-port.ts";
import type { SyncRunKind } from "#core/shared/domain-enums.ts";
import type { AdSyncRepository } from "./ad-sync-repository.ts";
import { CHUNK_DAYS, chunkWindow, incrementalDaysSince, type Step, type StepCounts } from "./sync-steps.ts";

export interface AdLevelDependencies {
  ads: AdSyncRepository;
  logger: Logger;
  backfillDays: number;
}

export interface AdLevelInput {
  organizationId: string;
  account: AdAccountRecord;
  asExternal: ExternalAdAccount;
  connector: AdLevelReads;
  session: PlatformSession;
  /** The run's window; the ad level ends on the same day. */
  window: DateRange;
  kind: SyncRunKind;
  now: Date;
  /** On the job's last attempt a temporary failure is given up on (recorded) instead of retried. */
  isLastAttempt: boolean;
}

export interface AdLevelPlan {
  /** The ad-group-and-ads step is a prerequisite (after the account's campaigns); the metric chunks are not. */
  steps: Step[];
  /** After the run's steps: records a complete ad level, unless a step of it gave up. */
  finish(): Promise<void>;
}

/** What a person reads in the log and on the account's ad-level state. */
function describe(error: unknown): string {
  return error instanceof PlatformError
    ? `Ads could not be synced: ${error.message}`
    : "Ads could not be synced. The next sync tries again.";
}

export async function planAdLevelSteps(deps: AdLevelDependencies, input: AdLevelInput): Promise<AdLevelPlan> {
  const { account, asExternal, connector, session, organizationId } = input;
  const syncedAt = await deps.ads.adLevelSyncedAt(account.id);
  const days =
    input.kind === "backfill" || !syncedAt
      ? deps.backfillDays
      : incrementalDaysSince(syncedAt, input.now, deps.backfillDays);
  const window = { from: addDays(input.window.to, -(days - 1)), to: input.window.to };
  let hasGivenUp = false;
  let isStructureMissing = false;

  const guarded = (work: () => Promise<StepCounts>, isStructure: boolean) => async (): Promise<StepCounts> => {
    // Ads attach to the ad groups, metrics to the ads: once a structure step gave up, the rest waits for the next sync.
    if (isStructureMissing) return { campaigns: 0, rows: 0, isFailed: true };
    try {
      return await work();
    } catch (error) {
      if (error instanceof PlatformError && error.kind === "access_revoked") throw error;
      if (error instanceof PlatformError && error.isRetryable && !input.isLastAttempt) throw error;
      hasGivenUp = true;
      if (isStructure) isStructureMissing = true;
      const message = describe(error);
      deps.logger.warn({ err: error, adAccount: account.id }, "ad-level sync failed; the campaign data stays");
      await deps.ads.recordAdLevelFailure(organizationId, account.id, message, new Date());
      return { campaigns: 0, rows: 0, isFailed: true };
    }
  };

  // Two steps, so a throttled run resumes after the ad groups rather than listing them again.
  const steps: Step[] = [
    {
      key: `ad-groups:${account.id}`,
      isPrerequisite: true,
      isAdLevel: true,
      run: guarded(async () => {
        const groups = await session.call((tokens) => connector.listAdGroups(tokens, asExternal));
        await deps.ads.upsertAdGroups(organizationId, account.id, groups);
        return { campaigns: 0, rows: 0 };
      }, true),
    },
    {
      key: `ads:${account.id}`,
      isPrerequisite: true,
      isAdLevel: true,
      run: guarded(async () => {
        const ads = await session.call((tokens) => connector.listAds(tokens, asExternal));
        await deps.ads.upsertAds(organizationId, account.id, ads);
        return { campaigns: 0, rows: 0 };
      }, true),
    },
    ...chunkWindow(window, CHUNK_DAYS).map((chunk) => ({
      key: `ad-metrics:${account.id}:${chunk.from}`,
      isAdLevel: true,
      run: guarded(async () => {
        const metrics = await session.call((tokens) => connector.fetchAdDailyMetrics(tokens, asExternal, chunk));
        return { campaigns: 0, rows: await deps.ads.upsertAdDailyMetrics(organizationId, account.id, metrics) };
      }, false),
    })),
  ];

  return {
    steps,
    async finish() {
      if (!hasGivenUp) await deps.ads.markAdLevelSynced(organizationId, account.id, input.now);
    },
  };
}
