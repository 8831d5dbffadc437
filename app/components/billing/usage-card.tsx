import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { BillingOverview, UsageMeter } from "#core/billing/get-billing-overview.ts";
import { formatNumber } from "#core/shared/number-format.ts";
import { METER_KEYS } from "./billing-keys.ts";

const METERS = ["adAccounts", "members", "apiCalls", "rules"] as const;

/** Usage against the plan's limits: a bar and "3 of 15" per limited resource. */
export function UsageCard({ usage, planName }: { usage: BillingOverview["usage"]; planName: string }) {
  const { t } = useTranslation("billing");
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("usage.title")}</h2>
        </CardTitle>
        <CardDescription>{t("usage.description", { plan: planName })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        {METERS.map((meter) => (
          <Meter key={meter} name={meter} meter={usage[meter]} />
        ))}
      </CardContent>
    </Card>
  );
}

function Meter({ name, meter }: { name: (typeof METERS)[number]; meter: UsageMeter }) {
  const { t } = useTranslation("billing");
  const locale = useLocale();
  const number = (value: number) => formatNumber(value, locale);
  const label = t(METER_KEYS[name]);
  const isFull = meter.limit !== null && meter.used >= meter.limit;
  const amount =
    meter.limit === null
      ? t("usage.unlimited", { used: number(meter.used) })
      : t("usage.ofLimit", { used: number(meter.used), limit: number(meter.limit) });
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className={cn("tabular-nums", isFull ? "font-medium text-destructive" : "text-muted-foreground")}>
          {amount}
        </span>
      </div>
      <Progress
        aria-label={label}
        aria-valuetext={amount}
        value={meter.limit === null ? 0 : meter.used}
        max={meter.limit ?? 1}
        className={cn(isFull && "[&>[data-slot=progress-indicator]]:bg-destructive")}
      />
    </div>
  );
}
