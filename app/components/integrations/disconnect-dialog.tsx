import { Loader2, Unplug } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PermissionGate, useRefusalReason } from "#app/components/access/permission-gate.tsx";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "#app/components/ui/radio-group.tsx";
import { ActionLabel } from "./action-label.tsx";
import type { ConnectionView, IntegrationCard } from "./integrations-types.ts";
import type { ActionFetcher } from "./use-action-fetcher.ts";

type DataChoice = "keep" | "delete";

/** Catalog keys of each choice's label and description. */
const CHOICES = [
  { value: "keep", label: "disconnect.keepLabel", description: "disconnect.keepDescription" },
  { value: "delete", label: "disconnect.deleteLabel", description: "disconnect.deleteDescription" },
] as const satisfies ReadonlyArray<{ value: DataChoice; label: string; description: string }>;

/**
 * Disconnect asks first, and what to do with what was synced. The dialog stays open while the
 * server works; the card's fetcher shows the answer, and the card turns back into Connect.
 */
export function DisconnectDialog({
  listing,
  connection,
  fetcher,
}: {
  listing: IntegrationCard["listing"];
  connection: ConnectionView;
  fetcher: ActionFetcher;
}) {
  const { t } = useTranslation("integrations");
  const [isOpen, setIsOpen] = useState(false);
  const [choice, setChoice] = useState<DataChoice>("keep");
  const baseId = useId();
  const isSubmitting = fetcher.state !== "idle";
  const isRefused = useRefusalReason()("connections.manage") !== null;

  // An error answer leaves the connection in place: close so the toast and the card are visible.
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && answer) setIsOpen(false);
  }, [fetcher.state, answer]);

  if (isRefused)
    return (
      <PermissionGate permission="connections.manage">
        {() => (
          <Button size="sm" variant="ghost" disabled className="text-muted-foreground">
            <Unplug aria-hidden="true" />
            <ActionLabel action="disconnect" platform={listing.name} />
          </Button>
        )}
      </PermissionGate>
    );

  return (
    <AlertDialog
      open={isOpen}
      onOpenChange={(open) => {
        if (isSubmitting) return;
        setIsOpen(open);
        if (open) setChoice("keep");
      }}
    >
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="ghost" className="text-muted-foreground hover:text-destructive">
          <Unplug aria-hidden="true" />
          <ActionLabel action="disconnect" platform={listing.name} />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <fetcher.Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="disconnect" />
          <input type="hidden" name="connectionId" value={connection.id} />
          <input type="hidden" name="data" value={choice} />
          <AlertDialogHeader>
            <AlertDialogTitle>{t("disconnect.title", { platform: listing.name })}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("disconnect.description", { name: connection.displayName ?? listing.name })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <RadioGroup
            value={choice}
            onValueChange={(value) => setChoice(value === "delete" ? "delete" : "keep")}
            aria-label={t("disconnect.dataLabel")}
            disabled={isSubmitting}
            className="gap-2"
          >
            {CHOICES.map((option) => {
              const id = `${baseId}-${option.value}`;
              return (
                <div
                  key={option.value}
                  className="flex items-start gap-3 rounded-md border p-3 has-data-[state=checked]:border-primary/50 has-data-[state=checked]:bg-primary/5"
                >
                  <RadioGroupItem
                    id={id}
                    value={option.value}
                    aria-describedby={`${id}-description`}
                    className="mt-0.5"
                  />
                  <div className="grid gap-1">
                    <Label htmlFor={id}>{t(option.label)}</Label>
                    <p id={`${id}-description`} className="text-muted-foreground text-sm">
                      {t(option.description)}
                    </p>
                  </div>
                </div>
              );
            })}
          </RadioGroup>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={isSubmitting}>{t("disconnect.cancel")}</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {t("disconnect.confirm")}
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
