import { Hono } from "hono";
import { z } from "zod";
import { languageFromAcceptLanguage } from "#app/lib/i18n/languages.ts";
import { forgotPasswordSchema, loginSchema, newPasswordSchema, signupSchema } from "#core/accounts/account-schemas.ts";
import { binderCookies, newBinder } from "#core/accounts/auth-binders.ts";
import { authRateLimitRules } from "#core/accounts/auth-rate-limits.ts";
import { SIGN_UP_LANGUAGE_HEADER } from "#core/accounts/auth-server.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "#core/accounts/common-passwords.ts";
import { GITHUB_PROVIDER_ID } from "#core/accounts/github-provider.ts";
import { sameSitePath } from "#core/accounts/same-site-path.ts";
import { issueSessionHandoff } from "#core/accounts/session-handoff.ts";
import { admitSignIn, clearSignInFailures } from "#core/accounts/sign-in-throttle.ts";
import type { Env } from "#core/config/env.ts";
import { consumeRateLimit } from "#core/rate-limit/consume-rate-limit.ts";
import type { ClientAddressResolver } from "#server/client-address.ts";
import type { ServerServices } from "#server/services.ts";
import { invalid, invalidField, notFound, readJson, tooMany, withBody } from "./auth-responses.ts";
import { bindSignupBrowser, verifyEmail } from "./auth-verification.ts";

const TOO_MANY_FAILED_SIGN_INS = "Too many failed sign-in attempts.";
const TOO_MANY_MAILS = "Too many emails were sent to this address.";

/** What "Continue with GitHub" sends (app/lib/auth-client.ts); nothing else reaches better-auth. */
const gitHubSignInSchema = z.object({
  provider: z.literal(GITHUB_PROVIDER_ID),
  callbackURL: z.string().max(2000).optional(),
  newUserCallbackURL: z.string().max(2000).optional(),
  errorCallbackURL: z.string().max(2000).optional(),
});

/**
 * better-auth reads a session's address from a header only. This one is ours: whatever a client sent
 * under that name is replaced by the address the server resolved (the socket's, or the trusted
 * proxy's entry), so sessions and sign-ins show where they came from, and nobody can claim another.
 */
export const CLIENT_ADDRESS_HEADER = "x-adhelm-client-address";

function withClientAddress(request: Request, address: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  return new Request(request, { headers });
}

/** The request, telling better-auth's user hook the language a new account starts in (the page's). */
function withSignUpLanguage(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.set(SIGN_UP_LANGUAGE_HEADER, languageFromAcceptLanguage(request.headers.get("accept-language")));
  return new Request(request, { headers });
}

/**
 * /api/auth/*: our rules in front of better-auth, as an allow-list of exactly the endpoints the
 * app uses. The same zod schemas as the forms validate each body, common passwords are refused,
 * the database-backed rate limits apply, verification links work once and sign in only the
 * browser that signed up, and a password reset hands back a one-time sign-in bound to the browser
 * that reset. Every other better-auth endpoint (change-password, update-user, organization/*,
 * list-sessions, the internal hand-off exchange, …) answers 404: they would bypass these rules.
 */
export function authRoutes({
  env,
  services,
  clientAddress,
}: {
  env: Env;
  services: ServerServices;
  clientAddress: ClientAddressResolver;
}) {
  const { rateLimits, identities } = services;
  // Every request better-auth sees carries the client's address as the server resolved it.
  const auth = {
    handler: (request: Request, c: Parameters<ClientAddressResolver>[0]) =>
      services.auth.handler(withClientAddress(request, clientAddress(c))),
  };
  const rules = authRateLimitRules(env);
  const cookies = binderCookies(env);
  const app = new Hono();

  app.post("/api/auth/sign-up/email", async (c) => {
    const body = await readJson(c);
    const parsed = signupSchema.safeParse(body);
    if (!parsed.success) return invalid(c, parsed.error);
    if (await isCommonPassword(parsed.data.password)) return invalidField(c, "password", COMMON_PASSWORD_MESSAGE);
    const perIp = await consumeRateLimit(rateLimits, rules.signUpsPerIp, clientAddress(c));
    if (!perIp.isAllowed) return tooMany(c, perIp.resetSeconds, "Too many sign-ups from your network.");
    const perAddress = await consumeRateLimit(rateLimits, rules.mailsPerAddress, parsed.data.email);
    if (!perAddress.isAllowed) return tooMany(c, perAddress.resetSeconds, TOO_MANY_MAILS);
    const { firstName, lastName, companyName, email, password } = parsed.data;
    const response = await auth.handler(
      withSignUpLanguage(
        withBody(c.req.raw, {
          name: `${firstName} ${lastName}`,
          email,
          password,
          firstName,
          lastName,
          companyName: companyName || undefined,
          // Where the verification link leads once the address is verified (an invitation), same-site only.
          callbackURL: sameSitePath(body?.redirectTo) ?? undefined,
        }),
      ),
      c,
    );
    return bindSignupBrowser(c, { env, auth: services.auth }, email, response);
  });

  app.post("/api/auth/sign-in/email", async (c) => {
    const parsed = loginSchema.safeParse(await readJson(c));
    if (!parsed.success) return invalid(c, parsed.error);
    // Counted before the password is checked (see admitSignIn), so parallel guesses cannot race it.
    const admission = await admitSignIn(rateLimits, rules, { email: parsed.data.email, address: clientAddress(c) });
    if (!admission.isAllowed) return tooMany(c, admission.retryAfterSeconds, TOO_MANY_FAILED_SIGN_INS);
    let response: Response;
    try {
      // Unchecked "Remember me" means a browser-session cookie (better-auth's default is the opposite).
      response = await auth.handler(
        withBody(c.req.raw, { ...parsed.data, rememberMe: parsed.data.rememberMe === true }),
        c,
      );
    } catch (error) {
      await admission.settle("not-checked");
      throw error;
    }
    // 403 is an unverified address: the password was right.
    const isRight = response.ok || response.status === 403;
    await admission.settle(response.status === 401 ? "failed" : isRight ? "succeeded" : "not-checked");
    return response;
  });

  app.post("/api/auth/request-password-reset", async (c) => {
    const parsed = forgotPasswordSchema.safeParse(await readJson(c));
    if (!parsed.success) return invalid(c, parsed.error);
    const decision = await consumeRateLimit(rateLimits, rules.mailsPerAddress, parsed.data.email);
    if (!decision.isAllowed) return tooMany(c, decision.resetSeconds, TOO_MANY_MAILS);
    return auth.handler(withBody(c.req.raw, { email: parsed.data.email }), c);
  });

  app.post("/api/auth/send-verification-email", async (c) => {
    const body = await readJson(c);
    const parsed = forgotPasswordSchema.safeParse(body);
    if (!parsed.success) return invalid(c, parsed.error);
    const decision = await consumeRateLimit(rateLimits, rules.mailsPerAddress, parsed.data.email);
    if (!decision.isAllowed) return tooMany(c, decision.resetSeconds, TOO_MANY_MAILS);
    // The new link keeps the way back to an invitation, as the sign-up's did (same-site only).
    const callbackURL = sameSitePath(body?.redirectTo) ?? undefined;
    const response = await auth.handler(withBody(c.req.raw, { email: parsed.data.email, callbackURL }), c);
    // The browser that asks for the new link is the one its verification may sign in.
    return bindSignupBrowser(c, { env, auth: services.auth }, parsed.data.email, response);
  });

  app.post("/api/auth/reset-password", async (c) => {
    const body = await readJson(c);
    const parsed = z.object({ newPassword: newPasswordSchema }).safeParse(body);
    if (!parsed.success) return invalid(c, parsed.error);
    if (await isCommonPassword(parsed.data.newPassword)) return invalidField(c, "newPassword", COMMON_PASSWORD_MESSAGE);
    const token = typeof body?.token === "string" ? body.token : "";
    // Read before better-auth consumes the token.
    const ownerId = await identities.findPasswordResetOwner(token);
    // Not throttled by failed sign-ins: the mailed link is how a locked-out owner gets back in.
    const response = await auth.handler(withBody(c.req.raw, { token, newPassword: parsed.data.newPassword }), c);
    if (!response.ok || !ownerId) return response;
    const { internalAdapter } = await services.auth.$context;
    const owner = await internalAdapter.findUserById(ownerId);
    if (owner) await clearSignInFailures(rateLimits, rules, owner.email.toLowerCase());
    // Signed in once more, through the landing page, as a "recovery" session, in this browser only.
    const binder = newBinder();
    const handoff = await issueSessionHandoff(internalAdapter, { userId: ownerId, type: "recovery", binder });
    c.header("Set-Cookie", cookies.handoff.set(binder));
    return c.json({ status: true, handoff });
  });

  app.get("/api/auth/verify-email", (c) => verifyEmail(c, { env, auth: services.auth, identities }));

  app.post("/api/auth/sign-in/social", async (c) => {
    const parsed = gitHubSignInSchema.safeParse(await readJson(c));
    if (!parsed.success) return invalid(c, parsed.error);
    return auth.handler(withBody(c.req.raw, parsed.data), c);
  });
  // GitHub sends the browser back here with the code; better-auth checks the state and PKCE.
  // A first GitHub sign-in creates the account here.
  app.get("/api/auth/callback/:providerId", (c) => auth.handler(withSignUpLanguage(c.req.raw), c));
  app.get("/api/auth/get-session", (c) => auth.handler(c.req.raw, c));
  // Sign-out takes no body: whatever was sent is not passed on (better-auth would log it as an error).
  app.post("/api/auth/sign-out", (c) => auth.handler(withBody(c.req.raw, {}), c));

  app.all("/api/auth/*", notFound);
  return app;
}
