import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useUpgradeAction } from "#app/components/billing/upgrade-action.ts";
import type { TeamActionResult } from "./team-types.ts";

type Success = Extract<TeamActionResult, { ok: true }>;
type Refusal = Extract<TeamActionResult, { ok: false }>;

/**
 * A fetcher for the team page's action. Each answer is handled once: a success goes to
 * `onSuccess`; field messages go to `onFieldErrors` (the form shows them); a plan limit's refusal
 * goes to `onLimit` when the caller shows it itself (a dialog: a toast's Upgrade cannot be clicked
 * beside a modal); any other refusal becomes an error toast.
 */
export function useTeamFetcher(
  onSuccess: (result: Success) => void,
  onFieldErrors?: (fieldErrors: Record<string, string>) => void,
  onLimit?: (refusal: Refusal) => void,
) {
  const fetcher = useFetcher<TeamActionResult>();
  const handled = useRef<TeamActionResult | null>(null);
  const upgrade = useUpgradeAction();
  const callbacks = useRef({ onSuccess, onFieldErrors, onLimit, upgrade });
  callbacks.current = { onSuccess, onFieldErrors, onLimit, upgrade };
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      callbacks.current.onSuccess(result);
      return;
    }
    if (result.fieldErrors && callbacks.current.onFieldErrors) callbacks.current.onFieldErrors(result.fieldErrors);
    else if (result.limit && callbacks.current.onLimit) callbacks.current.onLimit(result);
    else toast.error(result.title, { description: result.message, action: callbacks.current.upgrade(result) });
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

export type TeamFetcher = ReturnType<typeof useTeamFetcher>;

/** Posts one of the team action's intents as JSON. */
export function submitTeam(fetcher: TeamFetcher, body: Record<string, unknown>) {
  fetcher.submit(body as never, { method: "post", encType: "application/json" });
}
