/** A saved rule's Preview tab: what it would do right now, per campaign, with each condition's values. */
import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { RulePreview, RuleRunCounts } from "#core/rules/rule-types.ts";
import { formatNumber } from "#core/shared/number-format.ts";
import { CampaignOutcomes } from "./campaign-outcomes.tsx";
import { useRuleTimes } from "./use-rule-times.ts";

export function PreviewPanel({ preview, now }: { preview: RulePreview; now: string }) {
  const { t } = useTranslation("rules");
  const times = useRuleTimes(preview.timeZone, now);
  return (
    <section aria-labelledby="preview-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="preview-title" className="font-semibold text-lg tracking-tight">
            {t("preview.title")}
          </h2>
          <p className="text-muted-foreground text-sm">{t("preview.intro")}</p>
        </div>
        <p className="text-muted-foreground text-xs">
          {t("preview.asOf", { time: times.exact(preview.generatedAt), timeZone: times.timeZoneName })}
        </p>
      </div>
      <RunCounts counts={preview.counts} isPreview />
      <CampaignOutcomes
        campaigns={preview.campaigns}
        emptyText={t("preview.noCampaigns")}
        timeZone={preview.timeZone}
      />
    </section>
  );
}

/** In scope · fired · acted (or would act) · skipped · failed, as figures. */
export function RunCounts({ counts, isPreview }: { counts: RuleRunCounts; isPreview: boolean }) {
  const { t } = useTranslation("rules");
  const locale = useLocale();
  const number = (value: number) => formatNumber(value, locale);
  const items = [
    { label: t("counts.inScope"), value: counts.inScope },
    { label: t("counts.fired"), value: counts.fired },
    { label: isPreview ? t("counts.wouldAct") : t("counts.acted"), value: counts.acted },
    { label: t("counts.skipped"), value: counts.skipped },
    ...(isPreview ? [] : [{ label: t("counts.failed"), value: counts.failed }]),
  ];
  return (
    <dl className={cn("grid grid-cols-2 gap-3", isPreview ? "sm:grid-cols-4" : "sm:grid-cols-3 lg:grid-cols-5")}>
      {items.map((item) => (
        <div key={item.label} className="rounded-lg border bg-card p-3">
          <dt className="text-muted-foreground text-xs">{item.label}</dt>
          <dd className="font-semibold text-xl tabular-nums">{number(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
