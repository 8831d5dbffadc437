import { data } from "react-router";
import type { ActionRefusal } from "#app/components/account/account-action.ts";
import { AppError } from "#core/errors/app-error.ts";

/** React Router sends a fetcher's submission to the route's ".data" URL; a plain form posts to the page. */
export function isPlainPost(request: Request): boolean {
  return !new URL(request.url).pathname.endsWith(".data");
}

/**
 * An AppError becomes a refusal the form shows (field errors under the fields, the message in a
 * toast), with its status and, for 429, Retry-After. Anything else is logged and answered 500.
 * A plain post (no JavaScript) gets the page back with the form and its errors: that page is
 * answered 200, like any page that renders as intended.
 */
export function refuseForm(
  error: unknown,
  onUnexpected: (error: unknown) => void,
  { extra = {}, isDocument = false }: { extra?: object; isDocument?: boolean } = {},
) {
  if (error instanceof AppError && error.status < 500) {
    const title = typeof error.details?.title === "string" ? error.details.title : "Request refused";
    const fieldErrors = error.details?.fieldErrors as Record<string, string> | undefined;
    const retryAfter = error.details?.retryAfterSeconds;
    return data<ActionRefusal>(
      {
        ok: false,
        reason: "invalid",
        title,
        message: error.message,
        ...(fieldErrors && Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
        ...extra,
      },
      {
        status: isDocument ? 200 : error.status,
        headers: typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : {},
      },
    );
  }
  onUnexpected(error);
  return data<ActionRefusal>(
    {
      ok: false,
      reason: "failed",
      title: "Something went wrong",
      message: "Something went wrong on our side. Please try again.",
      ...extra,
    },
    { status: 500 },
  );
}
