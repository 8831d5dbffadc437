import type { ApiUsageRepository } from "./api-usage-repository.ts";

const MINUTE_MS = 60_000;

/** One limit as the RateLimit headers describe it. */
export interface LimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window starts afresh. */
  resetSeconds: number;
  windowSeconds: number;
}

export interface ApiCallDecision {
  /** null when the call is allowed; else which limit refused it. */
  refusal: null | "rate_limited" | "usage_limit_exceeded";
  perMinute: LimitState;
  /** null for an unlimited plan. */
  perMonth: LimitState | null;
}

export interface ApiCaller {
  apiKeyId: string;
  organizationId: string;
  /** The plan's API calls a month; null means unlimited. */
  monthlyLimit: number | null;
}

/**
 * Counts API calls without a database write per call: a per-key fixed one-minute window kept in
 * memory, and the organization's calls this UTC month, read once and then counted in memory and
 * added to `api_usage` in batches (flush, about every second). After each flush a node knows the
 * total of every node's flushed calls, so on several nodes the monthly limit can be overshot by
 * about a second of traffic, and the per-minute limit applies per node.
 */
export interface ApiCallMeter {
  admit(caller: ApiCaller): Promise<ApiCallDecision>;
  /** Writes the calls counted since the last flush; kept for the next flush if the write fails. */
  flush(): Promise<void>;
  /** Calls counted but not written yet. */
  pendingCalls(): number;
}

interface MinuteWindow {
  startMs: number;
  count: number;
}

interface MonthUsage {
  organizationId: string;
  period: string;
  /** The stored total as last read or written. */
  stored: number;
  /** Counted here and not flushed yet. */
  pending: number;
  /** The first read of the stored total, while it runs. */
  loading: Promise<void> | null;
  isLoaded: boolean;
}

/** The UTC month of `nowMs`, YYYY-MM. */
export function usagePeriodOf(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 7);
}

interface Month {
  period: string;
  startMs: number;
  endMs: number;
}

function monthOf(nowMs: number): Month {
  const now = new Date(nowMs);
  const startMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const endMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return { period: usagePeriodOf(nowMs), startMs, endMs };
}

export function createApiCallMeter({
  repository,
  perMinuteLimit,
  now = Date.now,
}: {
  repository: ApiUsageRepository;
  perMinuteLimit: number;
  now?: () => number;
}): ApiCallMeter {
  const minutes = new Map<string, MinuteWindow>();
  // Computed once a month rather than on every call.
  let month = monthOf(now());
  const currentMonth = (nowMs: number) => {
    if (nowMs >= month.endMs || nowMs < month.startMs) month = monthOf(nowMs);
    return month;
  };
  /** Keyed by organization and month; a past month stays until its calls are flushed. */
  const months = new Map<string, MonthUsage>();

  function monthUsageOf(organizationId: string, period: string, needsStoredTotal: boolean): MonthUsage {
    const key = `${organizationId}|${period}`;
    let usage = months.get(key);
    if (!usage) {
      usage = { organizationId, period, stored: 0, pending: 0, loading: null, isLoaded: false };
      months.set(key, usage);
    }
    if (needsStoredTotal && !usage.isLoaded && !usage.loading) {
      const loadingUsage = usage;
      loadingUsage.loading = repository.countCalls(organizationId, period).then(
        (stored) => {
          loadingUsage.stored = Math.max(loadingUsage.stored, stored);
          loadingUsage.isLoaded = true;
          loadingUsage.loading = null;
        },
        (error: unknown) => {
          loadingUsage.loading = null;
          throw error;
        },
      );
    }
    return usage;
  }

  return {
    async admit(caller) {
      const nowMs = now();
      const { period, startMs, endMs } = currentMonth(nowMs);
      const usage = monthUsageOf(caller.organizationId, period, caller.monthlyLimit !== null);
      if (usage.loading) await usage.loading;

      const windowStart = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
      let minute = minutes.get(caller.apiKeyId);
      if (!minute || minute.startMs !== windowStart) {
        minute = { startMs: windowStart, count: 0 };
        minutes.set(caller.apiKeyId, minute);
      }
      const used = usage.stored + usage.pending;
      const isMinuteFull = minute.count >= perMinuteLimit;
      const isMonthFull = caller.monthlyLimit !== null && used >= caller.monthlyLimit;
      const refusal = isMinuteFull ? "rate_limited" : isMonthFull ? "usage_limit_exceeded" : null;
      if (refusal === null) {
        minute.count += 1;
        usage.pending += 1;
      }
      return {
        refusal,
        perMinute: {
          limit: perMinuteLimit,
          remaining: Math.max(0, perMinuteLimit - minute.count),
          resetSeconds: Math.ceil((windowStart + MINUTE_MS - nowMs) / 1000),
          windowSeconds: MINUTE_MS / 1000,
        },
        perMonth:
          caller.monthlyLimit === null
            ? null
            : {
                limit: caller.monthlyLimit,
                remaining: Math.max(0, caller.monthlyLimit - usage.stored - usage.pending),
                resetSeconds: Math.ceil((endMs - nowMs) / 1000),
                windowSeconds: (endMs - startMs) / 1000,
              },
      };
    },

    async flush() {
      const flushing = [...months.values()]
        .filter((usage) => usage.pending > 0)
        .map((usage) => ({ usage, calls: usage.pending }));
      if (flushing.length > 0) {
        // One transaction: on failure nothing was written and everything stays pending.
        const totals = await repository.addCalls(
          flushing.map(({ usage, calls }) => ({ organizationId: usage.organizationId, period: usage.period, calls })),
        );
        flushing.forEach(({ usage, calls }, index) => {
          usage.pending -= calls;
          // The written total includes every node's flushed calls: the freshest view there is.
          usage.stored = totals[index] ?? usage.stored;
          usage.isLoaded = true;
        });
      }
      const { period } = currentMonth(now());
      for (const [key, usage] of months) if (usage.period !== period && usage.pending === 0) months.delete(key);
    },

    pendingCalls() {
      let pending = 0;
      for (const usage of months.values()) pending += usage.pending;
      return pending;
    },
  };
}
