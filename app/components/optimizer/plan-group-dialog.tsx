import { Save, Search } from "lucide-react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { platformName } from "#app/components/analytics/platform-label.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { currencySymbolOf } from "#app/components/goals/goal-values.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { canonicalAmountText } from "#app/lib/i18n/amount-text.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { budgetGroupFormSchema, fieldErrorsOf, GROUP_KINDS } from "#core/budgets/budget-plan-schema.ts";
import type { BudgetPlanGroup } from "#core/budgets/budget-plan-types.ts";
import { minorToDecimal } from "#core/shared/money.ts";
import { AD_PLATFORM_IDS, type AdPlatformId } from "#core/shared/platforms.ts";
import { PlanField, Segmented, UnitInput } from "./plan-fields.tsx";
import { usePlanSubmit } from "./plan-submit.ts";
import type { PlanPageData } from "./plan-types.ts";

/** The campaigns listed at once; a search finds the others. */
const LISTED_CAMPAIGNS = 200;

/** A new group (`group` null) or one to edit, in a dialog: its name, what it is made of and its monthly limits. */
export function PlanGroupDialog({
  plan,
  group,
  onClose,
}: {
  plan: PlanPageData;
  group: BudgetPlanGroup | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("budgets");
  const locale = useLocale();
  const id = useId();
  const currency = plan.currency ?? "USD";
  const amountText = (minor: number | null) => (minor === null ? "" : minorToDecimal(minor, currency));
  const campaignPlatforms = [...new Set(plan.campaigns.map((campaign) => campaign.platform))];
  const platforms = [...AD_PLATFORM_IDS].sort(
    (a, b) => Number(campaignPlatforms.includes(b)) - Number(campaignPlatforms.includes(a)),
  );
  const [name, setName] = useState(group?.name ?? "");
  const [kind, setKind] = useState<BudgetPlanGroup["kind"]>(group?.kind ?? "platform");
  const [platform, setPlatform] = useState<AdPlatformId>(group?.platform ?? platforms[0] ?? "google-ads");
  const [chosen, setChosen] = useState<Set<string>>(new Set(group?.kind === "campaigns" ? group.campaignIds : []));
  const [minMonthly, setMinMonthly] = useState(amountText(group?.minMonthlyMinor ?? null));
  const [maxMonthly, setMaxMonthly] = useState(amountText(group?.maxMonthlyMinor ?? null));
  const [query, setQuery] = useState("");
  const { submit, isPending, fieldErrors, setFieldErrors } = usePlanSubmit({
    successToast: t("groups.saved"),
    onSaved: onClose,
  });

  // Campaigns already in another chosen-campaigns group, by the group's name.
  const takenBy = useMemo(() => {
    const taken = new Map<string, string>();
    for (const other of plan.groups)
      if (other.kind === "campaigns" && other.id !== group?.id)
        for (const campaignId of other.campaignIds) taken.set(campaignId, other.name);
    return taken;
  }, [plan.groups, group?.id]);
  const matching = plan.campaigns.filter((campaign) =>
    campaign.name.toLocaleLowerCase(locale).includes(query.trim().toLocaleLowerCase(locale)),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const values = {
      ...(group ? { id: group.id } : {}),
      name,
      kind,
      platform: kind === "platform" ? platform : null,
      campaignIds: kind === "campaigns" ? [...chosen] : [],
      minMonthly: canonicalAmountText(minMonthly, locale),
      maxMonthly: canonicalAmountText(maxMonthly, locale),
    };
    const parsed = budgetGroupFormSchema.safeParse(values);
    if (!parsed.success) {
      const errors = fieldErrorsOf(parsed.error);
      setFieldErrors(
        Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, translateMessage(t, message)])),
      );
      return;
    }
    submit("group", { values });
  };

  const symbol = currencySymbolOf(currency);
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-xl">
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{group ? t("groups.editTitle") : t("groups.newTitle")}</DialogTitle>
            <DialogDescription>{t("groups.dialogDescription", { currency })}</DialogDescription>
          </DialogHeader>
          <PlanField id={`${id}-name`} label={t("groups.name")} error={fieldErrors.name}>
            {(aria) => (
              <Input
                {...aria}
                value={name}
                maxLength={80}
                placeholder={t("groups.namePlaceholder")}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </PlanField>
          <div className="grid gap-2">
            <span id={`${id}-kind`} className="font-medium text-sm leading-none">
              {t("groups.kind")}
            </span>
            <Segmented
              labelId={`${id}-kind`}
              value={kind}
              onChange={setKind}
              options={GROUP_KINDS.map((value) => ({
                value,
                label: value === "platform" ? t("groups.kindPlatform") : t("groups.kindCampaigns"),
              }))}
            />
          </div>
          {kind === "platform" ? (
            <PlanField id={`${id}-platform`} label={t("groups.platform")} error={fieldErrors.platform}>
              {(aria) => (
                <NativeSelect
                  {...aria}
                  value={platform}
                  onChange={(event) => setPlatform(event.target.value as AdPlatformId)}
                >
                  {platforms.map((option) => (
                    <option key={option} value={option}>
                      {platformName(option)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </PlanField>
          ) : (
            <fieldset
              className="grid gap-2"
              aria-describedby={fieldErrors.campaignIds ? `${id}-campaigns-error` : undefined}
            >
              <legend className="mb-2 font-medium text-sm leading-none">{t("groups.campaigns")}</legend>
              <div className="relative">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                />
                <Input
                  type="search"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  placeholder={t("groups.searchCampaigns")}
                  aria-label={t("groups.searchCampaigns")}
                  className="pl-9"
                />
              </div>
              <ul className="max-h-56 overflow-y-auto rounded-md border">
                {matching.length === 0 ? (
                  <li className="p-3 text-muted-foreground text-sm">{t("groups.noCampaigns")}</li>
                ) : (
                  matching.slice(0, LISTED_CAMPAIGNS).map((campaign) => {
                    const elsewhere = takenBy.get(campaign.id);
                    const checkboxId = `${id}-campaign-${campaign.id}`;
                    return (
                      <li key={campaign.id} className="flex items-center gap-3 border-b px-3 py-2 last:border-b-0">
                        <Checkbox
                          id={checkboxId}
                          checked={chosen.has(campaign.id)}
                          disabled={elsewhere !== undefined}
                          onCheckedChange={(checked) =>
                            setChosen((current) => {
                              const next = new Set(current);
                              if (checked === true) next.add(campaign.id);
                              else next.delete(campaign.id);
                              return next;
                            })
                          }
                        />
                        <label htmlFor={checkboxId} className="flex min-w-0 flex-1 flex-col text-sm">
                          <span className="truncate">{campaign.name}</span>
                          <span className="text-muted-foreground text-xs">
                            {platformName(campaign.platform)}
                            {elsewhere ? <> · {t("groups.inOtherGroup", { group: elsewhere })}</> : null}
                          </span>
                        </label>
                      </li>
                    );
                  })
                )}
              </ul>
              {fieldErrors.campaignIds ? (
                <p id={`${id}-campaigns-error`} className="text-destructive text-sm">
                  {fieldErrors.campaignIds}
                </p>
              ) : null}
            </fieldset>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <PlanField id={`${id}-min`} label={t("groups.minMonthly")} error={fieldErrors.minMonthly}>
              {(aria) => (
                <UnitInput
                  {...aria}
                  unit={symbol}
                  inputMode="decimal"
                  value={minMonthly}
                  onChange={(event) => setMinMonthly(event.target.value)}
                />
              )}
            </PlanField>
            <PlanField id={`${id}-max`} label={t("groups.maxMonthly")} error={fieldErrors.maxMonthly}>
              {(aria) => (
                <UnitInput
                  {...aria}
                  unit={symbol}
                  inputMode="decimal"
                  value={maxMonthly}
                  onChange={(event) => setMaxMonthly(event.target.value)}
                />
              )}
            </PlanField>
          </div>
          {fieldErrors.form ? <p className="text-destructive text-sm">{fieldErrors.form}</p> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("groups.cancel")}
            </Button>
            <SubmitButton isPending={isPending} pendingLabel={t("groups.saving")} icon={<Save aria-hidden="true" />}>
              {t("groups.save")}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
