import { Search } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, useSearchParams, useSubmit } from "react-router";
import { platformName } from "#app/components/analytics/platform-label.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import {
  LIBRARY_KINDS,
  LIBRARY_SORTS,
  LIBRARY_SOURCES,
  LIBRARY_STATUSES,
  type LibraryFilters,
} from "#core/assets/library-filters.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";
import { KIND_KEYS, SORT_KEYS, SOURCE_KEYS, STATUS_KEYS } from "./catalog-keys.ts";

/** Params the form does not own but keeps: the range and the layout. */
const KEPT_PARAMS = ["range", "from", "to", "layout"];

/** The library's filters: a GET form over the URL; a choice in a list applies at once. */
export function LibraryFiltersBar({ filters, tags }: { filters: LibraryFilters; tags: string[] }) {
  const { t } = useTranslation("assets");
  const id = useId();
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const select = (name: string, label: string, value: string, options: Array<{ value: string; label: string }>) => (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={`${id}-${name}`} className="text-muted-foreground text-xs">
        {label}
      </Label>
      <NativeSelect id={`${id}-${name}`} name={name} defaultValue={value}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
  return (
    // Keyed on the URL: after a navigation (Clear filters, a page), its fields show the URL's filters.
    <Form
      key={searchParams.toString()}
      method="get"
      action="/assets"
      role="search"
      className="grid gap-3 rounded-xl border bg-card p-3"
      onChange={(event) => {
        const target = event.target as unknown as HTMLInputElement;
        if (target.tagName === "SELECT" || target.type === "checkbox") submit(event.currentTarget);
      }}
    >
      {KEPT_PARAMS.flatMap((name) => {
        const value = searchParams.get(name);
        return value ? [<input key={name} type="hidden" name={name} value={value} />] : [];
      })}
      <div className="flex gap-2">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <Label htmlFor={`${id}-q`} className="sr-only">
            {t("filters.search")}
          </Label>
          <Input
            id={`${id}-q`}
            name="q"
            type="search"
            defaultValue={filters.search}
            placeholder={t("filters.searchPlaceholder")}
          />
        </div>
        <Button type="submit" variant="secondary" aria-label={t("filters.searchButton")}>
          <Search aria-hidden="true" />
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7 lg:items-end">
        {select(
          "source",
          t("filters.source"),
          filters.source,
          LIBRARY_SOURCES.map((value) => ({ value, label: t(SOURCE_KEYS[value]) })),
        )}
        {select("platform", t("filters.platform"), filters.platform ?? "", [
          { value: "", label: t("filters.allPlatforms") },
          ...AD_PLATFORM_IDS.map((value) => ({ value, label: platformName(value) })),
        ])}
        {select(
          "kind",
          t("filters.kind"),
          filters.kind,
          LIBRARY_KINDS.map((value) => ({
            value,
            label: value === "all" ? t("filters.allKinds") : t(KIND_KEYS[value]),
          })),
        )}
        {select(
          "status",
          t("filters.status"),
          filters.status,
          LIBRARY_STATUSES.map((value) => ({
            value,
            label: value === "all" ? t("filters.allStatuses") : t(STATUS_KEYS[value] as string),
          })),
        )}
        {select("tag", t("filters.tag"), filters.tag ?? "", [
          { value: "", label: t("filters.allTags") },
          ...tags.map((tag) => ({ value: tag, label: tag })),
        ])}
        {select(
          "sort",
          t("filters.sort"),
          filters.sort,
          LIBRARY_SORTS.map((value) => ({ value, label: t(SORT_KEYS[value]) })),
        )}
        <label
          htmlFor={`${id}-tired`}
          className="flex h-9 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm has-[:checked]:border-amber-400 has-[:checked]:bg-amber-50 dark:has-[:checked]:bg-amber-500/15"
        >
          <input
            id={`${id}-tired`}
            type="checkbox"
            name="tired"
            value="1"
            defaultChecked={filters.tiredOnly}
            className="size-4 accent-amber-600"
          />
          {t("filters.tiredOnly")}
        </label>
      </div>
    </Form>
  );
}
