/** A saved rule's Runs tab: every run, newest first, with its trigger, mode, outcome and counts. */
import { ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { RuleRunSummary } from "#core/rules/rule-types.ts";
import { formatNumber } from "#core/shared/number-format.ts";
import { RunStatusLabel } from "./rule-badges.tsx";
import { TRIGGER_KEYS } from "./rule-words.ts";
import { useRuleTimes } from "./use-rule-times.ts";

export function RunsPanel({
  ruleId,
  runs,
  olderHref,
  timeZone,
  now,
}: {
  ruleId: string;
  runs: RuleRunSummary[];
  olderHref: string | null;
  timeZone: string;
  now: string;
}) {
  const { t } = useTranslation("rules");
  const times = useRuleTimes(timeZone, now);
  const locale = useLocale();
  const number = (value: number) => formatNumber(value, locale);
  return (
    <section aria-labelledby="runs-title" className="grid gap-4">
      <div>
        <h2 id="runs-title" className="font-semibold text-lg tracking-tight">
          {t("runs.title")}
        </h2>
        <p className="text-muted-foreground text-sm">{t("runs.intro")}</p>
      </div>
      {runs.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
          {t("runs.empty")}
        </p>
      ) : (
        <>
          {/* A phone gets one card per run; wider screens the table. */}
          <ul className="grid divide-y rounded-xl border bg-card md:hidden">
            {runs.map((run) => (
              <li key={run.id}>
                <Link
                  to={`/rules/${ruleId}/runs/${run.id}`}
                  className="grid gap-1 p-3 text-sm hover:bg-muted/40"
                  aria-label={t("runs.openAt", { time: times.exact(run.startedAt) })}
                >
                  <span className="flex items-center justify-between gap-2">
                    <time dateTime={run.startedAt} className="font-medium">
                      {times.exact(run.startedAt)}
                    </time>
                    <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  </span>
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <RunStatusLabel status={run.status} />
                    <span className="text-muted-foreground">{t(TRIGGER_KEYS[run.trigger])}</span>
                    {run.mode === "preview" ? <Badge variant="outline">{t("runs.previewMode")}</Badge> : null}
                  </span>
                  {run.message ? (
                    <span className="text-muted-foreground text-xs">{translateMessage(t, run.message)}</span>
                  ) : null}
                  <span className="text-muted-foreground text-xs tabular-nums">
                    {t(run.mode === "preview" ? "list.countsPreview" : "list.counts", {
                      fired: number(run.counts.fired),
                      acted: number(run.counts.acted),
                      inScope: number(run.counts.inScope),
                    })}
                    {run.counts.failed > 0 ? <> · {t("runs.failedCount", { count: run.counts.failed })}</> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border bg-card md:block">
            <table className="w-full min-w-[40rem] text-sm">
              <thead className="border-b text-left text-muted-foreground text-xs">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("runs.time")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("runs.trigger")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("runs.status")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t("counts.inScope")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t("counts.fired")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t("counts.acted")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t("counts.failed")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">{t("runs.open")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {runs.map((run) => (
                  <tr key={run.id} className="hover:bg-muted/40">
                    <td className="whitespace-nowrap px-3 py-2">
                      <time dateTime={run.startedAt} title={times.exact(run.startedAt)}>
                        {times.exact(run.startedAt)}
                      </time>
                    </td>
                    <td className="px-3 py-2">
                      <span className="flex flex-wrap items-center gap-1.5">
                        {t(TRIGGER_KEYS[run.trigger])}
                        {run.mode === "preview" ? <Badge variant="outline">{t("runs.previewMode")}</Badge> : null}
                      </span>
                      <span className="block text-muted-foreground text-xs">{run.actorLabel}</span>
                    </td>
                    <td className="px-3 py-2">
                      <RunStatusLabel status={run.status} />
                      {run.message ? (
                        <span className="block text-muted-foreground text-xs">{translateMessage(t, run.message)}</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{number(run.counts.inScope)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{number(run.counts.fired)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {number(run.counts.acted)}
                      {run.mode === "preview" ? (
                        <span className="block whitespace-nowrap text-muted-foreground text-xs">
                          {t("runs.wouldChange")}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{number(run.counts.failed)}</td>
                    <td className="px-3 py-2 text-right">
                      <Link
                        to={`/rules/${ruleId}/runs/${run.id}`}
                        className="inline-flex items-center gap-1 text-primary hover:underline"
                        aria-label={t("runs.openAt", { time: times.exact(run.startedAt) })}
                      >
                        {t("runs.trace")}
                        <ChevronRight aria-hidden="true" className="size-4" />
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {olderHref ? (
        <Link to={olderHref} className="w-fit text-primary text-sm hover:underline">
          {t("runs.older")}
        </Link>
      ) : null}
    </section>
  );
}
