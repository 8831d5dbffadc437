import { PlatformError } from "#core/shared/connector-port.ts";

/**
 * The one retry policy for every platform call: capped exponential backoff with full jitter,
 * honouring the platform's own wait hint (Retry-After, Google's retryDelay) when it asks for longer.
 * Only throttling and outages are retried; everything else is the caller's to handle.
 */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Called before each wait, e.g. to count retries in the sync history. */
  onRetry?: (error: PlatformError, attempt: number, delayMs: number) => void;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Full jitter: a uniform wait in [0, min(cap, base × 2^(attempt−1))], but never less than the hint. */
export function retryDelayMs(attempt: number, error: PlatformError, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.round((policy.random ?? Math.random)() * ceiling);
  const hint = error.retryAfterMs ?? 0;
  // Asking again sooner than the platform said only earns another refusal.
  return Math.max(jittered, hint);
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function withRetry<T>(work: () => Promise<T>, policy: RetryPolicy = DEFAULT_RETRY_POLICY): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof PlatformError) || !error.isRetryable || attempt >= policy.maxAttempts) throw error;
      // A wait longer than our cap is not slept through here: holding a worker idle for a minute
      // helps nobody. The error goes up and the job runs again after the platform's wait.
      if (error.retryAfterMs !== null && error.retryAfterMs > policy.maxDelayMs) throw error;
      const delayMs = retryDelayMs(attempt, error, policy);
      policy.onRetry?.(error, attempt, delayMs);
      await (policy.sleep ?? sleepFor)(delayMs);
    }
  }
}
