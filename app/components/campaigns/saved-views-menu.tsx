/**
 * The campaigns table's saved views: the person's own views (filters, sort, date range, columns,
 * density), the one the table opens with, and what to do with the table as it is now: save it as a
 * new view, save the changes into the open view, rename, make default, delete.
 */
import { Bookmark, Check, ChevronDown, Pencil, Save, Star, StarOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { type TableView, viewQueryOf } from "#core/table-views/table-view-schema.ts";
import type { ColumnLayout } from "./use-column-visibility.ts";
import { DeleteViewDialog, useViewResult, ViewNameDialog } from "./view-dialogs.tsx";
import type { ViewsActionResult } from "./views-action-result.ts";

/** The URL parameter naming the open view; "none" opens the table without one, not even the default. */
export const VIEW_PARAM = "tv";
const NO_VIEW = "none";

/** The address of a view: its id and its filters, sort and range. */
export function viewSearch(view: Pick<TableView, "id" | "query"> | null): string {
  const params = new URLSearchParams([[VIEW_PARAM, view?.id ?? NO_VIEW], ...new URLSearchParams(view?.query ?? "")]);
  return `?${params.toString()}`;
}

/** A query string in a canonical order, to compare a view with the table as it is. */
function canonical(query: string): string {
  return [...new URLSearchParams(query)]
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join("&");
}

/** Whether the table as it is (its address and layout) differs from the view. */
export function differsFrom(view: TableView, search: string, layout: ColumnLayout): boolean {
  return (
    canonical(viewQueryOf(search)) !== canonical(view.query) ||
    view.density !== layout.density ||
    view.columns.join(",") !== layout.columns.join(",")
  );
}

export function SavedViewsMenu({
  views,
  activeView,
  search,
  layout,
}: {
  views: TableView[];
  activeView: TableView | null;
  /** The page's query string: the filters, sort and range a new view keeps. */
  search: string;
  layout: ColumnLayout;
}) {
  const { t } = useTranslation("campaigns");
  const navigate = useNavigate();
  const fetcher = useFetcher<ViewsActionResult>();
  const [dialog, setDialog] = useState<"create" | "rename" | "delete" | null>(null);
  const isModified = activeView ? differsFrom(activeView, search, layout) : false;
  const settings = { query: viewQueryOf(search), columns: layout.columns, density: layout.density };
  const viewName = activeView?.name ?? t("views.standard");

  const send = (intent: string, extra: Record<string, unknown>) =>
    fetcher.submit({ intent, ...extra } as never, { method: "post", encType: "application/json" });

  useViewResult(fetcher, (result) => {
    if (!result.ok) {
      // The name dialogs show their own field errors.
      if (!result.fieldErrors) toast.error(result.message);
      return;
    }
    const name = result.view?.name ?? activeView?.name ?? "";
    switch (result.intent) {
      case "views.create":
        setDialog(null);
        toast.success(t("views.saved", { name }));
        if (result.view) navigate({ search: viewSearch(result.view) }, { preventScrollReset: true });
        return;
      case "views.rename":
        setDialog(null);
        toast.success(t("views.renamed", { name }));
        return;
      case "views.overwrite":
        toast.success(t("views.updated", { name }));
        return;
      case "views.delete":
        setDialog(null);
        toast.success(t("views.deleted"));
        navigate({ search: viewSearch(null) }, { preventScrollReset: true });
        return;
      case "views.default":
        toast.success(activeView?.isDefault ? t("views.defaultCleared") : t("views.defaultSet", { name }));
        return;
      default:
        return;
    }
  });

  const open = (view: TableView | null) => navigate({ search: viewSearch(view) }, { preventScrollReset: true });

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            className="h-9 max-w-64"
            aria-label={t(isModified ? "views.currentEdited" : "views.current", { name: viewName })}
          >
            <Bookmark aria-hidden="true" />
            <span className="truncate">{viewName}</span>
            {isModified ? (
              <span className="text-muted-foreground text-xs italic max-sm:sr-only">{t("views.edited")}</span>
            ) : null}
            <ChevronDown aria-hidden="true" className="opacity-60" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-72">
          <DropdownMenuLabel className="text-muted-foreground text-xs">{t("views.yourViews")}</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => open(null)}>
            <Check aria-hidden="true" className={activeView ? "invisible" : undefined} />
            <span className="flex-1">{t("views.standard")}</span>
          </DropdownMenuItem>
          {views.map((view) => (
            <DropdownMenuItem key={view.id} onSelect={() => open(view)}>
              <Check aria-hidden="true" className={view.id === activeView?.id ? undefined : "invisible"} />
              <span className="flex-1 truncate">{view.name}</span>
              {view.isDefault ? (
                <Badge variant="secondary" className="text-[0.65rem]">
                  {t("views.defaultBadge")}
                </Badge>
              ) : null}
            </DropdownMenuItem>
          ))}
          {views.length === 0 ? <p className="px-2 pb-2 text-muted-foreground text-xs">{t("views.noneYet")}</p> : null}
          <DropdownMenuSeparator />
          {activeView ? (
            <DropdownMenuItem
              disabled={!isModified}
              onSelect={() => send("views.overwrite", { id: activeView.id, form: settings })}
            >
              <Save aria-hidden="true" />
              {t("views.saveChanges", { name: activeView.name })}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => setDialog("create")}>
            <Bookmark aria-hidden="true" />
            {t("views.saveAsNew")}
          </DropdownMenuItem>
          {activeView ? (
            <>
              <DropdownMenuItem onSelect={() => setDialog("rename")}>
                <Pencil aria-hidden="true" />
                {t("views.rename")}
              </DropdownMenuItem>
              <DropdownMenuItem
                onSelect={() => send("views.default", { id: activeView.isDefault ? null : activeView.id })}
              >
                {activeView.isDefault ? <StarOff aria-hidden="true" /> : <Star aria-hidden="true" />}
                {activeView.isDefault ? t("views.clearDefault") : t("views.setDefault")}
              </DropdownMenuItem>
              <DropdownMenuItem variant="destructive" onSelect={() => setDialog("delete")}>
                <Trash2 aria-hidden="true" />
                {t("views.delete")}
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>

      <ViewNameDialog
        mode={dialog === "create" || dialog === "rename" ? dialog : null}
        initialName={dialog === "rename" ? (activeView?.name ?? "") : ""}
        fetcher={fetcher}
        onClose={() => setDialog(null)}
        onSubmit={({ name, isDefault }) =>
          dialog === "rename"
            ? send("views.rename", { id: activeView?.id, form: { name } })
            : send("views.create", { form: { name, isDefault, ...settings } })
        }
      />
      <DeleteViewDialog
        viewName={dialog === "delete" ? (activeView?.name ?? null) : null}
        fetcher={fetcher}
        onClose={() => setDialog(null)}
        onConfirm={() => activeView && send("views.delete", { id: activeView.id })}
      />
    </>
  );
}
