import { betterAuth } from "better-auth";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { organization } from "better-auth/plugins/organization";
import type { Logger } from "../../adapters/logger.ts";
import type { Mailer, MailMessage } from "../../adapters/mailer.ts";
import type { Env } from "../config/env.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { OrganizationRepository } from "../organizations/organization-repository.ts";
import { ensureWorkspace } from "../organizations/resolve-organization.ts";
import { rememberMePlugin, sessionHandoffPlugin } from "./auth-plugins.ts";
import { gitHubOAuthConfig } from "./github-provider.ts";
import { existingAccountMail, passwordResetMail, verificationMail } from "./mail-templates.ts";
import { hashPassword, verifyPassword } from "./password-hashing.ts";
import type { ProfileRepository } from "./profile-repository.ts";

export const SESSION_SECONDS = 7 * 24 * 60 * 60;
export const RESET_TOKEN_SECONDS = 30 * 60;
export const VERIFICATION_TOKEN_SECONDS = 24 * 60 * 60;

export interface AuthServerOptions {
  env: Env;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
  profiles: ProfileRepository;
  organizations: OrganizationRepository;
}

/** Splits a display name ("Ada Lovelace") into the profile's first and last name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") };
}

/** Our better-auth server: its tables live in our database, mounted at /api/auth. */
export function createAuthServer({ env, database, mailer, logger, profiles, organizations }: AuthServerOptions) {
  const authLogger = logger.child({ module: "auth" });
  // Mail goes out in the background: an answer must not be slower when an account exists.
  const sendInBackground = (message: MailMessage) => {
    mailer.send(message).catch((error) => authLogger.error({ err: error, to: message.to }, "mail failed"));
  };
  // In production the cookie is __Host- prefixed: Secure, path=/, no Domain, so no subdomain can set it.
  const isSecure = env.isProduction || env.APP_URL.startsWith("https://");

  return betterAuth({
    appName: "Adhelm",
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.APP_URL],
    database: { db: database.db, type: database.dialect },
    telemetry: { enabled: false },
    // Our own limits, kept in the database, sit in front of these endpoints (server/routes/auth.ts).
    rateLimit: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message, ...args) => authLogger[level]({ details: args.length ? args : undefined }, message),
    },
    session: { expiresIn: SESSION_SECONDS, updateAge: 24 * 60 * 60 },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const url = `${env.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
        sendInBackground(passwordResetMail({ to: user.email, name: splitName(user.name).firstName, url }));
      },
      async onExistingUserSignUp({ user }) {
        sendInBackground(
          existingAccountMail({ to: user.email, name: splitName(user.name).firstName, url: `${env.APP_URL}/login` }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_TOKEN_SECONDS,
      async sendVerificationEmail({ user, token }) {
        const url = `${env.APP_URL}/auth/callback?token_hash=${encodeURIComponent(token)}&type=signup`;
        sendInBackground(verificationMail({ to: user.email, name: splitName(user.name).firstName, url }));
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Every new user gets the profile row (from the sign-up form, or from GitHub's display
          // name) and an organization of their own to connect platforms to.
          async after(user, context) {
            const body = (context?.body ?? {}) as { firstName?: string; lastName?: string; companyName?: string };
            const fromName = splitName(user.name);
            const firstName = body.firstName ?? fromName.firstName;
            const companyName = body.companyName || null;
            await profiles.create({
              id: user.id,
              email: user.email,
              firstName,
              lastName: body.lastName ?? fromName.lastName,
              companyName,
            });
            await ensureWorkspace({ organizations }, { id: user.id, firstName, companyName });
          },
        },
      },
      session: {
        create: {
          // A new session starts in the user's first organization.
          async before(session) {
            const [first] = await organizations.listMemberships(session.userId);
            return { data: { ...session, activeOrganizationId: first?.organizationId ?? null } };
          },
        },
      },
    },
    advanced: {
      useSecureCookies: false,
      cookiePrefix: env.isProduction ? "__Host-adhelm" : "adhelm",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: isSecure, path: "/" },
      ipAddress: { ipAddressHeaders: env.TRUST_PROXY ? ["x-forwarded-for"] : [] },
    },
    plugins: [
      // Its HTTP endpoints stay closed (server/routes/auth.ts) until the team screens use them.
      organization({ allowUserToCreateOrganization: true, creatorRole: "owner" }),
      sessionHandoffPlugin(),
      rememberMePlugin(),
      ...(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
        ? [
            genericOAuth({
              config: [
                gitHubOAuthConfig({
                  url: env.GITHUB_URL,
                  clientId: env.GITHUB_CLIENT_ID,
                  clientSecret: env.GITHUB_CLIENT_SECRET,
                }),
              ],
            }),
          ]
        : []),
    ],
  });
}

export type AuthServer = ReturnType<typeof createAuthServer>;
