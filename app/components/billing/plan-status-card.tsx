import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "#app/components/ui/alert-dialog.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { BillingOverview } from "#core/billing/get-billing-overview.ts";
import { formatMoney } from "#core/shared/number-format.ts";
import { daysUntil, formatDay } from "./billing-format.ts";
import { BILLED_KEYS, READ_ONLY_KEYS, STATUS_BADGE_KEYS } from "./billing-keys.ts";
import { useBillingFetcher } from "./use-billing-fetcher.ts";

interface PlanStatusCardProps {
  overview: BillingOverview;
  canManage: boolean;
  now: number;
  timeZone: string;
}

/** The plan, its status in words with its dates, the amount due and what to do next. */
export function PlanStatusCard({ overview, canManage, now, timeZone }: PlanStatusCardProps) {
  const { t } = useTranslation("billing");
  const locale = useLocale();
  const day = (value: Date | null) => formatDay(value, locale, timeZone);
  const isPastDue = overview.status === "past_due" || overview.status === "read_only";
  const badgeVariant = isPastDue ? "destructive" : overview.status === "active" ? "default" : "secondary";
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex flex-wrap items-center gap-2">
            {t("status.plan", { plan: overview.planName })}
            <Badge variant={badgeVariant}>{t(STATUS_BADGE_KEYS[overview.status])}</Badge>
          </h2>
        </CardTitle>
        <CardDescription>{t(BILLED_KEYS[overview.interval])}</CardDescription>
        {canManage ? (
          <CardAction>
            <CancelOrResume
              overview={overview}
              endsOn={day(overview.renewsAt ?? overview.currentPeriodEnd)}
              timeZone={timeZone}
            />
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-pretty" data-testid="billing-status">
          {statusSentence(overview, t, day, now)}
        </p>
        {isPastDue && canManage ? (
          <div>
            <Button asChild variant={overview.status === "past_due" ? "destructive" : "default"}>
              <Link
                to={
                  overview.readOnlyReason === "payment_failed" || overview.status === "past_due"
                    ? "/billing/payment-method"
                    : "#plans"
                }
              >
                {overview.status === "past_due" || overview.readOnlyReason === "payment_failed"
                  ? t("status.actions.pay")
                  : t("status.actions.choosePlan")}
              </Link>
            </Button>
          </div>
        ) : null}
        <dl className="grid gap-3 rounded-lg border bg-muted/30 p-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">{t("status.amountDue")}</dt>
            <dd className="font-semibold text-lg tabular-nums">
              {formatMoney(overview.amountDueMinor, overview.currency, locale)}
            </dd>
          </div>
          {overview.creditMinor > 0 ? (
            <div>
              <dt className="text-muted-foreground">{t("status.credit")}</dt>
              <dd className="font-semibold text-lg tabular-nums">
                {formatMoney(overview.creditMinor, overview.currency, locale)}
              </dd>
            </div>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}

type Translate = ReturnType<typeof useTranslation>["t"];

function statusSentence(overview: BillingOverview, t: Translate, day: (value: Date | null) => string, now: number) {
  switch (overview.status) {
    case "trialing": {
      const days = overview.trialEndsAt ? daysUntil(overview.trialEndsAt, now) : 0;
      const date = day(overview.trialEndsAt);
      if (overview.cancelAtPeriodEnd) return t("status.trialCancelled", { count: days, date });
      return overview.renewsAt
        ? t("status.trialConverts", { count: days, date, plan: overview.planName })
        : t("status.trial", { count: days, date });
    }
    case "active":
      return overview.cancelAtPeriodEnd
        ? t("status.activeCancelled", { date: day(overview.currentPeriodEnd) })
        : t("status.active", { date: day(overview.renewsAt ?? overview.currentPeriodEnd) });
    case "past_due":
      return t("status.pastDue");
    case "read_only":
      return t(READ_ONLY_KEYS[overview.readOnlyReason ?? "trial_ended"]);
    case "canceled":
      return t("status.canceled");
  }
}

function CancelOrResume({
  overview,
  endsOn,
  timeZone,
}: {
  overview: BillingOverview;
  endsOn: string;
  timeZone: string;
}) {
  const { t } = useTranslation("billing");
  const [isOpen, setIsOpen] = useState(false);
  const locale = useLocale();
  const { submit, isBusy } = useBillingFetcher((result) => {
    if (result.intent === "cancel") {
      setIsOpen(false);
      toast.success(t("cancel.done", { date: formatDay(result.endsAt, locale, timeZone) }));
    } else if (result.intent === "resume") toast.success(t("resume.done"));
  });
  if (overview.cancelAtPeriodEnd)
    return (
      <Button variant="outline" onClick={() => submit({ intent: "resume" })} disabled={isBusy}>
        {t("resume.action")}
      </Button>
    );
  if (overview.status !== "active" && overview.status !== "trialing") return null;
  return (
    <>
      <Button variant="ghost" className="text-destructive" onClick={() => setIsOpen(true)}>
        {t("cancel.action")}
      </Button>
      <AlertDialog open={isOpen} onOpenChange={(open) => (isBusy ? undefined : setIsOpen(open))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("cancel.title")}</AlertDialogTitle>
            <AlertDialogDescription>
              {overview.status === "trialing" && !overview.renewsAt
                ? t("cancel.trialBody")
                : t("cancel.body", { date: endsOn })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={isBusy}>{t("cancel.keep")}</AlertDialogCancel>
            <Button variant="destructive" onClick={() => submit({ intent: "cancel" })} disabled={isBusy}>
              {t("cancel.confirm")}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
