import { useTranslation } from "react-i18next";
import { DeltaIndicator } from "#app/components/analytics/delta-indicator.tsx";
import { PlatformLabel, platformChartColor } from "#app/components/analytics/platform-label.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import type { PlatformTotals } from "#core/analytics/analytics-types.ts";

/**
 * Each platform's spend, revenue and self-reported ROAS, its share of the spend in its currency,
 * and (with a store) the store revenue its UTM-tagged orders brought.
 */
export function PlatformBreakdownCard({ platforms, hasStore }: { platforms: PlatformTotals[]; hasStore: boolean }) {
  const { t } = useTranslation("dashboard");
  const format = useMetricFormat();
  const spendByCurrency = new Map<string, number>();
  for (const row of platforms)
    spendByCurrency.set(row.currency, (spendByCurrency.get(row.currency) ?? 0) + row.current.spendMinor);
  // A platform with accounts in two currencies has a row for each: the currency tells them apart.
  const rowsOfPlatform = new Map<string, number>();
  for (const row of platforms) rowsOfPlatform.set(row.platform, (rowsOfPlatform.get(row.platform) ?? 0) + 1);
  const shareOf = (row: PlatformTotals) => {
    const total = spendByCurrency.get(row.currency) ?? 0;
    return total > 0 ? row.current.spendMinor / total : null;
  };

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>{t("breakdown.title")}</h2>
        </CardTitle>
        <CardDescription>{hasStore ? t("breakdown.descriptionWithStore") : t("breakdown.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {platforms.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
            {t("breakdown.empty")}
          </p>
        ) : (
          // Scrolls sideways on a phone; focusable so a keyboard can scroll it too. Relative, so the
          // screen-reader-only labels inside (positioned absolutely) scroll with it, not widen the page.
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
            tabIndex={0}
            aria-label={t("breakdown.region")}
            className="relative -mx-2 overflow-x-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <table className="w-full text-sm">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead scope="col">{t("breakdown.platform")}</TableHead>
                  <TableHead scope="col" className="text-right">
                    {t("breakdown.spend")}
                  </TableHead>
                  <TableHead scope="col" className="min-w-32">
                    {t("breakdown.shareOfSpend")}
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    {t("breakdown.revenue")}
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    ROAS
                  </TableHead>
                  {hasStore ? (
                    <TableHead scope="col" className="text-right">
                      {t("breakdown.storeRevenue")}
                    </TableHead>
                  ) : null}
                  <TableHead scope="col" className="text-right">
                    {t("breakdown.conversions")}
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    CPA
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {platforms.map((row) => {
                  const share = shareOf(row);
                  return (
                    <TableRow key={`${row.platform}-${row.currency}`}>
                      <TableHead scope="row" className="font-medium text-foreground">
                        <PlatformLabel platform={row.platform} />
                        {(rowsOfPlatform.get(row.platform) ?? 0) > 1 ? (
                          <span className="ml-1 font-normal text-muted-foreground text-xs">{row.currency}</span>
                        ) : null}
                      </TableHead>
                      <TableCell className="text-right tabular-nums">
                        <div>{format.money(row.current.spendMinor, row.currency)}</div>
                        <DeltaIndicator
                          current={row.current.spendMinor}
                          previous={row.previous.spendMinor}
                          goodDirection="neutral"
                        />
                      </TableCell>
                      <TableCell>
                        <div className="flex items-center gap-2">
                          <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted">
                            <div
                              className="h-full rounded-full"
                              style={{
                                width: `${Math.round((share ?? 0) * 100)}%`,
                                backgroundColor: platformChartColor(row.platform),
                              }}
                            />
                          </div>
                          <span className="w-12 text-right text-muted-foreground text-xs tabular-nums">
                            {format.percent(share, "share")}
                          </span>
                        </div>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {format.money(row.current.revenueMinor, row.currency)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        <div>{format.roas(row.current.roas)}</div>
                        <DeltaIndicator
                          current={row.current.roas}
                          previous={row.previous.roas}
                          goodDirection="higher"
                        />
                      </TableCell>
                      {hasStore ? (
                        <TableCell className="text-right tabular-nums">
                          {format.moneyOrDash(row.storeRevenueMinor, row.currency)}
                        </TableCell>
                      ) : null}
                      <TableCell className="text-right tabular-nums">
                        {format.number(row.current.conversions)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {format.moneyOrDash(row.current.cpaMinor, row.currency)}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </table>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
