import type { AssetRecord } from "./asset-repository.ts";
import type { LibraryCreative } from "./library-types.ts";

/** The URL a member fetches an upload's file through (server/routes/asset-files.ts checks the organization). */
export const assetFileUrl = (assetId: string, variant: "file" | "thumbnail" | "original") =>
  `/asset-files/${encodeURIComponent(assetId)}/${variant}`;

/** An uploaded creative as a row of the library. */
export function libraryRowOfUpload(asset: AssetRecord): LibraryCreative {
  return {
    id: asset.id,
    source: "upload",
    platforms: [],
    kind: asset.kind,
    name: asset.name,
    thumbnailUrl: asset.thumbnailKey ? assetFileUrl(asset.id, "thumbnail") : null,
    fileUrl: assetFileUrl(asset.id, "file"),
    status: null,
    tags: asset.tags,
    usage: [],
    metrics: null,
    upload: {
      contentType: asset.contentType,
      byteSize: asset.byteSize,
      width: asset.width,
      height: asset.height,
      durationMs: asset.durationMs,
      uploadedBy: asset.uploadedByName || null,
      createdAt: asset.createdAt,
    },
    fatigue: null,
  };
}
