import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { PermissionGate, useRefusalReason } from "#app/components/access/permission-gate.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { RadioGroup, RadioGroupItem } from "#app/components/ui/radio-group.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import {
  API_KEY_SCOPES,
  type CreateApiKeyInput,
  createApiKeySchema,
  utcToday,
} from "#core/api-keys/api-key-schemas.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import { formatKeyDate, SCOPE_DESCRIPTION_KEYS, SCOPE_LABEL_KEYS, translateApiKeyMessage } from "./api-key-format.ts";
import { NewApiKeyDialog } from "./new-api-key-dialog.tsx";
import { useApiKeysFetcher } from "./use-api-keys-fetcher.ts";

type ExpiryChoice = "never" | "30" | "90" | "365" | "date";

/** Each choice's label: a catalog key of the "apiKeys" namespace. */
const EXPIRY_CHOICES: Array<{ value: ExpiryChoice; label: string }> = [
  { value: "30", label: "create.expiry.in30Days" },
  { value: "90", label: "create.expiry.in90Days" },
  { value: "365", label: "create.expiry.in1Year" },
  { value: "never", label: "create.expiry.never" },
  { value: "date", label: "create.expiry.onDate" },
];

type FormOutput = z.output<typeof createApiKeySchema>;

const CHOOSE_DATE_MESSAGE = "Choose the day the key stops working.";

/** Safe defaults: read only, and 90 days (the choice preselected). */
const DEFAULT_EXPIRY: ExpiryChoice = "90";
const DEFAULT_EXPIRY_DAYS = 90;

function emptyForm(today: string): CreateApiKeyInput {
  return { name: "", expiresOn: addDays(today, DEFAULT_EXPIRY_DAYS), scope: "read" };
}

/**
 * "Create API key": a name, an optional expiry and a scope, checked with the server's schema.
 * The new key then opens in its own dialog, the one time it can be seen.
 */
export function CreateApiKeyDialog({
  isOpen,
  onOpenChange,
}: {
  /** Held by the screen, so the empty state's button can open this same dialog. */
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { t } = useTranslation("apiKeys");
  const locale = useLocale();
  const baseId = useId();
  const isHydrated = useIsHydrated();
  // A role that may not manage keys sees Create, disabled, with the reason.
  const refusal = useRefusalReason()("api_keys.manage");
  const [expiry, setExpiry] = useState<ExpiryChoice>(DEFAULT_EXPIRY);
  const [created, setCreated] = useState<{ name: string; plaintext: string } | null>(null);
  const form = useForm<CreateApiKeyInput, unknown, FormOutput>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: emptyForm(utcToday()),
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const fetcher = useApiKeysFetcher((result) => {
    if (result.intent !== "create") return;
    onOpenChange(false);
    setCreated({ name: result.apiKey.name, plaintext: result.plaintext });
    toast.success(t("toasts.created"), { description: t("toasts.createdDescription", { name: result.apiKey.name }) });
  });
  const isSubmitting = fetcher.state !== "idle";
  const today = utcToday();
  // Each opening starts from an empty form.
  useEffect(() => {
    if (!isOpen) return;
    form.reset(emptyForm(utcToday()));
    setExpiry(DEFAULT_EXPIRY);
  }, [isOpen, form]);

  const chooseExpiry = (choice: ExpiryChoice) => {
    setExpiry(choice);
    const expiresOn = choice === "never" || choice === "date" ? "" : addDays(today, Number(choice));
    form.setValue("expiresOn", expiresOn, { shouldValidate: choice !== "date" && form.formState.isSubmitted });
  };

  const onSubmit = form.handleSubmit((values) => {
    // "On a date…" with no date would otherwise read as "never".
    if (expiry === "date" && !values.expiresOn) {
      form.setError("expiresOn", { type: "required", message: CHOOSE_DATE_MESSAGE }, { shouldFocus: true });
      return;
    }
    // Sent as the schema's own fields; the server checks them again with the same schema.
    fetcher.submit(
      { intent: "create", values: { name: values.name, expiresOn: values.expiresOn ?? "", scope: values.scope } },
      { method: "post", encType: "application/json" },
    );
  });

  const presetDate = expiry !== "never" && expiry !== "date" ? addDays(today, Number(expiry)) : null;

  return (
    <>
      <Dialog open={isOpen} onOpenChange={(open) => (isSubmitting ? undefined : onOpenChange(open))}>
        {refusal ? (
          <PermissionGate permission="api_keys.manage">
            {() => (
              <Button disabled>
                <Plus aria-hidden="true" />
                {t("create.title")}
              </Button>
            )}
          </PermissionGate>
        ) : (
          <DialogTrigger asChild>
            <Button disabled={!isHydrated}>
              <Plus aria-hidden="true" />
              {t("create.title")}
            </Button>
          </DialogTrigger>
        )}
        <DialogContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <DialogHeader>
              <DialogTitle>{t("create.title")}</DialogTitle>
              <DialogDescription>{t("create.description")}</DialogDescription>
            </DialogHeader>

            <div className="grid gap-2">
              <Label htmlFor={`${baseId}-name`}>{t("create.name")}</Label>
              <Input
                id={`${baseId}-name`}
                placeholder={t("create.namePlaceholder")}
                autoComplete="off"
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? `${baseId}-name-error` : `${baseId}-name-hint`}
                {...form.register("name")}
              />
              {errors.name ? (
                <p id={`${baseId}-name-error`} className="text-destructive text-sm">
                  {translateApiKeyMessage(t, errors.name.message ?? "")}
                </p>
              ) : (
                <p id={`${baseId}-name-hint`} className="text-muted-foreground text-sm">
                  {t("create.nameHint")}
                </p>
              )}
            </div>

            <div className="grid gap-2">
              <Label htmlFor={`${baseId}-expiry`}>{t("create.expires")}</Label>
              <NativeSelect
                id={`${baseId}-expiry`}
                value={expiry}
                onChange={(event) => chooseExpiry(event.target.value as ExpiryChoice)}
                aria-describedby={`${baseId}-expiry-hint`}
              >
                {EXPIRY_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {t(choice.label)}
                  </option>
                ))}
              </NativeSelect>
              {expiry === "date" ? (
                <>
                  <Label htmlFor={`${baseId}-date`} className="sr-only">
                    {t("create.expiryDate")}
                  </Label>
                  <Input
                    id={`${baseId}-date`}
                    type="date"
                    min={addDays(today, 1)}
                    aria-invalid={errors.expiresOn ? true : undefined}
                    aria-describedby={errors.expiresOn ? `${baseId}-date-error` : undefined}
                    {...form.register("expiresOn")}
                  />
                </>
              ) : null}
              {errors.expiresOn ? (
                <p id={`${baseId}-date-error`} className="text-destructive text-sm">
                  {translateApiKeyMessage(t, errors.expiresOn.message ?? "")}
                </p>
              ) : (
                <p id={`${baseId}-expiry-hint`} className="text-muted-foreground text-sm">
                  {expiry === "never"
                    ? t("create.expiryHint.never")
                    : presetDate
                      ? t("create.expiryHint.onDay", { date: formatKeyDate(`${presetDate}T00:00:00Z`, { locale }) })
                      : t("create.expiryHint.onChosenDay")}
                </p>
              )}
            </div>

            <div className="grid gap-2">
              <p id={`${baseId}-scope`} className="font-medium text-sm">
                {t("create.permissions")}
              </p>
              <Controller
                control={form.control}
                name="scope"
                render={({ field }) => (
                  <RadioGroup
                    value={field.value}
                    onValueChange={field.onChange}
                    aria-labelledby={`${baseId}-scope`}
                    className="gap-2"
                  >
                    {API_KEY_SCOPES.map((scope) => {
                      const id = `${baseId}-scope-${scope}`;
                      return (
                        <div
                          key={scope}
                          className="flex items-start gap-3 rounded-md border p-3 has-data-[state=checked]:border-primary/50 has-data-[state=checked]:bg-primary/5"
                        >
                          <RadioGroupItem id={id} value={scope} aria-describedby={`${id}-hint`} className="mt-0.5" />
                          <div className="grid gap-1">
                            <Label htmlFor={id}>{t(SCOPE_LABEL_KEYS[scope])}</Label>
                            <p id={`${id}-hint`} className="text-muted-foreground text-sm">
                              {t(SCOPE_DESCRIPTION_KEYS[scope])}
                            </p>
                          </div>
                        </div>
                      );
                    })}
                  </RadioGroup>
                )}
              />
            </div>

            <DialogFooter>
              <Button variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
                {t("create.cancel")}
              </Button>
              <SubmitButton isPending={isSubmitting}>{t("create.submit")}</SubmitButton>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <NewApiKeyDialog created={created} onDone={() => setCreated(null)} />
    </>
  );
}
