import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  forgotPasswordSchema,
  loginSchema,
  newPasswordSchema,
  signupSchema,
} from "../../core/accounts/account-schemas.ts";
import { issueSessionHandoff } from "../../core/accounts/auth-plugins.ts";
import { authRateLimitRules } from "../../core/accounts/auth-rate-limits.ts";
import type { Env } from "../../core/config/env.ts";
import { consumeRateLimit, peekRateLimit, type RateLimitDecision } from "../../core/rate-limit/consume-rate-limit.ts";
import { describeWait } from "../../core/rate-limit/enforce-rate-limit.ts";
import type { ClientAddressResolver } from "../client-address.ts";
import type { AppServices } from "../services.ts";

/** better-auth's error shape, so the browser reads our answers and its answers the same way. */
function authError(c: Context, status: 400 | 401 | 404 | 429, code: string, message: string, extra: object = {}) {
  return c.json({ code, message, ...extra }, status);
}

function tooMany(c: Context, decision: RateLimitDecision, message: string) {
  c.header("Retry-After", String(decision.resetSeconds));
  return authError(c, 429, "RATE_LIMITED", `${message} Try again in ${describeWait(decision.resetSeconds)}.`);
}

async function readJson(c: Context): Promise<Record<string, unknown> | null> {
  try {
    const body = await c.req.raw.clone().json();
    return body && typeof body === "object" ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function invalid(c: Context, error: z.ZodError) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field] ??= issue.message;
  }
  return authError(c, 400, "VALIDATION_ERROR", error.issues[0]?.message ?? "Invalid input", { fieldErrors });
}

/** The request as better-auth should see it: same URL and headers, our validated body. */
function withBody(request: Request, body: object): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
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
 * /api/auth/*: our rules in front of better-auth. The same zod schemas as the forms validate each
 * body, the database-backed rate limits apply, verification links work once, and a password reset
 * hands back a one-time sign-in. Everything else goes straight to better-auth.
 */
export function authRoutes({
  env,
  services,
  clientAddress,
}: {
  env: Env;
  services: AppServices;
  clientAddress: ClientAddressResolver;
}) {
  const { auth, rateLimits, identities } = services;
  const rules = authRateLimitRules(env);
  const app = new Hono();

  app.post("/api/auth/sign-up/email", async (c) => {
    const parsed = signupSchema.safeParse(await readJson(c));
    if (!parsed.success) return invalid(c, parsed.error);
    const perIp = await consumeRateLimit(rateLimits, rules.signUpsPerIp, clientAddress(c));
    if (!perIp.isAllowed) return tooMany(c, perIp, "Too many sign-ups from your network.");
    const perAddress = await consumeRateLimit(rateLimits, rules.mailsPerAddress, parsed.data.email);
    if (!perAddress.isAllowed) return tooMany(c, perAddress, "Too many emails were sent to this address.");
    const { firstName, lastName, companyName, email, password } = parsed.data;
    return auth.handler(
      withBody(c.req.raw, {
        name: `${firstName} ${lastName}`,
        email,
        password,
        firstName,
        lastName,
        companyName: companyName || undefined,
      }),
    );
  });

  app.post("/api/auth/sign-in/email", async (c) => {
    const parsed = loginSchema.safeParse(await readJson(c));
    if (!parsed.success) return invalid(c, parsed.error);
    const address = clientAddress(c);
    const { email } = parsed.data;
    for (const [rule, subject] of [
      [rules.failedSignInsPerAccount, email],
      [rules.failedSignInsPerIp, address],
    ] as const) {
      const decision = await peekRateLimit(rateLimits, rule, subject);
      if (!decision.isAllowed) return tooMany(c, decision, "Too many failed sign-in attempts.");
    }
    // Unchecked "Remember me" means a browser-session cookie (better-auth's default is the opposite).
    const response = await auth.handler(
      withBody(c.req.raw, { ...parsed.data, rememberMe: parsed.data.rememberMe === true }),
    );
    if (response.status === 401) {
      await consumeRateLimit(rateLimits, rules.failedSignInsPerAccount, email);
      await consumeRateLimit(rateLimits, rules.failedSignInsPerIp, address);
    }
    return response;
  });

  for (const path of ["/api/auth/request-password-reset", "/api/auth/send-verification-email"]) {
    app.post(path, async (c) => {
      const parsed = forgotPasswordSchema.safeParse(await readJson(c));
      if (!parsed.success) return invalid(c, parsed.error);
      const decision = await consumeRateLimit(rateLimits, rules.mailsPerAddress, parsed.data.email);
      if (!decision.isAllowed) return tooMany(c, decision, "Too many emails were sent to this address.");
      return auth.handler(withBody(c.req.raw, { email: parsed.data.email }));
    });
  }

  app.post("/api/auth/reset-password", async (c) => {
    const body = await readJson(c);
    const parsed = z.object({ newPassword: newPasswordSchema }).safeParse(body);
    if (!parsed.success) return invalid(c, parsed.error);
    const token = typeof body?.token === "string" ? body.token : "";
    // Read before better-auth consumes the token.
    const ownerId = await identities.findPasswordResetOwner(token);
    const response = await auth.handler(withBody(c.req.raw, { token, newPassword: parsed.data.newPassword }));
    if (!response.ok || !ownerId) return response;
    // Signed in once more, through the landing page, as a "recovery" session.
    const handoff = await issueSessionHandoff((await auth.$context).internalAdapter, ownerId, "recovery");
    return c.json({ status: true, handoff });
  });

  app.get("/api/auth/verify-email", async (c) => {
    // better-auth accepts a verification token again after it has been used; we do not.
    const email = emailOfVerificationToken(c.req.query("token") ?? "");
    if (email && (await identities.isEmailVerified(email)))
      return authError(c, 400, "TOKEN_ALREADY_USED", "This verification link has already been used.");
    return auth.handler(c.req.raw);
  });

  // Organizations are managed through our own screens and services; better-auth's endpoints for
  // them (create, invite, change roles) stay closed until those screens exist.
  app.all("/api/auth/organization/*", (c) => authError(c, 404, "NOT_FOUND", "Not found."));

  app.on(["GET", "POST"], "/api/auth/*", (c) => auth.handler(c.req.raw));
  return app;
}
