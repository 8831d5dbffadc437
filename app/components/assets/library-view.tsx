import { Grid2x2, ImageUp, List, Search } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { cn } from "#app/lib/cn.ts";
import type { LibraryCreative } from "#core/assets/library-types.ts";
import type { AssetFormat } from "./asset-format.ts";
import type { AssetsScreenProps } from "./assets-types.ts";
import { DeleteAssetDialog } from "./delete-asset-dialog.tsx";
import { EditAssetDialog } from "./edit-asset-dialog.tsx";
import { LibraryGrid, LibraryTable } from "./library-items.tsx";

type Props = Omit<AssetsScreenProps, "view" | "timeZone"> & { format: AssetFormat };

/** The library: search, tag and kind filters (in the URL), grid or table, pages, edit and delete. */
export function LibraryView({ filters, library, layout, canManage, format }: Props) {
  const { t } = useTranslation("assets");
  const id = useId();
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const [editing, setEditing] = useState<LibraryCreative | null>(null);
  const [deleting, setDeleting] = useState<LibraryCreative | null>(null);
  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `/assets?${query}` : "/assets";
  };
  const isFiltered = filters.search !== "" || filters.tag !== null || filters.kind !== "all";
  const pages = Math.max(Math.ceil(library.total / library.pageSize), 1);
  const items = { items: library.items, format, canManage, onEdit: setEditing, onDelete: setDeleting };

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="sr-only">
        {t("library.heading")}
      </h2>
      {/* Keyed on the URL: after a navigation (Clear filters, a page), its fields show the URL's filters. */}
      <Form
        key={searchParams.toString()}
        method="get"
        action="/assets"
        role="search"
        className="flex flex-col gap-3 rounded-xl border bg-card p-3 sm:flex-row sm:flex-wrap sm:items-end"
        onChange={(event) => {
          if ((event.target as HTMLElement).tagName === "SELECT") submit(event.currentTarget);
        }}
      >
        {layout === "table" ? <input type="hidden" name="layout" value="table" /> : null}
        <div className="grid min-w-0 flex-1 gap-1.5">
          <Label htmlFor={`${id}-q`}>{t("filters.search")}</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-q`}
              name="q"
              type="search"
              defaultValue={filters.search}
              placeholder={t("filters.searchPlaceholder")}
            />
            <Button type="submit" variant="secondary" aria-label={t("filters.searchButton")}>
              <Search aria-hidden="true" />
            </Button>
          </div>
        </div>
        <div className="grid gap-1.5 sm:w-44">
          <Label htmlFor={`${id}-tag`}>{t("filters.tag")}</Label>
          <NativeSelect id={`${id}-tag`} name="tag" defaultValue={filters.tag ?? ""}>
            <option value="">{t("filters.allTags")}</option>
            {library.tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5 sm:w-36">
          <Label htmlFor={`${id}-kind`}>{t("filters.kind")}</Label>
          <NativeSelect id={`${id}-kind`} name="kind" defaultValue={filters.kind}>
            <option value="all">{t("filters.allKinds")}</option>
            <option value="image">{t("kind.image")}</option>
            <option value="video">{t("kind.video")}</option>
          </NativeSelect>
        </div>
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
      </Form>

      <p className="text-muted-foreground text-sm" aria-live="polite">
        {t("library.count", { count: library.total, formatted: format.integer(library.total) })}
      </p>

      {library.items.length === 0 ? (
        <Empty isFiltered={isFiltered} canManage={canManage} />
      ) : layout === "table" ? (
        <LibraryTable {...items} />
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
    <div className={cn("flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-12 text-center")}>
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
      ) : canManage ? (
        <Button asChild>
          <Link to="/assets?view=uploads">{t("empty.upload")}</Link>
        </Button>
      ) : null}
    </div>
  );
}
