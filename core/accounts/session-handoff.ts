import { randomBytes } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { digestOf, digestsMatch } from "./auth-binders.ts";

const HANDOFF_SECONDS = 10 * 60;
const HANDOFF_PREFIX = "session-handoff:";
export const HANDOFF_EXCHANGE_PATH = "/api/auth/session-handoff/exchange";

export type HandoffType = "signup" | "recovery";

export interface SessionHandoff {
  access_token: string;
  refresh_token: string;
  type: HandoffType;
}

export const HANDOFF_MESSAGES = {
  invalid: "This sign-in link is invalid or has expired. Sign in with your email and password.",
  otherBrowser:
    "This sign-in link only works in the browser where you reset your password. Sign in with your new password.",
  otherAccount: {
    recovery:
      "Your password was changed, but this browser is signed in to another account. Sign out, then sign in with your new password.",
    signup:
      "Your email is verified, but this browser is signed in to another account. Sign out, then sign in to your new account.",
  },
} as const;

interface VerificationStore {
  createVerificationValue(value: { identifier: string; value: string; expiresAt: Date }): Promise<unknown>;
}

interface HandoffRecord {
  userId: string;
  type: HandoffType;
  refreshDigest: string;
  binderDigest: string;
}

/**
 * Issues a one-time pair of tokens that signs its holder in once, within ten minutes (the
 * "access and refresh tokens in the URL fragment" of the spec), and only in the browser that holds
 * `binder` (see auth-binders.ts). Only digests are stored.
 */
export async function issueSessionHandoff(
  store: VerificationStore,
  { userId, type, binder }: { userId: string; type: HandoffType; binder: string },
): Promise<SessionHandoff> {
  const accessToken = randomBytes(32).toString("base64url");
  const refreshToken = randomBytes(32).toString("base64url");
  const record: HandoffRecord = { userId, type, refreshDigest: digestOf(refreshToken), binderDigest: digestOf(binder) };
  await store.createVerificationValue({
    identifier: `${HANDOFF_PREFIX}${digestOf(accessToken)}`,
    value: JSON.stringify(record),
    expiresAt: new Date(Date.now() + HANDOFF_SECONDS * 1000),
  });
  return { access_token: accessToken, refresh_token: refreshToken, type };
}

export const handoffExchangeSchema = z.object({
  access_token: z.string().min(1).max(200),
  refresh_token: z.string().min(1).max(200),
});

/**
 * POST /api/auth/session-handoff/exchange: trades a hand-off for a session cookie, once. It is
 * internal: server/routes/auth.ts does not let it through from outside, and our own code calls it
 * in process (exchangeSessionHandoff) with the browser's binder and Cookie header.
 *
 * A browser that already has a live session of another user keeps it: the hand-off is refused
 * with a message that says so, rather than silently switching accounts under the person. A live
 * session of the same user is simply kept.
 */
export function sessionHandoffPlugin(): BetterAuthPlugin {
  return {
    id: "session-handoff",
    endpoints: {
      exchangeSessionHandoff: createAuthEndpoint(
        "/session-handoff/exchange",
        { method: "POST", body: handoffExchangeSchema.extend({ binder: z.string().max(200).nullable() }) },
        async (ctx) => {
          // Consumed first, whatever follows: a hand-off is tried once.
          const stored = await ctx.context.internalAdapter.consumeVerificationValue(
            `${HANDOFF_PREFIX}${digestOf(ctx.body.access_token)}`,
          );
          if (!stored) throw new APIError("UNAUTHORIZED", { message: HANDOFF_MESSAGES.invalid });
          const record = JSON.parse(stored.value) as HandoffRecord;
          if (!digestsMatch(digestOf(ctx.body.refresh_token), record.refreshDigest))
            throw new APIError("UNAUTHORIZED", { message: HANDOFF_MESSAGES.invalid });
          if (!ctx.body.binder || !digestsMatch(digestOf(ctx.body.binder), record.binderDigest))
            throw new APIError("UNAUTHORIZED", { code: "OTHER_BROWSER", message: HANDOFF_MESSAGES.otherBrowser });
          const user = await ctx.context.internalAdapter.findUserById(record.userId);
          if (!user) throw new APIError("UNAUTHORIZED", { message: HANDOFF_MESSAGES.invalid });
          const current = await getSessionFromCtx(ctx);
          if (current && current.user.id !== user.id)
            throw new APIError("CONFLICT", {
              code: "SIGNED_IN_AS_ANOTHER_USER",
              message: HANDOFF_MESSAGES.otherAccount[record.type],
            });
          if (!current) {
            const session = await ctx.context.internalAdapter.createSession(user.id);
            await setSessionCookie(ctx, { session, user });
          }
          return ctx.json({ type: record.type });
        },
      ),
    },
  };
}

interface AuthHandler {
  handler(request: Request): Promise<Response>;
}

/**
 * Calls the exchange in process, as the browser: its Cookie header (for the session it may already
 * have) and the binder its cookie holds. The answer's Set-Cookie headers are for that browser.
 */
export function exchangeSessionHandoff(
  auth: AuthHandler,
  input: {
    appUrl: string;
    tokens: { access_token: string; refresh_token: string };
    binder: string | null;
    cookie: string | null;
  },
): Promise<Response> {
  return auth.handler(
    new Request(new URL(HANDOFF_EXCHANGE_PATH, input.appUrl), {
      method: "POST",
      headers: { "content-type": "application/json", origin: input.appUrl, cookie: input.cookie ?? "" },
      body: JSON.stringify({ ...input.tokens, binder: input.binder }),
    }),
  );
}
