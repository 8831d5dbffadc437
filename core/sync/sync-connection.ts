import type {
  AdAccountRecord,
  ConnectionRecord,
  ConnectionRepository,
} from "#core/connections/connection-repository.ts";
import { openPlatformSession, type PlatformSession } from "#core/connections/platform-session.ts";
import type { RetryPolicy } from "#core/connections/retry-policy.ts";
import type { SyncRunRecord } from "#core/connections/sync-history.ts";
import { addDays, type CalendarDate, calendarDateIn } from "#core/dates/calendar-date.ts";
import type { Logger } from "#core/ports/logger.ts";
import { type Metrics, NO_METRICS } from "#core/ports/metrics.ts";
import type { TokenCipher } from "#core/security/token-cipher.ts";
import type { ConnectorRegistry, DateRange } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import type { SyncRunKind } from "#core/shared/domain-enums.ts";
import { type AdPlatformId, isAdPlatform, isStorePlatform, type PlatformId } from "#core/shared/platforms.ts";
import { type AdLevelPlan, planAdLevelSteps } from "./ad-level-steps.ts";
import type { AdSyncRepository } from "./ad-sync-repository.ts";
import type { AdsClock } from "./ads-clock.ts";
import { planConversionSteps } from "./conversion-steps.ts";
import type { ConversionSyncRepository } from "./conversion-sync-repository.ts";
import type { SyncRepository } from "./sync-repository.ts";
import { CHUNK_DAYS, chunkWindow, incrementalDaysSince, type Step } from "./sync-steps.ts";

export interface SyncDependencies {
  connections: ConnectionRepository;
  syncs: SyncRepository;
  connectors: ConnectorRegistry;
  cipher: TokenCipher;
  clock: AdsClock;
  logger: Logger;
  /** Days fetched when a connection is new. */
  backfillDays: number;
  retryPolicy?: Partial<RetryPolicy>;
  /** Counts runs, rows and platform errors for /metrics; none by default. */
  metrics?: Metrics;
  /** Where the ad level (ad groups, ads, ad-day metrics) is written; without it only campaigns sync. */
  ads?: AdSyncRepository;
  /** Where conversion actions and per-action counts are written; without it they are not synced. */
  conversions?: ConversionSyncRepository;
}

export interface SyncRequest {
  organizationId: string;
  connectionId: string;
  kind: SyncRunKind;
}

export type SyncOutcome = "succeeded" | "failed" | "skipped" | "retry";

/** How a sync ended; a "retry" carries the platform's wait when it named one. */
export interface SyncResult {
  outcome: SyncOutcome;
  retryAfterMs?: number;
}

/** Orders come in smaller pieces: a busy shop has hundreds a day. */
const ORDER_CHUNK_DAYS = 15;

/**
 * Chunks of one connection fetched at once: enough to overlap the platform's answer time with our
 * writes, few enough to stay well inside every platform's rate limits.
 */
const STEP_CONCURRENCY = 3;

/** Runs `work` over `items` with at most `size` at a time; false as soon as one says stop. */
async function runInPool<T>(items: T[], size: number, work: (item: T) => Promise<boolean>): Promise<boolean> {
  let next = 0;
  let isStopped = false;
  const worker = async () => {
    while (!isStopped && next < items.length) {
      const item = items[next] as T;
      next += 1;
      if (!(await work(item))) isStopped = true;
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(size, items.length) }, worker));
  const failure = results.find((result) => result.status === "rejected");
  if (failure) throw (failure as PromiseRejectedResult).reason;
  return !isStopped;
}

/**
 * One sync of one connection: a backfill when it is new, or the recent window again. Work is cut
 * into steps (an ad account's campaigns, then its metrics chunk by chunk); each step's rows are
 * upserted and the step is recorded, so a run interrupted by a crash resumes where it stopped and
 * a repeated step changes nothing.
 *
 * Returns "retry" when the job should run again later (a temporary failure before its last attempt).
 */
export async function syncConnection(
  deps: SyncDependencies,
  request: SyncRequest,
  attempt: { attempt: number; maxAttempts: number } = { attempt: 1, maxAttempts: 1 },
): Promise<SyncResult> {
  const metrics = deps.metrics ?? NO_METRICS;
  const counted = { platform: "unknown", rows: 0 };
  try {
    const result = await runSync(deps, request, attempt, metrics, counted);
    metrics.syncFinished(counted.platform, result.outcome, counted.rows);
    return result;
  } catch (error) {
    metrics.syncFinished(counted.platform, "failed", counted.rows);
    throw error;
  }
}

async function runSync(
  deps: SyncDependencies,
  request: SyncRequest,
  attempt: { attempt: number; maxAttempts: number },
  metrics: Metrics,
  counted: { platform: string; rows: number },
): Promise<SyncResult> {
  const connection = await deps.connections.findById(request.organizationId, request.connectionId);
  if (
    !connection ||
    connection.status === "disconnected" ||
    deps.connectors.modeOf(connection.platform) === "unavailable"
  )
    return { outcome: "skipped" };
  counted.platform = connection.platform;
  const now = await deps.clock.now();
  let run: SyncRunRecord | null = await deps.syncs.findRunningRun(connection.id);
  await deps.connections.setStatus(connection.id, "syncing");

  let session: PlatformSession | undefined;
  let retriesCounted = 0;
  const countRetries = async () => {
    if (!run || !session) return;
    await deps.syncs.addRetries(run.id, session.retries - retriesCounted);
    retriesCounted = session.retries;
  };
  try {
    session = openPlatformSession({
      connection,
      connections: deps.connections,
      cipher: deps.cipher,
      refresh: (tokens) =>
        isStorePlatform(connection.platform)
          ? deps.connectors.storeConnector(connection.platform).refreshTokens(tokens)
          : deps.connectors.adConnector(connection.platform as AdPlatformId).refreshTokens(tokens),
      retryPolicy: deps.retryPolicy,
      metrics,
    });
    const plan = await planSteps(deps, connection, session, request, now, run, attempt.attempt >= attempt.maxAttempts);
    run ??= await deps.syncs.startRun({
      organizationId: connection.organizationId,
      connectionId: connection.id,
      kind: request.kind,
      windowFrom: plan.window.from,
      windowTo: plan.window.to,
      stepsTotal: plan.steps.length,
      at: new Date(),
    });
    if (run.stepsTotal !== plan.steps.length) await deps.syncs.setStepsTotal(run.id, plan.steps.length);
    const openRun = run;
    let recording: Promise<void> = Promise.resolve();
    const runStep = async (step: Step): Promise<boolean> => {
      if (openRun.stepsDone.includes(step.key)) return true;
      // Disconnecting stops a running sync at the next step.
      const current = await deps.connections.findById(connection.organizationId, connection.id);
      if (!current || current.status === "disconnected") return false;
      const counts = await step.run();
      counted.rows += counts.rows;
      // An ad-level step that gave up stays undone (see ad-level-steps.ts): a resumed run tries it again.
      if (counts.isFailed) return true;
      // Steps finish concurrently; their bookkeeping (a read-modify-write of the run) goes one at a time.
      recording = recording.then(async () => {
        await deps.syncs.completeStep(openRun.id, step.key, counts);
        await countRetries();
      });
      await recording;
      return true;
    };
    // Campaign lists first (metrics attach to them), then the data chunks a few at a time; then the
    // same for the ad level (ad groups and ads, then ad-day chunks), so its failures come after the
    // campaign data is in.
    const stage = (isAdLevel: boolean, isPrerequisite: boolean) =>
      plan.steps.filter(
        (step) => Boolean(step.isAdLevel) === isAdLevel && Boolean(step.isPrerequisite) === isPrerequisite,
      );
    const stages: Array<[Step[], number]> = [
      [stage(false, true), 1],
      [stage(false, false), STEP_CONCURRENCY],
      [stage(true, true), 1],
      [stage(true, false), STEP_CONCURRENCY],
    ];
    let isComplete = true;
    for (const [steps, size] of stages) if (isComplete) isComplete = await runInPool(steps, size, runStep);
    if (!isComplete) {
      await deps.syncs.finishRun(run.id, "failed", "Disconnected while syncing.", new Date());
      return { outcome: "skipped" };
    }
    for (const adLevel of plan.adLevels) await adLevel.finish();
    // What the platform's recent days look like now, for the rules' conversion lag model. Secondary
    // to the sync itself: a failure here is logged, and the next sync records again.
    if (plan.lagToday)
      await deps.syncs
        .recordConversionLag(connection.organizationId, connection.platform, plan.lagToday)
        .catch((error: unknown) =>
          deps.logger.warn({ err: error, connection: connection.id }, "recording conversion lag failed"),
        );
    await deps.syncs.finishRun(run.id, "succeeded", null, new Date());
    await deps.connections.markSynced(connection.id, new Date());
    return { outcome: "succeeded" };
  } catch (error) {
    await countRetries().catch(() => {});
    const message = describeFailure(error);
    const isTemporary = error instanceof PlatformError ? error.isRetryable : !(error instanceof PlatformError);
    // Errors that are not the platform's count as an outage, as they are retried like one.
    const errorKind = error instanceof PlatformError ? error.kind : "unavailable";
    deps.logger.warn({ err: error, connection: connection.id, platform: connection.platform }, "sync failed");
    if (isTemporary && attempt.attempt < attempt.maxAttempts) {
      // The run stays open; the next attempt resumes it.
      await deps.connections.setStatus(connection.id, "syncing", message, errorKind);
      const retryAfterMs = error instanceof PlatformError ? error.retryAfterMs : null;
      return retryAfterMs === null ? { outcome: "retry" } : { outcome: "retry", retryAfterMs };
    }
    if (run) await deps.syncs.finishRun(run.id, "failed", message, new Date());
    else
      await deps.syncs
        .startRun({
          organizationId: connection.organizationId,
          connectionId: connection.id,
          kind: request.kind,
          windowFrom: calendarDateIn("UTC", now),
          windowTo: calendarDateIn("UTC", now),
          stepsTotal: 0,
          at: new Date(),
        })
        .then((failed) => deps.syncs.finishRun(failed.id, "failed", message, new Date()));
    await deps.connections.setStatus(connection.id, "error", message, errorKind);
    return { outcome: "failed" };
  }
}

/** What the user reads on the card and in the history: the platform's words, or a plain one. */
function describeFailure(error: unknown): string {
  if (error instanceof PlatformError) {
    if (error.kind === "access_revoked") return `Access was revoked: ${error.message} Reconnect to continue.`;
    return error.message;
  }
  return "Something went wrong while syncing. We will try again.";
}

async function planSteps(
  deps: SyncDependencies,
  connection: ConnectionRecord,
  session: PlatformSession,
  request: SyncRequest,
  now: Date,
  resumed: SyncRunRecord | null,
  isLastAttempt: boolean,
): Promise<{ window: DateRange; steps: Step[]; adLevels: AdLevelPlan[]; lagToday?: CalendarDate }> {
  const platform = connection.platform as PlatformId;
  const days =
    request.kind === "backfill" || !connection.lastSyncedAt
      ? deps.backfillDays
      : incrementalDays(connection, now, deps.backfillDays);

  if (isStorePlatform(platform)) {
    const connector = deps.connectors.storeConnector(platform);
    const to = resumed?.windowTo ?? calendarDateIn("UTC", now);
    const window = { from: resumed?.windowFrom ?? addDays(to, -(days - 1)), to };
    const steps = chunkWindow(window, ORDER_CHUNK_DAYS).map((chunk) => ({
      key: `orders:${chunk.from}`,
      run: async () => {
        const orders = await session.call((tokens) => connector.fetchPaidOrders(tokens, chunk));
        return { campaigns: 0, rows: await deps.syncs.upsertOrders(connection.organizationId, connection.id, orders) };
      },
    }));
    return { window, steps, adLevels: [] };
  }

  if (!isAdPlatform(platform)) throw new Error(`Unknown platform ${platform}`);
  const connector = deps.connectors.adConnector(platform);
  // New accounts since the connect are listed but left unmanaged until the team picks them.
  const external = await session.call((tokens) => connector.listAdAccounts(tokens));
  await deps.connections.upsertAdAccounts(connection.organizationId, connection.id, external, false);
  const accounts = (await deps.connections.listAdAccounts(connection.organizationId, connection.id)).filter(
    (account) => account.isManaged,
  );
  const localToday = (account: AdAccountRecord): CalendarDate => calendarDateIn(account.timeZone, now);
  // The accounts' latest local date: "today" for the window and for the lag model's ages.
  const latestToday = accounts
    .map(localToday)
    .reduce((latest, date) => (date > latest ? date : latest), calendarDateIn("UTC", now));
  const to = resumed?.windowTo ?? latestToday;
  const window = { from: resumed?.windowFrom ?? addDays(to, -(days - 1)), to };
  const steps: Step[] = [];
  const adLevels: AdLevelPlan[] = [];
  const conversionSteps: Step[] = [];
  for (const account of accounts) {
    const asExternal = {
      externalId: account.externalId,
      name: account.name,
      currency: account.currency,
      timeZone: account.timeZone,
      context: account.context,
    };
    steps.push({
      key: `campaigns:${account.id}`,
      isPrerequisite: true,
      run: async () => {
        const campaigns = await session.call((tokens) => connector.listCampaigns(tokens, asExternal));
        await deps.syncs.upsertCampaigns(connection.organizationId, account.id, campaigns);
        return { campaigns: campaigns.length, rows: 0 };
      },
    });
    // Planned with the account; they run after every campaign-level step (isAdLevel).
    const adLevel = deps.ads
      ? await planAdLevelSteps(
          { ads: deps.ads, logger: deps.logger, backfillDays: deps.backfillDays },
          {
            organizationId: connection.organizationId,
            account,
            asExternal,
            connector,
            session,
            window,
            kind: request.kind,
            now,
            isLastAttempt,
          },
        )
      : null;
    if (adLevel) adLevels.push(adLevel);
    // Conversion actions and per-action counts: after the campaign level too (isAdLevel).
    if (deps.conversions)
      conversionSteps.push(
        ...planConversionSteps(
          { conversions: deps.conversions, logger: deps.logger },
          {
            organizationId: connection.organizationId,
            platform,
            account,
            asExternal,
            connector,
            session,
            window,
            isLastAttempt,
          },
        ),
      );
    for (const chunk of chunkWindow(window, CHUNK_DAYS)) {
      steps.push({
        key: `metrics:${account.id}:${chunk.from}`,
        run: async () => {
          const metrics = await session.call((tokens) => connector.fetchDailyMetrics(tokens, asExternal, chunk));
          const campaignIds = await deps.syncs.campaignIdsOf(account.id);
          // Rows of campaigns the platform no longer lists (deleted) have nothing to attach to.
          const rows = metrics.flatMap((metric) => {
            const campaignId = campaignIds.get(metric.campaignExternalId);
            return campaignId ? [{ ...metric, campaignId }] : [];
          });
          return { campaigns: 0, rows: await deps.syncs.upsertDailyMetrics(connection.organizationId, rows) };
        },
      });
    }
  }
  for (const adLevel of adLevels) steps.push(...adLevel.steps);
  steps.push(...conversionSteps);
  return { window, steps, adLevels, lagToday: latestToday };
}

/** The late-conversion window, stretched back to the last sync when that is older. */
function incrementalDays(connection: ConnectionRecord, now: Date, backfillDays: number): number {
  return incrementalDaysSince(connection.lastSyncedAt ?? now, now, backfillDays);
}
