import path from "node:path";
import { createLocalFileStorage } from "#adapters/file-storage.ts";
import { createDatabaseJobQueue } from "#adapters/jobs/database-job-queue.ts";
import { createPgBossJobQueue } from "#adapters/jobs/pg-boss-job-queue.ts";
import { createMailer } from "#adapters/mailer.ts";
import { createOutboundFetch } from "#adapters/outbound-http.ts";
import type { AppServices } from "#app/lib/app-services.ts";
import { createConnectorRegistry } from "#connectors/connector-registry.ts";
import { createAuthServer } from "#core/accounts/auth-server.ts";
import { getViewerContext } from "#core/accounts/get-viewer.ts";
import { createIdentityRepository } from "#core/accounts/identity-repository.ts";
import { createPreferencesRepository } from "#core/accounts/preferences-repository.ts";
import { createProfileRepository } from "#core/accounts/profile-repository.ts";
import { createAnalyticsRepository } from "#core/analytics/analytics-repository.ts";
import { createApiKeyDependencies } from "#core/api-keys/api-key-dependencies.ts";
import { INTERACTIVE_RETRY_POLICY } from "#core/campaigns/campaign-change-dependencies.ts";
import { createCampaignRepository } from "#core/campaigns/campaign-repository.ts";
import { createChangeLogRepository } from "#core/campaigns/change-log-repository.ts";
import { createJobApplicationRepository } from "#core/careers/job-application-repository.ts";
import type { Env } from "#core/config/env.ts";
import { createConnectionRepository } from "#core/connections/connection-repository.ts";
import type { IntegrationDependencies } from "#core/connections/integration-dependencies.ts";
import { createDashboardRepository } from "#core/dashboard/dashboard-repository.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createGoalRepository } from "#core/goals/goal-repository.ts";
import { createNewsletterRepository } from "#core/newsletter/newsletter-repository.ts";
import { createOnboardingRepository } from "#core/onboarding/onboarding-repository.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import type { Logger } from "#core/ports/logger.ts";
import { createRateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import { createTokenCipher } from "#core/security/token-cipher.ts";
import { createContactMessageRepository } from "#core/support/contact-message-repository.ts";
import { createAdsClock } from "#core/sync/ads-clock.ts";
import { createSyncRepository } from "#core/sync/sync-repository.ts";
import { createSandboxApp } from "#simulator/sandbox-app.ts";
import { SANDBOX_PLATFORMS } from "#simulator/sandbox-platforms.ts";
import { createSandboxStateRepository } from "#simulator/sandbox-state-repository.ts";
import { createPublicApi, type PublicApi } from "./api/public-api.ts";
import { clientAddressOf } from "./client-address.ts";
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
  const connections = createConnectionRepository(database.db);
  const syncs = createSyncRepository(database.db);
  // Several nodes on PostgreSQL share pg-boss; the embedded default keeps jobs in our own tables.
  const jobs =
    database.dialect === "postgres" && env.DATABASE_URL
      ? createPgBossJobQueue({ connectionString: env.DATABASE_URL, logger })
      : createDatabaseJobQueue({ db: database.db, logger });
  const sandboxState = createSandboxStateRepository(sandboxDatabaseOf(database.db));
  const adsClock = createAdsClock(env.ADS_SANDBOX ? { offsetDays: () => sandboxState.getClockOffsetDays() } : {});
  const integrations: IntegrationDependencies = { connections, syncs, connectors, cipher, jobs, appUrl: env.APP_URL };
  const campaigns = createCampaignRepository(database.db);
  const changeLog = createChangeLogRepository(database.db);
  const apiKeys = createApiKeyDependencies(database.db, { cacheTtlMs: env.API_KEY_CACHE_SECONDS * 1000 });
  const services: ServerServices = {
    database,
    rateLimits: createRateLimitRepository(database.db),
    mailer,
    storage: createLocalFileStorage(path.join(env.DATA_DIR, "uploads")),
    auth: createAuthServer({ env, database, mailer, logger, profiles, organizations }),
    identities: createIdentityRepository(database.db),
    profiles,
    preferences: createPreferencesRepository(database.db),
    organizations,
    dashboard: createDashboardRepository(database.db),
    analytics: createAnalyticsRepository(database.db),
    goals: createGoalRepository(database.db),
    onboarding: createOnboardingRepository(database.db),
    newsletter: createNewsletterRepository(database.db),
    jobApplications: createJobApplicationRepository(database.db),
    contactMessages: createContactMessageRepository(database.db),
    campaigns,
    changeLog,
    cipher,
    connectors,
    connections,
    syncs,
    jobs,
    adsClock,
    integrations,
    campaignChanges: {
      campaigns,
      changeLog,
      connections,
      connectors,
      cipher,
      retryPolicy: INTERACTIVE_RETRY_POLICY,
    },
    sync: { connections, syncs, connectors, cipher, clock: adsClock, logger, backfillDays: env.SYNC_BACKFILL_DAYS },
    sandbox: null,
    apiKeys,
    publicApi: createPublicApi({ env, logger, db: database.db, apiKeys, services: () => services }),
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
        (await getViewerContext(services, c.req.raw.headers))?.organization.organizationId ?? null,
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
