import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { FatigueVerdict } from "#core/ads/creative-fatigue.ts";
import type { LandingUrlFacts } from "#core/assets/creative-utm.ts";
import type { LibraryUsage } from "#core/assets/library-types.ts";
import { CreativeStatus } from "./creative-marks.tsx";
import { FatigueEvidenceTable, FatigueSummary } from "./fatigue-evidence.tsx";

/** Fatigue on the creative's page: the verdict in a sentence and, when measured, the evidence. */
export function CreativeFatigueCard({ verdict, currency }: { verdict: FatigueVerdict; currency: string }) {
  const { t } = useTranslation("assets");
  return (
    <Card className={cn(verdict.status === "tired" && "border-amber-300 dark:border-amber-500/40")}>
      <CardHeader>
        <CardTitle className="text-base">
          <h2>{t("fatigue.heading")}</h2>
        </CardTitle>
        <CardDescription>{t("fatigue.method")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FatigueSummary verdict={verdict} />
        {verdict.evidence ? <FatigueEvidenceTable evidence={verdict.evidence} currency={currency} /> : null}
      </CardContent>
    </Card>
  );
}

/** The landing URL as visitors arrive, its UTM parameters highlighted and the missing ones named. */
export function LandingUrlCard({ landing }: { landing: LandingUrlFacts | null }) {
  const { t } = useTranslation("assets");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          <h2>{t("landing.heading")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {landing ? (
          <>
            <p className="break-all rounded-md bg-muted px-3 py-2 font-mono text-xs">
              <UrlWithUtm url={landing.finalUrl} />
            </p>
            {landing.utm.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" aria-label={t("landing.parameters")}>
                {landing.utm.map((parameter) => (
                  <li
                    key={`${parameter.from}-${parameter.name}`}
                    className="rounded-md bg-emerald-50 px-2 py-0.5 font-mono text-emerald-800 text-xs dark:bg-emerald-500/15 dark:text-emerald-300"
                  >
                    {parameter.name}={parameter.value}
                  </li>
                ))}
              </ul>
            ) : null}
            {landing.missing.length === 0 ? (
              <p className="flex items-center gap-2 text-emerald-700 dark:text-emerald-400">
                <CheckCircle2 aria-hidden="true" className="size-4" />
                {t("landing.complete")}
              </p>
            ) : (
              <p className="flex items-start gap-2 text-amber-800 dark:text-amber-300">
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {t("landing.missing", { names: landing.missing.join(", "), count: landing.missing.length })}
              </p>
            )}
          </>
        ) : (
          <p className="text-muted-foreground">{t("landing.none")}</p>
        )}
      </CardContent>
    </Card>
  );
}

/** The URL with each utm_… parameter marked. */
function UrlWithUtm({ url }: { url: string }) {
  const parts = url.split(/([?&]utm_[^&#]*)/g);
  return (
    <>
      {parts.map((part, index) =>
        /^[?&]utm_/.test(part) ? (
          <mark
            key={index}
            className="rounded-sm bg-emerald-100 text-emerald-900 dark:bg-emerald-500/25 dark:text-emerald-200"
          >
            {part}
          </mark>
        ) : (
          <span key={index}>{part}</span>
        ),
      )}
    </>
  );
}

/** Where the creative runs: campaign → ad group → ad, each campaign linking to its page. */
export function UsageCard({ usage }: { usage: LibraryUsage[] }) {
  const { t } = useTranslation("assets");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          <h2>{t("usage.heading", { count: usage.length })}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {usage.map((use) => (
            <li
              key={use.adId ?? `${use.campaign}-${use.ad}`}
              className="flex flex-wrap items-center gap-2 py-2.5 text-sm"
            >
              <span className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">
                {use.campaignId ? (
                  <Link to={`/campaigns/mes-ads/${use.campaignId}`} className="font-medium hover:underline">
                    {use.campaign}
                  </Link>
                ) : (
                  <span className="font-medium">{use.campaign}</span>
                )}
                <span aria-hidden="true" className="text-muted-foreground">
                  →
                </span>
                <span className="sr-only">{t("usage.adGroup")}</span>
                <span>{use.adGroup ?? "—"}</span>
                <span aria-hidden="true" className="text-muted-foreground">
                  →
                </span>
                <span className="sr-only">{t("usage.ad")}</span>
                <span className="text-muted-foreground">{use.ad}</span>
              </span>
              <CreativeStatus status={use.status ?? null} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
