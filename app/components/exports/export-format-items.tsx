import { FileSpreadsheet, FileText, Sheet } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { DropdownMenuGroup, DropdownMenuItem, DropdownMenuLabel } from "#app/components/ui/dropdown-menu.tsx";

/**
 * The three files of one export, as menu items: the raw CSV (for scripts and tools), the CSV for
 * spreadsheets (the reader's separators and currency signs) and Excel. `path` is the export without
 * its extension ("/exports/campaigns"); `query` the page's filters ("?from=…").
 */
export function ExportFormatItems({
  label,
  hint,
  path,
  query,
  onDownload,
}: {
  label: string;
  hint?: string;
  path: string;
  query: string;
  onDownload: (url: string) => void;
}) {
  const { t } = useTranslation("exports");
  const id = useId();
  const spreadsheetQuery = query ? `${query}&format=spreadsheet` : "?format=spreadsheet";
  const items = [
    { key: "csv", url: `${path}.csv${query}`, icon: FileText, name: t("formats.csv"), note: t("formats.csvHint") },
    {
      key: "spreadsheet",
      url: `${path}.csv${spreadsheetQuery}`,
      icon: Sheet,
      name: t("formats.spreadsheet"),
      note: t("formats.spreadsheetHint"),
    },
    {
      key: "xlsx",
      url: `${path}.xlsx${query}`,
      icon: FileSpreadsheet,
      name: t("formats.xlsx"),
      note: t("formats.xlsxHint"),
    },
  ];
  return (
    <DropdownMenuGroup aria-label={label}>
      <DropdownMenuLabel className="grid font-medium text-sm">
        <span>{label}</span>
        {hint ? <span className="font-normal text-muted-foreground text-xs">{hint}</span> : null}
      </DropdownMenuLabel>
      {items.map((item) => (
        // Named by the format alone ("CSV"), the note read as its description.
        <DropdownMenuItem
          key={item.key}
          aria-labelledby={`${id}-${item.key}`}
          aria-describedby={`${id}-${item.key}-note`}
          onSelect={() => onDownload(item.url)}
        >
          <item.icon aria-hidden="true" />
          <span className="grid">
            <span id={`${id}-${item.key}`}>{item.name}</span>
            <span id={`${id}-${item.key}-note`} className="text-muted-foreground text-xs">
              {item.note}
            </span>
          </span>
        </DropdownMenuItem>
      ))}
    </DropdownMenuGroup>
  );
}
