import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { BillingActionResult } from "./billing-types.ts";

type Success = Extract<BillingActionResult, { ok: true }>;

/**
 * A fetcher for a billing screen's action. Each answer is handled once: a success goes to
 * `onSuccess`, field messages to `onFieldErrors` (the form shows them), any other refusal becomes
 * an error toast.
 */
export function useBillingFetcher(
  onSuccess: (result: Success) => void,
  onFieldErrors?: (fieldErrors: Record<string, string>) => void,
  action?: string,
) {
  const fetcher = useFetcher<BillingActionResult>();
  const handled = useRef<BillingActionResult | null>(null);
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
    if (result.fieldErrors && callbacks.current.onFieldErrors) callbacks.current.onFieldErrors(result.fieldErrors);
    else toast.error(result.title, { description: result.message });
  }, [fetcher.state, fetcher.data]);
  const submit = (body: Record<string, unknown>) =>
    fetcher.submit(body as never, { method: "post", encType: "application/json", action });
  return { fetcher, submit, isBusy: fetcher.state !== "idle" };
}
