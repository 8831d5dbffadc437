import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import type { BillingOverview } from "#core/billing/get-billing-overview.ts";
import { BillingHeader } from "./billing-nav.tsx";
import type { PlanOffer } from "./billing-types.ts";
import { PlanCards } from "./plan-cards.tsx";
import { PlanStatusCard } from "./plan-status-card.tsx";
import { UsageCard } from "./usage-card.tsx";

export interface BillingOverviewScreenProps {
  overview: BillingOverview;
  plans: PlanOffer[];
  canManage: boolean;
  now: number;
  timeZone: string;
}

/** /billing: the plan and its status, usage against the limits, and (for admins) the plans to choose. */
export function BillingOverviewScreen(props: BillingOverviewScreenProps) {
  const { t } = useTranslation("billing");
  useCheckoutOutcome();
  return (
    <div className="mx-auto flex min-w-0 max-w-5xl flex-col gap-6">
      <BillingHeader title={t("page.title")} intro={t("page.intro")} />
      {!props.canManage ? (
        <p role="note" className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
          {t("page.readOnly")}
        </p>
      ) : null}
      <PlanStatusCard {...props} />
      <UsageCard usage={props.overview.usage} planName={props.overview.planName} />
      {props.canManage ? <PlanCards overview={props.overview} plans={props.plans} timeZone={props.timeZone} /> : null}
    </div>
  );
}

/** Back from the provider's checkout (?checkout=success|cancelled): says so once, then drops the parameter. */
function useCheckoutOutcome() {
  const { t } = useTranslation("billing");
  const [params, setParams] = useSearchParams();
  const outcome = params.get("checkout");
  useEffect(() => {
    if (outcome !== "success" && outcome !== "cancelled") return;
    if (outcome === "success") toast.success(t("checkout.success"));
    else toast.info(t("checkout.cancelled"));
    setParams(
      (current) => {
        current.delete("checkout");
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [outcome, setParams, t]);
}
