import { Check, Copy, TriangleAlert } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
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

export interface ShownSecret {
  url: string;
  secret: string;
  isRotated: boolean;
}

/**
 * The one time a secret can be seen. Clicking outside does not close it (the secret would be lost
 * by accident); Done or Escape does, and the secret is dropped with it.
 */
export function SecretDialog({ shown, onDone }: { shown: ShownSecret | null; onDone: () => void }) {
  const { t } = useTranslation("webhooks");
  const baseId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => setIsCopied(false), [shown]);

  async function copy() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
    } catch {
      inputRef.current?.select();
      toast.error(t("secret.copyFailed"), { description: t("secret.copyFailedDescription") });
      return;
    }
    setIsCopied(true);
    toast.success(t("secret.copiedToast"));
  }

  return (
    <Dialog open={shown !== null} onOpenChange={(open) => (open ? undefined : onDone())}>
      <DialogContent onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{t("secret.title")}</DialogTitle>
          <DialogDescription className="break-words">
            {shown
              ? shown.isRotated
                ? t("secret.rotatedDescription", { url: shown.url })
                : t("secret.createdDescription", { url: shown.url })
              : null}
          </DialogDescription>
        </DialogHeader>
        <p
          role="note"
          className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>{t("secret.copyNow")}</span>
        </p>
        <div className="grid gap-2">
          <Label htmlFor={`${baseId}-secret`}>{t("secret.label")}</Label>
          <div className="flex gap-2">
            <Input
              ref={inputRef}
              id={`${baseId}-secret`}
              readOnly
              value={shown?.secret ?? ""}
              onFocus={(event) => event.target.select()}
              spellCheck={false}
              className="font-mono text-xs sm:text-sm"
            />
            <Button variant="outline" onClick={copy} className="shrink-0">
              {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {isCopied ? t("secret.copied") : t("secret.copy")}
            </Button>
          </div>
        </div>
        <DialogFooter>
          <Button onClick={onDone}>{t("secret.done")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
