import { History, Table2 } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useLocation, useNavigation } from "react-router";
import { DateRangePicker } from "#app/components/analytics/date-range-picker.tsx";
import { PlatformMarkSymbols } from "#app/components/integrations/platform-marks.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { CampaignRow, DateRange } from "#core/analytics/analytics-types.ts";
import type { ResolvedDateRange } from "#core/analytics/date-range.ts";
import type { CampaignTableTotals } from "#core/analytics/get-campaign-table.ts";
import type { ChangeLogEntry } from "#core/campaigns/campaign-change-types.ts";
import { formatNumber } from "#core/shared/number-format.ts";
import type { TableView } from "#core/table-views/table-view-schema.ts";
import { CampaignCards } from "./campaign-cards.tsx";
import { PlatformMark } from "./campaign-cells.tsx";
import { columnsInOrder, keyMetricOf } from "./campaign-columns.tsx";
import { ConnectFirst, NoCampaignsYet, NoMatches } from "./campaign-empty-states.tsx";
import { CampaignSearch, ClearFiltersButton, FacetedFilter, type FilterOption } from "./campaign-filters.tsx";
import { STATUS_KEYS } from "./campaign-labels.ts";
import { CampaignTable } from "./campaign-table.tsx";
import { CAMPAIGN_STATUSES, type CampaignTableParams, hasActiveFilters, searchWith } from "./campaign-table-params.ts";
import { ChangeDialog } from "./change-dialog.tsx";
import type { ChangeTarget } from "./change-dialog-helpers.ts";
import { ChangeHistory } from "./change-history.tsx";
import type { BulkAction } from "./change-request.ts";
import { ColumnChooser } from "./column-chooser.tsx";
import { ExportMenu } from "./export-menu.tsx";
import { LabelsDialog, type LabelsMode } from "./labels-dialog.tsx";
import { SavedViewsMenu } from "./saved-views-menu.tsx";
import { SelectionBar } from "./selection-bar.tsx";
import { TablePagination } from "./table-pagination.tsx";
import { useCampaignSelection } from "./use-campaign-selection.ts";
import { type ColumnLayout, useColumnVisibility } from "./use-column-visibility.ts";

export interface CampaignsScreenProps {
  view: "campaigns" | "history";
  range: ResolvedDateRange;
  previousRange: DateRange;
  params: CampaignTableParams;
  table: { rows: CampaignRow[]; total: number; page: number; pageSize: number; totals: CampaignTableTotals[] };
  /** The person's saved views, the open one, and the columns and density the table renders with. */
  savedViews: { views: TableView[]; activeViewId: string | null; layout: ColumnLayout };
  hasAdPlatform: boolean;
  filterOptions: {
    platforms: Array<{ value: string; label: string }>;
    accounts: Array<{ value: string; label: string; platform: string }>;
  };
  history: { entries: ChangeLogEntry[]; olderHref: string | null } | null;
  now: string;
  /** The reader's time zone (their profile's), for the change history's dates. */
  timeZone: string;
}

/** /campaigns/mes-ads: every managed campaign on every platform, its actions, and the change history. */
export function CampaignsScreen(props: CampaignsScreenProps) {
  const { view, range, previousRange } = props;
  const { t } = useTranslation("campaigns");
  const location = useLocation();
  return (
    <div className="mx-auto flex w-full max-w-[112rem] flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("screen.title")}</h1>
          <p className="mt-1 text-muted-foreground">{t("screen.intro")}</p>
        </div>
        <div className="flex w-full flex-wrap items-start gap-2 sm:w-auto sm:justify-end">
          <DateRangePicker range={range} previousRange={previousRange} resetParams={["page", "cursor"]} />
          <ExportMenu search={location.search} />
        </div>
      </div>

      <ViewTabs view={view} search={location.search} total={props.table.total} />

      {view === "history" && props.history ? (
        <section aria-labelledby="change-history-heading" className="grid gap-3">
          <div>
            <h2 id="change-history-heading" className="font-semibold text-lg tracking-tight">
              {t("screen.historyTitle")}
            </h2>
            <p className="text-muted-foreground text-sm">{t("screen.historyIntro")}</p>
          </div>
          <ChangeHistory
            entries={props.history.entries}
            now={props.now}
            showsCampaign
            olderHref={props.history.olderHref}
            emptyHint={t("screen.historyEmpty")}
            timeZone={props.timeZone}
          />
        </section>
      ) : (
        // Opening another view starts its own columns and density.
        <CampaignsView key={props.savedViews.activeViewId ?? "none"} {...props} />
      )}
    </div>
  );
}

function ViewTabs({ view, search, total }: { view: CampaignsScreenProps["view"]; search: string; total: number }) {
  const { t } = useTranslation("campaigns");
  const locale = useLocale();
  const tabs = [
    {
      id: "campaigns",
      label: "screen.campaignsTab",
      icon: Table2,
      to: searchWith(withoutView(search), {}),
      badge: formatNumber(total, locale),
    },
    { id: "history", label: "screen.historyTab", icon: History, to: `?${historySearch(search)}`, badge: null },
  ] as const;
  return (
    <nav aria-label={t("screen.views")} className="border-b">
      <ul className="-mb-px flex gap-1">
        {tabs.map((tab) => {
          const isCurrent = tab.id === view;
          return (
            <li key={tab.id}>
              <Link
                to={{ search: tab.to }}
                preventScrollReset
                aria-current={isCurrent ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-10 items-center gap-2 border-transparent border-b-2 px-2 font-medium sm:px-3 text-muted-foreground text-sm outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
                  isCurrent && "border-primary text-foreground",
                )}
              >
                <tab.icon aria-hidden="true" className="size-4" />
                {t(tab.label)}
                {tab.badge && isCurrent ? (
                  <span className="rounded-full bg-muted px-2 py-0.5 text-muted-foreground text-xs tabular-nums">
                    {tab.badge}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function withoutView(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("view");
  params.delete("cursor");
  return params.toString();
}

function historySearch(search: string): string {
  const params = new URLSearchParams(withoutView(search));
  params.set("view", "history");
  return params.toString();
}

function CampaignsView({ params, table, hasAdPlatform, filterOptions, savedViews }: CampaignsScreenProps) {
  const { t } = useTranslation("campaigns");
  const location = useLocation();
  const navigation = useNavigation();
  const activeView = savedViews.views.find((view) => view.id === savedViews.activeViewId) ?? null;
  // Outside a saved view, the person's columns and density are remembered on the server for next time;
  // inside one, they change the table until the view is saved ("Save changes").
  const layoutFetcher = useFetcher();
  const { submit: submitLayout } = layoutFetcher;
  const isInView = activeView !== null;
  // One save at a time, the latest layout last: a new submission on a busy fetcher would abort the
  // one in flight (an abort the router reports as an uncaught error), and several quick clicks
  // need only their last layout saved.
  const pendingLayout = useRef<ColumnLayout | null>(null);
  const isSavingLayout = useRef(false);
  const saveNextLayout = useCallback(() => {
    const layout = pendingLayout.current;
    if (!layout || isSavingLayout.current) return;
    pendingLayout.current = null;
    isSavingLayout.current = true;
    void submitLayout({ intent: "views.layout", form: { ...layout } }, { method: "post", encType: "application/json" });
  }, [submitLayout]);
  useEffect(() => {
    if (layoutFetcher.state !== "idle") return;
    isSavingLayout.current = false;
    saveNextLayout();
  }, [layoutFetcher.state, saveNextLayout]);
  const rememberLayout = useCallback(
    (layout: ColumnLayout) => {
      if (isInView) return;
      pendingLayout.current = layout;
      saveNextLayout();
    },
    [isInView, saveNextLayout],
  );
  const columns = useColumnVisibility(savedViews.layout, rememberLayout);
  const visibleColumns = columnsInOrder(columns.layout.columns);
  const isLoading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const scopeKey = JSON.stringify(params.filters);
  const selection = useCampaignSelection(
    useMemo(() => table.rows.map((row) => row.id), [table.rows]),
    scopeKey,
  );
  // Rows seen on any page, so a selection made across pages knows its campaigns' currencies.
  const seen = useRef(new Map<string, CampaignRow>());
  for (const row of table.rows) seen.current.set(row.id, row);
  const [dialog, setDialog] = useState<{ action: BulkAction; target: ChangeTarget } | null>(null);
  const [labelsMode, setLabelsMode] = useState<LabelsMode | null>(null);

  if (!hasAdPlatform) return <ConnectFirst />;

  const isFiltered = hasActiveFilters(params);
  const openForRows = (action: BulkAction, rows: CampaignRow[]) =>
    setDialog({
      action,
      target: {
        kind: "ids",
        ids: rows.map((row) => row.id),
        count: rows.length,
        currencies: uniqueCurrencies(rows),
        campaignName: rows.length === 1 ? rows[0]?.name : undefined,
      },
    });
  const openForSelection = (action: BulkAction) => {
    if (selection.isAllMatching) {
      setDialog({
        action,
        target: {
          kind: "matching",
          search: location.search,
          count: table.total,
          currencies: uniqueCurrencies(table.rows),
        },
      });
      return;
    }
    const ids = [...selection.ids];
    const known = ids.flatMap((id) => {
      const row = seen.current.get(id);
      return row ? [row] : [];
    });
    setDialog({
      action,
      target: {
        kind: "ids",
        ids,
        count: ids.length,
        currencies: uniqueCurrencies(known),
        campaignName: ids.length === 1 ? known[0]?.name : undefined,
      },
    });
  };

  const platformOptions: FilterOption[] = filterOptions.platforms.map((option) => ({
    ...option,
    icon: <PlatformMark platform={option.value} />,
  }));
  const accountOptions: FilterOption[] = filterOptions.accounts.map((option) => ({
    value: option.value,
    label: option.label,
    hint: filterOptions.platforms.find((platform) => platform.value === option.platform)?.label,
    icon: <PlatformMark platform={option.platform} />,
  }));
  const statusOptions: FilterOption[] = CAMPAIGN_STATUSES.map((status) => ({
    value: status,
    label: t(STATUS_KEYS[status]),
  }));
  const selectedCount = selection.isAllMatching ? table.total : selection.ids.size;

  return (
    <section aria-label={t("screen.tableRegion")} className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <CampaignSearch
          value={params.search}
          isSearching={
            isLoading && new URLSearchParams(navigation.location?.search).get("q") !== (params.search || null)
          }
        />
        <FacetedFilter param="platform" options={platformOptions} selected={params.filters.platforms ?? []} />
        <FacetedFilter param="account" options={accountOptions} selected={params.filters.adAccountIds ?? []} />
        <FacetedFilter param="status" options={statusOptions} selected={params.filters.statuses ?? []} />
        {isFiltered ? <ClearFiltersButton /> : null}
        <div className="ml-auto flex items-center gap-2">
          <SavedViewsMenu
            views={savedViews.views}
            activeView={activeView}
            search={location.search}
            layout={columns.layout}
          />
          <ColumnChooser controls={columns} />
        </div>
      </div>

      {selectedCount > 0 ? (
        <SelectionBar
          selectedCount={selectedCount}
          total={table.total}
          canSelectAllMatching={selection.isPageSelected && !selection.isAllMatching && table.total > table.rows.length}
          isAllMatching={selection.isAllMatching}
          onSelectAllMatching={selection.selectAllMatching}
          onClear={selection.clear}
          onAction={openForSelection}
          onLabels={setLabelsMode}
        />
      ) : null}

      <div className="relative min-w-0">
        {isLoading ? (
          <Progress
            value={null}
            aria-label={t("screen.loading")}
            className="absolute inset-x-0 top-0 z-10 h-0.5 animate-pulse rounded-none bg-primary motion-reduce:animate-none"
          />
        ) : null}
        {table.total === 0 ? (
          isFiltered ? (
            <NoMatches />
          ) : (
            <NoCampaignsYet />
          )
        ) : (
          <>
            {/* The table's rows and the phone's cards show each platform's mark: drawn once, here. */}
            <PlatformMarkSymbols platforms={table.rows.map((row) => row.platform)} />
            <div className="hidden md:block">
              <CampaignTable
                rows={table.rows}
                columns={visibleColumns}
                params={params}
                search={location.search}
                selection={selection}
                isLoading={isLoading}
                onAction={openForRows}
                density={columns.layout.density}
                totals={table.totals}
              />
            </div>
            <div className="md:hidden">
              <CampaignCards
                rows={table.rows}
                keyMetric={keyMetricOf(columns.layout.columns)}
                selection={selection}
                isLoading={isLoading}
                onAction={openForRows}
                totals={table.totals}
              />
            </div>
          </>
        )}
      </div>

      {table.total > 0 ? (
        <TablePagination page={table.page} pageSize={table.pageSize} total={table.total} search={location.search} />
      ) : null}

      <ChangeDialog action={dialog?.action ?? null} target={dialog?.target ?? null} onClose={() => setDialog(null)} />
      <LabelsDialog mode={labelsMode} campaignIds={[...selection.ids]} onClose={() => setLabelsMode(null)} />
    </section>
  );
}

function uniqueCurrencies(rows: Array<Pick<CampaignRow, "currency">>): string[] {
  return [...new Set(rows.map((row) => row.currency))].sort();
}
