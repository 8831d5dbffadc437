import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { AccountPicker } from "./account-picker.tsx";
import type { IntegrationCard } from "./integrations-types.ts";
import { PlatformLogo } from "./platform-logo.tsx";
import type { ActionFetcher } from "./use-action-fetcher.ts";

/**
 * Straight after consent: choose the ad accounts Adhelm manages, all checked to start with. Closing
 * without saving leaves every account managed (the server's default), so Save is the clear way on
 * and a click outside does not dismiss it by accident.
 */
export function AccountPickerDialog({
  card,
  isOpen,
  onClose,
  fetcher,
  notice,
}: {
  card: IntegrationCard;
  isOpen: boolean;
  onClose: () => void;
  fetcher: ActionFetcher;
  /** Said above the accounts (some were left unmanaged by the plan's limit). */
  notice?: ReactNode;
}) {
  const { t } = useTranslation("integrations");
  const { listing, connection } = card;
  if (!connection) return null;
  const signedInAs = connection.displayName ? t("accountPicker.signedInAs", { name: connection.displayName }) : null;
  const description = t("accountPicker.description");
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-xl" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <div className="flex items-center gap-3">
            <PlatformLogo listing={listing} className="size-9" />
            <p className="flex items-center gap-1.5 font-medium text-sm text-success">
              <CircleCheck aria-hidden="true" className="size-4" />
              {t("accountPicker.connected", { platform: listing.name })}
            </p>
          </div>
          <DialogTitle>{t("accountPicker.title")}</DialogTitle>
          <DialogDescription>{signedInAs ? `${signedInAs} ${description}` : description}</DialogDescription>
        </DialogHeader>
        {notice}
        <AccountPicker
          connection={connection}
          platformName={listing.name}
          fetcher={fetcher}
          isFirstChoice
          footer={
            <DialogClose asChild>
              <Button variant="ghost">{t("accountPicker.decideLater")}</Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
