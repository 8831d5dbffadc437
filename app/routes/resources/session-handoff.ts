import { data } from "react-router";
import { z } from "zod";
import { appContext } from "../../lib/app-context.ts";
import { setFlashCookie } from "../../lib/flash.server.ts";
import type { Route } from "./+types/session-handoff";

const handoffSchema = z.object({
  access_token: z.string().min(1).max(200),
  refresh_token: z.string().min(1).max(200),
});

/**
 * POST /auth/handoff: the landing page's fragment tokens (after sign-up verification or a
 * password reset) become a session cookie. The page then goes to /dashboard, where the flash
 * shows "Welcome to Adhelm!" (spec §4), or back to /, where it shows why it failed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, logger } = context.get(appContext);
  const headers = new Headers();
  const parsed = handoffSchema.safeParse(await request.json().catch(() => null));
  try {
    if (!parsed.success) throw new Error("The sign-in link is incomplete.");
    // better-auth's own endpoint (core/accounts/auth-plugins.ts) checks the pair and sets the cookie.
    const exchange = await services.auth.handler(
      new Request(new URL("/api/auth/session-handoff/exchange", request.url), {
        method: "POST",
        headers: { "content-type": "application/json", origin: request.headers.get("origin") ?? "" },
        body: JSON.stringify(parsed.data),
      }),
    );
    if (!exchange.ok) {
      const answer = (await exchange.json().catch(() => null)) as { message?: string } | null;
      throw new Error(answer?.message ?? "This sign-in link is invalid or has expired.");
    }
    for (const cookie of exchange.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", setFlashCookie({ kind: "success", title: "Welcome to Adhelm!" }));
    return data({ ok: true }, { headers });
  } catch (error) {
    logger.warn({ err: error }, "session handoff failed");
    const description = error instanceof Error ? error.message : "Something went wrong during authentication.";
    headers.append("Set-Cookie", setFlashCookie({ kind: "error", title: "Authentication failed", description }));
    return data({ ok: false }, { status: 401, headers });
  }
}
