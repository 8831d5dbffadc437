import { ChevronLeft, ChevronRight, ScrollText, ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useRoleName } from "#app/components/access/permission-gate.tsx";
import { TimeZoneProvider } from "#app/components/integrations/use-time-format.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { AuditEntries } from "./audit-entries.tsx";
import { AuditExportMenu } from "./audit-export-menu.tsx";
import { AuditFilters } from "./audit-filters.tsx";
import type { AuditScreenProps } from "./audit-types.ts";

/** Settings → Audit log: who did what, filtered, a page at a time, and as CSV. */
export function AuditScreen(props: AuditScreenProps) {
  const { t } = useTranslation("audit");
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="min-w-0">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="mt-1 max-w-2xl text-pretty text-muted-foreground">
          {t("page.intro", { organizationName: props.organizationName })}
        </p>
      </div>
      {props.state === "refused" ? (
        <Refused organizationName={props.organizationName} />
      ) : (
        <TimeZoneProvider timeZone={props.timeZone}>
          <Log {...props} />
        </TimeZoneProvider>
      )}
    </div>
  );
}

function Log(props: Extract<AuditScreenProps, { state: "ready" }>) {
  const { t } = useTranslation("audit");
  const location = useLocation();
  const filterQuery = withoutCursor(location.search);
  const hasErrors = Object.keys(props.fieldErrors).length > 0;
  return (
    <>
      <AuditFilters
        filter={props.filter}
        actors={props.actors}
        fieldErrors={props.fieldErrors}
        isFiltered={props.isFiltered}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground text-sm">
          {t("page.timeZone", { timeZone: props.timeZone })}
          {props.organizationTimeZone === props.timeZone ? null : (
            <> {t("page.organizationTimeZone", { timeZone: props.organizationTimeZone })}</>
          )}
        </p>
        {hasErrors ? null : <AuditExportMenu query={filterQuery} label={t("export.button")} />}
      </div>
      {hasErrors ? (
        <EmptyState title={t("filters.invalidTitle")} body={t("filters.invalid")} />
      ) : props.events.length === 0 ? (
        props.isFiltered || props.isLaterPage ? (
          <EmptyState title={t("empty.noMatchTitle")} body={t("empty.noMatchBody")}>
            <Button asChild variant="outline">
              <Link to="/settings/audit">{t("filters.clear")}</Link>
            </Button>
          </EmptyState>
        ) : (
          <EmptyState title={t("empty.noneTitle")} body={t("empty.noneBody")}>
            <Button asChild variant="outline">
              <Link to="/settings/team">{t("empty.noneAction")}</Link>
            </Button>
          </EmptyState>
        )
      ) : (
        <AuditEntries events={props.events} />
      )}
      {props.isLaterPage || props.nextCursor ? (
        <nav aria-label={t("pagination.label")} className="flex flex-wrap justify-between gap-2">
          {props.isLaterPage ? (
            <Button asChild variant="ghost">
              <Link to={`/settings/audit${filterQuery}`}>
                <ChevronLeft aria-hidden="true" /> {t("pagination.newest")}
              </Link>
            </Button>
          ) : (
            <span />
          )}
          {props.nextCursor ? (
            <Button asChild variant="outline">
              <Link to={`/settings/audit${withCursor(filterQuery, props.nextCursor)}`}>
                {t("pagination.older")} <ChevronRight aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

function EmptyState({ title, body, children }: { title: string; body: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <ScrollText aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 className="font-semibold text-lg">{title}</h2>
      <p className="max-w-md text-pretty text-muted-foreground text-sm">{body}</p>
      {children}
    </div>
  );
}

function Refused({ organizationName }: { organizationName: string }) {
  const { t } = useTranslation("audit");
  const role = useRoleName();
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <ShieldAlert aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 className="font-semibold text-lg">{t("refused.title")}</h2>
      <p className="max-w-md text-pretty text-muted-foreground text-sm">
        {t("refused.body", { role, organizationName })}
      </p>
      <Button asChild variant="outline">
        <Link to="/settings/team">{t("refused.action")}</Link>
      </Button>
    </div>
  );
}

/** The address's query without the page cursor: the filters, which the CSV and the first page keep. */
function withoutCursor(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("cursor");
  const query = params.toString();
  return query ? `?${query}` : "";
}

function withCursor(filterQuery: string, cursor: string): string {
  const params = new URLSearchParams(filterQuery);
  params.set("cursor", cursor);
  return `?${params.toString()}`;
}
