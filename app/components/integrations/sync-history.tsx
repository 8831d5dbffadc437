import { CircleAlert, CircleCheck, Loader2 } from "lucide-react";
import { Fragment } from "react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import type { SyncRunView } from "./integrations-types.ts";
import { formatExactTime, formatRelativeTime } from "./relative-time.ts";

const KIND_LABELS: Record<SyncRunView["kind"], string> = {
  backfill: "Backfill",
  incremental: "Incremental",
  manual: "Manual",
};

const STATUS_LABELS: Record<SyncRunView["status"], string> = {
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
};

const COUNT = new Intl.NumberFormat("en-US");

/** The last sync runs of a connection, newest first; a failed run shows the platform's message below it. */
export function SyncHistory({
  runs,
  now,
  isStore,
  captionId,
}: {
  runs: SyncRunView[];
  now: Date;
  isStore: boolean;
  captionId: string;
}) {
  if (runs.length === 0)
    return (
      <p className="rounded-md border border-dashed p-4 text-muted-foreground text-sm">
        No syncs yet. The first one starts as soon as {isStore ? "the store is connected" : "you save your ad accounts"}
        .
      </p>
    );
  return (
    <Table aria-labelledby={captionId}>
      <TableHeader>
        <TableRow>
          <TableHead>Started</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead>Status</TableHead>
          {isStore ? null : <TableHead className="text-right">Campaigns</TableHead>}
          <TableHead className="text-right">{isStore ? "Orders" : "Rows"}</TableHead>
          <TableHead className="text-right">Retries</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {runs.map((run) => (
          <Fragment key={run.id}>
            <TableRow className={run.error ? "border-b-0" : undefined}>
              <TableCell>
                <time dateTime={run.startedAt} title={formatExactTime(new Date(run.startedAt))}>
                  {capitalize(formatRelativeTime(new Date(run.startedAt), now))}
                </time>
              </TableCell>
              <TableCell>{KIND_LABELS[run.kind]}</TableCell>
              <TableCell>
                <RunStatus status={run.status} />
              </TableCell>
              {isStore ? null : (
                <TableCell className="text-right tabular-nums">{COUNT.format(run.campaigns)}</TableCell>
              )}
              <TableCell className="text-right tabular-nums">{COUNT.format(run.rows)}</TableCell>
              <TableCell className="text-right tabular-nums">{COUNT.format(run.retries)}</TableCell>
            </TableRow>
            {run.error ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={isStore ? 5 : 6} className="whitespace-normal pt-0 text-destructive text-xs">
                  <span className="sr-only">Error: </span>
                  {run.error}
                </TableCell>
              </TableRow>
            ) : null}
          </Fragment>
        ))}
      </TableBody>
    </Table>
  );
}

function RunStatus({ status }: { status: SyncRunView["status"] }) {
  const label = STATUS_LABELS[status];
  if (status === "running")
    return (
      <Badge variant="outline">
        <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
        {label}
      </Badge>
    );
  if (status === "failed")
    return (
      <Badge variant="outline" className="border-destructive/40 text-destructive">
        <CircleAlert aria-hidden="true" />
        {label}
      </Badge>
    );
  return (
    <Badge variant="outline" className="border-success/40 text-success">
      <CircleCheck aria-hidden="true" />
      {label}
    </Badge>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
