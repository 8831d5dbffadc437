import { ChevronLeft, Pencil } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DateRangePicker } from "#app/components/analytics/date-range-picker.tsx";
import { TrendChart } from "#app/components/analytics/trend-chart.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { DateRange } from "#core/analytics/analytics-types.ts";
import type { ResolvedDateRange } from "#core/analytics/date-range.ts";
import type { LibraryCreativeDetail } from "#core/assets/get-library-creative.ts";
import { useAssetFormat } from "./asset-format.ts";
import { CHART_KEYS, KIND_KEYS } from "./catalog-keys.ts";
import { CHART_METRICS, type ChartMetric, chartFormatter, chartPoints } from "./chart-metrics.ts";
import { CREATIVE_FIGURES, useCreativeFigures } from "./creative-figures.ts";
import { CreativeStatus, PlatformMarks } from "./creative-marks.tsx";
import { CreativePreview } from "./creative-preview.tsx";
import { CreativeFatigueCard, LandingUrlCard, UsageCard } from "./creative-sections.tsx";
import { EditAssetDialog } from "./edit-asset-dialog.tsx";
import { TiredBadge } from "./fatigue-evidence.tsx";
import { MetricSwitch } from "./metric-switch.tsx";

export interface CreativePageProps {
  detail: LibraryCreativeDetail;
  range: ResolvedDateRange;
  previousRange: DateRange;
  canManage: boolean;
  timeZone: string;
  libraryHref: string;
}

/** /assets/creatives/:id: the creative as the platform shows it, its numbers, days, fatigue, landing URL and use. */
export function CreativePage({ detail, range, previousRange, canManage, timeZone, libraryHref }: CreativePageProps) {
  const { t } = useTranslation("assets");
  const { creative, content, daily } = detail;
  const figures = useCreativeFigures();
  const format = useAssetFormat(timeZone);
  const [metric, setMetric] = useState<ChartMetric>("ctr");
  const [isEditing, setIsEditing] = useState(false);
  const currency = creative.metrics?.currency ?? "USD";
  const chartMetrics = CHART_METRICS.filter((candidate) => candidate !== "hookRate" || creative.kind === "video");
  const upload = creative.upload;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link
          to={libraryHref}
          className="inline-flex w-fit items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t("creative.back")}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">{creative.name}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm">
              <PlatformMarks creative={creative} />
              <Badge variant="outline">{t(KIND_KEYS[creative.kind])}</Badge>
              <CreativeStatus status={creative.status} />
              <TiredBadge verdict={creative.fatigue} currency={currency} name={creative.name} />
            </div>
          </div>
          {upload && canManage ? (
            <Button variant="outline" onClick={() => setIsEditing(true)}>
              <Pencil aria-hidden="true" />
              {t("creative.edit")}
            </Button>
          ) : null}
        </div>
        {creative.source === "platform" ? <DateRangePicker range={range} previousRange={previousRange} /> : null}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="flex flex-col gap-4">
          <CreativePreview creative={creative} content={content} />
          {upload ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-base">
                  <h2>{t("creative.fileFacts")}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid grid-cols-2 gap-3 text-sm">
                  <Fact label={t("creative.format")} value={upload.contentType} />
                  <Fact label={t("creative.size")} value={format.bytes(upload.byteSize)} />
                  <Fact label={t("creative.dimensions")} value={format.dimensions(upload.width, upload.height)} />
                  <Fact label={t("creative.duration")} value={format.duration(upload.durationMs)} />
                  <Fact label={t("creative.uploadedBy")} value={upload.uploadedBy ?? t("card.someone")} />
                  <Fact label={t("creative.uploadedOn")} value={format.date(upload.createdAt)} />
                </dl>
                {creative.tags.length > 0 ? (
                  <ul className="mt-4 flex flex-wrap gap-1" aria-label={t("table.tags")}>
                    {creative.tags.map((tag) => (
                      <li key={tag}>
                        <Badge variant="secondary">{tag}</Badge>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </CardContent>
            </Card>
          ) : null}
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          {creative.metrics ? (
            <section aria-label={t("creative.figures")}>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {CREATIVE_FIGURES.filter((figure) => figure.key !== "hookRate" || creative.kind === "video").map(
                  (figure) => (
                    <div key={figure.key} className="rounded-xl border bg-card p-3">
                      <dt className="text-muted-foreground text-xs">{figures.label(figure.key)}</dt>
                      <dd className="mt-1 truncate font-semibold text-xl tabular-nums">
                        {figures.value(creative.metrics, figure.key)}
                      </dd>
                    </div>
                  ),
                )}
              </dl>
            </section>
          ) : (
            <p className="rounded-xl border border-dashed p-4 text-muted-foreground text-sm">
              {t("creative.noNumbers")}
            </p>
          )}

          {daily.length > 0 ? (
            <Card className="overflow-hidden">
              <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
                <CardTitle className="text-base">
                  <h2>{t("creative.daily")}</h2>
                </CardTitle>
                <MetricSwitch metrics={chartMetrics} value={metric} onChange={setMetric} label={t("chart.choose")} />
              </CardHeader>
              <CardContent>
                <TrendChart
                  title={t("creative.chartTitle", { metric: t(CHART_KEYS[metric]), name: creative.name })}
                  data={chartPoints([{ key: "value", daily }], metric)}
                  series={[
                    {
                      key: "value",
                      label: t(CHART_KEYS[metric]),
                      format: chartFormatter(metric, currency, figures.format),
                      kind: "area",
                    },
                  ]}
                  height={260}
                />
              </CardContent>
            </Card>
          ) : null}

          {creative.fatigue ? <CreativeFatigueCard verdict={creative.fatigue} currency={currency} /> : null}
          {content ? <LandingUrlCard landing={content.landing} /> : null}
          {creative.usage.length > 0 ? <UsageCard usage={creative.usage} /> : null}
        </div>
      </div>
      {upload ? <EditAssetDialog asset={isEditing ? creative : null} onClose={() => setIsEditing(false)} /> : null}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="break-words font-medium">{value ?? "—"}</dd>
    </div>
  );
}
