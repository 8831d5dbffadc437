import { CircleCheck, CircleMinus, CircleX, Loader2 } from "lucide-react";
import { useId } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { DialogFooter } from "#app/components/ui/dialog.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { cn } from "#app/lib/cn.ts";
import { count } from "./change-dialog-helpers.ts";
import { countOutcomes, describeSettings, outcomeSentence } from "./change-summary.ts";
import type { AppliedItem, ApplyRun } from "./use-chunked-apply.ts";

/** The progress bar while changes are sent, then each campaign's result, failures first. */
export function ApplyProgress({ run, onStop, onClose }: { run: ApplyRun; onStop: () => void; onClose: () => void }) {
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
    ? `Done: ${outcomeSentence(counts)}`
    : run.status === "stopping"
      ? `Stopping after this step… ${count(run.done)} of ${count(run.total)}`
      : `Updating ${count(Math.min(run.done + 1, run.total))} of ${count(run.total)}…`;
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
          <span className="font-medium text-destructive">
            {failures.length === 1 ? "1 campaign failed" : `${count(failures.length)} campaigns failed`}:
          </span>{" "}
          {failures
            .slice(0, 5)
            .map((failure) => failure.campaignName)
            .join(", ")}
          {failures.length > 5 ? ` and ${count(failures.length - 5)} more` : ""}. Each one's reason is below.
        </p>
      ) : null}
      {ordered.length > 0 ? (
        <ul aria-label="Results" className="max-h-[min(40svh,22rem)] divide-y overflow-auto rounded-lg border text-sm">
          {ordered.map((result) => (
            <ResultItem key={`${result.campaignId}-${result.changeId ?? result.outcome}`} result={result} />
          ))}
        </ul>
      ) : null}
      <DialogFooter>
        {isFinished ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <Button variant="outline" onClick={onStop} disabled={run.status === "stopping"}>
            {run.status === "stopping" ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            Stop
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}

const OUTCOME_ICONS = {
  succeeded: { icon: CircleCheck, className: "text-success", label: "Updated" },
  failed: { icon: CircleX, className: "text-destructive", label: "Failed" },
  skipped: { icon: CircleMinus, className: "text-muted-foreground", label: "Skipped" },
} as const;

function ResultItem({ result }: { result: AppliedItem }) {
  const { icon: Icon, className, label } = OUTCOME_ICONS[result.outcome];
  return (
    <li className="flex items-start gap-3 px-3 py-2">
      <Icon aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0", className)} />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium">{result.campaignName}</span>
          <span className={cn("shrink-0 text-xs", className)}>{label}</span>
        </p>
        {result.outcome === "succeeded" ? (
          <p className="text-muted-foreground text-xs tabular-nums">
            {describeSettings(result.before, result.currency)} → {describeSettings(result.after, result.currency)}
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
