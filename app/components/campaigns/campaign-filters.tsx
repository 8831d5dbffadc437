import { ListFilter, Loader2, Search, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "#app/components/ui/popover.tsx";
import { cn } from "#app/lib/cn.ts";
import { type ParamChanges, searchWith } from "./campaign-table-params.ts";

const SEARCH_DEBOUNCE_MS = 300;

export interface FilterOption {
  value: string;
  label: string;
  /** Shown before the label (a platform's tile). */
  icon?: ReactNode;
  /** A second line, e.g. an account's platform. */
  hint?: string;
}

/**
 * Moves the table to the same page with some parameters changed, without scrolling to the top.
 * Changes build on the table's navigation still under way, if any (Clear filters just clicked), so
 * a search typed meanwhile does not bring the cleared filters back.
 */
export function useTableNavigation() {
  const location = useLocation();
  const pending = useNavigation().location;
  const navigate = useNavigate();
  const base = pending && pending.pathname === location.pathname ? pending.search : location.search;
  return (changes: ParamChanges, options: { replace?: boolean } = {}) =>
    navigate({ search: searchWith(base, changes) }, { preventScrollReset: true, replace: options.replace });
}

/**
 * The name search. It waits for a pause in typing before it asks the server, and it replaces the
 * history entry so Back does not step through every letter.
 */
export function CampaignSearch({ value, isSearching }: { value: string; isSearching: boolean }) {
  const { t } = useTranslation("campaigns");
  const go = useTableNavigation();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const goRef = useRef(go);
  goRef.current = go;

  // The URL changed from elsewhere (Clear filters, Back): show what it says.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = text.trim();
      void goRef.current({ q: text.trim() || null }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return (
    <div className="relative w-full sm:w-64">
      {isSearching ? (
        <Loader2
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
        />
      ) : (
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
      )}
      <Input
        type="search"
        aria-label={t("filters.searchLabel")}
        placeholder={t("filters.searchPlaceholder")}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-9 pl-8"
        maxLength={200}
      />
    </div>
  );
}

type FilterParam = "platform" | "account" | "status";

/** Each filter's button, its checklist's legend and its clear button, as catalog keys. */
const FILTER_KEYS = {
  platform: { title: "filters.platform", legend: "filters.platformLegend", clear: "filters.clearPlatform" },
  account: { title: "filters.account", legend: "filters.accountLegend", clear: "filters.clearAccount" },
  status: { title: "filters.status", legend: "filters.statusLegend", clear: "filters.clearStatus" },
} as const satisfies Record<FilterParam, { title: string; legend: string; clear: string }>;

/** A filter button that opens a checklist; the count of chosen values shows on the button. */
export function FacetedFilter({
  param,
  options,
  selected,
}: {
  param: FilterParam;
  options: FilterOption[];
  selected: readonly string[];
}) {
  const { t } = useTranslation("campaigns");
  const keys = FILTER_KEYS[param];
  const go = useTableNavigation();
  const id = useId();
  const chosen = new Set(selected);
  const toggle = (value: string, isChecked: boolean) => {
    const next = options
      .map((option) => option.value)
      .filter((option) => (option === value ? isChecked : chosen.has(option)));
    void go({ [param]: next });
  };
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className={cn("h-9 border-dashed", chosen.size > 0 && "border-solid")}>
          <ListFilter aria-hidden="true" className="hidden sm:block" />
          {t(keys.title)}
          {chosen.size > 0 ? (
            <Badge variant="secondary" className="ml-0.5 rounded-sm px-1.5 font-normal tabular-nums">
              <span className="sr-only">, </span>
              <span aria-hidden="true">{chosen.size}</span>
              <span className="sr-only">{t("filters.chosen", { count: chosen.size })}</span>
            </Badge>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-64 p-1">
        <fieldset>
          <legend className="px-2 py-1.5 font-medium text-muted-foreground text-xs">{t(keys.legend)}</legend>
          {options.length === 0 ? (
            <p className="px-2 py-3 text-muted-foreground text-sm">{t("filters.nothing")}</p>
          ) : (
            <ul className="max-h-72 overflow-y-auto">
              {options.map((option) => {
                const optionId = `${id}-${option.value}`;
                return (
                  <li key={option.value}>
                    <Label
                      htmlFor={optionId}
                      className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 font-normal hover:bg-accent"
                    >
                      <Checkbox
                        id={optionId}
                        checked={chosen.has(option.value)}
                        onCheckedChange={(checked) => toggle(option.value, checked === true)}
                      />
                      {option.icon}
                      <span className="grid min-w-0">
                        <span className="truncate">{option.label}</span>
                        {option.hint ? (
                          <span className="truncate text-muted-foreground text-xs">{option.hint}</span>
                        ) : null}
                      </span>
                    </Label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
        {chosen.size > 0 ? (
          <div className="mt-1 border-t pt-1">
            <Button
              variant="ghost"
              size="sm"
              className="w-full justify-center"
              onClick={() => void go({ [param]: null })}
            >
              {t(keys.clear)}
            </Button>
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}

export function ClearFiltersButton({ className }: { className?: string }) {
  const { t } = useTranslation("campaigns");
  const go = useTableNavigation();
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn("h-9", className)}
      onClick={() => void go({ q: null, platform: null, account: null, status: null })}
    >
      <X aria-hidden="true" />
      {t("filters.clearAll")}
    </Button>
  );
}
