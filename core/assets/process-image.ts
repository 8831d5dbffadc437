import { ASSET_MESSAGES } from "./asset-messages.ts";
import { refused } from "./receive-upload.ts";
import { MAX_IMAGE_PIXELS, THUMBNAIL_WIDTH } from "./upload-limits.ts";

export interface ProcessedImage {
  width: number;
  height: number;
  /** The re-encoding that is served (written to `encodedPath`), and its type. */
  contentType: string;
  /** A WebP thumbnail, THUMBNAIL_WIDTH wide at most (written to `thumbnailPath`). */
  thumbnailContentType: string;
}

const ENCODED_TYPE: Record<string, string> = {
  "image/jpeg": "image/jpeg",
  "image/png": "image/png",
  "image/webp": "image/webp",
  "image/gif": "image/gif",
};

/**
 * Re-encodes an uploaded image from its file: the header is read first, so an image that declares
 * more than MAX_IMAGE_PIXELS (a decompression bomb) is refused before anything is decoded, and
 * sharp's `limitInputPixels` guards the decoding itself. Metadata (EXIF, GPS) is dropped; the
 * orientation is applied. The served file and the thumbnail are our own encodings.
 */
export async function processImage(
  source: string,
  sourceType: string,
  { encodedPath, thumbnailPath }: { encodedPath: string; thumbnailPath: string },
): Promise<ProcessedImage> {
  // Loaded on the first upload: sharp weighs ~20 MB and most processes never need it.
  const { default: sharp } = await import("sharp");
  const isAnimated = sourceType === "image/gif" || sourceType === "image/webp";
  const open = () =>
    sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", animated: isAnimated, sequentialRead: true });
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    metadata = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    throw refused(ASSET_MESSAGES.brokenImage, "broken_image");
  }
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (!width || !height) throw refused(ASSET_MESSAGES.brokenImage, "broken_image");
  // An animation decodes every frame: its pixels are the width times all its frames' heights.
  if (width * Math.max(height, metadata.height ?? 0) > MAX_IMAGE_PIXELS)
    throw refused(ASSET_MESSAGES.tooManyPixels, "too_many_pixels");
  const contentType = ENCODED_TYPE[sourceType] ?? "image/webp";
  try {
    const image = open().rotate();
    const encoded =
      contentType === "image/jpeg"
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : contentType === "image/png"
          ? image.png({ compressionLevel: 9 })
          : contentType === "image/gif"
            ? image.gif()
            : image.webp({ quality: 90 });
    await encoded.toFile(encodedPath);
    await sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(thumbnailPath);
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw refused(ASSET_MESSAGES.tooManyPixels, "too_many_pixels");
    throw refused(ASSET_MESSAGES.brokenImage, "broken_image");
  }
  const rotated = (metadata.orientation ?? 1) >= 5;
  return {
    width: rotated ? height : width,
    height: rotated ? width : height,
    contentType,
    thumbnailContentType: "image/webp",
  };
}
