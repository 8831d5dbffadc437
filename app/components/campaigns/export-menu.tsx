import { CalendarRange, ChevronDown, Download, Table2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";

/** The exports take the table's filters, sort and range from the same query string; paging does not apply. */
export function exportSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of ["page", "size", "view", "cursor"]) params.delete(name);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** "Export CSV": the campaigns as the table shows them (every page), or one row per campaign and day. */
export function ExportMenu({ search }: { search: string }) {
  const { t } = useTranslation("campaigns");
  const query = exportSearch(search);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="h-9">
          <Download aria-hidden="true" />
          {t("export.button")}
          <ChevronDown aria-hidden="true" className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal text-muted-foreground text-xs">{t("export.scope")}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          {/* A plain link: the browser downloads the streamed file itself. */}
          <a href={`/exports/campaigns.csv${query}`} download>
            <Table2 aria-hidden="true" />
            <span className="grid">
              <span>{t("export.campaigns")}</span>
              <span className="text-muted-foreground text-xs">{t("export.campaignsHint")}</span>
            </span>
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={`/exports/daily-metrics.csv${query}`} download>
            <CalendarRange aria-hidden="true" />
            <span className="grid">
              <span>{t("export.daily")}</span>
              <span className="text-muted-foreground text-xs">{t("export.dailyHint")}</span>
            </span>
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
