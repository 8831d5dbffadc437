import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { ASSET_MESSAGES } from "./asset-messages.ts";
import type { AssetRepository } from "./asset-repository.ts";
import { renameAssetSchema } from "./asset-schemas.ts";
import { validationError } from "./asset-validation.ts";

/** Renames an uploaded creative of the actor's organization. */
export async function renameAsset(
  deps: { assets: AssetRepository },
  actor: Actor,
  input: unknown,
): Promise<{ name: string }> {
  const parsed = renameAssetSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const renamed = await deps.assets.rename(actor.organizationId, parsed.data.assetId, parsed.data.name);
  if (!renamed) throw new AppError("not_found", ASSET_MESSAGES.notFound);
  return { name: parsed.data.name };
}
