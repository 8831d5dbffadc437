import { Bot, KeyRound, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useTimeFormat } from "#app/components/integrations/use-time-format.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import type { AuditActor, AuditEvent } from "#core/audit/audit-schemas.ts";
import { auditSentence } from "./audit-sentence.ts";

/** The entries of a page: a table from tablet width, a list of cards on a phone. */
export function AuditEntries({ events }: { events: AuditEvent[] }) {
  const { t } = useTranslation(["audit", "shell"]);
  return (
    <>
      <div className="hidden overflow-hidden rounded-xl border bg-card shadow-xs md:block">
        <Table>
          <caption className="sr-only">{t("table.caption")}</caption>
          <TableHeader>
            <TableRow>
              <TableHead className="w-44">{t("table.when")}</TableHead>
              <TableHead className="w-48">{t("table.who")}</TableHead>
              <TableHead>{t("table.what")}</TableHead>
              <TableHead className="w-48">{t("table.target")}</TableHead>
              <TableHead className="w-36">{t("table.ip")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {events.map((event) => (
              <TableRow key={event.id}>
                <TableCell className="align-top tabular-nums">
                  <When at={event.at} />
                </TableCell>
                <TableCell className="align-top">
                  <Who actor={event.actor} />
                </TableCell>
                <TableCell className="whitespace-normal align-top">{auditSentence(t, event)}</TableCell>
                <TableCell className="max-w-48 truncate align-top text-muted-foreground">
                  {event.target?.label ?? "—"}
                </TableCell>
                <TableCell className="align-top font-mono text-muted-foreground text-xs">
                  {event.ipAddress ?? "—"}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-label={t("table.caption")} className="flex flex-col gap-2 md:hidden">
        {events.map((event) => (
          <li key={event.id} className="grid gap-1 rounded-xl border bg-card p-3 text-sm shadow-xs">
            <p className="text-pretty">{auditSentence(t, event)}</p>
            <p className="flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground text-xs">
              <When at={event.at} />
              {event.ipAddress ? <span className="font-mono">{event.ipAddress}</span> : null}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

function When({ at }: { at: string }) {
  const time = useTimeFormat();
  return <time dateTime={at}>{time.exact(new Date(at))}</time>;
}

function Who({ actor }: { actor: AuditActor }) {
  const { t } = useTranslation("audit");
  const Icon = actor.kind === "user" ? User : actor.kind === "api_key" ? KeyRound : Bot;
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="truncate">
        {actor.kind === "system" ? `${t("table.system")} · ${actor.label}` : actor.label}
      </span>
    </span>
  );
}
