import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import type { PlanActionResult, PlanIntent } from "./plan-types.ts";

/**
 * One of the plan's forms posting to /optimizer/plan's action: `submit(intent, body)`, whether it
 * is pending, and the field errors of its last refusal (already in the reader's language). A
 * success shows `successToast` and calls `onSaved`; a refusal shows its title and message.
 */
export function usePlanSubmit({ successToast, onSaved }: { successToast: string; onSaved?: () => void }) {
  const { t } = useTranslation("budgets");
  const fetcher = useFetcher<PlanActionResult>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // Each answer is handled once, when its submission has finished (revalidation included).
  const handled = useRef<unknown>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      setFieldErrors({});
      toast.success(successToast);
      onSavedRef.current?.();
      return;
    }
    setFieldErrors(result.fieldErrors ?? {});
    toast.error(translateMessage(t, result.title), { description: translateMessage(t, result.message) });
  }, [fetcher.state, fetcher.data, successToast, t]);
  return {
    isPending: fetcher.state !== "idle",
    fieldErrors,
    setFieldErrors,
    submit: (intent: PlanIntent, body: Record<string, unknown>) => {
      setFieldErrors({});
      fetcher.submit({ intent, ...body }, { method: "post", action: "/optimizer/plan", encType: "application/json" });
    },
  };
}
