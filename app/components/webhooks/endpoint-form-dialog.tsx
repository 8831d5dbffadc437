import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
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
import { Label } from "#app/components/ui/label.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import {
  SUBSCRIBABLE_EVENT_TYPES,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  type WebhookEndpointInput,
  type WebhookEndpointValues,
  webhookEndpointSchema,
} from "#core/webhooks/webhook-schemas.ts";
import { useWebhooksFetcher } from "./use-webhooks-fetcher.ts";
import { EVENT_HINT_KEYS, EVENT_LABEL_KEYS } from "./webhook-format.ts";
import type { WebhookEndpointSummary } from "./webhooks-types.ts";

const FIELDS = ["url", "description", "eventTypes"] as const;
/** An address, the same in every language. */
const URL_EXAMPLE = "https://example.com/webhooks/adhelm";

function valuesOf(endpoint: WebhookEndpointSummary | null): WebhookEndpointInput {
  return endpoint
    ? {
        url: endpoint.url,
        description: endpoint.description,
        eventTypes: endpoint.eventTypes.filter((type) => type !== "webhook.test"),
      }
    : { url: "", description: "", eventTypes: [] };
}

/**
 * Add or edit an endpoint: its address, a description and its events, checked with the server's
 * schema here and again (with the address's network rules) on the server, whose messages land
 * next to their fields.
 */
export function EndpointFormDialog({
  endpoint,
  isOpen,
  onOpenChange,
  onCreated,
}: {
  /** Null: a new endpoint. */
  endpoint: WebhookEndpointSummary | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** A new endpoint's secret, to be shown once. */
  onCreated: (created: { url: string; secret: string }) => void;
}) {
  const { t } = useTranslation("webhooks");
  const baseId = useId();
  const form = useForm<WebhookEndpointInput, unknown, WebhookEndpointValues>({
    resolver: zodResolver(webhookEndpointSchema),
    defaultValues: valuesOf(endpoint),
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const fetcher = useWebhooksFetcher(
    (result) => {
      if (result.intent === "create") {
        onOpenChange(false);
        onCreated({ url: result.endpoint.url, secret: result.secret });
        toast.success(t("toasts.created"));
      } else if (result.intent === "update") {
        onOpenChange(false);
        toast.success(t("toasts.updated"));
      }
    },
    (fieldErrors) => {
      for (const field of FIELDS) {
        const message = fieldErrors[field];
        if (message) form.setError(field, { type: "server", message }, { shouldFocus: true });
      }
    },
  );
  const isSubmitting = fetcher.state !== "idle";
  // Each opening starts from the endpoint as it is (or an empty form).
  useEffect(() => {
    if (isOpen) form.reset(valuesOf(endpoint));
  }, [isOpen, endpoint, form]);

  const onSubmit = form.handleSubmit((values) => {
    fetcher.submit(endpoint ? { intent: "update", endpointId: endpoint.id, values } : { intent: "create", values }, {
      method: "post",
      encType: "application/json",
    });
  });

  const message = (text: string | undefined) => translateMessage(t, text ?? "");

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (isSubmitting ? undefined : onOpenChange(open))}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{endpoint ? t("form.editTitle") : t("form.createTitle")}</DialogTitle>
            <DialogDescription>{endpoint ? t("form.editDescription") : t("form.createDescription")}</DialogDescription>
          </DialogHeader>

          <Field
            id={`${baseId}-url`}
            label={t("form.url")}
            hint={t("form.urlHint")}
            error={errors.url ? message(errors.url.message) : null}
          >
            <Input
              id={`${baseId}-url`}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder={URL_EXAMPLE}
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={`${baseId}-url-${errors.url ? "error" : "hint"}`}
              className="font-mono text-sm"
              {...form.register("url")}
            />
          </Field>

          <Field
            id={`${baseId}-description`}
            label={t("form.description")}
            hint={t("form.descriptionHint")}
            error={errors.description ? message(errors.description.message) : null}
          >
            <Input
              id={`${baseId}-description`}
              autoComplete="off"
              maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH + 50}
              placeholder={t("form.descriptionPlaceholder")}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={`${baseId}-description-${errors.description ? "error" : "hint"}`}
              {...form.register("description")}
            />
          </Field>

          <fieldset
            className="grid gap-2"
            aria-describedby={errors.eventTypes ? `${baseId}-events-error` : undefined}
            aria-invalid={errors.eventTypes ? true : undefined}
          >
            <legend className="mb-2 font-medium text-sm">{t("form.events")}</legend>
            <Controller
              control={form.control}
              name="eventTypes"
              render={({ field }) => (
                <div className="grid gap-2">
                  {SUBSCRIBABLE_EVENT_TYPES.map((type) => {
                    const id = `${baseId}-event-${type}`;
                    const isChecked = field.value?.includes(type) ?? false;
                    return (
                      <div
                        key={type}
                        className="flex items-start gap-3 rounded-md border p-3 has-data-[state=checked]:border-primary/50 has-data-[state=checked]:bg-primary/5"
                      >
                        <Checkbox
                          id={id}
                          checked={isChecked}
                          onCheckedChange={(checked) =>
                            field.onChange(
                              checked
                                ? [...(field.value ?? []), type]
                                : (field.value ?? []).filter((value) => value !== type),
                            )
                          }
                          onBlur={field.onBlur}
                          aria-describedby={`${id}-hint`}
                          className="mt-0.5"
                        />
                        <div className="grid min-w-0 gap-1">
                          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                            <Label htmlFor={id}>{t(EVENT_LABEL_KEYS[type])}</Label>
                            <code className="break-all font-mono text-muted-foreground text-xs">{type}</code>
                          </div>
                          <p id={`${id}-hint`} className="text-muted-foreground text-sm">
                            {t(EVENT_HINT_KEYS[type])}
                          </p>
                        </div>
                      </div>
                    );
                  })}
                </div>
              )}
            />
            {errors.eventTypes ? (
              <p id={`${baseId}-events-error`} className="text-destructive text-sm">
                {message(errors.eventTypes.message)}
              </p>
            ) : null}
          </fieldset>

          <DialogFooter>
            <Button type="button" variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
              {t("form.cancel")}
            </Button>
            <SubmitButton isPending={isSubmitting}>{endpoint ? t("form.save") : t("form.create")}</SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-muted-foreground text-sm">
          {hint}
        </p>
      )}
    </div>
  );
}
