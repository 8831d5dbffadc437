import {
  API_KEY_EXPIRY_INTERVAL_MS,
  queueApiKeyExpiryReminders,
  registerApiKeyJobs,
} from "#core/api-keys/api-key-jobs.ts";
import { BILLING_TICK_INTERVAL_MS, queueBillingTick, registerBillingJobs } from "#core/billing/billing-jobs.ts";
import { PACING_CHECK_INTERVAL_MS, registerBudgetJobs } from "#core/budgets/budget-jobs.ts";
import type { Env } from "#core/config/env.ts";
import { MONITORING_INTERVAL_MS, registerMonitoringJobs } from "#core/monitoring/monitoring-jobs.ts";
import { DIGEST_TICK_MS, queueDigestRun, registerNotificationJobs } from "#core/notifications/notification-jobs.ts";
import { OPTIMIZER_TICK_MS, registerOptimizerJobs } from "#core/optimizer/optimizer-background.ts";
import type { Logger } from "#core/ports/logger.ts";
import { PRIVACY_PURGE_INTERVAL_MS, queuePrivacyPurge, registerPrivacyJobs } from "#core/privacy/privacy-jobs.ts";
import { registerRuleJobs } from "#core/rules/rule-scheduler.ts";
import { registerSyncJobs } from "#core/sync/sync-jobs.ts";
import { registerWebhookJobs } from "#core/webhooks/webhook-jobs.ts";
import { registerDemoAutomationJobs } from "./demo-automation.ts";
import type { ServerServices } from "./services.ts";

const SCHEDULER_TICK_MS = 60_000;
const OAUTH_STATE_RETENTION_MS = 24 * 60 * 60 * 1000;
const JOB_STOP_TIMEOUT_MS = 3_000;

export interface BackgroundWork {
  stop(): Promise<void>;
}

/**
 * The work that runs beside the HTTP server: the job queue (syncs) and a once-a-minute scheduler
 * that queues the incremental sync of every connection that is due. On several nodes each one
 * ticks; the singleton key per connection keeps the queue free of duplicates.
 */
export async function startBackgroundWork({
  env,
  services,
  logger,
}: {
  env: Env;
  services: ServerServices;
  logger: Logger;
}): Promise<BackgroundWork> {
  // After each good sync of an ad platform, the organization's monitoring run is queued (besides the hourly one).
  registerSyncJobs(services.jobs, services.sync, async (completed) => {
    await services.monitoringSchedule
      .queueMonitoringAfterSync(completed)
      .catch((error: unknown) => logger.warn({ err: error }, "monitoring run after sync not queued"));
    await services.budgetsBackground
      .queuePacingCheckAfterSync(completed)
      .catch((error: unknown) => logger.warn({ err: error }, "pacing check after sync not queued"));
  });
  registerMonitoringJobs(services.jobs, services.monitoring);
  registerBudgetJobs(services.jobs, services.budgetsBackground);
  registerOptimizerJobs(
    services.jobs,
    services.optimizer,
    async (organizationId) => (await services.billingBackground.readOnlyOf(organizationId)) !== null,
  );
  registerWebhookJobs(services.jobs, services.webhooks);
  registerNotificationJobs(services.jobs, services.notifications);
  registerRuleJobs(services.jobs, services.rulesBackground.workRuleRun);
  registerPrivacyJobs(services.jobs, services.privacyBackground);
  registerBillingJobs(services.jobs, services.billingBackground);
  registerApiKeyJobs(services.jobs, services.apiKeys.remindExpiringApiKeys);
  registerDemoAutomationJobs(services);
  await services.jobs.start();
  const tick = async () => {
    try {
      // Each due sync is queued, and later run, as Adhelm acting for the connection's organization.
      const queued = await services.syncSchedule.queueDueSyncs(env.SYNC_INTERVAL_MINUTES);
      if (queued > 0) logger.info({ queued }, "syncs queued");
      await services.syncSchedule.forgetExpiredOAuthStates(new Date(Date.now() - OAUTH_STATE_RETENTION_MS));
    } catch (error) {
      logger.warn({ err: error }, "sync scheduler tick failed");
    }
    try {
      // Each due slot of a rule is claimed once across nodes and queued; its job acts as the rule.
      const queued = await services.rulesBackground.queueDueRules();
      if (queued > 0) logger.info({ queued }, "rule runs queued");
    } catch (error) {
      logger.warn({ err: error }, "rule scheduler tick failed");
    }
    try {
      // A delivery whose job was lost (a crash between storing and queueing) is queued again.
      await services.webhooks.queueDueWebhookDeliveries();
    } catch (error) {
      logger.warn({ err: error }, "webhook sweep failed");
    }
  };
  const timer = setInterval(() => void tick(), SCHEDULER_TICK_MS);
  timer.unref();
  // The daily digests: a run every few minutes sends those that are due (08:00 in each person's zone).
  const queueDigests = () =>
    void queueDigestRun(services.jobs).catch((error: unknown) => logger.warn({ err: error }, "digest run not queued"));
  const digestTimer = setInterval(queueDigests, DIGEST_TICK_MS);
  digestTimer.unref();
  // Monitoring, hourly for every organization with a connection (syncs run every 30 minutes by default).
  const queueMonitoring = () =>
    void services.monitoringSchedule
      .queueMonitoringRuns()
      .catch((error: unknown) => logger.warn({ err: error }, "monitoring runs not queued"));
  const monitoringTimer = setInterval(queueMonitoring, MONITORING_INTERVAL_MS);
  monitoringTimer.unref();
  // Pacing, hourly for every organization with a monthly budget; an alert goes out once a day at most.
  const queuePacing = () =>
    void services.budgetsBackground
      .queuePacingChecks()
      .catch((error: unknown) => logger.warn({ err: error }, "pacing checks not queued"));
  const pacingTimer = setInterval(queuePacing, PACING_CHECK_INTERVAL_MS);
  pacingTimer.unref();
  // The optimizer: each organization's daily run (about 06:00 its time) and the follow-ups due.
  const queueOptimizer = () =>
    void services.optimizerSchedule
      .queueDueOptimizerWork()
      .catch((error: unknown) => logger.warn({ err: error }, "optimizer work not queued"));
  const optimizerTimer = setInterval(queueOptimizer, OPTIMIZER_TICK_MS);
  optimizerTimer.unref();
  // Privacy: expired export files go, and deletions whose 30 days are over run (hourly, once across nodes).
  const queuePurge = () =>
    void queuePrivacyPurge(services.jobs).catch((error: unknown) =>
      logger.warn({ err: error }, "privacy purge not queued"),
    );
  const purgeTimer = setInterval(queuePurge, PRIVACY_PURGE_INTERVAL_MS);
  purgeTimer.unref();
  queuePurge();
  // Billing: trial reminders and ends, renewals and dunning retries (hourly, once across nodes).
  const queueBilling = () =>
    void queueBillingTick(services.jobs).catch((error: unknown) =>
      logger.warn({ err: error }, "billing tick not queued"),
    );
  const billingTimer = setInterval(queueBilling, BILLING_TICK_INTERVAL_MS);
  billingTimer.unref();
  queueBilling();
  // API keys: each key's creator is mailed once, 7 days before it expires (daily, once across nodes).
  const queueApiKeyReminders = () =>
    void queueApiKeyExpiryReminders(services.jobs).catch((error: unknown) =>
      logger.warn({ err: error }, "API key expiry reminders not queued"),
    );
  const apiKeyTimer = setInterval(queueApiKeyReminders, API_KEY_EXPIRY_INTERVAL_MS);
  apiKeyTimer.unref();
  queueApiKeyReminders();
  void tick();
  logger.info({ queue: services.jobs.kind, intervalMinutes: env.SYNC_INTERVAL_MINUTES }, "background jobs started");
  return {
    async stop() {
      clearInterval(timer);
      clearInterval(digestTimer);
      clearInterval(monitoringTimer);
      clearInterval(pacingTimer);
      clearInterval(optimizerTimer);
      clearInterval(purgeTimer);
      clearInterval(billingTimer);
      clearInterval(apiKeyTimer);
      // A sync cut short resumes at the next start, so shutdown does not wait long for one.
      await services.jobs.stop(JOB_STOP_TIMEOUT_MS);
    },
  };
}
