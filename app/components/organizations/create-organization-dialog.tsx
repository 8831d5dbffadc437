import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { ActionRefusal } from "#app/components/account/account-action.ts";
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
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import {
  type CreateOrganizationInput,
  createOrganizationSchema,
} from "#core/organizations/organization-settings-schema.ts";

/**
 * Create New: a name, checked here and again on the server. The new organization becomes the
 * session's; the server answers with a redirect to its dashboard, and every loader runs again.
 */
export function CreateOrganizationDialog({
  isOpen,
  onOpenChange,
  onCreated,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation("organization");
  const fetcher = useFetcher<ActionRefusal>();
  const form = useForm<CreateOrganizationInput>({
    resolver: zodResolver(createOrganizationSchema),
    defaultValues: { name: "" },
    mode: "onTouched",
  });
  const error = form.formState.errors.name?.message;
  const submitted = useRef<string | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || submitted.current === null) return;
    const name = submitted.current;
    submitted.current = null;
    const result = fetcher.data;
    if (result && !result.ok) {
      const message = result.fieldErrors?.name ?? result.message;
      form.setError("name", { type: "server", message }, { shouldFocus: true });
      return;
    }
    toast.success(t("create.toast", { name }));
    form.reset({ name: "" });
    onOpenChange(false);
    onCreated();
  }, [fetcher.state, fetcher.data, form, t, onOpenChange, onCreated]);

  const onSubmit = form.handleSubmit(({ name }) => {
    submitted.current = name.trim();
    fetcher.submit({ name }, { method: "post", action: "/organizations/new" });
  });

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) form.reset({ name: "" });
        onOpenChange(open);
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("create.title")}</DialogTitle>
          <DialogDescription>{t("create.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="organization-create-name">{t("create.name")}</Label>
            <Input
              id="organization-create-name"
              autoComplete="organization"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? "organization-create-name-error" : undefined}
              {...form.register("name")}
            />
            {error ? (
              <p id="organization-create-name-error" className="text-destructive text-sm">
                {translateMessage(t, error)}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("create.cancel")}
            </Button>
            <SubmitButton
              isPending={fetcher.state !== "idle"}
              pendingLabel={t("create.creating")}
              icon={<Plus aria-hidden="true" />}
            >
              {t("create.submit")}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
