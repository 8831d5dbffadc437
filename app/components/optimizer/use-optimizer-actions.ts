/**
 * The page's actions (get recommendations, apply, dismiss, undo), each posted as JSON to the
 * /optimizer action and answered once, as a toast, when its submission has finished (revalidation
 * included). An apply's toast carries Undo, which puts the budgets back through the change log.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import type { OptimizerActionResult, OptimizerRequest } from "./optimizer-page-types.ts";

const ACTION = "/optimizer";
const UNDO_TOAST_MS = 12_000;

function useAnsweredOnce(
  fetcher: { state: string; data: OptimizerActionResult | undefined },
  show: (result: OptimizerActionResult) => void,
) {
  const shown = useRef<unknown>(null);
  const callback = useRef(show);
  callback.current = show;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    callback.current(result);
  }, [fetcher.state, fetcher.data]);
}

export function useOptimizerActions() {
  const { t } = useTranslation("optimizer");
  const format = useMetricFormat();
  const fetcher = useFetcher<OptimizerActionResult>({ key: "optimizer" });
  const undoFetcher = useFetcher<OptimizerActionResult>({ key: "optimizer-undo" });

  const post = (target: typeof fetcher, request: OptimizerRequest) =>
    target.submit(request as never, { method: "post", action: ACTION, encType: "application/json" });
  const undo = (changeIds: string[]) => post(undoFetcher, { intent: "undo", changeIds });

  useAnsweredOnce(fetcher, (result) => {
    if (!result.ok) {
      toast.error(result.title, { description: result.message });
      return;
    }
    if (result.intent === "recommend") {
      if (result.readiness !== "ready") toast.info(t("toasts.notReady"));
      else if (result.recommendations === 0) toast.success(t("toasts.nothingToMove"));
      else toast.success(t("toasts.recommended", { count: result.recommendations }));
    } else if (result.intent === "apply") {
      const applied = result.items.filter((item) => item.outcome === "applied");
      const changeIds = applied.flatMap((item) => (item.changeLogId ? [item.changeLogId] : []));
      const [only] = applied;
      if (applied.length > 0)
        toast.success(
          applied.length === 1 && only
            ? t("toasts.appliedOne", { name: only.campaignName })
            : t("toasts.appliedMany", { count: applied.length }),
          {
            description:
              applied.length === 1 && only
                ? t("toasts.budgetMoved", {
                    before: format.money(only.beforeMinor, only.currency),
                    after: format.money(only.afterMinor, only.currency),
                  })
                : t("toasts.appliedManyBody"),
            duration: UNDO_TOAST_MS,
            action: changeIds.length > 0 ? { label: t("toasts.undo"), onClick: () => undo(changeIds) } : undefined,
          },
        );
      const failed = result.items.filter((item) => item.outcome === "failed");
      if (failed.length > 0)
        toast.error(t("toasts.applyFailed", { count: failed.length }), {
          description: failed.map((item) => `${item.campaignName}: ${item.message}`).join(" "),
        });
    } else if (result.intent === "dismiss") toast(t("toasts.dismissed", { name: result.campaignName }));
  });

  useAnsweredOnce(undoFetcher, (result) => {
    if (!result.ok) toast.error(result.title, { description: result.message });
    else if (result.intent === "undo") {
      if (result.undone > 0) toast.success(t("toasts.undone", { count: result.undone }));
      if (result.failed > 0) toast.error(t("toasts.undoFailed"), { description: result.message ?? undefined });
    }
  });

  const pending = fetcher.state !== "idle" ? (fetcher.json as OptimizerRequest | undefined) : undefined;
  return {
    recommend: () => post(fetcher, { intent: "recommend" }),
    apply: (ids: string[]) => post(fetcher, { intent: "apply", ids }),
    dismiss: (id: string) => post(fetcher, { intent: "dismiss", id }),
    undo,
    isBusy: fetcher.state !== "idle",
    isRecommending: pending?.intent === "recommend",
    /** The recommendations being applied or dismissed right now. */
    workingIds: new Set(pending?.intent === "apply" ? pending.ids : pending?.intent === "dismiss" ? [pending.id] : []),
  };
}

export type OptimizerActions = ReturnType<typeof useOptimizerActions>;
