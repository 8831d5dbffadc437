import { Check, Copy, TriangleAlert } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
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
import { BEARER_HEADER } from "./api-key-format.ts";

/**
 * The one time a key can be seen. Clicking outside does not close it (the key would be lost by
 * accident); Done or Escape does, and the plaintext is dropped with it.
 */
export function NewApiKeyDialog({
  created,
  onDone,
}: {
  created: { name: string; plaintext: string } | null;
  onDone: () => void;
}) {
  const { t } = useTranslation("apiKeys");
  const baseId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => setIsCopied(false), [created]);

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.plaintext);
    } catch {
      // No clipboard permission: select the key so the person can copy it themselves.
      inputRef.current?.select();
      toast.error(t("newKey.copyFailed"), { description: t("newKey.copyFailedDescription") });
      return;
    }
    setIsCopied(true);
    toast.success(t("newKey.copiedToast"));
  }

  return (
    <Dialog open={created !== null} onOpenChange={(open) => (open ? undefined : onDone())}>
      <DialogContent onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{t("newKey.title")}</DialogTitle>
          <DialogDescription>{created ? t("newKey.description", { name: created.name }) : null}</DialogDescription>
        </DialogHeader>
        <p
          role="note"
          className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>{t("newKey.copyNow")}</span>
        </p>
        <div className="grid gap-2">
          <Label htmlFor={`${baseId}-key`}>{t("newKey.key")}</Label>
          <div className="flex gap-2">
            <Input
              ref={inputRef}
              id={`${baseId}-key`}
              readOnly
              value={created?.plaintext ?? ""}
              onFocus={(event) => event.target.select()}
              spellCheck={false}
              className="font-mono text-xs sm:text-sm"
            />
            <Button variant="outline" onClick={copy} className="shrink-0">
              {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {isCopied ? t("newKey.copied") : t("newKey.copy")}
            </Button>
          </div>
          <p className="text-muted-foreground text-sm">
            <Trans
              t={t}
              i18nKey="newKey.howToUse"
              values={{ header: BEARER_HEADER }}
              components={{ code: <code className="font-mono" /> }}
            />
          </p>
        </div>
        <DialogFooter>
          <Button onClick={onDone}>{t("newKey.done")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
