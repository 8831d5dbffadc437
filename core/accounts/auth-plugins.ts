import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

export const REMEMBER_ME_SECONDS = 30 * 24 * 60 * 60;
const HANDOFF_SECONDS = 10 * 60;
const HANDOFF_PREFIX = "session-handoff:";

export type HandoffType = "signup" | "recovery";

export interface SessionHandoff {
  access_token: string;
  refresh_token: string;
  type: HandoffType;
}

const digest = (value: string) => createHash("sha256").update(value).digest("base64url");

interface VerificationStore {
  createVerificationValue(value: { identifier: string; value: string; expiresAt: Date }): Promise<unknown>;
}

/**
 * Issues a one-time pair of tokens that signs its holder in once, within ten minutes (the
 * "access and refresh tokens in the URL fragment" of the spec). Only digests are stored.
 */
export async function issueSessionHandoff(
  store: VerificationStore,
  userId: string,
  type: HandoffType,
): Promise<SessionHandoff> {
  const accessToken = randomBytes(32).toString("base64url");
  const refreshToken = randomBytes(32).toString("base64url");
  await store.createVerificationValue({
    identifier: `${HANDOFF_PREFIX}${digest(accessToken)}`,
    value: JSON.stringify({ userId, type, refreshDigest: digest(refreshToken) }),
    expiresAt: new Date(Date.now() + HANDOFF_SECONDS * 1000),
  });
  return { access_token: accessToken, refresh_token: refreshToken, type };
}

const INVALID_HANDOFF = "This sign-in link is invalid or has expired. Sign in with your email and password.";

/** POST /api/auth/session-handoff/exchange: trades a handoff pair for a session cookie, once. */
export function sessionHandoffPlugin(): BetterAuthPlugin {
  return {
    id: "session-handoff",
    endpoints: {
      exchangeSessionHandoff: createAuthEndpoint(
        "/session-handoff/exchange",
        {
          method: "POST",
          body: z.object({ access_token: z.string().min(1).max(200), refresh_token: z.string().min(1).max(200) }),
        },
        async (ctx) => {
          const record = await ctx.context.internalAdapter.consumeVerificationValue(
            `${HANDOFF_PREFIX}${digest(ctx.body.access_token)}`,
          );
          if (!record || new Date(record.expiresAt) < new Date())
            throw new APIError("UNAUTHORIZED", { message: INVALID_HANDOFF });
          const { userId, type, refreshDigest } = JSON.parse(record.value) as {
            userId: string;
            type: HandoffType;
            refreshDigest: string;
          };
          const presented = Buffer.from(digest(ctx.body.refresh_token));
          const expected = Buffer.from(refreshDigest);
          if (presented.length !== expected.length || !timingSafeEqual(presented, expected))
            throw new APIError("UNAUTHORIZED", { message: INVALID_HANDOFF });
          const user = await ctx.context.internalAdapter.findUserById(userId);
          if (!user) throw new APIError("UNAUTHORIZED", { message: INVALID_HANDOFF });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ type });
        },
      ),
    },
  };
}

/**
 * "Remember me": better-auth already gives a browser-session cookie when it is unchecked. When it
 * is checked, the session and its cookie last 30 days instead of the 7-day sliding default.
 */
export function rememberMePlugin(): BetterAuthPlugin {
  return {
    id: "remember-me",
    hooks: {
      after: [
        {
          matcher: (context) => context.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const created = ctx.context.newSession;
            if (!created || (ctx.body as { rememberMe?: boolean } | undefined)?.rememberMe !== true) return;
            const expiresAt = new Date(Date.now() + REMEMBER_ME_SECONDS * 1000);
            await ctx.context.internalAdapter.updateSession(created.session.token, { expiresAt });
            await setSessionCookie(ctx, { session: { ...created.session, expiresAt }, user: created.user }, false, {
              maxAge: REMEMBER_ME_SECONDS,
            });
          }),
        },
      ],
    },
  };
}
