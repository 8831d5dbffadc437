import { CircleAlert, CircleCheck, Clock, Loader2 } from "lucide-react";
import { useId } from "react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { cn } from "#app/lib/cn.ts";
import type { ConnectionView } from "./integrations-types.ts";
import { formatExactTime, formatRelativeTime } from "./relative-time.ts";

export type ConnectionState = "active" | "syncing" | "error";

/** An error wins: the person has something to do. A queued sync has no progress yet but is syncing. */
export function connectionStateOf(connection: ConnectionView): ConnectionState {
  if (connection.status === "error") return "error";
  if (connection.status === "syncing" || connection.progress) return "syncing";
  return "active";
}

/** Status as text with an icon; colour only repeats what the words say. */
export function StatusBadge({ state, className }: { state: ConnectionState; className?: string }) {
  if (state === "error")
    return (
      <Badge variant="outline" className={cn("border-destructive/40 bg-destructive/10 text-destructive", className)}>
        <CircleAlert aria-hidden="true" />
        Error
      </Badge>
    );
  if (state === "syncing")
    return (
      <Badge variant="outline" className={cn("border-primary/40 bg-primary/10 text-primary", className)}>
        <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
        Syncing
      </Badge>
    );
  return (
    <Badge variant="outline" className={cn("border-success/40 bg-success/10 text-success", className)}>
      <CircleCheck aria-hidden="true" />
      Active
    </Badge>
  );
}

/** "Backfilling 90 days… 4 of 9" or "Syncing… 1 of 3"; a queued sync shows an empty, pulsing bar. */
export function SyncProgress({ connection }: { connection: ConnectionView }) {
  const labelId = useId();
  const { progress } = connection;
  const label = describeProgress(connection);
  return (
    <div className="grid gap-1.5">
      <p id={labelId} className="text-muted-foreground text-xs tabular-nums" aria-live="polite">
        {label}
      </p>
      <Progress
        value={progress ? progress.done : null}
        max={progress && progress.total > 0 ? progress.total : 100}
        aria-labelledby={labelId}
        getValueLabel={progress ? () => `${progress.done} of ${progress.total} steps` : undefined}
        className={progress ? undefined : "animate-pulse motion-reduce:animate-none"}
      />
    </div>
  );
}

export function describeProgress(connection: ConnectionView): string {
  const { progress } = connection;
  if (!progress) return "Starting sync…";
  const steps = `${progress.done} of ${progress.total}`;
  if (progress.kind !== "backfill") return `Syncing… ${steps}`;
  const days = backfillDaysOf(connection);
  return days ? `Backfilling ${days} days… ${steps}` : `Backfilling… ${steps}`;
}

/** The running backfill's window, inclusive of both ends, in days. */
function backfillDaysOf(connection: ConnectionView): number | null {
  const run = connection.history.find((entry) => entry.status === "running" && entry.kind === "backfill");
  if (!run) return null;
  const days = Math.round((Date.parse(run.window.to) - Date.parse(run.window.from)) / 86_400_000) + 1;
  return Number.isFinite(days) && days > 0 ? days : null;
}

/** "Last sync: 2 minutes ago", computed against `now` so it ages while the page stays open. */
export function LastSync({ connection, now }: { connection: ConnectionView; now: Date }) {
  const { lastSyncedAt } = connection;
  if (!lastSyncedAt)
    return (
      <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
        <Clock aria-hidden="true" className="size-3.5" />
        {connectionStateOf(connection) === "syncing" ? "Syncing for the first time…" : "Never synced"}
      </p>
    );
  const at = new Date(lastSyncedAt);
  return (
    <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
      <Clock aria-hidden="true" className="size-3.5" />
      <span>
        Last sync:{" "}
        <time dateTime={lastSyncedAt} title={formatExactTime(at)}>
          {formatRelativeTime(at, now)}
        </time>
      </span>
    </p>
  );
}
