/**
 * When a failed delivery is tried again: after 1 minute, 5 minutes, 30 minutes, 2 hours, 6 hours,
 * then every 12 hours, each with up to ±10% jitter (so the endpoints of one outage are not all
 * retried at the same second), for 24 hours after the event; then the delivery has failed.
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];
export const RETRY_WINDOW_MS = 24 * 3_600_000;

/** The moment of the next try after `attempts` failed ones, or null once it would fall past the window. */
export function nextAttemptAt(input: {
  attempts: number;
  createdAt: Date;
  now: Date;
  random: () => number;
}): Date | null {
  const base = RETRY_DELAYS_MS[Math.min(input.attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
  const delay = Math.round((base as number) * (0.9 + 0.2 * input.random()));
  const next = new Date(input.now.getTime() + delay);
  return next.getTime() - input.createdAt.getTime() > RETRY_WINDOW_MS ? null : next;
}
