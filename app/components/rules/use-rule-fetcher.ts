/**
 * One fetcher for a rule's actions (save, status, run now, delete, "pause all automation"): posts
 * JSON to the rules action and shows each answer once, as a toast, when its submission has finished
 * (revalidation included). `onDone` gets the successful answer (to navigate, close a dialog…).
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useUpgradeAction } from "#app/components/billing/upgrade-action.ts";
import type { RuleActionResult, RuleRequest } from "./rule-requests.ts";

export const RULES_ACTION = "/rules";

export function useRuleFetcher({
  onDone,
  onRefused,
  key,
}: {
  onDone?: (result: Extract<RuleActionResult, { ok: true }>) => void;
  onRefused?: (result: Extract<RuleActionResult, { ok: false }>) => void;
  key?: string;
} = {}) {
  const { t } = useTranslation("rules");
  const fetcher = useFetcher<RuleActionResult>({ key });
  const shown = useRef<unknown>(null);
  const upgrade = useUpgradeAction();
  const callbacks = useRef({ onDone, onRefused, upgrade });
  callbacks.current = { onDone, onRefused, upgrade };
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    if (result.ok) {
      toast.success(result.toast.title, { description: result.toast.description });
      callbacks.current.onDone?.(result);
      return;
    }
    // The editor shows field errors beside their fields; the toast says the rule was not saved.
    toast.error(result.title || t("toasts.refused"), {
      description: result.message,
      action: callbacks.current.upgrade(result),
    });
    callbacks.current.onRefused?.(result);
  }, [fetcher.state, fetcher.data, t]);
  const submit = (request: RuleRequest) =>
    fetcher.submit(request as never, { method: "post", action: RULES_ACTION, encType: "application/json" });
  const pendingIntent =
    fetcher.state !== "idle" && fetcher.json && typeof fetcher.json === "object" && "intent" in fetcher.json
      ? String((fetcher.json as { intent: unknown }).intent)
      : null;
  return { submit, isPending: fetcher.state !== "idle", pendingIntent, data: fetcher.data };
}
