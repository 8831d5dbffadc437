import type { ActionRefusal } from "#app/components/account/account-action.ts";

/** What a plain (no JavaScript) post came back with, read from the query it redirected to. */
export type SubscribeOutcome = "sent" | "invalid" | "rate-limited" | "failed";

/** What `POST /newsletter/subscribe` answers a fetcher (a hydrated `SubscribeForm`). */
export type SubscribeActionResult = { ok: true; title: string; message: string } | ActionRefusal;
