import { useLocale } from "#app/lib/i18n/use-locale.ts";

/** Sizes, dimensions, durations and dates of the library, in the reader's locale and time zone. */
export function useAssetFormat(timeZone: string) {
  const locale = useLocale();
  const megabytes = new Intl.NumberFormat(locale, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 });
  const kilobytes = new Intl.NumberFormat(locale, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 });
  const integer = new Intl.NumberFormat(locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  const seconds = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 });
  return {
    bytes: (value: number) =>
      value >= 1024 * 1024 ? megabytes.format(value / (1024 * 1024)) : kilobytes.format(Math.max(value / 1024, 1)),
    dimensions: (width: number | null, height: number | null) =>
      width && height ? `${integer.format(width)} × ${integer.format(height)}` : null,
    duration: (milliseconds: number | null) => {
      if (milliseconds === null) return null;
      const total = Math.round(milliseconds / 1000);
      return `${Math.floor(total / 60)}:${seconds.format(total % 60)}`;
    },
    date: (iso: string) => date.format(new Date(iso)),
    integer: (value: number) => integer.format(value),
  };
}

export type AssetFormat = ReturnType<typeof useAssetFormat>;
