import type { AssetKind } from "./sniff-file-type.ts";

const MB = 1024 * 1024;

/** The most an upload of each kind may weigh (issue 20 §2): images 30 MB, videos 500 MB. */
export const UPLOAD_MAX_BYTES: Record<AssetKind, number> = { image: 30 * MB, video: 500 * MB };

/** The largest upload of any kind: a request declaring more is refused before its body is read. */
export const ANY_UPLOAD_MAX_BYTES = UPLOAD_MAX_BYTES.video;

/** Decompression bombs: an image may decode to at most this many pixels. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** The library's thumbnails and posters: this wide at most. */
export const THUMBNAIL_WIDTH = 480;
