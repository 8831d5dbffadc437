import { Ban } from "lucide-react";
import { useEffect, useState } from "react";
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
          Revoke<span className="sr-only"> {apiKey.name}</span>
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
            <AlertDialogTitle>Revoke “{apiKey.name}”?</AlertDialogTitle>
            <AlertDialogDescription>
              Every request made with {apiKey.prefix}… is refused from now on with 401 Unauthorized. This cannot be
              undone: to reconnect, create a new key.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={isSubmitting}>Cancel</AlertDialogCancel>
            <SubmitButton variant="destructive" isPending={isSubmitting}>
              Revoke key
            </SubmitButton>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
