import { Save, Search } from "lucide-react";
import { type FormEvent, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PlatformLabel } from "#app/components/analytics/platform-label.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { currencySymbolOf } from "#app/components/goals/goal-values.ts";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { canonicalAmountText } from "#app/lib/i18n/amount-text.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { PlanCampaign } from "#core/budgets/budget-plan-repository.ts";
import { minorToDecimal } from "#core/shared/money.ts";
import { UnitInput } from "./plan-fields.tsx";
import { usePlanSubmit } from "./plan-submit.ts";
import type { PlanPageData } from "./plan-types.ts";

/** Rows shown at once; a search finds the others. */
const SHOWN_ROWS = 100;

type Typed = Record<string, { min: string; max: string }>;

/** Each campaign's daily minimum and maximum, in its own currency; saving sends the rows that changed. */
export function PlanBoundsTable({ plan, canManage }: { plan: PlanPageData; canManage: boolean }) {
  const { t } = useTranslation("budgets");
  const format = useMetricFormat();
  const locale = useLocale();
  const id = useId();
  const saved = useMemo(() => {
    const typed: Typed = {};
    const byId = new Map(plan.campaigns.map((campaign) => [campaign.id, campaign]));
    for (const entry of plan.bounds) {
      const campaign = byId.get(entry.campaignId);
      if (!campaign) continue;
      const text = (minor: number | null) => (minor === null ? "" : minorToDecimal(minor, campaign.currency));
      typed[entry.campaignId] = { min: text(entry.minDailyMinor), max: text(entry.maxDailyMinor) };
    }
    return typed;
  }, [plan.bounds, plan.campaigns]);
  const [typed, setTyped] = useState<Typed>(saved);
  const boundsById = new Map(plan.bounds.map((entry) => [entry.campaignId, entry]));
  const [query, setQuery] = useState("");
  // The rows of the last save, in order: the server's field errors name them by index.
  const sentRows = useRef<string[]>([]);
  const { submit, isPending, fieldErrors } = usePlanSubmit({ successToast: t("bounds.saved") });

  const typedOf = (campaignId: string) => typed[campaignId] ?? { min: "", max: "" };
  const changed = plan.campaigns.filter((campaign) => {
    const now = typedOf(campaign.id);
    const before = saved[campaign.id] ?? { min: "", max: "" };
    return now.min.trim() !== before.min || now.max.trim() !== before.max;
  });
  const errorOf = (campaignId: string, field: "minDaily" | "maxDaily" | "campaignId") => {
    const index = sentRows.current.indexOf(campaignId);
    return index < 0 ? undefined : fieldErrors[`bounds.${index}.${field}`];
  };
  const matching = plan.campaigns.filter((campaign) =>
    campaign.name.toLocaleLowerCase(locale).includes(query.trim().toLocaleLowerCase(locale)),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    sentRows.current = changed.map((campaign) => campaign.id);
    submit("bounds", {
      values: {
        bounds: changed.map((campaign) => ({
          campaignId: campaign.id,
          minDaily: canonicalAmountText(typedOf(campaign.id).min, locale),
          maxDaily: canonicalAmountText(typedOf(campaign.id).max, locale),
        })),
      },
    });
  };

  const amountCell = (campaign: PlanCampaign, field: "min" | "max") => {
    const value = typedOf(campaign.id)[field];
    if (!canManage) {
      const bounds = boundsById.get(campaign.id);
      const minor = (field === "min" ? bounds?.minDailyMinor : bounds?.maxDailyMinor) ?? null;
      return minor === null ? (
        <span className="text-muted-foreground">{t("bounds.noLimit")}</span>
      ) : (
        <span className="tabular-nums">{format.money(minor, campaign.currency)}</span>
      );
    }
    const error = errorOf(campaign.id, field === "min" ? "minDaily" : "maxDaily");
    return (
      <div className="grid gap-1">
        <UnitInput
          unit={currencySymbolOf(campaign.currency)}
          inputMode="decimal"
          className="w-32"
          value={value}
          aria-label={t(field === "min" ? "bounds.minFor" : "bounds.maxFor", { campaign: campaign.name })}
          aria-invalid={Boolean(error)}
          onChange={(event) =>
            setTyped((current) => ({
              ...current,
              [campaign.id]: { ...typedOf(campaign.id), [field]: event.target.value },
            }))
          }
        />
        {error ? <p className="max-w-40 text-destructive text-xs">{error}</p> : null}
      </div>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id={`${id}-title`}>{t("bounds.title")}</h2>
          </CardTitle>
          <CardDescription>{t("bounds.description")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {plan.campaigns.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-muted-foreground text-sm">{t("bounds.empty")}</p>
          ) : (
            <>
              <div className="relative max-w-sm">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                />
                <Input
                  type="search"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  placeholder={t("bounds.search")}
                  aria-label={t("bounds.search")}
                  className="pl-9"
                />
              </div>
              <div className="overflow-x-auto rounded-md border">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>{t("bounds.campaign")}</TableHead>
                      <TableHead className="text-right">{t("bounds.budget")}</TableHead>
                      <TableHead>{t("bounds.minDaily")}</TableHead>
                      <TableHead>{t("bounds.maxDaily")}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {matching.slice(0, SHOWN_ROWS).map((campaign) => (
                      <TableRow key={campaign.id}>
                        <TableCell className="max-w-64">
                          <span className="flex min-w-0 items-center gap-2">
                            <PlatformLabel platform={campaign.platform} showName={false} />
                            <span className="truncate">{campaign.name}</span>
                          </span>
                        </TableCell>
                        <TableCell className="text-right tabular-nums">
                          {format.moneyOrDash(campaign.dailyBudgetMinor, campaign.currency)}
                        </TableCell>
                        <TableCell>{amountCell(campaign, "min")}</TableCell>
                        <TableCell>{amountCell(campaign, "max")}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
              {matching.length > SHOWN_ROWS ? (
                <p className="text-muted-foreground text-xs">
                  {t("bounds.shown", { shown: format.number(SHOWN_ROWS), total: format.number(matching.length) })}
                </p>
              ) : null}
            </>
          )}
        </CardContent>
        {canManage && plan.campaigns.length > 0 ? (
          <CardFooter className="flex-wrap justify-end gap-3 border-t">
            {changed.length === 0 ? <p className="text-muted-foreground text-xs">{t("bounds.unchanged")}</p> : null}
            <SubmitButton
              isPending={isPending}
              disabled={changed.length === 0}
              pendingLabel={t("bounds.saving")}
              icon={<Save aria-hidden="true" />}
              className="w-full sm:w-auto"
            >
              {t("bounds.save")}
            </SubmitButton>
          </CardFooter>
        ) : null}
      </Card>
    </form>
  );
}
