import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { PlanLimitAlert } from "#app/components/billing/plan-limit-alert.tsx";
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
import { RadioGroup, RadioGroupItem } from "#app/components/ui/radio-group.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { ASSIGNABLE_ROLES } from "#core/access/actor.ts";
import { inviteSchema } from "#core/teams/team-schemas.ts";
import { ROLE_DESCRIPTION_KEYS, ROLE_LABEL_KEYS } from "./team-types.ts";
import { submitTeam, useTeamFetcher } from "./use-team-fetcher.ts";

type FormInput = z.input<typeof inviteSchema>;
type FormOutput = z.output<typeof inviteSchema>;
const EMPTY: FormInput = { email: "", role: "viewer" };

/** "Invite member": an address and a role (each with its one line), checked here and again on the server. */
export function InviteDialog() {
  const { t } = useTranslation("team");
  const baseId = useId();
  const isHydrated = useIsHydrated();
  const [isOpen, setIsOpen] = useState(false);
  const [limitRefusal, setLimitRefusal] = useState<{ title: string; message: string } | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(inviteSchema),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const fetcher = useTeamFetcher(
    (result) => {
      if (result.intent !== "invite") return;
      setIsOpen(false);
      toast.success(t("toasts.invited", { email: result.email }));
    },
    (fieldErrors) => {
      for (const field of ["email", "role"] as const)
        if (fieldErrors[field]) form.setError(field, { message: fieldErrors[field] }, { shouldFocus: true });
    },
    (refusal) => setLimitRefusal({ title: refusal.title, message: refusal.message }),
  );
  const isSubmitting = fetcher.state !== "idle";
  useEffect(() => {
    if (isOpen) form.reset(EMPTY);
    setLimitRefusal(null);
  }, [isOpen, form]);
  const onSubmit = form.handleSubmit((values) => {
    setLimitRefusal(null);
    submitTeam(fetcher, { intent: "invite", values });
  });
  const messageOf = (message: string | undefined) => (message ? translateMessage(t, message) : "");

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (isSubmitting ? undefined : setIsOpen(open))}>
      <DialogTrigger asChild>
        <Button disabled={!isHydrated}>
          <UserPlus aria-hidden="true" />
          {t("invite.title")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{t("invite.title")}</DialogTitle>
            <DialogDescription>{t("invite.description")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${baseId}-email`}>{t("invite.email")}</Label>
            <Input
              id={`${baseId}-email`}
              type="email"
              autoComplete="off"
              placeholder={t("invite.emailPlaceholder")}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${baseId}-email-error` : undefined}
              {...form.register("email")}
            />
            {errors.email ? (
              <p id={`${baseId}-email-error`} className="text-destructive text-sm">
                {messageOf(errors.email.message)}
              </p>
            ) : null}
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">{t("invite.role")}</legend>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <RadioGroup value={field.value} onValueChange={field.onChange} className="grid gap-2">
                  {ASSIGNABLE_ROLES.map((role) => (
                    <Label
                      key={role}
                      htmlFor={`${baseId}-${role}`}
                      className="flex cursor-pointer items-start gap-3 rounded-md border p-3 font-normal has-[[data-state=checked]]:border-primary"
                    >
                      <RadioGroupItem id={`${baseId}-${role}`} value={role} className="mt-0.5" />
                      <span className="grid gap-0.5">
                        <span className="font-medium">{t(ROLE_LABEL_KEYS[role])}</span>
                        <span className="text-muted-foreground text-sm">{t(ROLE_DESCRIPTION_KEYS[role])}</span>
                      </span>
                    </Label>
                  ))}
                </RadioGroup>
              )}
            />
            {errors.role ? <p className="text-destructive text-sm">{messageOf(errors.role.message)}</p> : null}
          </fieldset>
          {limitRefusal ? <PlanLimitAlert {...limitRefusal} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setIsOpen(false)} disabled={isSubmitting}>
              {t("actions.cancel")}
            </Button>
            <SubmitButton isPending={isSubmitting} pendingLabel={t("invite.sending")}>
              {t("invite.send")}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
