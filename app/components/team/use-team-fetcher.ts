import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useUpgradeAction } from "#app/components/billing/upgrade-action.ts";
import type { TeamActionResult } from "./team-types.ts";

type Success = Extract<TeamActionResult, { ok: true }>;

/**
 * A fetcher for the team page's action. Each answer is handled once: a success goes to
 * `onSuccess`; field messages go to `onFieldErrors` (the form shows them); any other refusal
 * becomes an error toast.
 */
export function useTeamFetcher(
  onSuccess: (result: Success) => void,
  onFieldErrors?: (fieldErrors: Record<string, string>) => void,
) {
  const fetcher = useFetcher<TeamActionResult>();
  const handled = useRef<TeamActionResult | null>(null);
  const upgrade = useUpgradeAction();
  const callbacks = useRef({ onSuccess, onFieldErrors, upgrade });
  callbacks.current = { onSuccess, onFieldErrors, upgrade };
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      callbacks.current.onSuccess(result);
      return;
    }
    if (result.fieldErrors && callbacks.current.onFieldErrors) callbacks.current.onFieldErrors(result.fieldErrors);
    else toast.error(result.title, { description: result.message, action: callbacks.current.upgrade(result) });
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

export type TeamFetcher = ReturnType<typeof useTeamFetcher>;

/** Posts one of the team action's intents as JSON. */
export function submitTeam(fetcher: TeamFetcher, body: Record<string, unknown>) {
  fetcher.submit(body as never, { method: "post", encType: "application/json" });
}
