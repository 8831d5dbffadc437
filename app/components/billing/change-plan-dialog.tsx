import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { BillingInterval } from "#core/billing/plan-catalog.ts";
import { formatMoney } from "#core/shared/number-format.ts";
import { formatDay } from "./billing-format.ts";
import { INTERVAL_KEYS } from "./billing-keys.ts";
import type { PlanOffer } from "./billing-types.ts";
import { useBillingFetcher } from "./use-billing-fetcher.ts";

interface ChangePlanDialogProps {
  /** The plan chosen; null: closed. */
  plan: PlanOffer | null;
  interval: BillingInterval;
  currentPlanName: string;
  timeZone: string;
  onClose: () => void;
}

/** Confirms a plan change with what it costs now (prorated) or credits, as the server computes it. */
export function ChangePlanDialog({ plan, interval, currentPlanName, timeZone, onClose }: ChangePlanDialogProps) {
  const { t } = useTranslation("billing");
  const locale = useLocale();
  const preview = useBillingFetcher(() => undefined, undefined, "/billing");
  const change = useBillingFetcher((result) => {
    if (result.intent !== "change") return;
    onClose();
    toast.success(
      result.chargedMinor > 0
        ? t("change.doneCharged", {
            plan: plan?.name,
            amount: formatMoney(result.chargedMinor, result.currency, locale),
          })
        : t("change.done", { plan: plan?.name }),
    );
  });
  const planId = plan?.id;
  const { submit: submitPreview } = preview;
  useEffect(() => {
    if (planId) submitPreview({ intent: "preview", values: { planId, interval } });
  }, [planId, interval]);
  const data = preview.fetcher.data;
  const shown = data?.ok && data.intent === "preview" && data.preview.planId === planId ? data.preview : null;
  const refusal = data && !data.ok ? data : null;

  return (
    <Dialog open={plan !== null} onOpenChange={(open) => (!open && !change.isBusy ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("change.title", { plan: plan?.name })}</DialogTitle>
          <DialogDescription>
            {t("change.description", { from: currentPlanName, to: plan?.name, interval: t(INTERVAL_KEYS[interval]) })}
          </DialogDescription>
        </DialogHeader>
        <div aria-live="polite" className="rounded-lg border bg-muted/30 p-4">
          {shown ? (
            <p className="text-pretty" data-testid="plan-change-amount">
              {shown.chargeMinor > 0
                ? t("change.chargeNow", {
                    amount: formatMoney(shown.chargeMinor, shown.currency, locale),
                    date: formatDay(shown.periodEnd, locale, timeZone),
                  })
                : t("change.credit", {
                    amount: formatMoney(shown.creditMinor, shown.currency, locale),
                    date: formatDay(shown.periodEnd, locale, timeZone),
                  })}
            </p>
          ) : refusal ? (
            <p className="text-destructive">{refusal.message}</p>
          ) : (
            <Skeleton className="h-5 w-3/4" aria-label={t("change.computing")} />
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={change.isBusy}>
            {t("change.cancel")}
          </Button>
          <SubmitButton
            isPending={change.isBusy}
            pendingLabel={t("change.applying")}
            disabled={!shown}
            onClick={() => change.submit({ intent: "change", values: { planId, interval } })}
          >
            {t("change.confirm")}
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
