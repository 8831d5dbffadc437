import { BellOff, CheckCheck, ListChecks } from "lucide-react";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { toast } from "sonner";
import { formatRelativeTime } from "#app/components/integrations/relative-time.ts";
import { NotificationFilters } from "#app/components/notifications/notification-filters.tsx";
import { NotificationItem } from "#app/components/notifications/notification-item.tsx";
import { announceNotificationsChanged } from "#app/components/notifications/unread-events.ts";
import { Button } from "#app/components/ui/button.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { readFormFields } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";
import { NOTIFICATION_KINDS, type NotificationKind } from "#core/notifications/notification-types.ts";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "notifications");
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

const isKind = (value: string | null): value is NotificationKind =>
  NOTIFICATION_KINDS.includes(value as NotificationKind);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const search = new URL(request.url).searchParams;
  const kind = search.get("kind");
  const state = search.get("state");
  const filters = {
    kind: isKind(kind) ? kind : null,
    state: state === "read" || state === "unread" ? state : null,
  } as const;
  const actor = actorOf(viewer);
  const cursor = search.get("cursor") ?? undefined;
  const page = await services.notifications
    .listNotifications(actor, {
      kind: filters.kind ?? undefined,
      state: filters.state ?? undefined,
      cursor,
      language: viewer.preferences.language,
    })
    // A stale or hand-made cursor: the first page.
    .catch((error: unknown) => {
      if (error instanceof AppError && error.code === "bad_request")
        return services.notifications.listNotifications(actor, {
          kind: filters.kind ?? undefined,
          state: filters.state ?? undefined,
          language: viewer.preferences.language,
        });
      throw error;
    });
  return {
    ...page,
    filters,
    unread: await services.notifications.countUnreadNotifications(actor),
    timeZone: viewer.profile?.timezone ?? "UTC",
    now: new Date().toISOString(),
  };
}

/** "read" (one notification) or "read-all"; a plain form post or a fetcher. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewerContextFor(request, context);
  const t = await translatorFor(request, context);
  if (!viewer) return Response.json({ ok: false, message: t("notifications:toast.failed") }, { status: 401 });
  const { services } = context.get(appContext);
  const fields = await readFormFields(request);
  try {
    if (fields.intent === "read-all") {
      const { marked } = await services.notifications.markAllNotificationsRead(actorOf(viewer));
      return { ok: true as const, message: t("notifications:toast.allRead", { count: marked }) };
    }
    await services.notifications.markNotificationRead(actorOf(viewer), { notificationId: fields.notificationId ?? "" });
    return { ok: true as const, message: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return Response.json({ ok: false, message: translateMessage(t, error.message) }, { status: error.status });
  }
}

export default function NotificationsScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications");
  const locale = useLocale();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const { items, nextCursor, filters, unread, timeZone } = loaderData;
  const now = useMemo(() => new Date(loaderData.now), [loaderData.now]);
  const isFiltered = Boolean(filters.kind || filters.state);

  // The page's own actions (and the fetchers of its rows) revalidate the layout's badge; tell the poller too.
  useEffect(() => {
    if (!result) return;
    announceNotificationsChanged();
    if (result.message) toast.success(result.message);
  }, [result]);

  const olderHref = useMemo(() => {
    const params = new URLSearchParams();
    if (filters.kind) params.set("kind", filters.kind);
    if (filters.state) params.set("state", filters.state);
    if (nextCursor) params.set("cursor", nextCursor);
    return `/notifications?${params.toString()}`;
  }, [filters, nextCursor]);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="mt-1 text-muted-foreground">{t("description")}</p>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-muted-foreground text-sm tabular-nums">
            {t("unreadCount", { count: unread, formatParams: { count: { locale } } })}
          </span>
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit" variant="outline" disabled={unread === 0 || navigation.state !== "idle"}>
              <CheckCheck aria-hidden="true" />
              {t("actions.markAllRead")}
            </Button>
          </Form>
        </div>
      </div>
      <NotificationFilters values={filters} />
      {items.length === 0 ? (
        <EmptyState isFiltered={isFiltered} />
      ) : (
        <ul aria-label={t("title")} className="flex flex-col gap-2">
          {items.map((item) => (
            <NotificationItem
              key={item.id}
              notification={item}
              when={formatRelativeTime(new Date(item.createdAt), now, { locale, timeZone, justNow: t("justNow") })}
            />
          ))}
        </ul>
      )}
      {nextCursor ? (
        <div className="flex justify-center">
          <Button asChild variant="outline">
            <Link to={olderHref}>{t("actions.showOlder")}</Link>
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function EmptyState({ isFiltered }: { isFiltered: boolean }) {
  const { t } = useTranslation("notifications");
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <BellOff aria-hidden="true" className="size-6 text-muted-foreground" />
      </span>
      <h2 className="font-semibold text-lg">{isFiltered ? t("emptyFiltered.title") : t("empty.title")}</h2>
      <p className="max-w-md text-muted-foreground text-sm">
        {isFiltered ? t("emptyFiltered.description") : t("empty.description")}
      </p>
      {isFiltered ? (
        <Button asChild variant="outline">
          <Link to="/notifications">{t("filters.clear")}</Link>
        </Button>
      ) : (
        <Button asChild>
          <Link to="/rules/new">
            <ListChecks aria-hidden="true" />
            {t("empty.action")}
          </Link>
        </Button>
      )}
    </div>
  );
}
