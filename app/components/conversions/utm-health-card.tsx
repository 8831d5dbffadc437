/**
 * The UTM health check (/settings/conversions): the share of ads whose clicks carry what store
 * attribution needs, per platform, and the ads that do not, with what they lack, their spend and a
 * one-click fix where the platform's API can set the URL suffix (Google Ads, Microsoft Advertising,
 * Meta). TikTok and LinkedIn ads say where to edit them instead.
 *
 * Props: the figures of `services.utmHealth.getUtmHealth` (the page's loader reads them, or GET
 * /ads/utm-fix), and whether the viewer may fix (`can(actor, "campaigns.change")`).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PlatformLabel, platformName } from "#app/components/analytics/platform-label.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import type { UntaggedAd, UtmHealth } from "#core/utm-health/utm-health-types.ts";
import { UntaggedAds } from "./utm-health-card-ads.tsx";
import { UtmFixDialog } from "./utm-health-card-fix.tsx";
import { noApiKey } from "./utm-health-card-types.ts";

/** Rows shown before "Show all". */
const FIRST_ROWS = 25;

export function UtmHealthCard({ health, canFix }: { health: UtmHealth; canFix: boolean }) {
  const { t } = useTranslation("utm-health");
  const format = useMetricFormat();
  const [fixing, setFixing] = useState<UntaggedAd[]>([]);
  const [showAll, setShowAll] = useState(false);
  const fixable = health.untagged.filter((ad) => ad.blocker === null);
  const rows = showAll ? health.untagged : health.untagged.slice(0, FIRST_ROWS);
  return (
    <Card aria-labelledby="utm-health-heading">
      <CardHeader>
        <CardTitle>
          <h2 id="utm-health-heading">{t("title")}</h2>
        </CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {health.overall.ads === 0 ? (
          <div className="rounded-md border border-dashed p-6 text-center">
            <p className="font-medium">{t("empty.title")}</p>
            <p className="mt-1 text-muted-foreground text-sm">{t("empty.description")}</p>
          </div>
        ) : (
          <>
            <div className="grid items-center gap-6 md:grid-cols-[auto_1fr]">
              <ShareMeter share={health.overall.share ?? 0} label={format.percent(health.overall.share, "share")} />
              <div className="grid gap-3">
                <p className="text-sm">
                  {t("overall", {
                    tagged: format.number(health.overall.tagged),
                    total: format.number(health.overall.ads),
                  })}
                </p>
                <p className="text-muted-foreground text-xs">
                  {t("counted", { range: format.dateRange(health.range) })}
                </p>
                <ul className="grid gap-3" aria-label={t("platforms.label")}>
                  {health.platforms.map((platform) => (
                    <li key={platform.platform} className="grid gap-1">
                      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                        <PlatformLabel platform={platform.platform} />
                        <span className="text-muted-foreground tabular-nums">
                          {t("platforms.counts", {
                            percent: format.percent(platform.share, "share"),
                            tagged: format.number(platform.tagged),
                            total: format.number(platform.ads),
                          })}
                        </span>
                      </div>
                      <Progress
                        value={platform.tagged}
                        max={Math.max(platform.ads, 1)}
                        aria-label={t("platforms.bar", {
                          platform: platformName(platform.platform),
                          percent: format.percent(platform.share, "share"),
                        })}
                      />
                      {platform.canFix ? null : (
                        <p className="text-muted-foreground text-xs">{t(noApiKey(platform.platform))}</p>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            {health.untagged.length === 0 ? (
              <p className="rounded-md border border-dashed p-4 text-center text-sm">{t("allTagged")}</p>
            ) : (
              <section aria-labelledby="utm-untagged-heading" className="grid gap-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 id="utm-untagged-heading" className="font-medium">
                    {t("table.heading", { count: health.untaggedTotal })}
                  </h3>
                  {health.untaggedTotal > health.untagged.length ? (
                    <p className="text-muted-foreground text-xs">
                      {t("table.listed", { count: health.untagged.length })}
                    </p>
                  ) : null}
                  {canFix ? (
                    fixable.length > 0 ? (
                      <Button size="sm" onClick={() => setFixing(fixable)}>
                        {t("fixAll", { count: fixable.length })}
                      </Button>
                    ) : null
                  ) : (
                    <p className="text-muted-foreground text-xs">{t("noPermission")}</p>
                  )}
                </div>
                <UntaggedAds ads={rows} canFix={canFix} onFix={(ad) => setFixing([ad])} />
                {health.untagged.length > rows.length ? (
                  <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setShowAll(true)}>
                    {t("table.showAll", { count: health.untagged.length })}
                  </Button>
                ) : null}
              </section>
            )}
          </>
        )}
      </CardContent>
      <UtmFixDialog ads={fixing} onClose={() => setFixing([])} />
    </Card>
  );
}

/** The share tagged as a ring, its figure in the middle. */
function ShareMeter({ share, label }: { share: number; label: string }) {
  const { t } = useTranslation("utm-health");
  const radius = 40;
  const circumference = 2 * Math.PI * radius;
  const tone = share >= 0.9 ? "text-emerald-600" : share >= 0.6 ? "text-amber-500" : "text-destructive";
  return (
    <div className="relative mx-auto size-32" role="img" aria-label={t("meter", { percent: label })}>
      <svg viewBox="0 0 100 100" className="size-32 -rotate-90" aria-hidden="true">
        <circle cx="50" cy="50" r={radius} className="fill-none stroke-muted" strokeWidth="12" />
        <circle
          cx="50"
          cy="50"
          r={radius}
          className={`fill-none stroke-current ${tone}`}
          strokeWidth="12"
          strokeLinecap="round"
          strokeDasharray={`${circumference * share} ${circumference}`}
        />
      </svg>
      <span className="absolute inset-0 grid place-items-center font-semibold text-2xl tabular-nums" aria-hidden="true">
        {label}
      </span>
    </div>
  );
}
