import path from "node:path";
import { createLocalFileStorage } from "#adapters/file-storage.ts";
import { createDatabaseJobQueue } from "#adapters/jobs/database-job-queue.ts";
import { createPgBossJobQueue } from "#adapters/jobs/pg-boss-job-queue.ts";
import { createMailer } from "#adapters/mailer.ts";
import { createPrometheusMetrics, type PrometheusMetrics } from "#adapters/metrics/prometheus-metrics.ts";
import { classifyAddress, createOutboundFetch } from "#adapters/outbound-http.ts";
import { createBuiltinPaymentProvider } from "#adapters/payments/builtin-payment-provider.ts";
import { stripePaymentProviderFrom } from "#adapters/payments/stripe-payment-provider.ts";
import { createUnavailablePaymentProvider } from "#adapters/payments/unavailable-payment-provider.ts";
import { createS3FileStorage, s3StorageConfigFrom } from "#adapters/s3-file-storage.ts";
import type { AppServices } from "#app/lib/app-services.ts";
import { SALES_EMAIL } from "#app/lib/contact-addresses.ts";
import { createConnectorRegistry } from "#connectors/connector-registry.ts";
import { createAccountsModule } from "#core/accounts/accounts-module.ts";
import { createAuthServer } from "#core/accounts/auth-server.ts";
import { createIdentityRepository, type IdentityRepository } from "#core/accounts/identity-repository.ts";
import { createPreferencesRepository } from "#core/accounts/preferences-repository.ts";
import { createProfileRepository } from "#core/accounts/profile-repository.ts";
import { createAdCreationModule } from "#core/ads/ad-creation-module.ts";
import { createAdsModule } from "#core/ads/ads-module.ts";
import { createAnalyticsModule, createCampaignStoreRevenueDays } from "#core/analytics/analytics-module.ts";
import { createApiKeysModule } from "#core/api-keys/api-keys-module.ts";
import { createAssetsModule } from "#core/assets/assets-module.ts";
import { createAssistantModule } from "#core/assistant/assistant-module.ts";
import { createAskModule } from "#core/assistant/chat/ask-module.ts";
import { askPlanLimit } from "#core/assistant/chat/ask-plan-limit.ts";
import { createAuditLog } from "#core/audit/audit-log.ts";
import { createAuditModule } from "#core/audit/audit-module.ts";
import { type BillingBackground, createBillingBackground, createBillingModule } from "#core/billing/billing-module.ts";
import { createBillingRepository } from "#core/billing/billing-repository.ts";
import type { PaymentProvider } from "#core/billing/payment-provider.ts";
import { invoiceSellerFrom } from "#core/billing/render-invoice-pdf.ts";
import { BUDGET_ALERTS_CATALOG, budgetAlertsText } from "#core/budgets/budget-alerts-text.ts";
import {
  type BudgetsBackground,
  type BudgetsModuleDependencies,
  createBudgetsBackground,
  createBudgetsModule,
} from "#core/budgets/budgets-module.ts";
import { createCampaignsModule, INTERACTIVE_RETRY_POLICY } from "#core/campaigns/campaigns-module.ts";
import type { Env } from "#core/config/env.ts";
import { createConnectionsModule } from "#core/connections/connections-module.ts";
import { createAdPlatformAccess } from "#core/connections/platform-access.ts";
import { createPlatformAccessRevocation } from "#core/connections/revoke-platform-access.ts";
import { createSyncSchedule, type SyncSchedule } from "#core/connections/sync-schedule.ts";
import { createConversionsModule } from "#core/conversions/conversions-module.ts";
import { createDashboardModule } from "#core/dashboard/dashboard-module.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createGoalsModule } from "#core/goals/goals-module.ts";
import { createHealthModule } from "#core/health/health-module.ts";
import { MONITORING_CATALOG, monitoringAlertText } from "#core/monitoring/monitoring-alert-text.ts";
import { createMonitoringSchedule, type MonitoringSchedule } from "#core/monitoring/monitoring-jobs.ts";
import { createMonitoringModule, type MonitoringModule } from "#core/monitoring/monitoring-module.ts";
import { createNotificationsModule } from "#core/notifications/notifications-module.ts";
import { vapidSubjectFor } from "#core/notifications/web-push.ts";
import { createOnboardingModule } from "#core/onboarding/onboarding-module.ts";
import { monthBudgetOf } from "#core/optimizer/month-budget.ts";
import { optimizerAlertsText } from "#core/optimizer/optimizer-alerts-text.ts";
import { createOptimizerSchedule, type OptimizerSchedule } from "#core/optimizer/optimizer-background.ts";
import { createOptimizerModule, type OptimizerModuleDependencies } from "#core/optimizer/optimizer-module.ts";
import { OPTIMIZER_ALERTS_CATALOG, optimizerActor } from "#core/optimizer/run-daily-optimization.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { organizationTimeZone } from "#core/organizations/organization-time-zone.ts";
import { createOrganizationsModule } from "#core/organizations/organizations-module.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import type { Logger } from "#core/ports/logger.ts";
import { createPrivacyBackground, createPrivacyModule, type PrivacyBackground } from "#core/privacy/privacy-module.ts";
import { createRateLimitRepository, type RateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import { createConversionCompleteness } from "#core/rules/conversion-completeness.ts";
import { ruleAlertsText } from "#core/rules/rule-alerts-text.ts";
import { createRuleEngine } from "#core/rules/rule-engine.ts";
import {
  createRulesBackground,
  createRulesModule,
  type RulesBackground,
  type RulesModuleDependencies,
} from "#core/rules/rules-module.ts";
import { RULE_ALERTS_CATALOG } from "#core/rules/run-rule.ts";
import { createTokenCipher } from "#core/security/token-cipher.ts";
import { createSiteModule } from "#core/site/site-module.ts";
import { createAdsClock } from "#core/sync/ads-clock.ts";
import { createSyncModule, type SyncModule } from "#core/sync/sync-module.ts";
import { createSyncRepository } from "#core/sync/sync-repository.ts";
import { createTableViewsModule } from "#core/table-views/table-views-module.ts";
import { createTeamsModule } from "#core/teams/teams-module.ts";
import { createUtmHealthModule } from "#core/utm-health/utm-health-module.ts";
import { WEBHOOK_ALERTS_CATALOG, webhookAlertsText } from "#core/webhooks/webhook-alerts-text.ts";
import { createWebhooksModule } from "#core/webhooks/webhooks-module.ts";
import { createSandboxApp } from "#simulator/sandbox-app.ts";
import { SANDBOX_PLATFORMS } from "#simulator/sandbox-platforms.ts";
import { createSandboxStateRepository } from "#simulator/sandbox-state-repository.ts";
import { createPublicApi, type PublicApi } from "./api/public-api.ts";
import { clientAddressOf } from "./client-address.ts";
import { creativeMediaFetch, ownMediaPathOf } from "./routes/creative-media-fetch.ts";
import { sandboxCredentialsFor, sandboxDatabaseOf, sandboxHostOptions } from "./sandbox-host.ts";

/**
 * The composition root: every service the routes may call (AppServices, declared by the app layer
 * it serves), plus what only the server mounts, wired once per process.
 */
export interface ServerServices extends AppServices {
  /** The built-in sandbox, mounted at /sandbox when ADS_SANDBOX is on. */
  sandbox: ReturnType<typeof createSandboxApp> | null;
  /** The public API v1 (/api/v1/*, mounted by createApp), with requestAs for the /api page's Try it. */
  publicApi: PublicApi;
  /** The job queue; the background work (server/background.ts) starts and stops it. */
  jobs: JobQueue;
  /** The sync engine, which the queue's sync jobs run. */
  sync: SyncModule;
  /** The scheduler's tick: queue the due syncs, forget stale connect flows. */
  syncSchedule: SyncSchedule;
  /** Anomalies and operations alerts, which the queue's monitoring jobs run. */
  monitoring: MonitoringModule;
  /** The hourly tick that queues a monitoring run per organization. */
  monitoringSchedule: MonitoringSchedule;
  /** Reads of better-auth's tables for the auth routes' own rules and the demo seed. */
  identities: IdentityRepository;
  /** Uploaded files (avatars), served at /media. */
  storage: FileStorage;
  /** The rules' scheduler tick and the worker of their queue. */
  rulesBackground: RulesBackground;
  /** The budget plan for the optimizer (plan, suggested daily budget) and the pacing alerts' check and schedule. */
  budgetsBackground: BudgetsBackground;
  /** The optimizer's tick: queues the due daily runs and follow-ups. */
  optimizerSchedule: OptimizerSchedule;
  /** Building data exports, and the hourly purge of expired exports and due deletions. */
  privacyBackground: PrivacyBackground;
  /** The database handle, for /healthz. */
  database: DatabaseHandle;
  /** The rate-limit counters: the auth routes count on them, the boot prunes old windows. */
  rateLimits: RateLimitRepository;
  /** Payments: Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set; its webhooks come to /webhooks/stripe. */
  paymentProvider: PaymentProvider | null;
  /** Billing without a person: the trial's start, provider events, the hourly tick, limits and read-only. */
  billingBackground: BillingBackground;
  /** The process' Prometheus metrics, kept only when METRICS_TOKEN is set (served at /metrics). */
  metrics: PrometheusMetrics | null;
}

export interface ServiceOptions {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
}

export function createServices({ env, database, logger }: ServiceOptions): ServerServices {
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    dataDir: env.DATA_DIR,
    logger,
    printsBody: env.NODE_ENV === "development",
  });
  const profiles = createProfileRepository(database.db);
  const organizations = createOrganizationRepository(database.db);
  const cipher = createTokenCipher(env.AUTH_SECRET);
  // Live store URLs are user-typed: their calls go through the outbound guard (SSRF).
  const outboundFetch = createOutboundFetch({
    requireHttps: env.isProduction,
    allowPrivate: env.WOOCOMMERCE_ALLOW_PRIVATE,
  });
  const connectors = createConnectorRegistry(env, { outboundFetch, sandboxCredentials: sandboxCredentialsFor(env) });
  // Several nodes on PostgreSQL share pg-boss; the embedded default keeps jobs in our own tables.
  const jobs =
    database.dialect === "postgres" && env.DATABASE_URL
      ? createPgBossJobQueue({ connectionString: env.DATABASE_URL, logger })
      : createDatabaseJobQueue({ db: database.db, logger });
  const sandboxState = createSandboxStateRepository(sandboxDatabaseOf(database.db));
  const adsClock = createAdsClock(env.ADS_SANDBOX ? { offsetDays: () => sandboxState.getClockOffsetDays() } : {});
  const connectionsModule = createConnectionsModule({
    db: database.db,
    connectors,
    cipher,
    jobs,
    appUrl: env.APP_URL,
    // The sync engine's run history, which each card shows.
    syncHistory: createSyncRepository(database.db),
    logger,
  });
  const analytics = createAnalyticsModule({ db: database.db, clock: adsClock });
  const campaigns = createCampaignsModule({
    db: database.db,
    openAdPlatform: createAdPlatformAccess({
      db: database.db,
      connectors,
      cipher,
      retryPolicy: INTERACTIVE_RETRY_POLICY,
    }).openAdPlatform,
    analytics,
  });
  const rateLimits = createRateLimitRepository(database.db);
  // S3_BUCKET set: an S3-compatible store every node shares (the SDK loads on first use); else DATA_DIR/uploads.
  const s3Storage = s3StorageConfigFrom(env);
  const storage = s3Storage
    ? createS3FileStorage(s3Storage)
    : createLocalFileStorage(path.join(env.DATA_DIR, "uploads"));
  const auth = createAuthServer({ env, database, mailer, logger, profiles, organizations });
  const apiKeys = createApiKeysModule({
    db: database.db,
    cacheTtlMs: env.API_KEY_CACHE_SECONDS * 1000,
    // The reminder, 7 days before a key expires.
    mailer,
    logger,
    tryIt: {
      listCampaigns: campaigns.listCampaigns,
      listIntegrations: connectionsModule.listIntegrations,
      minimumDailyBudgetMinor: (platform, currency) => connectors.minimumDailyBudgetMinor(platform, currency),
      // The API below, built after the keys it authenticates with.
      requestAs: (as, request) => services.publicApi.requestAs(as, request),
      appUrl: env.APP_URL,
    },
  });
  // Rules act through the campaigns slice as the rule itself, with the background retry policy:
  // nobody waits on a scheduled run, and a platform's hiccup should not fail its change.
  const ruleCampaigns = createCampaignsModule({
    db: database.db,
    openAdPlatform: createAdPlatformAccess({ db: database.db, connectors, cipher }).openAdPlatform,
    analytics,
  });
  const rulesDependencies: RulesModuleDependencies = {
    db: database.db,
    clock: adsClock,
    jobs,
    engine: createRuleEngine({ db: database.db, clock: adsClock }),
    timeZoneOf: (organizationId) => organizationTimeZone(database.db, organizationId),
    applyCampaignChanges: ruleCampaigns.applyCampaignChanges,
    setCampaignLabels: ruleCampaigns.setCampaignLabels,
    notify: (notification) => services.notifications.notify(notification),
    publishWebhookEvent: (event) => services.webhooks.publishWebhookEvent(event),
    isReadOnly: async (organizationId) => (await services.billingBackground.readOnlyOf(organizationId)) !== null,
  };
  const budgetsDependencies: BudgetsModuleDependencies = {
    db: database.db,
    clock: adsClock,
    getGoals: (actor) => services.goals.getGoals(actor),
    notify: (notification) => services.notifications.notify(notification),
    timeZoneOf: (organizationId) => organizationTimeZone(database.db, organizationId),
  };
  // The optimizer reads the plan and pacing (budgets), store revenue per campaign (analytics) and
  // the rules' lag model; a person's apply waits on the interactive retry policy, Adhelm's on the
  // background one.
  const optimizerDependencies: OptimizerModuleDependencies = {
    db: database.db,
    clock: adsClock,
    timeZoneOf: (organizationId) => organizationTimeZone(database.db, organizationId),
    loadPlan: (organizationId) => services.budgetsBackground.loadBudgetPlan(organizationId),
    monthBudget: async (organizationId) =>
      monthBudgetOf(await services.budgets.getBudgetPacing(optimizerActor(organizationId))),
    storeRevenueDays: createCampaignStoreRevenueDays({ db: database.db }),
    conversionCompleteness: createConversionCompleteness({ db: database.db, clock: adsClock }),
    minimumDailyBudgetMinor: (platform, currency) => connectors.minimumDailyBudgetMinor(platform, currency),
    applyCampaignChanges: (actor, input) =>
      (actor.kind === "system" ? ruleCampaigns : campaigns).applyCampaignChanges(actor, input),
    isAutomationPaused: async (organizationId) =>
      (await services.rules.getAutomationSettings(optimizerActor(organizationId))).paused,
    notify: (notification) => services.notifications.notify(notification),
  };
  const privacyDependencies = {
    db: database.db,
    storage,
    queue: jobs,
    mailer,
    audit: createAuditLog(database.db),
    logger,
    appUrl: env.APP_URL,
  };
  const paymentProvider = stripePaymentProviderFrom(env, logger);
  // Without Stripe keys, the built-in test provider (its checkout and portal are pages of the app),
  // unless PAYMENTS_SANDBOX is off (production's default): then nothing can be paid.
  const builtinPayments =
    paymentProvider || !env.PAYMENTS_SANDBOX
      ? null
      : createBuiltinPaymentProvider({
          db: database.db,
          appUrl: env.APP_URL,
          onEvent: (event) => services.billingBackground.handleProviderEvent(event),
        });
  const billingDependencies = {
    db: database.db,
    provider: paymentProvider ?? builtinPayments ?? createUnavailablePaymentProvider(),
    mailer,
    appUrl: env.APP_URL,
    salesEmail: SALES_EMAIL,
    seller: invoiceSellerFrom(env.INVOICE_SELLER),
  };
  // Nobody can read the metrics without a token: then nothing counts them, and no request pays for it.
  const metrics = env.METRICS_TOKEN
    ? createPrometheusMetrics({
        backlog: jobs.backlog ? () => jobs.backlog?.() ?? Promise.resolve([]) : undefined,
        pool: database.poolStats ? () => database.poolStats?.() ?? { total: 1, idle: 0, waiting: 0 } : undefined,
      })
    : null;
  const services: ServerServices = {
    metrics,
    billing: createBillingModule(billingDependencies),
    billingBackground: createBillingBackground(billingDependencies),
    builtinPayments,
    database,
    paymentProvider,
    rateLimits,
    storage,
    auth,
    identities: createIdentityRepository(database.db),
    accounts: createAccountsModule({ db: database.db, storage, auth }),
    // Uploaded creatives: checked in DATA_DIR/upload-work before they reach the storage.
    assets: createAssetsModule({
      db: database.db,
      storage,
      workDirectory: path.join(env.DATA_DIR, "upload-work"),
      fetchCreativeMedia: creativeMediaFetch(env),
      ownPathOf: ownMediaPathOf(env),
    }),
    organizations: createOrganizationsModule({
      db: database.db,
      storage,
      // Every new organization starts its 14-day Professional trial (issue 19 §3).
      onOrganizationCreated: (organizationId) => services.billingBackground.startTrial(organizationId),
    }),
    dashboard: createDashboardModule({
      db: database.db,
      clock: adsClock,
      getDashboardAnalytics: analytics.getDashboardAnalytics,
      getGoalProgress: (actor, input) => services.goals.getGoalProgress(actor, input),
      getOnboardingProgress: (actor) => services.onboarding.getOnboardingProgress(actor),
    }),
    analytics,
    // Synced ad groups, ads and creatives with their metrics and fatigue (issue 20).
    ads: createAdsModule({ db: database.db, clock: adsClock }),
    // Ads created on the platforms from uploaded images (issue 20 §2).
    adCreation: createAdCreationModule({
      db: database.db,
      openAdPlatform: createAdPlatformAccess({
        db: database.db,
        connectors,
        cipher,
        retryPolicy: INTERACTIVE_RETRY_POLICY,
      }).openAdPlatform,
      readUpload: (actor, assetId) => services.assets.getAssetFile(actor, { assetId, variant: "file" }),
      createsImageAds: (platform) =>
        connectors.modeOf(platform) !== "unavailable" &&
        typeof connectors.adConnector(platform).createImageAd === "function",
    }),
    // Which conversion actions count and the revenue truth (issue 20 §3); changes recompute history.
    conversions: createConversionsModule({ db: database.db, clock: adsClock }),
    // The UTM health check of the ads and its one-click fix of their URL suffix (issue 20 §3).
    utmHealth: createUtmHealthModule({
      db: database.db,
      clock: adsClock,
      openAdPlatform: createAdPlatformAccess({
        db: database.db,
        connectors,
        cipher,
        retryPolicy: INTERACTIVE_RETRY_POLICY,
      }).openAdPlatform,
    }),
    // Ask Adhelm's and the MCP server's tools: the same use cases as the pages (issue 21).
    assistant: createAssistantModule({
      modules: () => services,
      timeZoneOf: (organizationId) => organizationTimeZone(database.db, organizationId),
    }),
    // Ask Adhelm's conversations and answers (the model, or the built-in catalogue) over those tools.
    ask: createAskModule({
      db: database.db,
      toolsFor: (actor) => services.assistant.tools.toolsFor(actor),
      model: env.LLM_BASE_URL ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL } : null,
      questionLimitOf: askPlanLimit(createBillingRepository(database.db)),
      confirmProposal: async (actor, proposal) => (await services.assistant.confirmProposal(actor, proposal)).changeId,
      undoChange: async (actor, changeId) => {
        await services.campaigns.undoCampaignChange(actor, { changeId });
      },
    }),
    goals: createGoalsModule({
      db: database.db,
      listIntegrations: connectionsModule.listIntegrations,
      getScopeTotals: (actor, range) => analytics.getScopeTotals(actor, { range }),
    }),
    onboarding: createOnboardingModule({ db: database.db }),
    health: createHealthModule({ db: database.db, retryMinutes: env.SYNC_INTERVAL_MINUTES }),
    tableViews: createTableViewsModule({ db: database.db }),
    site: createSiteModule({ db: database.db, rateLimits, mailer, logger, env }),
    campaigns,
    connections: connectionsModule,
    jobs,
    sync: createSyncModule({
      db: database.db,
      connectors,
      cipher,
      clock: adsClock,
      logger,
      backfillDays: env.SYNC_BACKFILL_DAYS,
      metrics: metrics ?? undefined,
    }),
    syncSchedule: createSyncSchedule({ db: database.db, requestSync: connectionsModule.requestSync }),
    sandbox: null,
    apiKeys,
    audit: createAuditModule({ db: database.db }),
    teams: createTeamsModule({ db: database.db, mailer, appUrl: env.APP_URL, onApiKeysRevoked: apiKeys.forgetApiKeys }),
    webhooks: createWebhooksModule({
      db: database.db,
      cipher,
      jobs,
      // Webhook URLs are user-typed too: a second guard, with the webhooks' own private-network switch.
      fetch: createOutboundFetch({
        requireHttps: env.isProduction,
        allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
        timeoutMs: 10_000,
        maxResponseBytes: 1024 * 1024,
      }),
      addressPolicy: { requireHttps: env.isProduction, allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE, classifyAddress },
      appUrl: env.APP_URL,
      // A delivery that gave up after a day tells the team.
      notify: (notification) => services.notifications.notify(notification),
    }),
    notifications: createNotificationsModule({
      db: database.db,
      preferences: createPreferencesRepository(database.db),
      // The catalogs notifications are raised from, by name: the rules' and monitoring's go here.
      messageCatalogs: {
        [MONITORING_CATALOG]: monitoringAlertText,
        [RULE_ALERTS_CATALOG]: ruleAlertsText,
        [WEBHOOK_ALERTS_CATALOG]: webhookAlertsText,
        [BUDGET_ALERTS_CATALOG]: budgetAlertsText,
        [OPTIMIZER_ALERTS_CATALOG]: optimizerAlertsText,
      },
      mailer,
      cipher,
      authSecret: env.AUTH_SECRET,
      appUrl: env.APP_URL,
      publishWebhookEvent: (event) => services.webhooks.publishWebhookEvent(event),
      // A push endpoint comes from a browser: the outbound guard, https only in production.
      pushFetch: createOutboundFetch({
        requireHttps: env.isProduction,
        timeoutMs: 10_000,
        maxResponseBytes: 64 * 1024,
      }),
      vapidSubject: vapidSubjectFor(env.APP_URL, env.MAIL_FROM),
      requireHttpsPush: env.isProduction,
      logger,
    }),
    monitoring: createMonitoringModule({
      db: database.db,
      clock: adsClock,
      // The rules' lag model: conversion metrics are judged on days that are mature for their platform.
      conversionCompleteness: createConversionCompleteness({ db: database.db, clock: adsClock }),
      notify: (notification) => services.notifications.notify(notification),
      publishWebhookEvent: (event) => services.webhooks.publishWebhookEvent(event),
    }),
    monitoringSchedule: createMonitoringSchedule({ db: database.db, jobs }),
    rules: createRulesModule(rulesDependencies),
    rulesBackground: createRulesBackground(rulesDependencies),
    budgets: createBudgetsModule(budgetsDependencies),
    budgetsBackground: createBudgetsBackground({ ...budgetsDependencies, jobs }),
    optimizer: createOptimizerModule(optimizerDependencies),
    optimizerSchedule: createOptimizerSchedule({
      db: database.db,
      jobs,
      clock: adsClock,
      timeZoneOf: optimizerDependencies.timeZoneOf,
      listOrganizationsWithDailyRun: () => services.budgetsBackground.listOrganizationsWithDailyRun(),
    }),
    publicApi: createPublicApi({ env, logger, db: database.db, apiKeys, services: () => services }),
    privacy: createPrivacyModule(privacyDependencies),
    privacyBackground: createPrivacyBackground({
      ...privacyDependencies,
      // The purge asks the platforms to drop a deleted organization's grants where they allow it.
      revokePlatformAccess: createPlatformAccessRevocation({ db: database.db, connectors, cipher, logger })
        .revokePlatformAccess,
    }),
  };
  if (env.ADS_SANDBOX)
    services.sandbox = createSandboxApp({
      // The sandbox's own tables in our database, and our rate-limit counter (sandbox-host.ts).
      ...sandboxHostOptions(database.db),
      secret: env.AUTH_SECRET,
      platforms: SANDBOX_PLATFORMS,
      logger,
      shapeFor: sandboxShapeOf(env.ADS_SANDBOX_SHAPE),
      // The sandbox market is seeded per organization: the one the visitor works in.
      resolveTenant: async (c) =>
        (await services.accounts.getViewerContext(c.req.raw.headers))?.organization.organizationId ?? null,
      // Consent redirects and WooCommerce's key POST go to our own callbacks only.
      appUrl: env.APP_URL,
      clientAddress: (c) => clientAddressOf(c, env),
    });
  return services;
}

/** ADS_SANDBOX_SHAPE ("1x50") as the market engine's size override for every tenant and platform. */
function sandboxShapeOf(shape: string | undefined) {
  if (!shape) return undefined;
  const [accounts, campaignsPerAccount] = shape.split("x").map(Number) as [number, number];
  return () => ({ accounts, campaignsPerAccount });
}
