import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import { createAdsRepository } from "#core/ads/ads-repository.ts";
import { createCreativeLibraryRepository } from "#core/ads/creative-library-repository.ts";
import { type AuditLog, createAuditLog } from "#core/audit/audit-log.ts";
import type { Database } from "#core/db/schema.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import type { DateRange } from "#core/shared/connector-port.ts";
import { createAssetRepository } from "./asset-repository.ts";
import type { AssetFilters } from "./asset-schemas.ts";
import { compareCreatives } from "./compare-creatives.ts";
import { deleteAsset } from "./delete-asset.ts";
import { type AssetFileVariant, getAssetFile } from "./get-asset-file.ts";
import { type CreativeMediaFetch, type CreativeMediaVariant, getCreativeMedia } from "./get-creative-media.ts";
import { getLibraryCreative } from "./get-library-creative.ts";
import type { LibraryFilters } from "./library-filters.ts";
import { listAssets } from "./list-assets.ts";
import { listLibrary } from "./list-library.ts";
import { renameAsset } from "./rename-asset.ts";
import { setAssetTags } from "./set-asset-tags.ts";
import { type UploadAssetInput, uploadAsset } from "./upload-asset.ts";
import { ffmpegPosterMaker, type PosterMaker } from "./video-poster.ts";

export interface AssetsModuleDependencies {
  db: Kysely<Database>;
  storage: FileStorage;
  /** Where uploads are checked before they are stored (local disk, private); default: the OS's temporary folder. */
  workDirectory?: string;
  /** Poster frames of videos; default: the bundled ffmpeg. */
  makePoster?: PosterMaker;
  /** Where uploads, edits and deletions are recorded (the organization's audit log). */
  audit?: AuditLog;
  /**
   * Synced creatives' images from the platforms: fetched through the outbound guard (server wires
   * adapters/outbound-http.ts). Default: none fetched (the library shows placeholders).
   */
  fetchCreativeMedia?: CreativeMediaFetch;
  /** The path of a URL our own origin serves (the sandbox in development), else null. Default: none is. */
  ownPathOf?: (url: string) => string | null;
}

const target = (id: string, label: string) => ({ type: "creative", id, label });

/** The asset library's uploaded creatives: upload, list, rename, tag, delete, and their files. */
export function createAssetsModule({
  db,
  storage,
  workDirectory = path.join(os.tmpdir(), "adhelm-uploads"),
  makePoster = ffmpegPosterMaker,
  audit = createAuditLog(db),
  fetchCreativeMedia = async () => {
    throw new Error("No fetcher of creative media is configured.");
  },
  ownPathOf = () => null,
}: AssetsModuleDependencies) {
  const assets = createAssetRepository(db);
  const ads = createAdsRepository(db);
  const library = { assets, ads, library: createCreativeLibraryRepository(db) };
  return {
    /** The library: synced creatives and uploads in one list, filtered, sorted and paged, with numbers over the range. */
    listLibrary: useCase("workspace.read", (actor, input: { filters: LibraryFilters; range: DateRange }) =>
      listLibrary(library, actor, input),
    ),
    /** One creative (synced or uploaded) with its content, use, daily numbers and fatigue. */
    getLibraryCreative: useCase("workspace.read", (actor, input: { creativeId: string; range: DateRange }) =>
      getLibraryCreative(library, actor, input),
    ),
    /** Up to four creatives' numbers and daily trends side by side. */
    compareCreatives: useCase("workspace.read", (actor, input: { creativeIds: string[]; range: DateRange }) =>
      compareCreatives(library, actor, input),
    ),
    /** A synced creative's image for a member of its organization (proxied and cached), or null. */
    getCreativeMedia: useCase("workspace.read", (actor, input: { creativeId: string; variant: CreativeMediaVariant }) =>
      getCreativeMedia({ ads, storage, fetchMedia: fetchCreativeMedia, ownPathOf }, actor, input),
    ),
    /** A page of the library's uploads, by search, tag and kind. */
    listAssets: useCase("workspace.read", (actor, filters: AssetFilters) => listAssets({ assets }, actor, filters)),
    /** A creative's file (served, thumbnail or as uploaded) for a member of its organization; null otherwise. */
    getAssetFile: useCase("workspace.read", (actor, input: { assetId: string; variant: AssetFileVariant }) =>
      getAssetFile({ assets, storage }, actor, input),
    ),
    /** One file, streamed and checked before anything is stored. */
    uploadAsset: useCase("assets.manage", async (actor, input: UploadAssetInput) => {
      const asset = await uploadAsset({ assets, storage, workDirectory, makePoster }, actor, input);
      await audit.record(actor, {
        action: "creative.uploaded",
        target: target(asset.id, asset.name),
        details: { kind: asset.kind, bytes: asset.upload?.byteSize ?? null },
      });
      return asset;
    }),
    renameAsset: useCase("assets.manage", async (actor, input: { assetId: string; name: unknown }) => {
      const renamed = await renameAsset({ assets }, actor, input);
      await audit.record(actor, {
        action: "creative.updated",
        target: target(input.assetId, renamed.name),
        details: { name: renamed.name },
      });
      return renamed;
    }),
    setAssetTags: useCase("assets.manage", async (actor, input: { assetId: string; tags: unknown }) => {
      const saved = await setAssetTags({ assets }, actor, input);
      const asset = await assets.find(actor.organizationId, input.assetId);
      await audit.record(actor, {
        action: "creative.updated",
        target: target(input.assetId, asset?.name ?? input.assetId),
        details: { tags: saved.tags },
      });
      return saved;
    }),
    deleteAsset: useCase("assets.manage", async (actor, input: { assetId: string }) => {
      const deleted = await deleteAsset({ assets, storage }, actor, input);
      await audit.record(actor, { action: "creative.deleted", target: target(input.assetId, deleted.name) });
      return deleted;
    }),
  };
}

export type AssetsModule = ReturnType<typeof createAssetsModule>;
