import path from "node:path";
import { createLocalFileStorage, type FileStorage } from "../adapters/file-storage.ts";
import type { Logger } from "../adapters/logger.ts";
import { createMailer, type Mailer } from "../adapters/mailer.ts";
import { type AuthServer, createAuthServer } from "../core/accounts/auth-server.ts";
import { createIdentityRepository, type IdentityRepository } from "../core/accounts/identity-repository.ts";
import { createPreferencesRepository, type PreferencesRepository } from "../core/accounts/preferences-repository.ts";
import { createProfileRepository, type ProfileRepository } from "../core/accounts/profile-repository.ts";
import {
  createJobApplicationRepository,
  type JobApplicationRepository,
} from "../core/careers/job-application-repository.ts";
import type { Env } from "../core/config/env.ts";
import { createDashboardRepository, type DashboardRepository } from "../core/dashboard/dashboard-repository.ts";
import type { DatabaseHandle } from "../core/db/database.ts";
import { createNewsletterRepository, type NewsletterRepository } from "../core/newsletter/newsletter-repository.ts";
import {
  createOrganizationRepository,
  type OrganizationRepository,
} from "../core/organizations/organization-repository.ts";
import { createRateLimitRepository, type RateLimitRepository } from "../core/rate-limit/rate-limit-repository.ts";
import {
  type ContactMessageRepository,
  createContactMessageRepository,
} from "../core/support/contact-message-repository.ts";

/** The composition root: every service the routes may call, wired once per process. */
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
  newsletter: NewsletterRepository;
  jobApplications: JobApplicationRepository;
  contactMessages: ContactMessageRepository;
}

export interface ServiceOptions {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
}

export function createServices({ env, database, logger }: ServiceOptions): AppServices {
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, logger });
  const profiles = createProfileRepository(database.db);
  const organizations = createOrganizationRepository(database.db);
  return {
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
    newsletter: createNewsletterRepository(database.db),
    jobApplications: createJobApplicationRepository(database.db),
    contactMessages: createContactMessageRepository(database.db),
  };
}
