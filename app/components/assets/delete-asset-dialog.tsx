import { useTranslation } from "react-i18next";
import { toast } from "sonner";
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
import type { LibraryCreative } from "#core/assets/library-types.ts";
import { useAssetsFetcher } from "./use-assets-fetcher.ts";

/** Asks before deleting a creative and its files for good. */
export function DeleteAssetDialog({ asset, onClose }: { asset: LibraryCreative | null; onClose: () => void }) {
  const { t } = useTranslation("assets");
  const fetcher = useAssetsFetcher((result) => {
    if (result.intent === "delete") toast.success(t("delete.done", { name: result.name }));
    onClose();
  });
  return (
    <AlertDialog open={asset !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("delete.title", { name: asset?.name ?? "" })}</AlertDialogTitle>
          <AlertDialogDescription>{t("delete.description")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("delete.cancel")}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={fetcher.state !== "idle"}
            onClick={(event) => {
              event.preventDefault();
              if (asset)
                fetcher.submit(
                  { intent: "delete", assetId: asset.id },
                  { method: "post", encType: "application/json" },
                );
            }}
          >
            {t("delete.confirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
