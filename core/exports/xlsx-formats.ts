/**
 * Excel's number formats of the export columns. A format code is the same in every locale (Excel
 * shows it with the reader's separators); the currency's sign and where it goes follow the reader's
 * locale ("$#,##0.00" for en-US, "#,##0.00 €" for de-DE), its decimals the currency's own.
 */
import { currencyExponent } from "#core/shared/money.ts";
import type { ExportColumnKind } from "./export-table.ts";

export const NUMBER_FORMATS: Record<Exclude<ExportColumnKind, "text" | "money">, string> = {
  integer: "#,##0",
  decimal: "#,##0.00",
  percent: "0.00%",
  date: "yyyy-mm-dd",
  datetime: "yyyy-mm-dd hh:mm:ss",
};

/** The width a column of each kind gets when its definition names none, in characters. */
export const DEFAULT_WIDTHS: Record<ExportColumnKind, number> = {
  text: 24,
  integer: 12,
  decimal: 12,
  percent: 10,
  money: 14,
  date: 12,
  datetime: 20,
};

/** '"€"#,##0.00' style code for amounts in `currency`, as a reader in `locale` expects them. */
export function currencyFormat(currency: string, locale: string): string {
  const decimals = currencyExponent(currency);
  const parts = new Intl.NumberFormat(locale, { style: "currency", currency }).formatToParts(1);
  const symbolIndex = parts.findIndex((part) => part.type === "currency");
  const symbol = (parts[symbolIndex]?.value ?? currency).replaceAll('"', "");
  const integerIndex = parts.findIndex((part) => part.type === "integer");
  const digits = decimals > 0 ? `#,##0.${"0".repeat(decimals)}` : "#,##0";
  const isAfter = symbolIndex > integerIndex;
  const hasSpace = parts.some((part) => part.type === "literal" && /\s/u.test(part.value));
  const space = hasSpace ? " " : "";
  const positive = isAfter ? `${digits}${space}"${symbol}"` : `"${symbol}"${space}${digits}`;
  return `${positive};-${positive}`;
}
