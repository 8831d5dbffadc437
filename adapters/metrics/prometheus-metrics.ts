import { createRequire } from "node:module";
import type { QueueBacklog } from "#core/ports/job-queue.ts";
import type { Metrics } from "#core/ports/metrics.ts";

export interface PrometheusMetricsSources {
  /** The job queue's backlog per queue, read at each scrape. */
  backlog?: () => Promise<QueueBacklog[]>;
  /** The database's connections, read at each scrape. */
  pool?: () => { total: number; idle: number; waiting: number };
}

/** The HTTP side: one observation per answered request. */
export interface RequestMetrics {
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

export interface PrometheusMetrics extends Metrics, RequestMetrics {
  readonly contentType: string;
  /** The exposition text, in Prometheus' format. */
  render(): Promise<string>;
}

// Answers from a fraction of a millisecond (cached lists) to a few seconds (exports).
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"];

/**
 * The Prometheus registry of one process (prom-client lives here only): HTTP latency by route
 * pattern, syncs and platform errors as core reports them, the job backlog and the database's
 * connections read at scrape time, and the process' own (memory, CPU, event loop).
 */
export function createPrometheusMetrics(sources: PrometheusMetricsSources = {}): PrometheusMetrics {
  // Required here, not imported above: a process without METRICS_TOKEN never loads prom-client (~20 MB).
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = createRequire(import.meta.url)(
    "prom-client",
  ) as typeof import("prom-client");
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: "adhelm_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status class; its _count is the request rate.",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const syncRuns = new Counter({
    name: "adhelm_sync_runs_total",
    help: "Sync attempts that ended, by platform and outcome (succeeded, failed, skipped, retry).",
    labelNames: ["platform", "outcome"] as const,
    registers: [registry],
  });
  const syncRows = new Counter({
    name: "adhelm_sync_rows_total",
    help: "Rows written by syncs (campaign metrics, store orders), by platform.",
    labelNames: ["platform"] as const,
    registers: [registry],
  });
  const platformErrors = new Counter({
    name: "adhelm_platform_errors_total",
    help: "Failed ad-platform and store calls, by platform and kind; kind=throttled is the platform's rate limiting (429).",
    labelNames: ["platform", "kind"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "adhelm_job_queue_depth",
    help: "Jobs due and waiting to start, by queue.",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await sources.backlog?.()) ?? []) this.set({ queue: row.queue }, row.waiting);
    },
  });
  new Gauge({
    name: "adhelm_job_queue_oldest_wait_seconds",
    help: "How long the oldest due job of each queue has waited to start.",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await sources.backlog?.()) ?? []) this.set({ queue: row.queue }, row.oldestWaitSeconds);
    },
  });
  new Gauge({
    name: "adhelm_db_pool_connections",
    help: "Database connections: total and idle in the pool, and callers waiting for one (SQLite: one connection).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = sources.pool?.() ?? { total: 1, idle: 0, waiting: 0 };
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });

  return {
    contentType: registry.contentType,
    render: () => registry.metrics(),
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route, status: STATUS_CLASSES[Math.floor(status / 100) - 1] ?? "other" }, seconds);
    },
    syncFinished(platform, outcome, rows) {
      syncRuns.inc({ platform, outcome });
      if (rows > 0) syncRows.inc({ platform }, rows);
    },
    platformError(platform, kind) {
      platformErrors.inc({ platform, kind });
    },
  };
}
