import type { Context } from "hono";
import { binderCookies, consumeSignupBinder, newBinder, rememberSignupBinder } from "#core/accounts/auth-binders.ts";
import type { AuthServer } from "#core/accounts/auth-server.ts";
import type { IdentityRepository } from "#core/accounts/identity-repository.ts";
import { exchangeSessionHandoff, issueSessionHandoff } from "#core/accounts/session-handoff.ts";
import type { Env } from "#core/config/env.ts";
import { authError, withCookies } from "./auth-responses.ts";

interface VerificationDeps {
  env: Env;
  auth: AuthServer;
  identities: IdentityRepository;
}

function emailOfVerificationToken(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload.email === "string" ? payload.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * After a sign-up or a new verification mail (better-auth's `response`): this browser is the one
 * the verification link may sign in. It keeps the binder it may already hold, so two sign-ups in
 * one browser both stay bound to it.
 */
export async function bindSignupBrowser(
  c: Context,
  { env, auth }: Omit<VerificationDeps, "identities">,
  email: string,
  response: Response,
): Promise<Response> {
  if (!response.ok) return response;
  const cookie = binderCookies(env).signup;
  const binder = cookie.read(c.req.header("cookie")) ?? newBinder();
  await rememberSignupBinder((await auth.$context).internalAdapter, email, binder);
  return withCookies(response, [cookie.set(binder)]);
}

/**
 * GET /api/auth/verify-email?token=…: verifies the address once, then signs in only the browser
 * that signed up (it holds the sign-up binder) and only if it is not signed in to another account.
 * A link opened anywhere else still verifies the address and answers `signedIn: false`; the
 * /auth/callback screen then sends the person to sign in. Signing in whichever browser opens the
 * link would let anyone who signed up with their own address sign a victim's browser in to their
 * account by getting them to open the link (login CSRF).
 */
export async function verifyEmail(c: Context, { env, auth, identities }: VerificationDeps): Promise<Response> {
  const token = c.req.query("token") ?? "";
  const email = emailOfVerificationToken(token);
  // better-auth accepts a verification token again after it has been used; we do not.
  if (email && (await identities.isEmailVerified(email)))
    return authError(c, 400, "TOKEN_ALREADY_USED", "This verification link has already been used.");
  // Only the token reaches better-auth: no callbackURL redirect, no session of its own.
  const url = new URL("/api/auth/verify-email", env.APP_URL);
  url.searchParams.set("token", token);
  const verified = await auth.handler(new Request(url, { headers: c.req.raw.headers }));
  // The token's email is trustworthy from here: better-auth has checked its signature.
  if (!verified.ok || !email) return verified;

  const cookies = binderCookies(env);
  const browserCookies = c.req.header("cookie") ?? null;
  const { internalAdapter } = await auth.$context;
  const owner = await internalAdapter.findUserByEmail(email);
  const isBound = await consumeSignupBinder(internalAdapter, email, cookies.signup.read(browserCookies));
  if (!owner || !isBound) return c.json({ status: true, user: null, signedIn: false });

  // The same hand-off as a reset's, exchanged here at once, so both follow one rule on sessions.
  const binder = newBinder();
  const handoff = await issueSessionHandoff(internalAdapter, { userId: owner.user.id, type: "signup", binder });
  const exchange = await exchangeSessionHandoff(auth, {
    appUrl: env.APP_URL,
    tokens: handoff,
    binder,
    cookie: browserCookies,
  });
  const setCookies = [...exchange.headers.getSetCookie(), cookies.signup.clear()];
  if (!exchange.ok) {
    const refusal = (await exchange.json().catch(() => null)) as { message?: string } | null;
    return withCookies(c.json({ status: true, user: null, signedIn: false, message: refusal?.message }), setCookies);
  }
  return withCookies(c.json({ status: true, user: null, signedIn: true }), setCookies);
}
