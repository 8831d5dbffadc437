import { LogOut, Monitor, Smartphone, Tablet } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useNow } from "#app/components/integrations/use-now.ts";
import { TimeZoneProvider, useTimeFormat } from "#app/components/integrations/use-time-format.tsx";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { ActiveSession } from "#core/accounts/list-sessions.ts";
import type { SessionsActionResult, SessionsScreenProps } from "./sessions-types.ts";

/** Account → Security: where the person is signed in, and signing the other places out. */
export function SessionsScreen({ timeZone, ...props }: SessionsScreenProps) {
  return (
    <TimeZoneProvider timeZone={timeZone}>
      <Sessions {...props} />
    </TimeZoneProvider>
  );
}

function useSessionsFetcher() {
  const { t } = useTranslation("security");
  const fetcher = useFetcher<SessionsActionResult>();
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer) return;
    if (!answer.ok) toast.error(answer.title, { description: answer.message });
    else if (answer.intent === "revoke") toast.success(t("toasts.revoked"));
    else toast.success(t("toasts.revokedOthers", { count: answer.revoked }));
  }, [fetcher.state, answer, t]);
  return fetcher;
}

function Sessions({ sessions, now: serverNow }: Omit<SessionsScreenProps, "timeZone">) {
  const { t } = useTranslation("security");
  const now = useNow(serverNow);
  const fetcher = useSessionsFetcher();
  const others = sessions.filter((session) => !session.isCurrent);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="min-w-0">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="mt-1 max-w-2xl text-pretty text-muted-foreground">{t("page.intro")}</p>
      </div>
      <section aria-labelledby="sessions-title" className="rounded-xl border bg-card shadow-xs">
        <div className="flex flex-wrap items-start justify-between gap-3 border-b p-4 sm:p-6">
          <div className="min-w-0">
            <h2 id="sessions-title" className="font-semibold text-lg">
              {t("sessions.title")}
            </h2>
            <p className="text-pretty text-muted-foreground text-sm">{t("sessions.description")}</p>
          </div>
          {others.length > 0 ? <SignOutOthers count={others.length} fetcher={fetcher} /> : null}
        </div>
        <ul className="divide-y">
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} now={now} fetcher={fetcher} />
          ))}
        </ul>
        {others.length === 0 ? (
          <p className="border-t p-4 text-muted-foreground text-sm sm:px-6">{t("sessions.onlyThisOne")}</p>
        ) : null}
      </section>
    </div>
  );
}

type SessionsFetcher = ReturnType<typeof useSessionsFetcher>;

function SessionRow({ session, now, fetcher }: { session: ActiveSession; now: Date; fetcher: SessionsFetcher }) {
  const { t } = useTranslation("security");
  const time = useTimeFormat();
  const Icon = session.device === "mobile" ? Smartphone : session.device === "tablet" ? Tablet : Monitor;
  const browser = session.browser ?? t("device.unknownBrowser");
  const name = session.os ? t("device.browserOn", { browser, os: session.os }) : browser;
  const isRevoking = fetcher.state !== "idle" && fetcher.formData?.get("sessionId") === session.id;
  const lastSeen = new Date(session.lastSeenAt);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:px-6">
      <Icon aria-hidden="true" className="size-8 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{name}</span>
          {session.isCurrent ? <Badge variant="secondary">{t("sessions.thisDevice")}</Badge> : null}
        </p>
        <p className="text-muted-foreground text-sm">
          {t("sessions.details", {
            address: session.ipAddress ?? t("sessions.unknownAddress"),
            lastSeen: session.isCurrent ? t("sessions.activeNow") : time.relative(lastSeen, now),
          })}
        </p>
        <p className="text-muted-foreground text-xs">
          {t("sessions.signedInAt", { at: time.exact(new Date(session.createdAt)) })}
        </p>
      </div>
      {session.isCurrent ? null : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="sessionId" value={session.id} />
          <Button
            type="submit"
            variant="outline"
            size="sm"
            disabled={isRevoking}
            aria-label={t("sessions.signOutOf", { name })}
            className="w-full sm:w-auto"
          >
            <LogOut aria-hidden="true" />
            {t("sessions.signOut")}
          </Button>
        </fetcher.Form>
      )}
    </li>
  );
}

function SignOutOthers({ count, fetcher }: { count: number; fetcher: SessionsFetcher }) {
  const { t } = useTranslation("security");
  const [isOpen, setIsOpen] = useState(false);
  const isSubmitting = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "revoke-others";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setIsOpen(false);
  }, [fetcher.state, fetcher.data]);
  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => (isSubmitting ? undefined : setIsOpen(open))}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          <LogOut aria-hidden="true" /> {t("others.open")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("others.title")}</AlertDialogTitle>
          <AlertDialogDescription>{t("others.description", { count })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isSubmitting}>{t("others.cancel")}</AlertDialogCancel>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="revoke-others" />
            <Button type="submit" variant="destructive" disabled={isSubmitting} className="w-full sm:w-auto">
              {t("others.confirm")}
            </Button>
          </fetcher.Form>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
