import { type FormEvent, useEffect, useId, useState } from "react";
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
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { editAssetSchema } from "#core/assets/asset-schemas.ts";
import type { LibraryCreative } from "#core/assets/library-types.ts";
import { useAssetsFetcher } from "./use-assets-fetcher.ts";

const splitTags = (text: string) =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);

/** Rename a creative and edit its tags (comma-separated), checked here and again by the server. */
export function EditAssetDialog({ asset, onClose }: { asset: LibraryCreative | null; onClose: () => void }) {
  const { t } = useTranslation(["assets", "common"]);
  const id = useId();
  const [name, setName] = useState("");
  const [tags, setTags] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setName(asset?.name ?? "");
    setTags(asset?.tags.join(", ") ?? "");
    setErrors({});
  }, [asset]);
  const fetcher = useAssetsFetcher(
    () => {
      toast.success(t("edit.saved"));
      onClose();
    },
    (fieldErrors) => setErrors(fieldErrors),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!asset) return;
    const values = { name, tags: splitTags(tags) };
    const parsed = editAssetSchema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= translateMessage(t, issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    fetcher.submit(
      { intent: "edit", assetId: asset.id, ...values },
      { method: "post", action: "/assets", encType: "application/json" },
    );
  };

  return (
    <Dialog open={asset !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("edit.title")}</DialogTitle>
            <DialogDescription>{t("edit.description")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>{t("edit.name")}</Label>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
            />
            {errors.name ? (
              <p id={`${id}-name-error`} className="text-destructive text-sm">
                {errors.name}
              </p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-tags`}>{t("edit.tags")}</Label>
            <Input
              id={`${id}-tags`}
              value={tags}
              onChange={(event) => setTags(event.target.value)}
              placeholder={t("edit.tagsPlaceholder")}
              aria-invalid={errors.tags ? true : undefined}
              aria-describedby={`${id}-tags-help${errors.tags ? ` ${id}-tags-error` : ""}`}
            />
            <p id={`${id}-tags-help`} className="text-muted-foreground text-sm">
              {t("edit.tagsHelp")}
            </p>
            {errors.tags ? (
              <p id={`${id}-tags-error`} className="text-destructive text-sm">
                {errors.tags}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("edit.cancel")}
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {t("edit.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
