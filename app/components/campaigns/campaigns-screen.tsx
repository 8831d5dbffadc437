import { CheckCheck, History, Pause, Play, Plug, SearchX, Table2, Wallet, X } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { DateRangePicker } from "#app/components/analytics/date-range-picker.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { cn } from "#app/lib/cn.ts";
import { useRootData } from "#app/root.tsx";
import type { CampaignRow, DateRange } from "#core/analytics/analytics-types.ts";
import type { ResolvedDateRange } from "#core/analytics/date-range.ts";
import type { ChangeLogEntry } from "#core/campaigns/campaign-change-types.ts";
import { PlatformMark } from "./campaign-cells.tsx";
import { CAMPAIGN_COLUMNS } from "./campaign-columns.tsx";
import {
  CampaignSearch,
  ClearFiltersButton,
  ColumnsMenu,
  FacetedFilter,
  type FilterOption,
} from "./campaign-filters.tsx";
import { STATUS_LABELS } from "./campaign-labels.ts";
import { CampaignTable } from "./campaign-table.tsx";
import { CAMPAIGN_STATUSES, type CampaignTableParams, hasActiveFilters, searchWith } from "./campaign-table-params.ts";
import { ChangeDialog } from "./change-dialog.tsx";
import type { ChangeTarget } from "./change-dialog-helpers.ts";
import { ChangeHistory } from "./change-history.tsx";
import type { BulkAction } from "./change-request.ts";
import { ExportMenu } from "./export-menu.tsx";
import { TablePagination } from "./table-pagination.tsx";
import { useCampaignSelection } from "./use-campaign-selection.ts";
import { useColumnVisibility } from "./use-column-visibility.ts";

export interface CampaignsScreenProps {
  view: "campaigns" | "history";
  range: ResolvedDateRange;
  previousRange: DateRange;
  params: CampaignTableParams;
  table: { rows: CampaignRow[]; total: number; page: number; pageSize: number };
  hasAdPlatform: boolean;
  filterOptions: {
    platforms: Array<{ value: string; label: string }>;
    accounts: Array<{ value: string; label: string; platform: string }>;
  };
  history: { entries: ChangeLogEntry[]; olderHref: string | null } | null;
  now: string;
}

const count = (value: number) => value.toLocaleString("en-US");

/** /campaigns/mes-ads: every managed campaign on every platform, its actions, and the change history. */
export function CampaignsScreen(props: CampaignsScreenProps) {
  const { view, range, previousRange } = props;
  const location = useLocation();
  return (
    <div className="mx-auto flex w-full max-w-[112rem] flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Campaigns</h1>
          <p className="mt-1 text-muted-foreground">
            Every campaign on every platform: compare, pause, enable and set budgets in one place.
          </p>
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
              Change history
            </h2>
            <p className="text-muted-foreground text-sm">
              Every change pushed to a platform, newest first: who made it, why, and what the platform answered.
            </p>
          </div>
          <ChangeHistory
            entries={props.history.entries}
            now={props.now}
            showsCampaign
            olderHref={props.history.olderHref}
            emptyHint="Pause, enable or change a budget from the campaigns table; each change is recorded here, with undo."
          />
        </section>
      ) : (
        <CampaignsView {...props} />
      )}
    </div>
  );
}

function ViewTabs({ view, search, total }: { view: CampaignsScreenProps["view"]; search: string; total: number }) {
  const tabs = [
    { id: "campaigns", label: "Campaigns", icon: Table2, to: searchWith(withoutView(search), {}), badge: count(total) },
    { id: "history", label: "Change history", icon: History, to: `?${historySearch(search)}`, badge: null },
  ] as const;
  return (
    <nav aria-label="Campaign views" className="border-b">
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
                  "inline-flex h-10 items-center gap-2 border-transparent border-b-2 px-3 font-medium text-muted-foreground text-sm outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
                  isCurrent && "border-primary text-foreground",
                )}
              >
                <tab.icon aria-hidden="true" className="size-4" />
                {tab.label}
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

function CampaignsView({ params, table, hasAdPlatform, filterOptions }: CampaignsScreenProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const viewerId = useRootData()?.viewer?.id ?? null;
  const columns = useColumnVisibility(viewerId);
  const visibleColumns = CAMPAIGN_COLUMNS.filter((column) => !columns.hidden.has(column.id));
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
    label: STATUS_LABELS[status],
  }));
  const selectedCount = selection.isAllMatching ? table.total : selection.ids.size;

  return (
    <section aria-label="Campaigns table" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <CampaignSearch
          value={params.search}
          isSearching={
            isLoading && new URLSearchParams(navigation.location?.search).get("q") !== (params.search || null)
          }
        />
        <FacetedFilter
          title="Platform"
          param="platform"
          options={platformOptions}
          selected={params.filters.platforms ?? []}
        />
        <FacetedFilter
          title="Account"
          param="account"
          options={accountOptions}
          selected={params.filters.adAccountIds ?? []}
        />
        <FacetedFilter title="Status" param="status" options={statusOptions} selected={params.filters.statuses ?? []} />
        {isFiltered ? <ClearFiltersButton /> : null}
        <div className="ml-auto">
          <ColumnsMenu
            columns={CAMPAIGN_COLUMNS}
            hidden={columns.hidden}
            onChange={columns.setVisible}
            onShowAll={columns.showAll}
          />
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
        />
      ) : null}

      <div className="relative min-w-0">
        {isLoading ? (
          <Progress
            value={null}
            aria-label="Loading campaigns"
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
          <CampaignTable
            rows={table.rows}
            columns={visibleColumns}
            params={params}
            search={location.search}
            selection={selection}
            isLoading={isLoading}
            onAction={openForRows}
          />
        )}
      </div>

      {table.total > 0 ? (
        <TablePagination page={table.page} pageSize={table.pageSize} total={table.total} search={location.search} />
      ) : null}

      <ChangeDialog action={dialog?.action ?? null} target={dialog?.target ?? null} onClose={() => setDialog(null)} />
    </section>
  );
}

function uniqueCurrencies(rows: Array<Pick<CampaignRow, "currency">>): string[] {
  return [...new Set(rows.map((row) => row.currency))].sort();
}

function SelectionBar({
  selectedCount,
  total,
  canSelectAllMatching,
  isAllMatching,
  onSelectAllMatching,
  onClear,
  onAction,
}: {
  selectedCount: number;
  total: number;
  canSelectAllMatching: boolean;
  isAllMatching: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onAction: (action: BulkAction) => void;
}) {
  return (
    <section
      aria-label="Selection"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-primary/30 bg-primary/5 px-3 py-2"
    >
      <p className="flex items-center gap-2 font-medium text-sm tabular-nums" aria-live="polite">
        <CheckCheck aria-hidden="true" className="size-4 text-primary" />
        {isAllMatching ? `All ${count(total)} matching campaigns selected` : `${count(selectedCount)} selected`}
      </p>
      {canSelectAllMatching ? (
        <Button variant="link" size="sm" className="h-8 px-0" onClick={onSelectAllMatching}>
          Select all {count(total)} matching
        </Button>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        <Button size="sm" variant="outline" onClick={() => onAction("pause")}>
          <Pause aria-hidden="true" />
          Pause
        </Button>
        <Button size="sm" variant="outline" onClick={() => onAction("enable")}>
          <Play aria-hidden="true" />
          Enable
        </Button>
        <Button size="sm" variant="outline" onClick={() => onAction("set_budget")}>
          <Wallet aria-hidden="true" />
          Set daily budget
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear}>
          <X aria-hidden="true" />
          Clear selection
        </Button>
      </div>
    </section>
  );
}

function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: typeof Plug;
  title: string;
  children: React.ReactNode;
  action: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card px-6 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10">
        <Icon aria-hidden="true" className="size-6 text-primary" />
      </span>
      <h2 className="font-semibold text-lg tracking-tight">{title}</h2>
      <p className="max-w-md text-muted-foreground text-sm">{children}</p>
      <div className="mt-1">{action}</div>
    </div>
  );
}

function ConnectFirst() {
  return (
    <EmptyState
      icon={Plug}
      title="Connect an ad platform to see your campaigns"
      action={
        <Button asChild>
          <Link to="/integrations">Connect a platform</Link>
        </Button>
      }
    >
      Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn campaigns show up here with their spend and results,
      ready to compare, pause and re-budget.
    </EmptyState>
  );
}

function NoMatches() {
  return (
    <EmptyState
      icon={SearchX}
      title="No campaigns match these filters"
      action={<ClearFiltersButton className="border" />}
    >
      Try another search, or fewer filters.
    </EmptyState>
  );
}

function NoCampaignsYet() {
  return (
    <EmptyState
      icon={Table2}
      title="No campaigns yet"
      action={
        <Button asChild variant="outline">
          <Link to="/integrations">Check your integrations</Link>
        </Button>
      }
    >
      Your connected ad accounts have no campaigns yet, or their first sync is still running. Campaigns appear here as
      soon as they are synced.
    </EmptyState>
  );
}
