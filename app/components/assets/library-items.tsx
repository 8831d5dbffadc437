import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import type { LibraryCreative } from "#core/assets/library-types.ts";
import type { AssetFormat } from "./asset-format.ts";
import { AssetThumbnail } from "./asset-thumbnail.tsx";

export interface LibraryItemsProps {
  items: LibraryCreative[];
  format: AssetFormat;
  canManage: boolean;
  onEdit: (asset: LibraryCreative) => void;
  onDelete: (asset: LibraryCreative) => void;
}

const KIND_KEYS = { image: "kind.image", video: "kind.video", carousel: "kind.carousel", text: "kind.text" } as const;

function facts(asset: LibraryCreative, format: AssetFormat): string[] {
  const upload = asset.upload;
  if (!upload) return [];
  return [
    format.bytes(upload.byteSize),
    format.dimensions(upload.width, upload.height),
    format.duration(upload.durationMs),
  ].filter((fact): fact is string => Boolean(fact));
}

function Actions({
  asset,
  canManage,
  onEdit,
  onDelete,
}: Omit<LibraryItemsProps, "items" | "format"> & { asset: LibraryCreative }) {
  const { t } = useTranslation("assets");
  if (!canManage || asset.source !== "upload") return null;
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("card.edit", { name: asset.name })}
        onClick={() => onEdit(asset)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("card.delete", { name: asset.name })}
        onClick={() => onDelete(asset)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="secondary">{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** The library as a grid of cards: thumbnail, name, kind, tags, size and who uploaded it when. */
export function LibraryGrid({ items, format, ...actions }: LibraryItemsProps) {
  const { t } = useTranslation("assets");
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {items.map((asset) => (
        <li key={asset.id} className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground">
          <a
            href={asset.fileUrl ?? "#"}
            target="_blank"
            rel="noreferrer"
            className="block aspect-video overflow-hidden"
          >
            <AssetThumbnail asset={asset} />
          </a>
          <div className="flex flex-1 flex-col gap-2 p-3">
            <div className="flex items-start justify-between gap-2">
              <h3 className="min-w-0 break-words font-medium text-sm">{asset.name}</h3>
              <Actions asset={asset} {...actions} />
            </div>
            <p className="text-muted-foreground text-xs">
              <Badge variant="outline" className="me-2">
                {t(KIND_KEYS[asset.kind])}
              </Badge>
              {facts(asset, format).join(" · ")}
            </p>
            <Tags tags={asset.tags} />
            {asset.upload ? (
              <p className="mt-auto text-muted-foreground text-xs">
                {t("card.uploaded", {
                  who: asset.upload.uploadedBy ?? t("card.someone"),
                  when: format.date(asset.upload.createdAt),
                })}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The library as a table, one creative per row. */
export function LibraryTable({ items, format, ...actions }: LibraryItemsProps) {
  const { t } = useTranslation("assets");
  return (
    <div className="overflow-x-auto rounded-xl border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-20">{t("table.preview")}</TableHead>
            <TableHead>{t("table.name")}</TableHead>
            <TableHead>{t("table.kind")}</TableHead>
            <TableHead>{t("table.tags")}</TableHead>
            <TableHead>{t("table.details")}</TableHead>
            <TableHead>{t("table.uploaded")}</TableHead>
            <TableHead>
              <span className="sr-only">{t("table.actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((asset) => (
            <TableRow key={asset.id}>
              <TableCell>
                <div className="h-10 w-16 overflow-hidden rounded">
                  <AssetThumbnail asset={asset} />
                </div>
              </TableCell>
              <TableCell className="font-medium">{asset.name}</TableCell>
              <TableCell>{t(KIND_KEYS[asset.kind])}</TableCell>
              <TableCell>
                <Tags tags={asset.tags} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {facts(asset, format).join(" · ")}
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {asset.upload
                  ? `${asset.upload.uploadedBy ?? t("card.someone")} · ${format.date(asset.upload.createdAt)}`
                  : null}
              </TableCell>
              <TableCell>
                <Actions asset={asset} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
