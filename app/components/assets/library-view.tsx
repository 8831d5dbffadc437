import { BatteryLow, Grid2x2, ImageUp, List } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { DateRangePicker } from "#app/components/analytics/date-range-picker.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { dateRangeToSearchParams } from "#core/analytics/date-range.ts";
import { defaultDirectionOf, type LibrarySort, MAX_COMPARED_CREATIVES } from "#core/assets/library-filters.ts";
import type { LibraryCreative } from "#core/assets/library-types.ts";
import type { AssetFormat } from "./asset-format.ts";
import type { AssetsScreenProps } from "./assets-types.ts";
import { type ChosenCreative, CompareBar } from "./compare-bar.tsx";
import { DeleteAssetDialog } from "./delete-asset-dialog.tsx";
import { EditAssetDialog } from "./edit-asset-dialog.tsx";
import { LibraryFiltersBar } from "./library-filters-bar.tsx";
import { LibraryGrid, LibraryTable } from "./library-items.tsx";

type Props = Omit<AssetsScreenProps, "view" | "timeZone"> & { format: AssetFormat };

/** The library: filters and range (in the URL), grid or table, pages, compare, edit and delete of uploads. */
export function LibraryView({ filters, library, layout, range, previousRange, canManage, format }: Props) {
  const { t } = useTranslation("assets");
  const id = useId();
  const [searchParams] = useSearchParams();
  const [editing, setEditing] = useState<LibraryCreative | null>(null);
  const [deleting, setDeleting] = useState<LibraryCreative | null>(null);
  const [chosen, setChosen] = useState<ChosenCreative[]>([]);
  const rangeQuery = dateRangeToSearchParams(range).toString();
  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `/assets?${query}` : "/assets";
  };
  const sortHref = (sort: LibrarySort) => {
    const direction = filters.sort === sort ? (filters.direction === "asc" ? "desc" : "asc") : defaultDirectionOf(sort);
    return hrefWith({ sort, dir: direction, page: null });
  };
  const toggle = (asset: LibraryCreative) => {
    if (chosen.some((creative) => creative.id === asset.id)) {
      setChosen(chosen.filter((creative) => creative.id !== asset.id));
      return;
    }
    if (chosen.length >= MAX_COMPARED_CREATIVES) {
      toast.error(t("compare.tooManyTitle"), {
        description: t("compare.tooMany", { count: MAX_COMPARED_CREATIVES }),
      });
      return;
    }
    setChosen([...chosen, { id: asset.id, name: asset.name, kind: asset.kind, thumbnailUrl: asset.thumbnailUrl }]);
  };
  const isFiltered =
    filters.search !== "" ||
    filters.tag !== null ||
    filters.kind !== "all" ||
    filters.source !== "all" ||
    filters.platform !== null ||
    filters.status !== "all" ||
    filters.tiredOnly;
  const pages = Math.max(Math.ceil(library.total / library.pageSize), 1);
  const items = {
    items: library.items,
    format,
    canManage,
    onEdit: setEditing,
    onDelete: setDeleting,
    hrefOf: (asset: LibraryCreative) => `/assets/creatives/${encodeURIComponent(asset.id)}?${rangeQuery}`,
    selected: chosen.map((creative) => creative.id),
    onToggle: toggle,
  };
  const tiredCount = library.tiredCount ?? 0;

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="sr-only">
        {t("library.heading")}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <DateRangePicker range={range} previousRange={previousRange} />
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t("layout.label")}</legend>
          {(["grid", "table"] as const).map((choice) => {
            const Icon = choice === "grid" ? Grid2x2 : List;
            return (
              <Button key={choice} asChild variant={layout === choice ? "default" : "outline"} size="icon">
                <Link
                  to={hrefWith({ layout: choice === "grid" ? null : "table" })}
                  aria-label={t(choice === "grid" ? "layout.grid" : "layout.table")}
                  aria-current={layout === choice ? "true" : undefined}
                >
                  <Icon aria-hidden="true" />
                </Link>
              </Button>
            );
          })}
        </fieldset>
      </div>
      <LibraryFiltersBar filters={filters} tags={library.tags} />

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" aria-live="polite">
        <p className="text-muted-foreground">
          {t("library.count", { count: library.total, formatted: format.integer(library.total) })}
        </p>
        {tiredCount > 0 && !filters.tiredOnly ? (
          <Link
            to={hrefWith({ tired: "1", page: null })}
            className="inline-flex items-center gap-1.5 font-medium text-amber-800 hover:underline dark:text-amber-300"
          >
            <BatteryLow aria-hidden="true" className="size-4" />
            {t("library.tiredCount", { count: tiredCount, formatted: format.integer(tiredCount) })}
          </Link>
        ) : null}
        <p className="text-muted-foreground text-xs sm:ms-auto">{t("compare.howTo")}</p>
      </div>

      {library.items.length === 0 ? (
        <Empty isFiltered={isFiltered} canManage={canManage} />
      ) : layout === "table" ? (
        <LibraryTable {...items} filters={filters} sortHref={sortHref} />
      ) : (
        <LibraryGrid {...items} />
      )}

      {pages > 1 ? (
        <nav aria-label={t("pages.label")} className="flex items-center justify-between gap-2">
          <PageLink to={hrefWith({ page: String(library.page - 1) })} isDisabled={library.page <= 1}>
            {t("pages.previous")}
          </PageLink>
          <span className="text-muted-foreground text-sm">
            {t("pages.of", { page: format.integer(library.page), pages: format.integer(pages) })}
          </span>
          <PageLink to={hrefWith({ page: String(library.page + 1) })} isDisabled={library.page >= pages}>
            {t("pages.next")}
          </PageLink>
        </nav>
      ) : null}

      <CompareBar
        chosen={chosen}
        compareHref={`/assets/compare?ids=${chosen.map((creative) => encodeURIComponent(creative.id)).join(",")}&${rangeQuery}`}
        onRemove={(removed) => setChosen(chosen.filter((creative) => creative.id !== removed))}
        onClear={() => setChosen([])}
      />
      <EditAssetDialog asset={editing} onClose={() => setEditing(null)} />
      <DeleteAssetDialog asset={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function PageLink({ to, isDisabled, children }: { to: string; isDisabled: boolean; children: string }) {
  if (isDisabled)
    return (
      <Button variant="outline" disabled>
        {children}
      </Button>
    );
  return (
    <Button asChild variant="outline">
      <Link to={to}>{children}</Link>
    </Button>
  );
}

function Empty({ isFiltered, canManage }: { isFiltered: boolean; canManage: boolean }) {
  const { t } = useTranslation("assets");
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <ImageUp aria-hidden="true" className="size-6" />
      </span>
      <div className="grid max-w-lg gap-2">
        <h3 className="font-semibold text-lg">{t(isFiltered ? "empty.filteredTitle" : "empty.title")}</h3>
        <p className="text-pretty text-muted-foreground text-sm">
          {t(isFiltered ? "empty.filteredBody" : canManage ? "empty.body" : "empty.bodyReadOnly")}
        </p>
      </div>
      {isFiltered ? (
        <Button asChild variant="outline">
          <Link to="/assets">{t("empty.clear")}</Link>
        </Button>
      ) : (
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild variant={canManage ? "outline" : "default"}>
            <Link to="/integrations">{t("empty.connect")}</Link>
          </Button>
          {canManage ? (
            <Button asChild>
              <Link to="/assets?view=uploads">{t("empty.upload")}</Link>
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
