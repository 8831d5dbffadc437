import type { Actor } from "#core/access/actor.ts";
import type { FileStorage, StoredFileStream } from "#core/ports/file-storage.ts";
import type { AssetRepository } from "./asset-repository.ts";

export const ASSET_FILE_VARIANTS = ["file", "thumbnail", "original"] as const;
export type AssetFileVariant = (typeof ASSET_FILE_VARIANTS)[number];

export interface AssetFile extends StoredFileStream {
  name: string;
  kind: string;
}

/**
 * A creative's file, for a member of its organization only: an id of another organization reads as
 * missing (null), the same as an id that never existed.
 */
export async function getAssetFile(
  deps: { assets: AssetRepository; storage: FileStorage },
  actor: Actor,
  input: { assetId: string; variant: AssetFileVariant },
): Promise<AssetFile | null> {
  const asset = await deps.assets.find(actor.organizationId, input.assetId);
  if (!asset) return null;
  const key =
    input.variant === "thumbnail"
      ? asset.thumbnailKey
      : input.variant === "original"
        ? asset.originalKey
        : asset.fileKey;
  if (!key) return null;
  const file = await deps.storage.getStream(key);
  if (!file) return null;
  return { ...file, name: asset.name, kind: asset.kind };
}
