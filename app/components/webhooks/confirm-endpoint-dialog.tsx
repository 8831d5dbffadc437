import { type ReactNode, useEffect, useState } from "react";
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
import type { WebhooksFetcher } from "./use-webhooks-fetcher.ts";

/**
 * Asks before a step that cannot be taken back (delete, rotate). The screen owns the fetcher: a
 * deleted endpoint's card, and this dialog with it, is gone before the answer could be shown here.
 */
export function ConfirmEndpointDialog({
  trigger,
  title,
  description,
  cancel,
  submit,
  isDestructive = false,
  payload,
  fetcher,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  cancel: string;
  submit: string;
  isDestructive?: boolean;
  payload: Record<string, string>;
  fetcher: WebhooksFetcher;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [isSent, setIsSent] = useState(false);
  const isSubmitting = fetcher.state !== "idle";
  // Close once the answer is in: the toast, the secret or the list then shows what happened.
  useEffect(() => {
    if (isSent && fetcher.state === "idle") {
      setIsOpen(false);
      setIsSent(false);
    }
  }, [isSent, fetcher.state]);

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => (isSubmitting ? undefined : setIsOpen(open))}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setIsSent(true);
            fetcher.submit(payload, { method: "post", encType: "application/json" });
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription className="break-words">{description}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={isSubmitting}>{cancel}</AlertDialogCancel>
            <SubmitButton variant={isDestructive ? "destructive" : "default"} isPending={isSubmitting}>
              {submit}
            </SubmitButton>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
