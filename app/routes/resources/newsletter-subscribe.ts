import { data, redirect } from "react-router";
import type { SubscribeActionResult, SubscribeOutcome } from "#app/components/marketing/subscribe-result.ts";
import { appContext } from "#app/lib/app-context.ts";
import { type Flash, setFlashCookie } from "#app/lib/flash.server.ts";
import { readFormFields } from "#app/lib/form-data.server.ts";
import { isPlainPost, refuseForm } from "#app/lib/public-form-action.server.ts";
import { safeRedirectTarget } from "#app/lib/redirect-target.ts";
import { visitorOf } from "#app/lib/session.server.ts";
import { NEWSLETTER_SOURCES, type NewsletterSource, SUBSCRIBE_SUCCESS } from "#core/newsletter/newsletter-schemas.ts";
import type { Route } from "./+types/newsletter-subscribe";

function outcomeOf(status: number): SubscribeOutcome {
  if (status < 300) return "sent";
  if (status === 429) return "rate-limited";
  return status < 500 ? "invalid" : "failed";
}

/**
 * A plain form post (no JavaScript) goes back to the page it came from, with the outcome in the
 * query for the form to show and a flash toast; a fetcher gets the result as data.
 */
function redirectBack(fields: Record<string, string>, status: number, flash: Flash) {
  const source: NewsletterSource = NEWSLETTER_SOURCES.find((known) => known === fields.source) ?? "footer";
  const target = new URL(safeRedirectTarget(fields.redirectTo, "/"), "http://localhost");
  target.searchParams.set("newsletter", outcomeOf(status));
  target.searchParams.set("newsletter-source", source);
  return redirect(`${target.pathname}${target.search}#newsletter-${source}`, {
    status: 303,
    headers: { "Set-Cookie": setFlashCookie(flash) },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const fields = await readFormFields(request);
  let result: ReturnType<typeof refuseForm> | ReturnType<typeof data<SubscribeActionResult>>;
  try {
    await app.services.site.subscribeToNewsletter(visitorOf(context), { email: fields.email, source: fields.source });
    result = data<SubscribeActionResult>({ ok: true, ...SUBSCRIBE_SUCCESS });
  } catch (error) {
    result = refuseForm(error, (unexpected) =>
      app.logger.error({ err: unexpected, requestId: app.requestId }, "newsletter subscription failed"),
    );
  }
  if (!isPlainPost(request)) return result;
  const answer = result.data;
  const status = result.init?.status ?? 200;
  return redirectBack(
    fields,
    status,
    answer.ok
      ? { kind: "success", title: answer.title, description: answer.message }
      : { kind: "error", title: answer.title, description: answer.message },
  );
}

/** Nothing to show at this address; someone who opens it lands on the home page. */
export function loader() {
  return redirect("/");
}
