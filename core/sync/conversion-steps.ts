/**
 * The conversion level of an ad account's sync (issue 20 §3): its conversion actions, then each
 * campaign-day's count per action over the run's window, chunk by chunk, through the same platform
 * session and recorded as steps of the same run (a resumed run skips what is done).
 *
 * Like the ad level (ad-level-steps.ts), it runs after every campaign-level step and a failure
 * never costs the campaign data: a temporary failure before the job's last attempt goes up (the
 * job runs again and resumes at the failed step); otherwise the step gives up, is logged and stays
 * undone. A campaign-day without per-action counts shows the platform's own figure, so a missing
 * chunk never shows a wrong number, only the platform's.
 */
import type { AdAccountRecord } from "#core/connections/connection-repository.ts";
import type { PlatformSession } from "#core/connections/platform-session.ts";
import type { Logger } from "#core/ports/logger.ts";
import {
  type ConversionReads,
  type DateRange,
  type ExternalAdAccount,
  PlatformError,
} from "#core/shared/connector-port.ts";
import type { ConversionSyncRepository } from "./conversion-sync-repository.ts";
import { CHUNK_DAYS, chunkWindow, type Step, type StepCounts } from "./sync-steps.ts";

export interface ConversionLevelInput {
  organizationId: string;
  platform: string;
  account: AdAccountRecord;
  asExternal: ExternalAdAccount;
  connector: Partial<ConversionReads>;
  session: PlatformSession;
  window: DateRange;
  isLastAttempt: boolean;
}

export function planConversionSteps(
  deps: { conversions: ConversionSyncRepository; logger: Logger },
  input: ConversionLevelInput,
): Step[] {
  const { account, asExternal, connector, session, organizationId } = input;
  const { listConversionActions, fetchConversionDailyMetrics } = connector;
  if (!listConversionActions || !fetchConversionDailyMetrics) return [];
  let isListMissing = false;
  const guarded = (work: () => Promise<StepCounts>, isList: boolean) => async (): Promise<StepCounts> => {
    // Counts attach to the actions: once the list gave up, the counts wait for the next sync.
    if (isListMissing) return { campaigns: 0, rows: 0, isFailed: true };
    try {
      return await work();
    } catch (error) {
      if (error instanceof PlatformError && error.kind === "access_revoked") throw error;
      if (error instanceof PlatformError && error.isRetryable && !input.isLastAttempt) throw error;
      if (isList) isListMissing = true;
      deps.logger.warn({ err: error, adAccount: account.id }, "conversion sync failed; the campaign data stays");
      return { campaigns: 0, rows: 0, isFailed: true };
    }
  };
  return [
    {
      key: `conversion-actions:${account.id}`,
      isPrerequisite: true,
      isAdLevel: true,
      run: guarded(async () => {
        const actions = await session.call((tokens) => listConversionActions.call(connector, tokens, asExternal));
        await deps.conversions.upsertConversionActions(organizationId, account.id, input.platform, actions);
        return { campaigns: 0, rows: 0 };
      }, true),
    },
    ...chunkWindow(input.window, CHUNK_DAYS).map((chunk) => ({
      key: `conversions:${account.id}:${chunk.from}`,
      isAdLevel: true,
      run: guarded(async () => {
        const rows = await session.call((tokens) =>
          fetchConversionDailyMetrics.call(connector, tokens, asExternal, chunk),
        );
        return {
          campaigns: 0,
          rows: await deps.conversions.replaceConversionDailies(organizationId, account.id, chunk, rows),
        };
      }, false),
    })),
  ];
}
