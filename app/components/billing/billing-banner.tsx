import { AlertTriangle, Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { useCan } from "#app/lib/use-can.ts";
import type { BillingStatus } from "#core/billing/get-billing-status.ts";
import { formatDay } from "./billing-format.ts";
import { BANNER_READ_ONLY_KEYS } from "./billing-keys.ts";

/** The trial's last days before it converts (or stops), as its reminder mails count them. */
const TRIAL_WARNING_MS = 3 * 86_400_000;

interface Banner {
  tone: "warning" | "danger";
  message: string;
  action: { to: string; label: string } | null;
}

/**
 * Above every app screen, for everyone in the organization: the trial ending soon without a card, a
 * failed payment, or read-only with its reason. Those who manage billing get the action; the others
 * are told to ask an admin.
 */
export function BillingBanner({ status, now, timeZone }: { status: BillingStatus; now: number; timeZone: string }) {
  const { t } = useTranslation("billing");
  const locale = useLocale();
  const canManage = useCan()("billing.manage");
  const banner = bannerOf(
    status,
    now,
    (key, values) => (values ? t(key, values) : t(key)),
    formatDay(status.trialEndsAt, locale, timeZone),
  );
  if (!banner) return null;
  const Icon = banner.tone === "danger" ? AlertTriangle : Clock;
  return (
    <div
      role={banner.tone === "danger" ? "alert" : "status"}
      className={cn(
        "flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-4 py-3 text-sm sm:px-6",
        banner.tone === "danger"
          ? "border-destructive/30 bg-destructive/10 text-destructive dark:text-red-200"
          : "border-amber-500/30 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100",
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1 text-pretty">{banner.message}</p>
      {banner.action && canManage ? (
        <Button asChild size="sm" variant={banner.tone === "danger" ? "destructive" : "default"}>
          <Link to={banner.action.to}>{banner.action.label}</Link>
        </Button>
      ) : banner.action ? (
        <span className="font-medium">{t("banner.askAdmin")}</span>
      ) : null}
    </div>
  );
}

function bannerOf(
  status: BillingStatus,
  now: number,
  t: (key: string, values?: Record<string, unknown>) => string,
  trialEnd: string,
): Banner | null {
  switch (status.status) {
    case "trialing": {
      if (!status.trialEndsAt || status.hasPaymentMethod) return null;
      const left = new Date(status.trialEndsAt).getTime() - now;
      if (left > TRIAL_WARNING_MS) return null;
      return {
        tone: "warning",
        message: t("banner.trialEnding", { date: trialEnd }),
        action: { to: "/billing/payment-method", label: t("banner.addPaymentMethod") },
      };
    }
    case "past_due":
      return {
        tone: "danger",
        message: t("banner.pastDue"),
        action: { to: "/billing/payment-method", label: t("banner.payNow") },
      };
    case "read_only": {
      const reason = status.readOnlyReason ?? "trial_ended";
      return {
        tone: "danger",
        message: t(BANNER_READ_ONLY_KEYS[reason]),
        action:
          reason === "payment_failed"
            ? { to: "/billing/payment-method", label: t("banner.payNow") }
            : { to: "/billing#plans", label: t("banner.choosePlan") },
      };
    }
    default:
      return null;
  }
}
