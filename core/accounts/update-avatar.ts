import { createHash } from "node:crypto";
import { AppError } from "#core/errors/app-error.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import type { ProfileRepository } from "./profile-repository.ts";
import { AVATAR_MAX_BYTES } from "./profile-schema.ts";

export const AVATAR_SIZE = 256;

const SIGNATURES: Array<{ type: string; matches: (bytes: Buffer) => boolean }> = [
  { type: "jpeg", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "png",
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: "gif", matches: (b) => ["GIF87a", "GIF89a"].includes(b.subarray(0, 6).toString("latin1")) },
  {
    type: "webp",
    matches: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

// Markup or script inside an image makes it a polyglot: a browser or another tool could run it.
const EMBEDDED_MARKUP = /<(script|html|body|svg|iframe|object|embed|\?php|!doctype)|javascript:/i;

export const INVALID_IMAGE_MESSAGE = "Please upload an image file.";
export const TOO_LARGE_MESSAGE = "Please upload an image smaller than 5MB.";

/**
 * Checks an upload the browser already checked, without trusting that: the bytes must start like
 * a JPEG, PNG, GIF or WebP, carry no markup, and decode. The stored file is our own re-encoding.
 */
export async function normalizeAvatar(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > AVATAR_MAX_BYTES)
    throw new AppError("unprocessable_entity", TOO_LARGE_MESSAGE, { title: "File too large" });
  // An empty file has no signature either, so it is refused as not an image.
  if (!SIGNATURES.some((signature) => signature.matches(bytes)))
    throw new AppError("bad_request", INVALID_IMAGE_MESSAGE, { title: "Invalid file type" });
  if (EMBEDDED_MARKUP.test(bytes.toString("latin1")))
    throw new AppError("bad_request", INVALID_IMAGE_MESSAGE, { title: "Invalid file type" });
  // Loaded on the first avatar: most processes never resize one, and sharp weighs ~20 MB.
  const { default: sharp } = await import("sharp");
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000, failOn: "error" })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError("bad_request", INVALID_IMAGE_MESSAGE, { title: "Invalid file type" });
  }
}

/** Stores the re-encoded avatar under avatars/{userId}/ and points the profile at it. */
export async function updateAvatar(
  { storage, profiles }: { storage: FileStorage; profiles: ProfileRepository },
  userId: string,
  bytes: Buffer,
): Promise<string> {
  const image = await normalizeAvatar(bytes);
  const key = `avatars/${userId}/avatar.webp`;
  await storage.put(key, { bytes: image, contentType: "image/webp" });
  // The version changes with the content, so browsers and caches fetch a new avatar at once.
  const version = createHash("sha256").update(image).digest("hex").slice(0, 12);
  const avatarUrl = `/media/${key}?v=${version}`;
  await profiles.setAvatarUrl(userId, avatarUrl);
  return avatarUrl;
}
