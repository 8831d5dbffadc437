/**
 * History and calibration: the applied, dismissed and failed recommendations with what was
 * predicted and, once the outcome days are mature, what happened (with the prediction for the
 * spend that actually ran, which it is measured against); and how well the predictions held (share inside the 80% interval, mean absolute error, bias). Until outcomes are mature it
 * says so and when the first will be.
 */
import { CircleCheck, CircleDashed, CircleX, Hourglass, Undo2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PlatformLabel } from "#app/components/analytics/platform-label.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import type { Calibration, Recommendation } from "#core/optimizer/optimizer-types.ts";
import { BudgetChange } from "./budget-change.tsx";
import { useOutcomeFormat } from "./use-outcome-format.ts";

const OBJECTIVE_KEYS = { conversions: "calibration.conversions", revenue: "calibration.revenue" } as const;

export function HistoryCard({
  history,
  calibration,
  outcomeDays,
  currency,
}: {
  history: Recommendation[];
  calibration: Calibration;
  outcomeDays: number;
  /** The runs' currency: revenue errors are amounts in it. */
  currency: string | null;
}) {
  const { t } = useTranslation("optimizer");
  const titleId = useId();
  const calibrationId = useId();
  const firstPending = history
    .filter((item) => item.followUp && item.followUp.realisedDelta === null)
    .map((item) => item.followUp?.to ?? "")
    .sort()[0];
  return (
    <Card className="min-w-0 gap-5" role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle>
          <h2 id={titleId} className="text-lg tracking-tight">
            {t("history.title")}
          </h2>
        </CardTitle>
        <CardDescription>{t("history.intro", { days: outcomeDays })}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6">
        <section aria-labelledby={calibrationId} className="grid gap-3">
          <h3 id={calibrationId} className="font-semibold text-sm">
            {t("calibration.title")}
          </h3>
          {calibration.rows.some((row) => row.count > 0) ? (
            <CalibrationTable calibration={calibration} currency={currency} />
          ) : (
            <CalibrationEmpty
              pending={calibration.pending}
              firstDate={firstPending ?? null}
              outcomeDays={outcomeDays}
            />
          )}
        </section>
        {history.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-center text-muted-foreground text-sm">
            {t("history.empty")}
          </p>
        ) : (
          <div className="-mx-6 overflow-x-auto px-6">
            <Table className="min-w-[44rem]">
              <TableHeader>
                <TableRow>
                  <TableHead>{t("history.campaign")}</TableHead>
                  <TableHead>{t("history.budget")}</TableHead>
                  <TableHead className="text-right">{t("history.predicted")}</TableHead>
                  <TableHead className="text-right">{t("history.realised")}</TableHead>
                  <TableHead>{t("history.status")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {history.map((item) => (
                  <HistoryRow key={item.id} item={item} />
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function HistoryRow({ item }: { item: Recommendation }) {
  const { t } = useTranslation("optimizer");
  const out = useOutcomeFormat(item.objective, item.currency);
  const followUp = item.followUp;
  const day = (item.appliedAt ?? item.createdAt).slice(0, 10);
  return (
    <TableRow>
      <TableCell className="max-w-64">
        <span className="flex min-w-0 items-center gap-2">
          <PlatformLabel platform={item.platform} showName={false} />
          <span className="grid min-w-0">
            <span className="truncate font-medium" title={item.campaignName}>
              {item.campaignName}
            </span>
            <span className="text-muted-foreground text-xs">{out.shortDate(day)}</span>
          </span>
        </span>
      </TableCell>
      <TableCell>
        <BudgetChange
          beforeMinor={item.currentBudgetMinor}
          afterMinor={item.recommendedBudgetMinor}
          currency={item.currency}
        />
      </TableCell>
      <TableCell className="text-right tabular-nums">
        <span className="grid">
          <span>{t("effect.perDay", { value: out.signed(item.predictedDelta.mean) })}</span>
          <span className="text-muted-foreground text-xs">{out.range(item.predictedDelta, true)}</span>
        </span>
      </TableCell>
      <TableCell className="text-right tabular-nums">
        {followUp?.realisedDelta != null ? (
          <span className="grid">
            <span>{t("effect.perDay", { value: out.signed(followUp.realisedDelta) })}</span>
            {followUp.expectedDelta ? (
              <span className="text-muted-foreground text-xs">
                {t("history.expected", {
                  value: out.signed(followUp.expectedDelta.mean),
                  range: out.range(followUp.expectedDelta, true),
                })}
              </span>
            ) : null}
            {followUp.spendBeforeMinor != null && followUp.spendAfterMinor != null ? (
              <span className="text-muted-foreground text-xs">
                {t("history.spent", {
                  before: out.compactMoney(followUp.spendBeforeMinor),
                  after: out.compactMoney(followUp.spendAfterMinor),
                })}
              </span>
            ) : null}
          </span>
        ) : item.status === "applied" && followUp ? (
          <span className="text-muted-foreground text-xs">
            {t("history.measuring", { date: out.shortDate(followUp.to) })}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </TableCell>
      <TableCell>
        <OutcomeStatus item={item} />
      </TableCell>
    </TableRow>
  );
}

function OutcomeStatus({ item }: { item: Recommendation }) {
  const { t } = useTranslation("optimizer");
  const inside = item.followUp?.inside;
  if (item.status === "applied" && inside === true)
    return (
      <span className="inline-flex items-center gap-1.5 text-sm">
        <CircleCheck aria-hidden="true" className="size-4 text-success" />
        {t("history.inside")}
      </span>
    );
  if (item.status === "applied" && inside === false)
    return (
      <span className="inline-flex items-center gap-1.5 text-sm">
        <CircleX aria-hidden="true" className="size-4 text-amber-600 dark:text-warning" />
        {t("history.outside")}
      </span>
    );
  if (item.status === "applied")
    return (
      <span className="inline-flex items-center gap-1.5 text-sm">
        <Hourglass aria-hidden="true" className="size-4 text-muted-foreground" />
        {t("status.applied")}
      </span>
    );
  if (item.status === "undone")
    return (
      <span className="inline-flex items-center gap-1.5 text-muted-foreground text-sm">
        <Undo2 aria-hidden="true" className="size-4" />
        {t("status.undone")}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1.5 text-muted-foreground text-sm">
      {item.status === "failed" ? (
        <CircleX aria-hidden="true" className="size-4 text-destructive" />
      ) : (
        <CircleDashed aria-hidden="true" className="size-4" />
      )}
      {item.status === "failed" ? t("status.failed") : t("status.dismissed")}
    </span>
  );
}

function CalibrationTable({ calibration, currency }: { calibration: Calibration; currency: string | null }) {
  const { t } = useTranslation("optimizer");
  return (
    <div className="grid gap-2">
      <div className="-mx-6 overflow-x-auto px-6">
        <Table className="min-w-[36rem]">
          <TableHeader>
            <TableRow>
              <TableHead>{t("calibration.outcome")}</TableHead>
              <TableHead className="text-right">{t("calibration.count")}</TableHead>
              <TableHead className="text-right">{t("calibration.inside")}</TableHead>
              <TableHead className="text-right">{t("calibration.mae")}</TableHead>
              <TableHead className="text-right">{t("calibration.bias")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {calibration.rows
              .filter((row) => row.count > 0)
              .map((row) => (
                <CalibrationRowView key={row.objective} row={row} currency={currency} />
              ))}
          </TableBody>
        </Table>
      </div>
      <p className="text-muted-foreground text-xs">
        {t("calibration.reading")} {t("calibration.method")}{" "}
        {calibration.pending > 0 ? t("calibration.pending", { count: calibration.pending }) : null}
      </p>
    </div>
  );
}

function CalibrationRowView({ row, currency }: { row: Calibration["rows"][number]; currency: string | null }) {
  const { t } = useTranslation("optimizer");
  const out = useOutcomeFormat(row.objective, currency);
  return (
    <TableRow>
      <TableCell className="font-medium">{t(OBJECTIVE_KEYS[row.objective])}</TableCell>
      <TableCell className="text-right tabular-nums">{row.count}</TableCell>
      <TableCell className="text-right tabular-nums">
        {row.shareInside === null ? "—" : out.percent(row.shareInside, "share")}
      </TableCell>
      <TableCell className="text-right tabular-nums">
        {row.meanAbsoluteError === null ? "—" : out.amount(row.meanAbsoluteError)}
      </TableCell>
      <TableCell className="text-right tabular-nums">{row.bias === null ? "—" : out.signed(row.bias)}</TableCell>
    </TableRow>
  );
}

function CalibrationEmpty({
  pending,
  firstDate,
  outcomeDays,
}: {
  pending: number;
  firstDate: string | null;
  outcomeDays: number;
}) {
  const { t } = useTranslation("optimizer");
  const out = useOutcomeFormat("conversions", null);
  return (
    <div className="flex items-start gap-3 rounded-lg border border-dashed bg-muted/20 p-4 text-sm">
      <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="grid gap-1">
        <p className="font-medium">{t("calibration.emptyTitle")}</p>
        <p className="text-muted-foreground">
          {pending > 0 && firstDate
            ? t("calibration.emptyPending", { count: pending, date: out.shortDate(firstDate) })
            : t("calibration.emptyNone", { days: outcomeDays })}
        </p>
      </div>
    </div>
  );
}
