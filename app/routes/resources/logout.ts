import { redirect } from "react-router";
import { appContext } from "#app/lib/app-context.ts";
import { setFlashCookie } from "#app/lib/flash.server.ts";
import type { Route } from "./+types/logout";

/** Ends the server session, then a full redirect to / (spec §4), where "Signed out" shows. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, logger } = context.get(appContext);
  const headers = new Headers();
  try {
    const result = await services.auth.api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", setFlashCookie({ kind: "success", title: "Signed out" }));
  } catch (error) {
    logger.warn({ err: error }, "sign-out failed");
    const message = error instanceof Error ? error.message : "Please try again.";
    headers.append("Set-Cookie", setFlashCookie({ kind: "error", title: "Sign out failed", description: message }));
  }
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
