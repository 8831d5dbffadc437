/** For admins: the organization's questions and tokens this month against the plan, and the months before. */
import { Gauge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Progress } from "#app/components/ui/progress.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { formatMonth, formatNumber } from "#core/shared/number-format.ts";
import type { AskPageData } from "./ask-types.ts";

export function AskUsagePanel({ usage }: { usage: NonNullable<AskPageData["usage"]> }) {
  const { t } = useTranslation("ask");
  const locale = useLocale();
  const number = (value: number) => formatNumber(value, locale);
  const { current, limit } = usage;
  const earlier = usage.months.filter((item) => item.period !== current.period);
  return (
    <section aria-labelledby="ask-usage-title" className="flex flex-col gap-3 rounded-lg border bg-card p-3 text-sm">
      <h2 id="ask-usage-title" className="flex items-center gap-2 font-medium">
        <Gauge aria-hidden="true" className="size-4 text-muted-foreground" />
        {t("usage.title")}
      </h2>
      <div className="flex flex-col gap-1.5">
        <p className="tabular-nums">
          {limit === null
            ? t("usage.questionsUnlimited", { used: number(current.questions) })
            : t("usage.questions", { used: number(current.questions), limit: number(limit) })}
        </p>
        {limit !== null ? (
          <Progress
            value={Math.min(100, (current.questions / Math.max(1, limit)) * 100)}
            aria-label={t("usage.questionsLabel")}
          />
        ) : null}
        <p className="text-muted-foreground text-xs tabular-nums">
          {t("usage.tokens", {
            prompt: number(current.promptTokens),
            completion: number(current.completionTokens),
          })}
        </p>
      </div>
      {earlier.length > 0 ? (
        <table className="w-full text-xs">
          <caption className="sr-only">{t("usage.history")}</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="text-left font-normal">
                {t("usage.month")}
              </th>
              <th scope="col" className="text-right font-normal">
                {t("usage.questionsColumn")}
              </th>
              <th scope="col" className="text-right font-normal">
                {t("usage.tokensColumn")}
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {earlier.map((item) => (
              <tr key={item.period}>
                <td>{formatMonth(item.period, locale)}</td>
                <td className="text-right">{number(item.questions)}</td>
                <td className="text-right">{number(item.promptTokens + item.completionTokens)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="text-muted-foreground text-xs">{t("usage.note")}</p>
    </section>
  );
}
