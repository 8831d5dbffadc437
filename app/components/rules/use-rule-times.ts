import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatRelativeTime } from "#app/components/integrations/relative-time.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { formatDateTime } from "#core/shared/number-format.ts";

/**
 * Times on the rules screens, in the reader's locale and time zone: "5 minutes ago", "in 12
 * minutes" for the next run, and the exact time ("Nov 26, 2026, 14:05") for titles and tables.
 */
export function useRuleTimes(timeZone: string, now: string) {
  const { t } = useTranslation("rules");
  const locale = useLocale();
  return useMemo(() => {
    const nowDate = new Date(now);
    const exact = (iso: string) => formatDateTime(iso, locale, { timeZone });
    const ago = (iso: string) =>
      formatRelativeTime(new Date(iso), nowDate, { locale, timeZone, justNow: t("times.justNow") });
    const until = (iso: string) => {
      const minutes = Math.round((new Date(iso).getTime() - nowDate.getTime()) / 60_000);
      if (minutes <= 0) return t("times.due");
      const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
      if (minutes < 60) return relative.format(minutes, "minute");
      if (minutes < 48 * 60) return relative.format(Math.round(minutes / 60), "hour");
      return relative.format(Math.round(minutes / (24 * 60)), "day");
    };
    const timeZoneName =
      new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "long" })
        .formatToParts(nowDate)
        .find((part) => part.type === "timeZoneName")?.value ?? timeZone;
    return { exact, ago, until, timeZone, timeZoneName };
  }, [locale, timeZone, now, t]);
}
