import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AVATAR_SIZE, INVALID_IMAGE_MESSAGE, normalizeAvatar, TOO_LARGE_MESSAGE } from "./update-avatar.ts";

const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#2f4fd8" } })
    .png()
    .toBuffer();

describe("normalizeAvatar", () => {
  it("re-encodes an image to a square WebP of the avatar size", async () => {
    const output = await normalizeAvatar(await png());
    const metadata = await sharp(output).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", AVATAR_SIZE, AVATAR_SIZE]);
    expect(metadata.exif).toBeUndefined();
  });

  it.each([
    ["an empty file", async () => Buffer.alloc(0)],
    ["HTML named like an image", async () => Buffer.from("<!doctype html><script>alert(1)</script>")],
    ["a PNG carrying a script", async () => Buffer.concat([await png(), Buffer.from("<script>alert(1)</script>")])],
    ["a PNG signature on garbage", async () => Buffer.concat([(await png()).subarray(0, 8), Buffer.alloc(64, 7)])],
  ])("refuses %s as not an image", async (_name, bytes) => {
    await expect(normalizeAvatar(await bytes())).rejects.toThrow(INVALID_IMAGE_MESSAGE);
  });

  it("refuses more than 5 MB", async () => {
    await expect(normalizeAvatar(Buffer.alloc(5 * 1024 * 1024 + 1))).rejects.toThrow(TOO_LARGE_MESSAGE);
  });
});
