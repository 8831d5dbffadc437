import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
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
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import {
  API_KEY_SCOPES,
  type CreateApiKeyInput,
  createApiKeySchema,
  utcToday,
} from "#core/api-keys/api-key-schemas.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import { formatKeyDate, scopeLabel } from "./api-key-format.ts";
import { NewApiKeyDialog } from "./new-api-key-dialog.tsx";
import { useApiKeysFetcher } from "./use-api-keys-fetcher.ts";

type ExpiryChoice = "never" | "30" | "90" | "365" | "date";

const EXPIRY_CHOICES: Array<{ value: ExpiryChoice; label: string }> = [
  { value: "never", label: "Never" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In 1 year" },
  { value: "date", label: "On a date…" },
];

const SCOPE_DESCRIPTIONS: Record<(typeof API_KEY_SCOPES)[number], string> = {
  read_write: "List and read campaigns and metrics, create campaigns and change them.",
  read: "List and read campaigns and metrics. Writes are refused with 403.",
};

type FormOutput = z.output<typeof createApiKeySchema>;

const CHOOSE_DATE_MESSAGE = "Choose the day the key stops working.";

const EMPTY_FORM: CreateApiKeyInput = { name: "", expiresOn: "", scope: "read_write" };

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
  const baseId = useId();
  const isHydrated = useIsHydrated();
  const [expiry, setExpiry] = useState<ExpiryChoice>("never");
  const [created, setCreated] = useState<{ name: string; plaintext: string } | null>(null);
  const form = useForm<CreateApiKeyInput, unknown, FormOutput>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: EMPTY_FORM,
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const fetcher = useApiKeysFetcher((result) => {
    if (result.intent !== "create") return;
    onOpenChange(false);
    setCreated({ name: result.apiKey.name, plaintext: result.plaintext });
    toast.success("API key created", { description: `“${result.apiKey.name}” is ready to use.` });
  });
  const isSubmitting = fetcher.state !== "idle";
  const today = utcToday();
  // Each opening starts from an empty form.
  useEffect(() => {
    if (!isOpen) return;
    form.reset(EMPTY_FORM);
    setExpiry("never");
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
        <DialogTrigger asChild>
          <Button disabled={!isHydrated}>
            <Plus aria-hidden="true" />
            Create API key
          </Button>
        </DialogTrigger>
        <DialogContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <DialogHeader>
              <DialogTitle>Create API key</DialogTitle>
              <DialogDescription>
                The key acts for your whole team. You will see it once, right after it is created.
              </DialogDescription>
            </DialogHeader>

            <div className="grid gap-2">
              <Label htmlFor={`${baseId}-name`}>Name</Label>
              <Input
                id={`${baseId}-name`}
                placeholder="e.g. Reporting"
                autoComplete="off"
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? `${baseId}-name-error` : `${baseId}-name-hint`}
                {...form.register("name")}
              />
              {errors.name ? (
                <p id={`${baseId}-name-error`} className="text-destructive text-sm">
                  {errors.name.message}
                </p>
              ) : (
                <p id={`${baseId}-name-hint`} className="text-muted-foreground text-sm">
                  What uses it, so you know which key to revoke.
                </p>
              )}
            </div>

            <div className="grid gap-2">
              <Label htmlFor={`${baseId}-expiry`}>Expires</Label>
              <NativeSelect
                id={`${baseId}-expiry`}
                value={expiry}
                onChange={(event) => chooseExpiry(event.target.value as ExpiryChoice)}
                aria-describedby={`${baseId}-expiry-hint`}
              >
                {EXPIRY_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </NativeSelect>
              {expiry === "date" ? (
                <>
                  <Label htmlFor={`${baseId}-date`} className="sr-only">
                    Expiry date
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
                  {errors.expiresOn.message}
                </p>
              ) : (
                <p id={`${baseId}-expiry-hint`} className="text-muted-foreground text-sm">
                  {expiry === "never"
                    ? "The key works until you revoke it."
                    : presetDate
                      ? `The key stops working on ${formatKeyDate(`${presetDate}T00:00:00Z`)} (00:00 UTC).`
                      : "The key stops working at 00:00 UTC on that day."}
                </p>
              )}
            </div>

            <div className="grid gap-2">
              <p id={`${baseId}-scope`} className="font-medium text-sm">
                Permissions
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
                            <Label htmlFor={id}>{scopeLabel(scope)}</Label>
                            <p id={`${id}-hint`} className="text-muted-foreground text-sm">
                              {SCOPE_DESCRIPTIONS[scope]}
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
                Cancel
              </Button>
              <SubmitButton isPending={isSubmitting}>Create key</SubmitButton>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <NewApiKeyDialog created={created} onDone={() => setCreated(null)} />
    </>
  );
}
