/**
 * What core counts for operations (/metrics). The server wires the Prometheus adapter
 * (adapters/metrics/); without it, and in core's own tests, nothing is counted.
 */
export interface Metrics {
  /** A sync run ended (one attempt): its outcome and the rows it wrote. */
  syncFinished(platform: string, outcome: "succeeded" | "failed" | "skipped" | "retry", rows: number): void;
  /** A platform call failed; `kind` is the PlatformError's kind ("throttled", "unavailable", …). */
  platformError(platform: string, kind: string): void;
}

export const NO_METRICS: Metrics = {
  syncFinished() {},
  platformError() {},
};
