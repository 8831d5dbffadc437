import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { AssetsActionResult } from "./assets-types.ts";

type Success = Extract<AssetsActionResult, { ok: true }>;

/**
 * A fetcher for the library's action, each answer handled once when it has settled: a success goes
 * to `onSuccess`; field messages to `onFieldErrors` (the form shows them); other refusals to a toast.
 */
export function useAssetsFetcher(
  onSuccess: (result: Success) => void,
  onFieldErrors?: (fieldErrors: Record<string, string>) => void,
) {
  const fetcher = useFetcher<AssetsActionResult>();
  const handled = useRef<AssetsActionResult | null>(null);
  const callbacks = useRef({ onSuccess, onFieldErrors });
  callbacks.current = { onSuccess, onFieldErrors };
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) return callbacks.current.onSuccess(result);
    if (result.fieldErrors && callbacks.current.onFieldErrors) callbacks.current.onFieldErrors(result.fieldErrors);
    else toast.error(result.title, { description: result.message });
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}
