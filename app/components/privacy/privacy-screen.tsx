import { Building2, Download, FileArchive, Loader2, ShieldAlert, UserRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "#app/components/ui/alert-dialog.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { formatDate, formatNumber } from "#core/shared/number-format.ts";
import type {
  ExportItem,
  PendingDeletion,
  PrivacyActionResult,
  PrivacyIntent,
  PrivacyScreenProps,
} from "./privacy-types.ts";

const REFRESH_MS = 2_000;

const TOAST_KEYS: Record<PrivacyIntent, string> = {
  requestPersonalExport: "toasts.requestPersonalExport",
  requestOrganizationExport: "toasts.requestOrganizationExport",
  requestAccountDeletion: "toasts.requestAccountDeletion",
  cancelAccountDeletion: "toasts.cancelAccountDeletion",
  requestOrganizationDeletion: "toasts.requestOrganizationDeletion",
  cancelOrganizationDeletion: "toasts.cancelOrganizationDeletion",
};

/** Posts one intent to the page's action; a refusal becomes an error toast, a success `onDone`. */
function usePrivacyAction(onDone: (intent: PrivacyIntent) => void) {
  const fetcher = useFetcher<PrivacyActionResult>();
  const handled = useRef<PrivacyActionResult | null>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) onDoneRef.current(result.intent);
    else toast.error(result.title, { description: result.message });
  }, [fetcher.state, fetcher.data]);
  const run = (intent: PrivacyIntent) => fetcher.submit({ intent }, { method: "post", encType: "application/json" });
  return {
    run,
    pending: fetcher.state !== "idle" ? (fetcher.json as { intent?: PrivacyIntent } | undefined)?.intent : undefined,
  };
}

/** While an export is being built, re-read the page every 2 seconds so its progress moves. */
function useRefreshWhile(active: boolean) {
  const revalidator = useRevalidator();
  const ref = useRef(revalidator);
  ref.current = revalidator;
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "hidden" || ref.current.state !== "idle") return;
      void ref.current.revalidate();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [active]);
}

/** /account/privacy: download one's data (and the organization's), and delete the account or the organization. */
export function PrivacyScreen(props: PrivacyScreenProps) {
  const { t } = useTranslation("privacy");
  const locale = useLocale();
  const action = usePrivacyAction((intent) => toast.success(t(TOAST_KEYS[intent])));
  const unfinished = props.exports.some((item) => item.status === "queued" || item.status === "running");
  useRefreshWhile(unfinished);
  const personal = props.exports.filter((item) => item.kind === "personal");
  const organization = props.exports.filter((item) => item.kind === "organization");

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="mt-1 max-w-2xl text-pretty text-muted-foreground">{t("page.intro")}</p>
      </div>

      <ExportCard
        icon={<UserRound aria-hidden />}
        title={t("personal.title")}
        description={t("personal.description")}
        buttonLabel={t("personal.request")}
        items={personal}
        busy={action.pending === "requestPersonalExport"}
        onRequest={() => action.run("requestPersonalExport")}
        timeZone={props.timeZone}
      />

      {props.canExportOrganization ? (
        <ExportCard
          icon={<Building2 aria-hidden />}
          title={t("organization.title", { organization: props.organizationName })}
          description={t("organization.description", { organization: props.organizationName })}
          buttonLabel={t("organization.request")}
          items={organization}
          busy={action.pending === "requestOrganizationExport"}
          onRequest={() => action.run("requestOrganizationExport")}
          timeZone={props.timeZone}
        />
      ) : null}

      <DeletionCard
        title={t("deleteAccount.title")}
        description={t("deleteAccount.description")}
        pending={props.accountDeletion}
        blockedBy={props.ownedSharedOrganizations}
        confirmTitle={t("deleteAccount.confirmTitle")}
        confirmBody={t("deleteAccount.confirmBody")}
        requestLabel={t("deleteAccount.request")}
        pendingText={(date) => t("deleteAccount.pending", { date })}
        busy={action.pending === "requestAccountDeletion" || action.pending === "cancelAccountDeletion"}
        onRequest={() => action.run("requestAccountDeletion")}
        onCancel={() => action.run("cancelAccountDeletion")}
        timeZone={props.timeZone}
      />

      {props.canDeleteOrganization ? (
        <DeletionCard
          title={t("deleteOrganization.title", { organization: props.organizationName })}
          description={t("deleteOrganization.description", { organization: props.organizationName })}
          pending={props.organizationDeletion}
          blockedBy={[]}
          confirmTitle={t("deleteOrganization.confirmTitle", { organization: props.organizationName })}
          confirmBody={t("deleteOrganization.confirmBody", { organization: props.organizationName })}
          requestLabel={t("deleteOrganization.request")}
          pendingText={(date) => t("deleteOrganization.pending", { organization: props.organizationName, date })}
          busy={action.pending === "requestOrganizationDeletion" || action.pending === "cancelOrganizationDeletion"}
          onRequest={() => action.run("requestOrganizationDeletion")}
          onCancel={() => action.run("cancelOrganizationDeletion")}
          timeZone={props.timeZone}
        />
      ) : props.organizationDeletion ? (
        <Card role="alert">
          <CardContent className="flex items-start gap-3 pt-6 text-sm">
            <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
            {t("deleteOrganization.pendingForMember", {
              organization: props.organizationName,
              date: formatDay(props.organizationDeletion.purgeAfter, props.timeZone, locale),
            })}
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function formatDay(iso: string, timeZone: string, locale: string): string {
  return formatDate(iso, locale, { timeZone, style: "long" });
}

function formatSize(bytes: number, locale: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

function ExportCard(props: {
  icon: React.ReactNode;
  title: string;
  description: string;
  buttonLabel: string;
  items: ExportItem[];
  busy: boolean;
  onRequest: () => void;
  timeZone: string;
}) {
  const { t } = useTranslation("privacy");
  const locale = useLocale();
  const inProgress = props.items.some((item) => item.status === "queued" || item.status === "running");
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4 space-y-0">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted [&>svg]:size-4">
            {props.icon}
          </span>
          <div className="min-w-0">
            <CardTitle>{props.title}</CardTitle>
            <CardDescription className="mt-1 text-pretty">{props.description}</CardDescription>
          </div>
        </div>
        <Button onClick={props.onRequest} disabled={props.busy || inProgress}>
          {props.busy ? <Loader2 aria-hidden className="animate-spin" /> : <FileArchive aria-hidden />}
          {props.buttonLabel}
        </Button>
      </CardHeader>
      <CardContent>
        {props.items.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-muted-foreground text-sm">{t("exports.empty")}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={t("exports.listLabel")}>
            {props.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium">
                    {t("exports.requestedOn", { date: formatDay(item.createdAt, props.timeZone, locale) })}
                  </p>
                  <ExportStatus item={item} timeZone={props.timeZone} />
                </div>
                {item.downloadable ? (
                  <Button asChild variant="outline" size="sm">
                    <a href={`/account/privacy/exports/${item.id}`} download>
                      <Download aria-hidden />
                      {t("exports.download")}
                      {item.sizeBytes !== null ? (
                        <span className="text-muted-foreground">({formatSize(item.sizeBytes, locale)})</span>
                      ) : null}
                    </a>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ExportStatus({ item, timeZone }: { item: ExportItem; timeZone: string }) {
  const { t } = useTranslation("privacy");
  const locale = useLocale();
  if (item.status === "queued" || item.status === "running")
    return (
      <div className="mt-1 flex items-center gap-2 text-muted-foreground">
        <Progress value={item.progress} className="h-1.5 w-32" aria-label={t("exports.progressLabel")} />
        <span>{t("exports.preparing", { percent: formatNumber(item.progress, locale) })}</span>
      </div>
    );
  if (item.status === "failed") return <p className="mt-1 text-destructive">{t("exports.failed")}</p>;
  if (item.expired)
    return (
      <Badge variant="secondary" className="mt-1">
        {t("exports.expired")}
      </Badge>
    );
  return (
    <p className="mt-1 text-muted-foreground">
      {t("exports.readyUntil", { date: formatDay(item.expiresAt as string, timeZone, locale) })}
    </p>
  );
}

function DeletionCard(props: {
  title: string;
  description: string;
  pending: PendingDeletion | null;
  blockedBy: string[];
  confirmTitle: string;
  confirmBody: string;
  requestLabel: string;
  pendingText: (date: string) => string;
  busy: boolean;
  onRequest: () => void;
  onCancel: () => void;
  timeZone: string;
}) {
  const { t } = useTranslation("privacy");
  const locale = useLocale();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>{props.title}</CardTitle>
        <CardDescription className="text-pretty">{props.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {props.pending ? (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-destructive/10 p-3 text-sm"
          >
            <span className="flex items-start gap-2">
              <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
              {props.pendingText(formatDay(props.pending.purgeAfter, props.timeZone, locale))}
            </span>
            <Button variant="outline" size="sm" onClick={props.onCancel} disabled={props.busy}>
              {t("deletion.cancel")}
            </Button>
          </div>
        ) : props.blockedBy.length > 0 ? (
          <p className="text-muted-foreground text-sm">
            {t("deleteAccount.blocked", { organizations: props.blockedBy.join(", ") })}{" "}
            <Link to="/settings/team" className="font-medium text-primary underline underline-offset-4">
              {t("deleteAccount.teamLink")}
            </Link>
          </p>
        ) : (
          <div>
            <Button variant="destructive" onClick={() => setIsConfirmOpen(true)} disabled={props.busy}>
              {props.requestLabel}
            </Button>
          </div>
        )}
      </CardContent>
      <AlertDialog open={isConfirmOpen} onOpenChange={setIsConfirmOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{props.confirmTitle}</AlertDialogTitle>
            <AlertDialogDescription>{props.confirmBody}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("deletion.keep")}</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-white hover:bg-destructive/90"
              onClick={() => {
                setIsConfirmOpen(false);
                props.onRequest();
              }}
            >
              {t("deletion.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
