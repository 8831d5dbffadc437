/**
 * Amounts a person types in their own locale ("49,90", "5.000", "5 000,50") as core reads them
 * ("49.90", "5000", "5000.50"). Core's schemas speak one canonical form; the app localizes.
 */
export function canonicalAmountText(text: string | undefined, locale: string): string {
  if (text === undefined) return "";
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value;
  // Spaces (ordinary, no-break, narrow no-break) only ever group digits.
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (decimal !== ",") return compact;
  // A decimal comma: points group thousands ("5.000,50"). Without a comma, a point before exactly
  // three digits groups them ("5.000"); any other point is a decimal point typed the English way.
  if (compact.includes(",")) return compact.replace(/\./g, "").replace(",", ".");
  return /^\d{1,3}(\.\d{3})+$/.test(compact) ? compact.replace(/\./g, "") : compact;
}
