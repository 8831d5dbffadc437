import { Ban } from "lucide-react";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
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
  // A refusal leaves the key as it was: close so the toast and the list are visible.
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && answer) setIsOpen(false);
  }, [fetcher.state, answer]);

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => (isSubmitting ? undefined : setIsOpen(open))}>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="ghost" className="text-muted-foreground hover:text-destructive">
          <Ban aria-hidden="true" />
          <Trans
            t={t}
            i18nKey="revoke.open"
            values={{ name: apiKey.name }}
            components={{ hidden: <span className="sr-only" /> }}
          />
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
