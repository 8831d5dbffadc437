import { CircleCheck, CircleMinus, CircleX, Loader2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { DialogFooter } from "#app/components/ui/dialog.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { countOutcomes, describeSettings, outcomeSentence } from "./change-summary.ts";
import type { AppliedItem, ApplyRun } from "./use-chunked-apply.ts";

/** The progress bar while changes are sent, then each campaign's result, failures first. */
export function ApplyProgress({ run, onStop, onClose }: { run: ApplyRun; onStop: () => void; onClose: () => void }) {
  const { t } = useTranslation("campaigns");
  const labelId = useId();
  const counts = countOutcomes(run.results);
  const isFinished = run.status === "finished";
  const failures = run.results.filter((result) => result.outcome === "failed");
  const ordered = [
    ...failures,
    ...run.results.filter((result) => result.outcome === "skipped"),
    ...run.results.filter((result) => result.outcome === "succeeded"),
  ];
  const label = isFinished
    ? t("progress.done", { outcome: outcomeSentence(counts, t) })
    : run.status === "stopping"
      ? t("progress.stopping", { done: run.done, total: run.total })
      : t("progress.updating", { current: Math.min(run.done + 1, run.total), total: run.total });
  const failedNames = failures
    .slice(0, 5)
    .map((failure) => failure.campaignName)
    .join(", ");
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-2">
        <p id={labelId} className="font-medium text-sm tabular-nums" aria-live="polite">
          {label}
        </p>
        <Progress value={run.done} max={Math.max(run.total, 1)} aria-labelledby={labelId} />
      </div>
      {isFinished && failures.length > 0 ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <span className="font-medium text-destructive">{t("progress.failed", { count: failures.length })}</span>{" "}
          {t("progress.reasonsBelow", {
            names:
              failures.length > 5
                ? t("progress.namesAndMore", { names: failedNames, count: failures.length - 5 })
                : failedNames,
          })}
        </p>
      ) : null}
      {ordered.length > 0 ? (
        <ul
          aria-label={t("progress.results")}
          className="max-h-[min(40svh,22rem)] divide-y overflow-auto rounded-lg border text-sm"
        >
          {ordered.map((result) => (
            <ResultItem key={`${result.campaignId}-${result.changeId ?? result.outcome}`} result={result} />
          ))}
        </ul>
      ) : null}
      <DialogFooter>
        {isFinished ? (
          <Button onClick={onClose}>{t("progress.finish")}</Button>
        ) : (
          <Button variant="outline" onClick={onStop} disabled={run.status === "stopping"}>
            {run.status === "stopping" ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {t("progress.stop")}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}

const OUTCOME_ICONS = {
  succeeded: { icon: CircleCheck, className: "text-success", label: "progress.updated" },
  failed: { icon: CircleX, className: "text-destructive", label: "progress.failedLabel" },
  skipped: { icon: CircleMinus, className: "text-muted-foreground", label: "progress.skipped" },
} as const;

function ResultItem({ result }: { result: AppliedItem }) {
  const { t } = useTranslation("campaigns");
  const locale = useLocale();
  const { icon: Icon, className, label } = OUTCOME_ICONS[result.outcome];
  return (
    <li className="flex items-start gap-3 px-3 py-2">
      <Icon aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0", className)} />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium">{result.campaignName}</span>
          <span className={cn("shrink-0 text-xs", className)}>{t(label)}</span>
        </p>
        {result.outcome === "succeeded" ? (
          <p className="text-muted-foreground text-xs tabular-nums">
            {describeSettings(result.before, result.currency, t, locale)} →{" "}
            {describeSettings(result.after, result.currency, t, locale)}
          </p>
        ) : (
          <p className={cn("text-xs", result.outcome === "failed" ? "text-destructive" : "text-muted-foreground")}>
            {result.message}
          </p>
        )}
      </div>
    </li>
  );
}
