import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { formatExactTime, formatRelativeTime } from "./relative-time.ts";

const TimeZoneContext = createContext<string>("UTC");

/** The reader's time zone (their profile's) for every time the integrations screen shows. */
export function TimeZoneProvider({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  return <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>;
}

/** "5 minutes ago" and "Jun 15, 2025, 9:05 AM UTC" in the reader's language, locale and time zone. */
export function useTimeFormat() {
  const { t } = useTranslation("integrations");
  const locale = useLocale();
  const timeZone = useContext(TimeZoneContext);
  const justNow = t("time.justNow");
  return useMemo(
    () => ({
      relative: (from: Date, now: Date) => formatRelativeTime(from, now, { locale, timeZone, justNow }),
      exact: (at: Date) => formatExactTime(at, { locale, timeZone }),
    }),
    [locale, timeZone, justNow],
  );
}
