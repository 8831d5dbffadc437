import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { IntegrationsActionResult } from "./integrations-types.ts";
import { useExpectSync } from "./live-refresh.tsx";

/**
 * A fetcher for the integrations action that shows each answer's toast once, when the submission
 * and its revalidation have finished, then calls `onSuccess`. Inside <LiveRefresh>. Keep it in a component that stays
 * mounted while the answer changes the page (a card, not the dialog that disappears with it).
 */
export function useActionFetcher(onSuccess?: (result: Extract<IntegrationsActionResult, { ok: true }>) => void) {
  const fetcher = useFetcher<IntegrationsActionResult>();
  const expectSync = useExpectSync();
  const shownResult = useRef<IntegrationsActionResult | null>(null);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shownResult.current === result) return;
    shownResult.current = result;
    // A refusal by the plan's limit is shown in the account picker, with Upgrade beside it.
    if (!result.ok && result.limit) return;
    const { kind, title, description } = result.toast;
    (kind === "error" ? toast.error : toast.success)(title, { description });
    if (!result.ok) return;
    // Saving the accounts and Sync now both queue a sync: follow it until it has run.
    if (result.intent !== "disconnect") expectSync();
    onSuccessRef.current?.(result);
  }, [fetcher.state, fetcher.data, expectSync]);
  return fetcher;
}

export type ActionFetcher = ReturnType<typeof useActionFetcher>;
