/**
 * A synced creative's image for the browser (docs/decisions/014-asset-library-media-proxy.md): the
 * platform's thumbnail or full image, fetched once through the outbound guard, checked to be an
 * image by its bytes, and kept in storage under the organization and the URL's digest (a platform
 * that re-signs its URLs, as Meta does, gets fetched again after the next sync). Images served by
 * our own origin (the sandbox in development) are only redirected to.
 */
import { createHash } from "node:crypto";
import type { Actor } from "#core/access/actor.ts";
import type { AdsRepository } from "#core/ads/ads-repository.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import { SNIFF_BYTES, sniffFileType } from "./sniff-file-type.ts";

export const CREATIVE_MEDIA_VARIANTS = ["thumbnail", "media"] as const;
export type CreativeMediaVariant = (typeof CREATIVE_MEDIA_VARIANTS)[number];
/** The largest image proxied; a bigger one shows the placeholder. */
export const MAX_CREATIVE_MEDIA_BYTES = 8 * 1024 * 1024;

/** Fetches a platform URL through the outbound guard; throws when it cannot. */
export type CreativeMediaFetch = (url: string, maxBytes: number) => Promise<Uint8Array>;

export interface CreativeMediaDeps {
  ads: AdsRepository;
  storage: FileStorage;
  fetchMedia: CreativeMediaFetch;
  /** The path of a URL our own server serves (same origin), or null for a foreign one. */
  ownPathOf: (url: string) => string | null;
}

export type CreativeMedia =
  | { type: "redirect"; location: string }
  | { type: "image"; bytes: Buffer; contentType: string };

const digestOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** The image of the creative for a member of its organization, or null (none, another organization's, unreachable). */
export async function getCreativeMedia(
  deps: CreativeMediaDeps,
  actor: Actor,
  input: { creativeId: string; variant: CreativeMediaVariant },
): Promise<CreativeMedia | null> {
  if (!/^[\w-]{1,64}$/.test(input.creativeId)) return null;
  const [ad] = await deps.ads.adsOfCreatives(actor.organizationId, [input.creativeId]);
  if (!ad) return null;
  const { creative } = ad;
  // A video's media URL may be the video itself: the library shows its poster (the thumbnail).
  const hasImageMedia = creative.kind !== "video";
  const url =
    input.variant === "thumbnail"
      ? (creative.thumbnailUrl ?? (hasImageMedia ? creative.mediaUrl : null))
      : ((hasImageMedia ? creative.mediaUrl : null) ?? creative.thumbnailUrl);
  if (!url) return null;
  const ownPath = deps.ownPathOf(url);
  if (ownPath !== null) return { type: "redirect", location: ownPath };

  const key = `creative-media/${actor.organizationId}/${creative.id}/${input.variant}-${digestOf(url)}`;
  const cached = await deps.storage.get(key);
  if (cached) return { type: "image", bytes: cached.bytes, contentType: cached.contentType };
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await deps.fetchMedia(url, MAX_CREATIVE_MEDIA_BYTES));
  } catch {
    return null;
  }
  const type = sniffFileType(bytes.subarray(0, SNIFF_BYTES));
  if (type?.kind !== "image") return null;
  await deps.storage.put(key, { bytes, contentType: type.contentType });
  return { type: "image", bytes, contentType: type.contentType };
}
