/**
 * The UTM health card's ads lacking UTM parameters: a table from tablet width up, a list of compact
 * items on a phone, each with what the ad lacks, its spend, and Fix (or where to edit it instead).
 */
import { useTranslation } from "react-i18next";
import { PlatformLabel, platformName } from "#app/components/analytics/platform-label.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import type { UntaggedAd } from "#core/utm-health/utm-health-types.ts";
import { BLOCKER_KEYS, noApiKey } from "./utm-health-card-types.ts";

interface AdsProps {
  ads: UntaggedAd[];
  canFix: boolean;
  onFix: (ad: UntaggedAd) => void;
}

export function UntaggedAds({ ads, canFix, onFix }: AdsProps) {
  const { t } = useTranslation("utm-health");
  return (
    <>
      <div className="hidden rounded-md border md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t("table.ad")}</TableHead>
              <TableHead>{t("table.platform")}</TableHead>
              <TableHead>{t("table.missing")}</TableHead>
              <TableHead className="text-right">{t("table.spend")}</TableHead>
              <TableHead>
                <span className="sr-only">{t("table.action")}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {ads.map((ad) => (
              <TableRow key={ad.adId}>
                <TableCell className="max-w-96 whitespace-normal">
                  <AdNames ad={ad} />
                </TableCell>
                <TableCell>
                  <PlatformLabel platform={ad.platform} />
                </TableCell>
                <TableCell className="min-w-40 whitespace-normal">
                  <MissingChips ad={ad} />
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  <Spend ad={ad} />
                </TableCell>
                <TableCell className="w-40 min-w-32 whitespace-normal">
                  <FixOrNote ad={ad} canFix={canFix} onFix={onFix} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 md:hidden">
        {ads.map((ad) => (
          <li key={ad.adId} className="grid gap-2 rounded-md border p-3">
            <AdNames ad={ad} />
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <PlatformLabel platform={ad.platform} />
              <span className="tabular-nums">
                <span className="sr-only">{t("table.spend")} </span>
                <Spend ad={ad} />
              </span>
            </div>
            <MissingChips ad={ad} />
            <FixOrNote ad={ad} canFix={canFix} onFix={onFix} />
          </li>
        ))}
      </ul>
    </>
  );
}

function AdNames({ ad }: { ad: UntaggedAd }) {
  return (
    <span className="grid min-w-0 gap-0.5">
      <span className="font-medium">{ad.adName}</span>
      <span className="text-muted-foreground text-xs">
        {ad.campaignName} → {ad.adGroupName}
      </span>
      {ad.landingUrl ? (
        <span className="truncate font-mono text-muted-foreground text-xs" title={ad.landingUrl}>
          {ad.landingUrl}
        </span>
      ) : null}
    </span>
  );
}

function Spend({ ad }: { ad: UntaggedAd }) {
  const format = useMetricFormat();
  return <>{format.money(ad.spendMinor, ad.currency)}</>;
}

function MissingChips({ ad }: { ad: UntaggedAd }) {
  const { t } = useTranslation("utm-health");
  return (
    <span className="flex flex-wrap gap-1">
      {ad.diagnosis.missing.map((parameter) => (
        <Badge key={parameter} variant="outline" className="font-mono">
          {parameter}
        </Badge>
      ))}
      {ad.diagnosis.wrongSource !== null ? (
        <Badge variant="outline" className="whitespace-normal border-destructive/50 text-destructive">
          {t("wrongSource", { value: ad.diagnosis.wrongSource })}
        </Badge>
      ) : null}
    </span>
  );
}

function FixOrNote({ ad, canFix, onFix }: { ad: UntaggedAd; canFix: boolean; onFix: (ad: UntaggedAd) => void }) {
  const { t } = useTranslation("utm-health");
  if (ad.blocker === null)
    return (
      <Button
        size="sm"
        variant="outline"
        className="justify-self-start"
        disabled={!canFix}
        onClick={() => onFix(ad)}
        aria-label={t("fixOne", { name: ad.adName })}
      >
        {t("fix.button")}
      </Button>
    );
  return (
    <span className="text-muted-foreground text-xs">
      {ad.blocker === "platform_unsupported"
        ? t(noApiKey(ad.platform))
        : t(BLOCKER_KEYS[ad.blocker], { platform: platformName(ad.platform) })}
    </span>
  );
}
