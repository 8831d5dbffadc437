import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";

export const REMEMBER_ME_SECONDS = 30 * 24 * 60 * 60;
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

/** However often a session is used, it ends this long after it was created. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

interface SessionRow {
  createdAt: Date | string;
  expiresAt: Date | string;
}

/** A session row as better-auth should judge it: never valid past createdAt + the maximum age. */
export function capSessionExpiry<T extends SessionRow>(row: T, maxAgeSeconds = SESSION_MAX_AGE_SECONDS): T {
  const limit = new Date(new Date(row.createdAt).getTime() + maxAgeSeconds * 1000);
  return new Date(row.expiresAt) > limit ? { ...row, expiresAt: limit } : row;
}

/**
 * The absolute lifetime, in the one place every session lookup goes through: better-auth reads a
 * session by its token with the adapter's findOne. A row past its maximum age reads as expired,
 * so better-auth itself refuses it, deletes it and clears the cookie, for the sliding 7-day
 * session and the 30-day "Remember me" alike, on every path (get-session, getViewer, sign-out).
 */
export function sessionMaxAgePlugin(maxAgeSeconds = SESSION_MAX_AGE_SECONDS): BetterAuthPlugin {
  return {
    id: "session-max-age",
    init(context) {
      const adapter = context.adapter;
      const findOne: typeof adapter.findOne = async <T>(query: Parameters<typeof adapter.findOne>[0]) => {
        const row = await adapter.findOne<T>(query);
        if (query.model !== "session" || !row) return row;
        return capSessionExpiry(row as T & SessionRow, maxAgeSeconds);
      };
      // The internal adapter is built from context.adapter after every plugin's init.
      return { context: { adapter: { ...adapter, findOne } } };
    },
  };
}
