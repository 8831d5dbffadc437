import { Ban } from "lucide-react";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { PermissionGate, useRefusalReason } from "#app/components/access/permission-gate.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
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
import type { ApiKeySummary } from "./api-keys-types.ts";
import type { ApiKeysFetcher } from "./use-api-keys-fetcher.ts";

/**
 * Revoke asks first: code still using the key starts getting 401 at once. The screen owns the
 * fetcher, because a revoked key's row loses this dialog before the answer could be shown here.
 */
export function RevokeApiKeyDialog({ apiKey, fetcher }: { apiKey: ApiKeySummary; fetcher: ApiKeysFetcher }) {
  const { t } = useTranslation("apiKeys");
  const [isOpen, setIsOpen] = useState(false);
  const isSubmitting = fetcher.state !== "idle";
  const isRefused = useRefusalReason()("api_keys.manage") !== null;
  // A refusal leaves the key as it was: close so the toast and the list are visible.
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && answer) setIsOpen(false);
  }, [fetcher.state, answer]);

  const label = (
    <Trans
      t={t}
      i18nKey="revoke.open"
      values={{ name: apiKey.name }}
      components={{ hidden: <span className="sr-only" /> }}
    />
  );
  // A role that may not manage keys sees Revoke, disabled, with the reason.
  if (isRefused)
    return (
      <PermissionGate permission="api_keys.manage">
        {() => (
          <Button size="sm" variant="ghost" disabled className="text-muted-foreground">
            <Ban aria-hidden="true" />
            {label}
          </Button>
        )}
      </PermissionGate>
    );

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => (isSubmitting ? undefined : setIsOpen(open))}>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="ghost" className="text-muted-foreground hover:text-destructive">
          <Ban aria-hidden="true" />
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            fetcher.submit({ intent: "revoke", apiKeyId: apiKey.id }, { method: "post", encType: "application/json" });
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{t("revoke.title", { name: apiKey.name })}</AlertDialogTitle>
            <AlertDialogDescription>{t("revoke.description", { prefix: apiKey.prefix })}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={isSubmitting}>{t("revoke.cancel")}</AlertDialogCancel>
            <SubmitButton variant="destructive" isPending={isSubmitting}>
              {t("revoke.submit")}
            </SubmitButton>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
