/**
 * The saved views' dialogs: name a new view (and make it the default), rename one, delete one.
 * Each checks the name in the browser first, then shows the server's field errors; a refused form
 * changes nothing.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { useFetcher } from "react-router";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
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
import { MAX_VIEW_NAME_LENGTH } from "#core/table-views/table-view-schema.ts";
import type { ViewsActionResult } from "./views-action-result.ts";

type ViewFetcher = ReturnType<typeof useFetcher<ViewsActionResult>>;

/** Calls `onDone` once per finished submission with its result. */
export function useViewResult(fetcher: ViewFetcher, onDone: (result: ViewsActionResult) => void) {
  const seen = useRef<unknown>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || seen.current === fetcher.data) return;
    seen.current = fetcher.data;
    done.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

/** A view's name, as a dialog asks for it: "Save as new view" (with "open with it") or "Rename". */
export function ViewNameDialog({
  mode,
  initialName,
  fetcher,
  onSubmit,
  onClose,
}: {
  /** Null while closed. */
  mode: "create" | "rename" | null;
  initialName: string;
  fetcher: ViewFetcher;
  onSubmit: (form: { name: string; isDefault: boolean }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("campaigns");
  const id = useId();
  const [name, setName] = useState(initialName);
  const [isDefault, setIsDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isOpen = mode !== null;
  const isSaving = fetcher.state !== "idle";

  useEffect(() => {
    if (!isOpen) return;
    setName(initialName);
    setIsDefault(false);
    setError(null);
  }, [isOpen, initialName]);

  useViewResult(fetcher, (result) => {
    if (!result.ok) setError(result.fieldErrors?.name ?? result.message);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = name.trim();
    if (!text) return setError(t("views.nameRequired"));
    if (text.length > MAX_VIEW_NAME_LENGTH) return setError(t("views.nameTooLong", { count: MAX_VIEW_NAME_LENGTH }));
    setError(null);
    onSubmit({ name: text, isDefault });
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{mode === "rename" ? t("views.renameTitle") : t("views.saveTitle")}</DialogTitle>
            <DialogDescription>{mode === "rename" ? t("views.renameBody") : t("views.saveBody")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>{t("views.name")}</Label>
            <Input
              id={`${id}-name`}
              value={name}
              autoFocus
              maxLength={MAX_VIEW_NAME_LENGTH + 20}
              placeholder={t("views.namePlaceholder")}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            {error ? (
              <p id={`${id}-error`} className="text-destructive text-sm">
                {error}
              </p>
            ) : null}
          </div>
          {mode === "create" ? (
            <div className="flex items-start gap-2">
              <Checkbox
                id={`${id}-default`}
                checked={isDefault}
                onCheckedChange={(checked) => setIsDefault(checked === true)}
                className="mt-0.5"
              />
              <div className="grid gap-0.5">
                <Label htmlFor={`${id}-default`}>{t("views.makeDefault")}</Label>
                <p className="text-muted-foreground text-xs">{t("views.makeDefaultHint")}</p>
              </div>
            </div>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("views.cancel")}
            </Button>
            <Button type="submit" disabled={isSaving}>
              {mode === "rename" ? t("views.renameAction") : t("views.saveAction")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteViewDialog({
  viewName,
  fetcher,
  onConfirm,
  onClose,
}: {
  /** Null while closed. */
  viewName: string | null;
  fetcher: ViewFetcher;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("campaigns");
  return (
    <AlertDialog open={viewName !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("views.deleteTitle", { name: viewName ?? "" })}</AlertDialogTitle>
          <AlertDialogDescription>{t("views.deleteBody")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("views.cancel")}</AlertDialogCancel>
          <AlertDialogAction
            disabled={fetcher.state !== "idle"}
            className="bg-destructive text-white hover:bg-destructive/90"
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
            }}
          >
            {t("views.deleteAction")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
