import { betterAuth } from "better-auth";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { organization } from "better-auth/plugins/organization";
import { createAuditLog } from "#core/audit/audit-log.ts";
import type { Env } from "#core/config/env.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { mailLanguageOf } from "#core/mail/mail-text.ts";
import type { OrganizationRepository } from "#core/organizations/organization-repository.ts";
import { ensureWorkspace } from "#core/organizations/resolve-organization.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { Mailer, MailMessage } from "#core/ports/mailer.ts";
import { rememberMePlugin, sessionMaxAgePlugin } from "./auth-plugins.ts";
import { gitHubOAuthConfig } from "./github-provider.ts";
import { existingAccountMail, passwordResetMail, verificationMail } from "./mail-templates.ts";
import { hashPassword, verifyPassword } from "./password-hashing.ts";
import { createPreferencesRepository } from "./preferences-repository.ts";
import { DEFAULT_PREFERENCES, preferencesSchema } from "./preferences-schema.ts";
import type { ProfileRepository } from "./profile-repository.ts";
import { recordSignIn, signInMethodOf } from "./record-sign-in.ts";
import { sameSitePath } from "./same-site-path.ts";
import { sessionHandoffPlugin } from "./session-handoff.ts";
import { createSessionRepository } from "./session-repository.ts";

export const SESSION_SECONDS = 7 * 24 * 60 * 60;
export const RESET_TOKEN_SECONDS = 30 * 60;
export const VERIFICATION_TOKEN_SECONDS = 24 * 60 * 60;
/**
 * The language of the page someone signs up from ("de"), set by server/routes/auth.ts from the
 * request's Accept-Language on sign-up and on GitHub's callback: the new account's first preference.
 */
export const SIGN_UP_LANGUAGE_HEADER = "x-adhelm-sign-up-language";

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
  const preferences = createPreferencesRepository(database.db);
  // Account mails go out in the recipient's language (their saved preference; English by default).
  const mailLanguageFor = async (userId: string) =>
    mailLanguageOf((await preferences.findByUserId(userId).catch(() => DEFAULT_PREFERENCES)).language);
  // Mail goes out in the background: an answer must not be slower when an account exists.
  const sendInBackground = (message: MailMessage) => {
    mailer.send(message).catch((error) => authLogger.error({ err: error, to: message.to }, "mail failed"));
  };
  // In production the cookie is __Host- prefixed: Secure, path=/, no Domain, so no subdomain can set it.
  const isSecure = env.isProduction || env.APP_URL.startsWith("https://");
  const signIns = {
    audit: createAuditLog(database.db),
    organizations,
    userName: createSessionRepository(database.db).userName,
  };

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
    // Sliding 7 days; sessionMaxAgePlugin ends every session 30 days after it began regardless.
    session: { expiresIn: SESSION_SECONDS, updateAge: 24 * 60 * 60 },
    // OAuth failures that cannot reach the flow's own error page (a lost or forged state) land on
    // the sign-in screen's GitHub error toast, not on better-auth's /error page (not exposed).
    onAPIError: { errorURL: `${env.APP_URL}/login?github_error=1` },
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
        // A name is greeted only once its owner has verified the address (it was typed at sign-up).
        const name = user.emailVerified ? splitName(user.name).firstName : undefined;
        sendInBackground(passwordResetMail({ to: user.email, name, url, language: await mailLanguageFor(user.id) }));
      },
      async onExistingUserSignUp({ user }) {
        // In the language of the account's owner, whose inbox this is (not the one who tried).
        const language = await mailLanguageFor(user.id);
        sendInBackground(existingAccountMail({ to: user.email, url: `${env.APP_URL}/login`, language }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      // The session after verification is ours to give (server/routes/auth-verification.ts): only
      // in the browser that signed up, and never over another account's session.
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_TOKEN_SECONDS,
      async sendVerificationEmail({ user, token, url: betterAuthUrl }) {
        // A sign-up that came through an invitation carries where to go once verified (its callbackURL).
        const next = sameSitePath(new URL(betterAuthUrl).searchParams.get("callbackURL"));
        const url = `${env.APP_URL}/auth/callback?token_hash=${encodeURIComponent(token)}&type=signup${
          next ? `&redirectTo=${encodeURIComponent(next)}` : ""
        }`;
        // The new account's language was saved from the sign-up page before this mail goes out.
        sendInBackground(verificationMail({ to: user.email, url, language: await mailLanguageFor(user.id) }));
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
            // The app then speaks the language the sign-up page was shown in (English is the default).
            const language = preferencesSchema.shape.language.safeParse(context?.headers?.get(SIGN_UP_LANGUAGE_HEADER));
            if (language.success && language.data !== DEFAULT_PREFERENCES.language)
              await preferences.save(user.id, { ...DEFAULT_PREFERENCES, language: language.data });
          },
        },
      },
      session: {
        create: {
          // A new session starts in the organization the user last worked in (their first before that).
          async before(session) {
            const [first] = await organizations.listForSwitcher(session.userId);
            return { data: { ...session, activeOrganizationId: first?.organizationId ?? null } };
          },
          // Every new session is a sign-in, in the audit log of each of the person's organizations.
          async after(session, context) {
            await recordSignIn(signIns, session, signInMethodOf(context?.path)).catch((error: unknown) =>
              authLogger.error({ err: error }, "sign-in not recorded in the audit log"),
            );
          },
        },
      },
    },
    advanced: {
      useSecureCookies: false,
      cookiePrefix: env.isProduction ? "__Host-adhelm" : "adhelm",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: isSecure, path: "/" },
      // Set by server/routes/auth.ts from the resolved client address (never taken from the client).
      ipAddress: { ipAddressHeaders: ["x-adhelm-client-address"] },
    },
    plugins: [
      // Its HTTP endpoints stay closed (server/routes/auth.ts) until the team screens use them.
      organization({ allowUserToCreateOrganization: true, creatorRole: "owner" }),
      sessionHandoffPlugin(),
      rememberMePlugin(),
      sessionMaxAgePlugin(),
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
