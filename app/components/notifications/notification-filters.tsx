import { useTranslation } from "react-i18next";
import { Form, Link, useSubmit } from "react-router";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { cn } from "#app/lib/cn.ts";
import { NOTIFICATION_KINDS } from "#core/notifications/notification-types.ts";
import { KIND_LABELS } from "./notification-item.tsx";

export interface NotificationFilterValues {
  kind: string | null;
  state: "read" | "unread" | null;
}

const STATES = [
  { value: null, label: "filters.all" },
  { value: "unread", label: "filters.unread" },
  { value: "read", label: "filters.read" },
] as const;

function hrefFor(values: NotificationFilterValues): string {
  const params = new URLSearchParams();
  if (values.kind) params.set("kind", values.kind);
  if (values.state) params.set("state", values.state);
  const query = params.toString();
  return query ? `/notifications?${query}` : "/notifications";
}

/** Kind (a select that applies on change; a plain GET form without JavaScript) and read state (links). */
export function NotificationFilters({ values }: { values: NotificationFilterValues }) {
  const { t } = useTranslation("notifications");
  const submit = useSubmit();
  return (
    <search aria-label={t("filters.label")} className="flex flex-wrap items-end gap-3">
      <Form method="get" className="grid gap-1.5" onChange={(event) => submit(event.currentTarget)}>
        <Label htmlFor="notification-kind">{t("filters.kind")}</Label>
        <NativeSelect id="notification-kind" name="kind" defaultValue={values.kind ?? ""} className="w-48">
          <option value="">{t("filters.allKinds")}</option>
          {NOTIFICATION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(KIND_LABELS[kind])}
            </option>
          ))}
        </NativeSelect>
        {values.state ? <input type="hidden" name="state" value={values.state} /> : null}
        <noscript>
          <button type="submit">{t("filters.label")}</button>
        </noscript>
      </Form>
      <nav aria-label={t("filters.state")} className="inline-flex rounded-lg border bg-muted/40 p-0.5">
        {STATES.map((state) => {
          const isCurrent = values.state === state.value;
          return (
            <Link
              key={state.label}
              to={hrefFor({ ...values, state: state.value })}
              aria-current={isCurrent ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm transition-colors hover:text-foreground",
                isCurrent ? "bg-background font-medium shadow-sm" : "text-muted-foreground",
              )}
            >
              {t(state.label)}
            </Link>
          );
        })}
      </nav>
    </search>
  );
}
