import type { AuthServer } from "#core/accounts/auth-server.ts";
import type { IdentityRepository } from "#core/accounts/identity-repository.ts";
import type { PreferencesRepository } from "#core/accounts/preferences-repository.ts";
import type { ProfileRepository } from "#core/accounts/profile-repository.ts";
import type { AnalyticsRepository } from "#core/analytics/analytics-repository.ts";
import type { ApiKeyDependencies } from "#core/api-keys/api-key-dependencies.ts";
import type { CampaignChangeDependencies } from "#core/campaigns/campaign-change-dependencies.ts";
import type { CampaignRepository } from "#core/campaigns/campaign-repository.ts";
import type { ChangeLogRepository } from "#core/campaigns/change-log-repository.ts";
import type { JobApplicationRepository } from "#core/careers/job-application-repository.ts";
import type { ConnectionRepository } from "#core/connections/connection-repository.ts";
import type { IntegrationDependencies } from "#core/connections/integration-dependencies.ts";
import type { DashboardRepository } from "#core/dashboard/dashboard-repository.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import type { GoalRepository } from "#core/goals/goal-repository.ts";
import type { NewsletterRepository } from "#core/newsletter/newsletter-repository.ts";
import type { OnboardingRepository } from "#core/onboarding/onboarding-repository.ts";
import type { OrganizationRepository } from "#core/organizations/organization-repository.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import type { RateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import type { TokenCipher } from "#core/security/token-cipher.ts";
import type { ConnectorRegistry } from "#core/shared/connector-port.ts";
import type { ContactMessageRepository } from "#core/support/contact-message-repository.ts";
import type { AdsClock } from "#core/sync/ads-clock.ts";
import type { SyncDependencies } from "#core/sync/sync-connection.ts";
import type { SyncRepository } from "#core/sync/sync-repository.ts";

/**
 * What the public API offers pages (server/api/public-api.ts implements it): the /api page's Try it
 * runs a real request as the organization's key, and the reference renders the OpenAPI document.
 */
export interface PublicApiForPages {
  requestAs(as: { organizationId: string; apiKeyId: string }, request: Request): Promise<Response>;
  openApiDocument(): unknown;
}

/**
 * Every service a page, an action or a resource route may call, reached through the request's
 * appContext. The app layer declares it and server/services.ts (the composition root) provides it,
 * so app/ never imports the server.
 */
export interface AppServices {
  database: DatabaseHandle;
  rateLimits: RateLimitRepository;
  mailer: Mailer;
  storage: FileStorage;
  auth: AuthServer;
  identities: IdentityRepository;
  profiles: ProfileRepository;
  preferences: PreferencesRepository;
  organizations: OrganizationRepository;
  dashboard: DashboardRepository;
  /** Campaign table, campaign pages, dashboard analytics, API metrics and CSV exports (over rollups). */
  analytics: AnalyticsRepository;
  goals: GoalRepository;
  onboarding: OnboardingRepository;
  newsletter: NewsletterRepository;
  jobApplications: JobApplicationRepository;
  contactMessages: ContactMessageRepository;
  campaigns: CampaignRepository;
  changeLog: ChangeLogRepository;
  cipher: TokenCipher;
  connectors: ConnectorRegistry;
  connections: ConnectionRepository;
  syncs: SyncRepository;
  jobs: JobQueue;
  adsClock: AdsClock;
  /** The connect flow's use cases take these. */
  integrations: IntegrationDependencies;
  /** The campaign use cases take these (preview, apply, undo, create, update, list). */
  campaignChanges: CampaignChangeDependencies;
  /** The sync job's dependencies. */
  sync: SyncDependencies;
  /** API keys: Settings → API keys and the API's authentication take these. */
  apiKeys: ApiKeyDependencies;
  /** What pages use of the public API: the /api page's Try it and the reference's OpenAPI document. */
  publicApi: PublicApiForPages;
}
