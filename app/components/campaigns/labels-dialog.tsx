/**
 * The campaigns table's bulk "Add label / Remove label": a label typed or picked from the
 * organization's labels, set on the selected campaigns. The table reloads when it is done.
 */
import { Tag } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { ActionRefusal } from "#app/components/account/account-action.ts";
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
import { translateMessage } from "#app/lib/i18n/i18n.ts";

export type LabelsActionResult = { ok: true; title: string; description: string } | ActionRefusal;

export type LabelsMode = "add" | "remove";

export const LABELS_PATH = "/campaigns/labels";

export function LabelsDialog({
  mode,
  campaignIds,
  onClose,
}: {
  /** Null while closed. */
  mode: LabelsMode | null;
  campaignIds: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation("campaigns");
  const id = useId();
  const known = useFetcher<{ labels: string[] }>();
  const save = useFetcher<LabelsActionResult>();
  const [label, setLabel] = useState("");
  const [error, setError] = useState<string | null>(null);
  const isOpen = mode !== null;
  const shown = useRef<unknown>(null);
  const { load } = known;

  useEffect(() => {
    if (!isOpen) return;
    setLabel("");
    setError(null);
    load(LABELS_PATH);
  }, [isOpen, load]);

  useEffect(() => {
    const result = save.data;
    if (save.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    if (result.ok) {
      toast.success(result.title, { description: result.description });
      onClose();
      return;
    }
    setError(Object.values(result.fieldErrors ?? {})[0] ?? result.message);
  }, [save.state, save.data, onClose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = label.trim();
    if (!text) {
      setError(t("labels.required"));
      return;
    }
    save.submit(
      { campaignIds, add: mode === "add" ? [text] : [], remove: mode === "remove" ? [text] : [] },
      { method: "post", action: LABELS_PATH, encType: "application/json" },
    );
  };

  const suggestions = (known.data?.labels ?? []).filter((item) =>
    item.toLocaleLowerCase().includes(label.trim().toLocaleLowerCase()),
  );
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open || save.state !== "idle" ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{mode === "remove" ? t("labels.removeTitle") : t("labels.addTitle")}</DialogTitle>
            <DialogDescription>{t("labels.selected", { count: campaignIds.length })}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-label`}>{t("labels.label")}</Label>
            <Input
              id={`${id}-label`}
              value={label}
              maxLength={64}
              autoComplete="off"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
              onChange={(event) => {
                setLabel(event.target.value);
                setError(null);
              }}
            />
            {error ? (
              <p id={`${id}-error`} className="text-destructive text-sm">
                {translateMessage(t, error)}
              </p>
            ) : (
              <p id={`${id}-hint`} className="text-muted-foreground text-xs">
                {t("labels.hint")}
              </p>
            )}
            {suggestions.length > 0 ? (
              <ul aria-label={t("labels.suggestions")} className="flex flex-wrap gap-1.5">
                {suggestions.slice(0, 12).map((item) => (
                  <li key={item}>
                    <button
                      type="button"
                      onClick={() => setLabel(item)}
                      aria-pressed={item === label.trim()}
                      className="inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring aria-pressed:border-primary aria-pressed:bg-primary/10"
                    >
                      <Tag aria-hidden="true" className="size-3 text-muted-foreground" />
                      {item}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.state !== "idle"}>
              {t("dialog.cancel")}
            </Button>
            <Button type="submit" disabled={save.state !== "idle"}>
              <Tag aria-hidden="true" />
              {mode === "remove" ? t("labels.removeConfirm") : t("labels.addConfirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
