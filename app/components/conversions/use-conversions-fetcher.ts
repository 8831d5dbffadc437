import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { ConversionsActionResult } from "./conversions-types.ts";

type Success = Extract<ConversionsActionResult, { ok: true }>;
type Refusal = Extract<ConversionsActionResult, { ok: false }>;

/**
 * A fetcher for the conversion settings' action. Each answer is handled once, when its submission
 * and the page's revalidation have finished: a success goes to `onSuccess`; a refusal with field
 * messages goes to `onFieldErrors` when given, any other refusal becomes an error toast.
 */
export function useConversionsFetcher(
  onSuccess: (result: Success) => void,
  onFieldErrors?: (fieldErrors: Record<string, string>) => void,
) {
  const fetcher = useFetcher<ConversionsActionResult>();
  const handled = useRef<ConversionsActionResult | null>(null);
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
