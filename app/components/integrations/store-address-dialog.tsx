import { Loader2, Store } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { ActionLabel } from "./action-label.tsx";
import { connectActionFor, useIsLeaving } from "./connect-form.tsx";
import { translateConnectionMessage } from "./connection-messages.ts";
import type { IntegrationCard } from "./integrations-types.ts";

/**
 * Stores ask where the shop is before the OAuth starts. The form is the same plain post as an ad
 * platform's Connect, so the server's redirect to the store's consent page is a real navigation.
 */
export function StoreAddressDialog({
  listing,
  isReconnect = false,
  variant = "default",
}: {
  listing: IntegrationCard["listing"];
  /** "Reconnect" (a failing connection's way back) instead of "Connect". */
  isReconnect?: boolean;
  variant?: "default" | "outline";
}) {
  const { t } = useTranslation("integrations");
  const [isLeaving, markLeaving] = useIsLeaving();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  // The store's field comes from core's catalogue, in English: its words are translated here.
  const field = listing.storeAddress
    ? {
        label: translateConnectionMessage(t, listing.storeAddress.label),
        placeholder: listing.storeAddress.placeholder,
        hint: translateConnectionMessage(t, listing.storeAddress.hint),
      }
    : { label: t("connect.storeAddress"), placeholder: "", hint: "" };
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant={variant}>
          <ActionLabel action={isReconnect ? "reconnect" : "connect"} platform={listing.name} />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("connect.storeTitle", { platform: listing.name })}</DialogTitle>
          <DialogDescription>{t("connect.storeDescription")}</DialogDescription>
        </DialogHeader>
        <Form
          method="post"
          action={connectActionFor(listing.id)}
          reloadDocument
          onSubmit={markLeaving}
          className="grid gap-6"
        >
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{field.label}</Label>
            <div className="relative">
              <Store
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id={inputId}
                name="storeAddress"
                required
                placeholder={field.placeholder}
                aria-describedby={field.hint ? hintId : undefined}
                autoComplete="url"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                inputMode="url"
                className="pl-9"
              />
            </div>
            {field.hint ? (
              <p id={hintId} className="text-muted-foreground text-sm">
                {field.hint}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t("connect.cancel")}</Button>
            </DialogClose>
            <Button type="submit" disabled={isLeaving} aria-busy={isLeaving}>
              {isLeaving ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {isLeaving ? t("connect.connecting") : t("connect.continue")}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
