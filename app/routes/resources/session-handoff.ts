import { data } from "react-router";
import { appContext } from "#app/lib/app-context.ts";
import { type Flash, setFlashCookie } from "#app/lib/flash.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { binderCookies } from "#core/accounts/auth-binders.ts";
import { exchangeSessionHandoff, HANDOFF_MESSAGES, handoffExchangeSchema } from "#core/accounts/session-handoff.ts";
import type { Route } from "./+types/session-handoff";

/** A hand-off body is two short tokens; anything longer is not one. */
const MAX_BODY_BYTES = 2048;
type Translate = Awaited<ReturnType<typeof translatorFor>>;

/** The refusal and its toast in the reader's language (the browser's, since no session is set yet). */
function refuse(t: Translate, headers: Headers, status: number, message: string, flash?: Flash) {
  const text = translateMessage(t, message);
  headers.append(
    "Set-Cookie",
    setFlashCookie(flash ?? { kind: "error", title: t("auth:callback.failed"), description: text }),
  );
  return data({ ok: false, message: text }, { status, headers });
}

/**
 * POST /auth/handoff: the landing page's fragment tokens (after a password reset) become a session
 * cookie, in the browser that reset only: the exchange needs the HttpOnly, SameSite=Strict binder
 * cookie the reset set, and clears it whatever the outcome. A browser signed in to another account
 * keeps that session and is told why. The page then goes to /dashboard, where the flash shows
 * "Welcome to Adhelm!" (spec §4), or to /login, where it shows why it failed.
 *
 * `{ "flash": false }` in the body leaves the welcome to the caller (/auth/callback has its own).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, logger, env } = context.get(appContext);
  const t = await translatorFor(request, context);
  const binderCookie = binderCookies(env).handoff;
  // The binder serves one attempt, whatever its outcome.
  const headers = new Headers({ "Set-Cookie": binderCookie.clear() });

  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType))
    return refuse(t, headers, 415, "The sign-in request must be sent as JSON.");
  const text = await request.text().catch(() => "");
  let body: unknown = null;
  try {
    body = text.length > 0 && text.length <= MAX_BODY_BYTES ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const parsed = handoffExchangeSchema.safeParse(body);
  if (!parsed.success)
    return refuse(t, headers, 400, "The sign-in link is incomplete. Sign in with your email and password.");

  const exchange = await exchangeSessionHandoff(services.auth, {
    appUrl: env.APP_URL,
    tokens: parsed.data,
    binder: binderCookie.read(request.headers.get("cookie")),
    cookie: request.headers.get("cookie"),
  });
  for (const cookie of exchange.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (!exchange.ok) {
    const answer = (await exchange.json().catch(() => null)) as { code?: string; message?: string } | null;
    logger.warn({ status: exchange.status, code: answer?.code }, "session handoff refused");
    const message = answer?.message ?? HANDOFF_MESSAGES.invalid;
    // Another account stays signed in: not a failure of the reset, so not worded as one.
    const flash: Flash | undefined =
      exchange.status === 409
        ? { kind: "error", title: t("auth:handoff.otherAccount"), description: translateMessage(t, message) }
        : undefined;
    return refuse(t, headers, exchange.status === 409 ? 409 : 401, message, flash);
  }
  const { type } = (await exchange.json()) as { type: string };
  if ((body as { flash?: unknown }).flash !== false)
    headers.append("Set-Cookie", setFlashCookie({ kind: "success", title: t("auth:handoff.welcome") }));
  return data({ ok: true, type }, { headers });
}
