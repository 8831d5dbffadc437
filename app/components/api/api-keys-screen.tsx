import { BookOpen, KeyRound } from "lucide-react";
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { PermissionGate } from "#app/components/access/permission-gate.tsx";
import { useNow } from "#app/components/integrations/use-now.ts";
import { TimeZoneProvider, useTimeFormat } from "#app/components/integrations/use-time-format.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { BEARER_HEADER, formatKeyDate, maskedKey, SCOPE_LABEL_KEYS, STATUS_LABEL_KEYS } from "./api-key-format.ts";
import type { ApiKeyStatus, ApiKeySummary, ApiKeysScreenProps } from "./api-keys-types.ts";
import { CreateApiKeyDialog } from "./create-api-key-dialog.tsx";
import { RevokeApiKeyDialog } from "./revoke-api-key-dialog.tsx";
import { type ApiKeysFetcher, useApiKeysFetcher } from "./use-api-keys-fetcher.ts";

/** Settings → API keys: the team's keys, creating one (shown once) and revoking one. */
export function ApiKeysScreen({ timeZone, ...props }: ApiKeysScreenProps) {
  return (
    <TimeZoneProvider timeZone={timeZone}>
      <KeyTimeZone.Provider value={timeZone}>
        <KeysScreen {...props} />
      </KeyTimeZone.Provider>
    </TimeZoneProvider>
  );
}

/** The reader's time zone (their profile's), for the days a key was created on. */
const KeyTimeZone = createContext("UTC");

function KeysScreen({ keys, organizationName, now: serverNow }: Omit<ApiKeysScreenProps, "timeZone">) {
  const { t } = useTranslation("apiKeys");
  const now = useNow(serverNow);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const revokeFetcher = useApiKeysFetcher((result) => {
    if (result.intent === "revoke")
      toast.success(t("toasts.revoked"), { description: t("toasts.revokedDescription", { name: result.apiKey.name }) });
  });
  const activeCount = keys.filter((key) => key.status === "active").length;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
          <p className="mt-1 max-w-2xl text-pretty text-muted-foreground">
            <Trans
              t={t}
              i18nKey="page.intro"
              values={{ organizationName, header: BEARER_HEADER }}
              components={{
                code: (
                  <code className="whitespace-nowrap rounded bg-muted px-1 py-0.5 font-mono text-foreground text-sm" />
                ),
              }}
            />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/api/reference">
              <BookOpen aria-hidden="true" />
              {t("page.reference")}
            </Link>
          </Button>
          <CreateApiKeyDialog isOpen={isCreateOpen} onOpenChange={setIsCreateOpen} />
        </div>
      </div>

      {keys.length === 0 ? (
        <EmptyState onCreate={() => setIsCreateOpen(true)} />
      ) : (
        <section aria-labelledby="api-keys-list-heading" className="rounded-xl border bg-card shadow-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2 border-b px-4 py-3 sm:px-6">
            <h2 id="api-keys-list-heading" className="font-semibold">
              {t("list.title")}
            </h2>
            <p className="text-muted-foreground text-sm tabular-nums">
              {t("list.activeOf", { count: activeCount, total: keys.length })}
            </p>
          </div>
          <KeyTable keys={keys} now={now} fetcher={revokeFetcher} />
          <KeyList keys={keys} now={now} fetcher={revokeFetcher} />
        </section>
      )}
    </div>
  );
}

function EmptyState({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation("apiKeys");
  return (
    <section
      aria-labelledby="api-keys-empty-heading"
      className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-12 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <KeyRound aria-hidden="true" className="size-6" />
      </span>
      <div className="grid max-w-lg gap-2">
        <h2 id="api-keys-empty-heading" className="font-semibold text-lg">
          {t("empty.title")}
        </h2>
        <p className="text-pretty text-muted-foreground text-sm">
          <Trans
            t={t}
            i18nKey="empty.body"
            components={{
              overview: <Link to="/api" className="text-primary underline underline-offset-4 hover:decoration-2" />,
              reference: (
                <Link to="/api/reference" className="text-primary underline underline-offset-4 hover:decoration-2" />
              ),
            }}
          />
        </p>
      </div>
      <PermissionGate permission="api_keys.manage">
        {(isAllowed) => (
          <Button onClick={onCreate} disabled={!isAllowed}>
            {t("empty.create")}
          </Button>
        )}
      </PermissionGate>
    </section>
  );
}

interface KeyViewProps {
  keys: ApiKeySummary[];
  now: Date;
  fetcher: ApiKeysFetcher;
}

/** From 768px: one row per key. */
function KeyTable({ keys, now, fetcher }: KeyViewProps) {
  const { t } = useTranslation("apiKeys");
  return (
    <div className="hidden md:block">
      <Table aria-labelledby="api-keys-list-heading">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="pl-6">{t("columns.name")}</TableHead>
            <TableHead>{t("columns.key")}</TableHead>
            <TableHead>{t("columns.permissions")}</TableHead>
            <TableHead>{t("columns.created")}</TableHead>
            <TableHead>{t("columns.lastUsed")}</TableHead>
            <TableHead>{t("columns.expires")}</TableHead>
            <TableHead>{t("columns.status")}</TableHead>
            <TableHead className="pr-6 text-right">
              <span className="sr-only">{t("columns.actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id} className={cn(key.status !== "active" && "text-muted-foreground")}>
              <TableCell className="max-w-56 truncate pl-6 font-medium" title={key.name}>
                {key.name}
              </TableCell>
              <TableCell>
                <code className="font-mono text-xs">{maskedKey(key.prefix)}</code>
              </TableCell>
              <TableCell>{t(SCOPE_LABEL_KEYS[key.scope])}</TableCell>
              <TableCell>
                <CreatedText apiKey={key} />
              </TableCell>
              <TableCell>
                <LastUsedText lastUsedAt={key.lastUsedAt} now={now} />
              </TableCell>
              <TableCell>
                <ExpiresText expiresAt={key.expiresAt} status={key.status} />
              </TableCell>
              <TableCell>
                <StatusBadge status={key.status} />
              </TableCell>
              <TableCell className="pr-6 text-right">
                {key.status === "active" ? <RevokeApiKeyDialog apiKey={key} fetcher={fetcher} /> : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Below 768px: a card per key, every fact labelled. */
function KeyList({ keys, now, fetcher }: KeyViewProps) {
  const { t } = useTranslation("apiKeys");
  return (
    <ul aria-labelledby="api-keys-list-heading" className="divide-y md:hidden">
      {keys.map((key) => (
        <li key={key.id} className="grid gap-3 px-4 py-4">
          <div className="flex items-start justify-between gap-3">
            <div className="grid min-w-0 gap-1">
              <p className="truncate font-medium">{key.name}</p>
              <code className="font-mono text-muted-foreground text-xs">{maskedKey(key.prefix)}</code>
            </div>
            <StatusBadge status={key.status} />
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <Fact term={t("columns.permissions")}>{t(SCOPE_LABEL_KEYS[key.scope])}</Fact>
            <Fact term={t("columns.lastUsed")}>
              <LastUsedText lastUsedAt={key.lastUsedAt} now={now} />
            </Fact>
            <Fact term={t("columns.created")}>
              <CreatedText apiKey={key} />
            </Fact>
            <Fact term={t("columns.expires")}>
              <ExpiresText expiresAt={key.expiresAt} status={key.status} />
            </Fact>
          </dl>
          {key.status === "active" ? (
            <div className="-ml-3">
              <RevokeApiKeyDialog apiKey={key} fetcher={fetcher} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-muted-foreground text-xs">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** Dates of a key in the reader's locale and time zone. */
function useKeyDates() {
  const locale = useLocale();
  const timeZone = useContext(KeyTimeZone);
  const time = useTimeFormat();
  return useMemo(
    () => ({
      ...time,
      /** A moment, as a day in the reader's time zone. */
      day: (iso: string) => formatKeyDate(iso, { locale, timeZone }),
      /** An expiry: the UTC day it was set for (it ends at 00:00 UTC that day). */
      utcDay: (iso: string) => formatKeyDate(iso, { locale }),
    }),
    [locale, timeZone, time],
  );
}

function CreatedText({ apiKey }: { apiKey: ApiKeySummary }) {
  const { t } = useTranslation("apiKeys");
  const dates = useKeyDates();
  const createdAt = new Date(apiKey.createdAt);
  return (
    <span className="grid">
      <time dateTime={apiKey.createdAt} title={dates.exact(createdAt)}>
        {dates.day(apiKey.createdAt)}
      </time>
      <span className="truncate text-muted-foreground text-xs">
        {apiKey.createdBy
          ? apiKey.createdBy.name
            ? t("list.createdBy", { name: apiKey.createdBy.name })
            : t("list.createdByTeammate")
          : t("list.createdByFormerMember")}
      </span>
    </span>
  );
}

function LastUsedText({ lastUsedAt, now }: { lastUsedAt: string | null; now: Date }) {
  const { t } = useTranslation("apiKeys");
  const dates = useKeyDates();
  if (!lastUsedAt) return <span className="text-muted-foreground">{t("list.never")}</span>;
  const at = new Date(lastUsedAt);
  const relative = dates.relative(at, now);
  return (
    <time dateTime={lastUsedAt} title={dates.exact(at)}>
      {relative.charAt(0).toUpperCase() + relative.slice(1)}
    </time>
  );
}

/** "Feb 24, 2027", "Expired" (with the day it did) or "Never". */
function ExpiresText({ expiresAt, status }: { expiresAt: string | null; status: ApiKeyStatus }) {
  const { t } = useTranslation("apiKeys");
  const dates = useKeyDates();
  if (!expiresAt) return <span className="text-muted-foreground">{t("list.never")}</span>;
  const day = (
    <time dateTime={expiresAt} title={dates.exact(new Date(expiresAt))}>
      {dates.utcDay(expiresAt)}
    </time>
  );
  if (status !== "expired") return day;
  return (
    <span className="grid">
      <span className="font-medium text-foreground">{t("list.expired")}</span>
      <span className="text-muted-foreground text-xs">{day}</span>
    </span>
  );
}

const STATUS_STYLES: Record<ApiKeyStatus, string> = {
  active: "border-success/40 bg-success/10 text-foreground",
  expired: "border-warning/50 bg-warning/10 text-foreground",
  revoked: "text-muted-foreground",
};

function StatusBadge({ status }: { status: ApiKeyStatus }) {
  const { t } = useTranslation("apiKeys");
  return (
    <Badge variant="outline" className={STATUS_STYLES[status]}>
      <span
        aria-hidden="true"
        className={cn(
          "size-1.5 rounded-full",
          status === "active" ? "bg-success" : status === "expired" ? "bg-warning" : "bg-muted-foreground",
        )}
      />
      {t(STATUS_LABEL_KEYS[status])}
    </Badge>
  );
}
