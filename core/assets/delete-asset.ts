import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import { ASSET_MESSAGES } from "./asset-messages.ts";
import type { AssetRepository } from "./asset-repository.ts";

/** Deletes an uploaded creative: its row, its tags and its files. */
export async function deleteAsset(
  deps: { assets: AssetRepository; storage: FileStorage },
  actor: Actor,
  input: { assetId: string },
): Promise<{ name: string }> {
  const asset = await deps.assets.find(actor.organizationId, String(input.assetId ?? ""));
  if (!asset) throw new AppError("not_found", ASSET_MESSAGES.notFound);
  await deps.assets.delete(actor.organizationId, asset.id);
  const keys = new Set(
    [asset.originalKey, asset.fileKey, asset.thumbnailKey].filter((key): key is string => Boolean(key)),
  );
  await Promise.all([...keys].map((key) => deps.storage.delete(key)));
  return { name: asset.name };
}
