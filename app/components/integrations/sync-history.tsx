import { CircleAlert, CircleCheck, Loader2 } from "lucide-react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { formatNumber } from "#core/shared/number-format.ts";
import { translateConnectionMessage } from "./connection-messages.ts";
import type { SyncRunView } from "./integrations-types.ts";
import { useTimeFormat } from "./use-time-format.tsx";

const KIND_LABELS = {
  backfill: "history.backfill",
  incremental: "history.incremental",
  manual: "history.manual",
} as const satisfies Record<SyncRunView["kind"], string>;

const STATUS_LABELS = {
  running: "history.running",
  succeeded: "history.succeeded",
  failed: "history.failed",
} as const satisfies Record<SyncRunView["status"], string>;

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
  const { t } = useTranslation("integrations");
  const locale = useLocale();
  const format = useTimeFormat();
  const count = (value: number) => formatNumber(value, locale);
  if (runs.length === 0)
    return (
      <p className="rounded-md border border-dashed p-4 text-muted-foreground text-sm">
        {isStore ? t("history.emptyStore") : t("history.emptyAds")}
      </p>
    );
  return (
    <Table aria-labelledby={captionId}>
      <TableHeader>
        <TableRow>
          <TableHead>{t("history.started")}</TableHead>
          <TableHead>{t("history.kind")}</TableHead>
          <TableHead>{t("history.status")}</TableHead>
          {isStore ? null : <TableHead className="text-right">{t("history.campaigns")}</TableHead>}
          <TableHead className="text-right">{isStore ? t("history.orders") : t("history.rows")}</TableHead>
          <TableHead className="text-right">{t("history.retries")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {runs.map((run) => (
          <Fragment key={run.id}>
            <TableRow className={run.error ? "border-b-0" : undefined}>
              <TableCell>
                <time dateTime={run.startedAt} title={format.exact(new Date(run.startedAt))}>
                  {capitalize(format.relative(new Date(run.startedAt), now), locale)}
                </time>
              </TableCell>
              <TableCell>{t(KIND_LABELS[run.kind])}</TableCell>
              <TableCell>
                <RunStatus status={run.status} />
              </TableCell>
              {isStore ? null : <TableCell className="text-right tabular-nums">{count(run.campaigns)}</TableCell>}
              <TableCell className="text-right tabular-nums">{count(run.rows)}</TableCell>
              <TableCell className="text-right tabular-nums">{count(run.retries)}</TableCell>
            </TableRow>
            {run.error ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={isStore ? 5 : 6} className="whitespace-normal pt-0 text-destructive text-xs">
                  <span className="sr-only">{t("history.errorPrefix")}</span>
                  {translateConnectionMessage(t, run.error)}
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
  const { t } = useTranslation("integrations");
  const label = t(STATUS_LABELS[status]);
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

function capitalize(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}
