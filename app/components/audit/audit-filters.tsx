import { Search, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { cn } from "#app/lib/cn.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { AUDIT_ACTIONS } from "#core/audit/audit-actions.ts";
import type { AuditActor } from "#core/audit/audit-schemas.ts";
import { AUDIT_AREAS } from "#core/audit/audit-schemas.ts";
import { ACTION_KEYS, AREA_KEYS } from "./audit-sentence.ts";
import type { AuditFilterValues } from "./audit-types.ts";

/** The actor filter's value for someone in the log: "user:<id>", "api_key:<id>", or "system" for Adhelm. */
export function actorFilterValue(actor: AuditActor): string {
  return actor.kind === "system" ? "system" : `${actor.kind}:${actor.id ?? ""}`;
}

/**
 * The log's filters, as a GET form: they live in the address (shareable, and the CSV link takes
 * the same ones), and work before JavaScript. The browser checks the dates' order; the server
 * checks everything again and its refusals show beside their field.
 */
export function AuditFilters({
  filter,
  actors,
  fieldErrors,
  isFiltered,
}: {
  filter: AuditFilterValues;
  actors: AuditActor[];
  fieldErrors: Record<string, string>;
  isFiltered: boolean;
}) {
  const { t, i18n } = useTranslation(["audit", "shell"]);
  const [from, setFrom] = useState(filter.from);
  const people = uniqueActors(actors);
  const errorOf = (field: keyof AuditFilterValues) =>
    fieldErrors[field] ? translateMessage(i18n.t, fieldErrors[field]) : null;

  return (
    <Form method="get" aria-label={t("filters.label")} className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto]">
        <Field id="audit-action" label={t("filters.action")} error={errorOf("action")}>
          <NativeSelect
            id="audit-action"
            name="action"
            defaultValue={filter.action}
            aria-invalid={errorOf("action") ? true : undefined}
            aria-describedby={errorOf("action") ? "audit-action-error" : undefined}
          >
            <option value="">{t("filters.allActions")}</option>
            {AUDIT_AREAS.map((area) => {
              const areaName = AREA_KEYS[area] ? t(AREA_KEYS[area]) : area;
              return (
                <optgroup key={area} label={areaName}>
                  <option value={area}>{t("filters.wholeArea", { area: areaName })}</option>
                  {AUDIT_ACTIONS.filter((action) => action.startsWith(`${area}.`)).map((action) => (
                    <option key={action} value={action}>
                      {t(ACTION_KEYS[action])}
                    </option>
                  ))}
                </optgroup>
              );
            })}
          </NativeSelect>
        </Field>
        <Field id="audit-actor" label={t("filters.actor")} error={errorOf("actor")}>
          <NativeSelect
            id="audit-actor"
            name="actor"
            defaultValue={filter.actor}
            aria-invalid={errorOf("actor") ? true : undefined}
            aria-describedby={errorOf("actor") ? "audit-actor-error" : undefined}
          >
            <option value="">{t("filters.allActors")}</option>
            {people.map((actor) => (
              <option key={actorFilterValue(actor)} value={actorFilterValue(actor)}>
                {actor.kind === "system" ? t("table.system") : actor.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="audit-from" label={t("filters.from")} error={errorOf("from")}>
          <Input
            id="audit-from"
            name="from"
            type="date"
            defaultValue={filter.from}
            onChange={(event) => setFrom(event.currentTarget.value)}
            aria-invalid={errorOf("from") ? true : undefined}
            aria-describedby={errorOf("from") ? "audit-from-error" : undefined}
          />
        </Field>
        <Field id="audit-to" label={t("filters.to")} error={errorOf("to")}>
          <Input
            id="audit-to"
            name="to"
            type="date"
            min={from || undefined}
            defaultValue={filter.to}
            aria-invalid={errorOf("to") ? true : undefined}
            aria-describedby={errorOf("to") ? "audit-to-error" : undefined}
          />
        </Field>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id="audit-search" label={t("filters.search")} error={errorOf("q")} className="flex-1">
          <Input
            id="audit-search"
            name="q"
            type="search"
            maxLength={200}
            defaultValue={filter.q}
            placeholder={t("filters.searchPlaceholder")}
            aria-invalid={errorOf("q") ? true : undefined}
            aria-describedby={errorOf("q") ? "audit-search-error" : undefined}
          />
        </Field>
        <div className="flex gap-2">
          <Button type="submit" className="flex-1 sm:flex-none">
            <Search aria-hidden="true" /> {t("filters.apply")}
          </Button>
          {isFiltered ? (
            <Button asChild variant="ghost" className="flex-1 sm:flex-none">
              <Link to="/settings/audit">
                <X aria-hidden="true" /> {t("filters.clear")}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
    </Form>
  );
}

function Field({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("grid min-w-0 content-start gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Everyone once, and Adhelm's own jobs as one choice. */
function uniqueActors(actors: AuditActor[]): AuditActor[] {
  const seen = new Set<string>();
  return actors.filter((actor) => {
    const value = actorFilterValue(actor);
    if (seen.has(value)) return false;
    seen.add(value);
    return true;
  });
}
