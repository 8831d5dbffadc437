import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { WebhooksActionResult } from "./webhooks-types.ts";

type Success = Extract<WebhooksActionResult, { ok: true }>;
type Refusal = Extract<WebhooksActionResult, { ok: false }>;

/**
 * A fetcher for the webhooks action. Each answer is handled once, when its submission and the
 * page's revalidation have finished: a success goes to `onSuccess`; a refusal with field messages
 * goes to `onFieldErrors` (the form shows them), any other refusal becomes an error toast.
 */
export function useWebhooksFetcher(
  onSuccess: (result: Success) => void,
  onFieldErrors?: (fieldErrors: Record<string, string>) => void,
) {
  const fetcher = useFetcher<WebhooksActionResult>();
  const handled = useRef<WebhooksActionResult | null>(null);
  const callbacks = useRef({ onSuccess, onFieldErrors });
  callbacks.current = { onSuccess, onFieldErrors };
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      callbacks.current.onSuccess(result);
      return;
    }
    const refusal: Refusal = result;
    if (refusal.fieldErrors && callbacks.current.onFieldErrors) callbacks.current.onFieldErrors(refusal.fieldErrors);
    else toast.error(refusal.title, { description: refusal.message });
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

export type WebhooksFetcher = ReturnType<typeof useWebhooksFetcher>;
