import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { ASSET_MESSAGES } from "./asset-messages.ts";
import type { AssetRepository } from "./asset-repository.ts";
import { setAssetTagsSchema } from "./asset-schemas.ts";
import { validationError } from "./asset-validation.ts";

/** Replaces an uploaded creative's tags (trimmed, lower case, each once). */
export async function setAssetTags(
  deps: { assets: AssetRepository },
  actor: Actor,
  input: unknown,
): Promise<{ tags: string[] }> {
  const parsed = setAssetTagsSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const tags = [...parsed.data.tags].sort();
  const saved = await deps.assets.setTags(actor.organizationId, parsed.data.assetId, tags);
  if (!saved) throw new AppError("not_found", ASSET_MESSAGES.notFound);
  return { tags };
}
