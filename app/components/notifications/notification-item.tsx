import { AlertOctagon, AlertTriangle, ArrowRight, Check, Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import type { NotificationView } from "#core/notifications/list-notifications.ts";

/** Each severity's icon and colours; the badges' text keeps 4.5:1 contrast in light and dark. */
const SEVERITY = {
  critical: {
    icon: AlertOctagon,
    label: "severity.critical",
    tone: "text-destructive bg-destructive/10 dark:text-red-400",
    badge: "bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300",
  },
  warning: {
    icon: AlertTriangle,
    label: "severity.warning",
    tone: "text-amber-600 bg-amber-500/10 dark:text-amber-400",
    badge: "bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200",
  },
  info: {
    icon: Info,
    label: "severity.info",
    tone: "text-sky-600 bg-sky-500/10 dark:text-sky-400",
    badge: "bg-sky-100 text-sky-900 dark:bg-sky-500/15 dark:text-sky-200",
  },
} as const;

export const KIND_LABELS = {
  rule: "kinds.rule",
  anomaly: "kinds.anomaly",
  sync: "kinds.sync",
  token: "kinds.token",
  campaign: "kinds.campaign",
  pacing: "kinds.pacing",
  webhook: "kinds.webhook",
  billing: "kinds.billing",
  system: "kinds.system",
} as const;

/** One notification: severity, words, when, a link to its object, and "Mark as read" while unread. */
export function NotificationItem({ notification, when }: { notification: NotificationView; when: string }) {
  const { t } = useTranslation("notifications");
  const fetcher = useFetcher();
  const severity = SEVERITY[notification.severity];
  const Icon = severity.icon;
  const isRead = notification.isRead || fetcher.formData?.get("intent") === "read";
  return (
    <li
      className={cn(
        "flex gap-3 rounded-lg border p-3 sm:p-4",
        isRead ? "bg-background" : "border-primary/30 bg-primary/[0.03] dark:bg-primary/[0.06]",
      )}
      aria-labelledby={`notification-${notification.id}`}
    >
      <span className={cn("mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full", severity.tone)}>
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h2 id={`notification-${notification.id}`} className="font-medium text-sm leading-snug">
            {isRead ? null : (
              <span className="mr-1.5 inline-block size-2 rounded-full bg-primary align-middle">
                <span className="sr-only">{t("unreadMarker")}</span>
              </span>
            )}
            {notification.title}
          </h2>
        </div>
        <p className="text-muted-foreground text-sm">{notification.body}</p>
        <div className="flex flex-wrap items-center gap-2 pt-1 text-muted-foreground text-xs">
          <Badge variant="outline" className={cn("border-transparent", severity.badge)}>
            {t(severity.label)}
          </Badge>
          <Badge variant="outline">{t(KIND_LABELS[notification.kind])}</Badge>
          {notification.isPersonal ? <Badge variant="outline">{t("personal")}</Badge> : null}
          <time dateTime={notification.createdAt}>{when}</time>
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2 sm:flex-row sm:items-start">
        {isRead ? null : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="read" />
            <input type="hidden" name="notificationId" value={notification.id} />
            <Button
              type="submit"
              variant="ghost"
              size="sm"
              aria-label={`${t("actions.markRead")}: ${notification.title}`}
            >
              <Check aria-hidden="true" />
              <span className="hidden sm:inline">{t("actions.markRead")}</span>
            </Button>
          </fetcher.Form>
        )}
        {notification.link ? (
          <Button asChild variant="outline" size="sm">
            <Link to={notification.link} aria-label={`${t("actions.open")}: ${notification.title}`}>
              <span className="hidden sm:inline">{t("actions.open")}</span>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </div>
    </li>
  );
}
