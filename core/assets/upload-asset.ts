import { randomBytes, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Actor } from "#core/access/actor.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import type { AssetRepository, NewAsset } from "./asset-repository.ts";
import { assetNameFromFileName } from "./asset-schemas.ts";
import { libraryRowOfUpload } from "./library-row.ts";
import type { LibraryCreative } from "./library-types.ts";
import { processImage } from "./process-image.ts";
import { receiveUpload, tooLargeFor } from "./receive-upload.ts";
import { ANY_UPLOAD_MAX_BYTES } from "./upload-limits.ts";
import type { PosterMaker } from "./video-poster.ts";
import { brokenVideo, checkVideoStructure } from "./video-structure.ts";

export interface UploadAssetDependencies {
  assets: AssetRepository;
  storage: FileStorage;
  /** A private folder on local disk where an upload is checked before it is stored. */
  workDirectory: string;
  makePoster: PosterMaker;
}

export interface UploadAssetInput {
  /** The file's bytes, as they arrive. */
  body: Readable;
  fileName: string;
  /** The size the request declares (Content-Length), when it does: more than any limit is refused at once. */
  declaredBytes: number | null;
}

interface Prepared {
  fields: Pick<NewAsset, "kind" | "contentType" | "width" | "height" | "durationMs" | "fileContentType">;
  files: Array<{ role: "original" | "file" | "thumbnail"; path: string; contentType: string }>;
}

async function prepare(
  deps: UploadAssetDependencies,
  folder: string,
  body: Readable,
): Promise<Prepared & { bytes: number }> {
  const source = path.join(folder, "upload");
  const { type, bytes } = await receiveUpload(body, source);
  const original = { role: "original" as const, path: source, contentType: type.contentType };
  if (type.kind === "image") {
    const encodedPath = path.join(folder, `encoded.${type.extension}`);
    const thumbnailPath = path.join(folder, "thumbnail.webp");
    const image = await processImage(source, type.contentType, { encodedPath, thumbnailPath });
    return {
      bytes,
      fields: {
        kind: "image",
        contentType: type.contentType,
        width: image.width,
        height: image.height,
        durationMs: null,
        fileContentType: image.contentType,
      },
      files: [
        original,
        { role: "file", path: encodedPath, contentType: image.contentType },
        { role: "thumbnail", path: thumbnailPath, contentType: image.thumbnailContentType },
      ],
    };
  }
  const facts = await checkVideoStructure(source, type.contentType === "video/quicktime");
  const posterPath = path.join(folder, "poster.jpg");
  const poster = await deps.makePoster(source, posterPath);
  if (poster === "broken") throw brokenVideo();
  const hasPoster = poster === "made" && (await stat(posterPath).catch(() => null))?.size;
  return {
    bytes,
    fields: { kind: "video", contentType: type.contentType, ...facts, fileContentType: type.contentType },
    files: [
      original,
      ...(hasPoster ? [{ role: "thumbnail" as const, path: posterPath, contentType: "image/jpeg" }] : []),
    ],
  };
}

/** A work folder this old belongs to an upload the process never finished (it stopped mid-way). */
const STALE_WORK_MS = 24 * 60 * 60 * 1000;

async function sweepStaleWork(workDirectory: string): Promise<void> {
  const entries = await readdir(workDirectory).catch(() => []);
  await Promise.all(
    entries
      .filter((name) => name.startsWith("upload-"))
      .map(async (name) => {
        const folder = path.join(workDirectory, name);
        const info = await stat(folder).catch(() => null);
        if (info && Date.now() - info.mtimeMs > STALE_WORK_MS) await rm(folder, { recursive: true, force: true });
      }),
  );
}

/**
 * Uploads a creative: the bytes stream into a private work file (type checked by its first bytes,
 * size limit counted while streaming), the image is re-encoded with a thumbnail or the video's
 * structure checked and a poster frame made, and only then are the files streamed to storage and
 * the row written. Refused at any step, nothing is stored: no row, no file.
 */
export async function uploadAsset(
  deps: UploadAssetDependencies,
  actor: Actor,
  input: UploadAssetInput,
): Promise<LibraryCreative> {
  if (input.declaredBytes !== null && input.declaredBytes > ANY_UPLOAD_MAX_BYTES) {
    input.body.resume();
    throw tooLargeFor({ kind: "video", contentType: "video/mp4", extension: "mp4" });
  }
  await mkdir(deps.workDirectory, { recursive: true, mode: 0o700 });
  await sweepStaleWork(deps.workDirectory);
  const folder = await mkdtemp(path.join(deps.workDirectory, "upload-"));
  const id = `ast_${randomUUID().replaceAll("-", "")}`;
  // The folder's name is a secret of its own: a key is never derived from what a URL shows.
  const prefix = `assets/${actor.organizationId}/${id}/${randomBytes(16).toString("hex")}`;
  const stored: string[] = [];
  try {
    const prepared = await prepare(deps, folder, input.body);
    const keys: Record<string, string> = {};
    for (const file of prepared.files) {
      const key = `${prefix}/${file.role}`;
      stored.push(key);
      await deps.storage.putStream(key, createReadStream(file.path), file.contentType);
      keys[file.role] = key;
    }
    const asset: NewAsset = {
      id,
      organizationId: actor.organizationId,
      uploadedBy: actor.kind === "user" ? actor.id : null,
      uploadedByName: actor.label,
      name: assetNameFromFileName(input.fileName),
      ...prepared.fields,
      byteSize: prepared.bytes,
      originalKey: keys.original ?? "",
      fileKey: keys.file ?? keys.original ?? "",
      thumbnailKey: keys.thumbnail ?? null,
    };
    await deps.assets.insert(asset);
    return libraryRowOfUpload({
      ...asset,
      tags: [],
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
  } catch (error) {
    await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => {})));
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
