import type { TFunction } from "i18next";
import { CircleAlert, CircleCheck, Clock, Loader2 } from "lucide-react";
import { useId } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/badge.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { cn } from "#app/lib/cn.ts";
import type { ConnectionView } from "./integrations-types.ts";
import { useTimeFormat } from "./use-time-format.tsx";

export type ConnectionState = "active" | "syncing" | "error";

/** An error wins: the person has something to do. A queued sync has no progress yet but is syncing. */
export function connectionStateOf(connection: ConnectionView): ConnectionState {
  if (connection.status === "error") return "error";
  if (connection.status === "syncing" || connection.progress) return "syncing";
  return "active";
}

/** Status as text with an icon; colour only repeats what the words say. */
export function StatusBadge({ state, className }: { state: ConnectionState; className?: string }) {
  const { t } = useTranslation("integrations");
  if (state === "error")
    return (
      <Badge variant="outline" className={cn("border-destructive/40 bg-destructive/10 text-destructive", className)}>
        <CircleAlert aria-hidden="true" />
        {t("status.error")}
      </Badge>
    );
  if (state === "syncing")
    return (
      <Badge variant="outline" className={cn("border-primary/40 bg-primary/10 text-primary", className)}>
        <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
        {t("status.syncing")}
      </Badge>
    );
  return (
    // The words in the text colour (green text on a green tint is too faint), the icon in green.
    <Badge
      variant="outline"
      className={cn("border-success/40 bg-success/10 text-foreground [&>svg]:text-success", className)}
    >
      <CircleCheck aria-hidden="true" />
      {t("status.active")}
    </Badge>
  );
}

/** "Backfilling 90 days… 4 of 9" or "Syncing… 1 of 3"; a queued sync shows an empty, pulsing bar. */
export function SyncProgress({ connection }: { connection: ConnectionView }) {
  const { t } = useTranslation("integrations");
  const labelId = useId();
  const { progress } = connection;
  const label = describeProgress(t, connection);
  return (
    <div className="grid gap-1.5">
      <p id={labelId} className="text-muted-foreground text-xs tabular-nums" aria-live="polite">
        {label}
      </p>
      <Progress
        value={progress ? progress.done : null}
        max={progress && progress.total > 0 ? progress.total : 100}
        aria-labelledby={labelId}
        getValueLabel={progress ? () => t("progress.steps", { done: progress.done, total: progress.total }) : undefined}
        className={progress ? undefined : "animate-pulse motion-reduce:animate-none"}
      />
    </div>
  );
}

export function describeProgress(t: TFunction<"integrations">, connection: ConnectionView): string {
  const { progress } = connection;
  if (!progress) return t("progress.starting");
  const steps = { done: progress.done, total: progress.total };
  if (progress.kind !== "backfill") return t("progress.syncing", steps);
  const days = backfillDaysOf(connection);
  return days ? t("progress.backfillingDays", { ...steps, count: days }) : t("progress.backfilling", steps);
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
  const { t } = useTranslation("integrations");
  const format = useTimeFormat();
  const { lastSyncedAt } = connection;
  if (!lastSyncedAt)
    return (
      <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
        <Clock aria-hidden="true" className="size-3.5" />
        {connectionStateOf(connection) === "syncing" ? t("lastSync.firstTime") : t("lastSync.never")}
      </p>
    );
  const at = new Date(lastSyncedAt);
  return (
    <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
      <Clock aria-hidden="true" className="size-3.5" />
      <span>
        <Trans
          t={t}
          i18nKey="lastSync.at"
          values={{ when: format.relative(at, now) }}
          components={{ time: <time dateTime={lastSyncedAt} title={format.exact(at)} /> }}
        />
      </span>
    </p>
  );
}
