import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { ApiKeysActionResult } from "./api-keys-types.ts";

type Success = Extract<ApiKeysActionResult, { ok: true }>;

/**
 * A fetcher for the API keys action. Each answer is handled once, when its submission and the
 * list's revalidation have finished: a refusal becomes an error toast, a success goes to `onSuccess`.
 */
export function useApiKeysFetcher(onSuccess: (result: Success) => void) {
  const fetcher = useFetcher<ApiKeysActionResult>();
  const handled = useRef<ApiKeysActionResult | null>(null);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) onSuccessRef.current(result);
    else toast.error(result.title, { description: result.message });
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

export type ApiKeysFetcher = ReturnType<typeof useApiKeysFetcher>;
