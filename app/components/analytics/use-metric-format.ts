import { useMemo } from "react";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { type MetricFormat, metricFormat } from "#core/shared/number-format.ts";

/**
 * The formatters of `#core/shared/number-format.ts`, bound to the reader's locale:
 * `const format = useMetricFormat(); format.money(12345, "EUR")` → "123,45 €" for a German reader.
 */
export function useMetricFormat(): MetricFormat {
  const locale = useLocale();
  return useMemo(() => metricFormat(locale), [locale]);
}
