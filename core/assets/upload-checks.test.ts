/**
 * The checks an upload passes before anything is stored: its type from its first bytes (whatever
 * its name), and a video's box structure (a file cut short or missing its index is refused).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { ASSET_MESSAGES } from "./asset-messages.ts";
import { assetNameFromFileName, parseAssetFilters } from "./asset-schemas.ts";
import { jpegOf, mp4Video, pngOf } from "./assets-test-fixture.ts";
import { sniffFileType } from "./sniff-file-type.ts";
import { checkVideoStructure } from "./video-structure.ts";

let folder: string;
let video: Buffer;

beforeAll(async () => {
  folder = mkdtempSync(path.join(TEST_DATA_DIR, "upload-checks-"));
  video = await mp4Video(folder);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const box = (type: string, payload: Buffer = Buffer.alloc(0)) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, payload]);
};
const ftyp = (brand: string) => box("ftyp", Buffer.from(`${brand}\0\0\0\0isom`, "latin1"));

function fileOf(name: string, bytes: Buffer) {
  const target = path.join(folder, name);
  writeFileSync(target, bytes);
  return target;
}

describe("the type, from the bytes", () => {
  it("knows images and videos by their signatures, whatever the file is called", async () => {
    expect(sniffFileType(await pngOf(4, 4))).toMatchObject({ kind: "image", contentType: "image/png" });
    expect(sniffFileType(await jpegOf(4, 4))).toMatchObject({ kind: "image", contentType: "image/jpeg" });
    expect(sniffFileType(Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00", "latin1"))?.contentType).toBe("image/gif");
    expect(sniffFileType(Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 ", "latin1"))?.contentType).toBe("image/webp");
    expect(sniffFileType(video)).toMatchObject({ kind: "video", contentType: "video/mp4" });
    expect(sniffFileType(ftyp("qt  "))).toMatchObject({ kind: "video", contentType: "video/quicktime" });
  });

  it("refuses look-alikes: HEIC and AVIF photos, audio, documents and markup", () => {
    for (const brand of ["heic", "mif1", "avif", "M4A "]) expect(sniffFileType(ftyp(brand)), brand).toBeNull();
    expect(sniffFileType(Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj"))).toBeNull();
    expect(sniffFileType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffFileType(Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt ", "latin1"))).toBeNull();
  });
});

describe("a video's structure", () => {
  it("reads a whole MP4's duration and frame size from its index", async () => {
    const facts = await checkVideoStructure(fileOf("whole.mp4", video), false);
    expect(facts).toMatchObject({ width: 320, height: 240 });
    expect(facts.durationMs).toBeGreaterThanOrEqual(900);
    expect(facts.durationMs).toBeLessThanOrEqual(1100);
  });

  it("refuses a video cut short, one with bytes after its last box, and one without its index", async () => {
    const refusal = { message: ASSET_MESSAGES.brokenVideo };
    for (const cut of [video.length - 1, Math.floor(video.length / 2), 40])
      await expect(checkVideoStructure(fileOf(`cut-${cut}.mp4`, video.subarray(0, cut)), false)).rejects.toMatchObject(
        refusal,
      );
    await expect(
      checkVideoStructure(fileOf("tail.mp4", Buffer.concat([video, Buffer.from([1, 2, 3])])), false),
    ).rejects.toMatchObject(refusal);
    await expect(
      checkVideoStructure(fileOf("no-moov.mp4", Buffer.concat([ftyp("isom"), box("mdat", Buffer.alloc(64))])), false),
    ).rejects.toMatchObject(refusal);
  });
});

describe("names and filters", () => {
  it("names an upload after its file, without path, extension or control characters", () => {
    expect(assetNameFromFileName("C:\\fakepath\\Spring hero.final.png")).toBe("Spring hero.final");
    expect(assetNameFromFileName("../../etc/passwd")).toBe("passwd");
    expect(assetNameFromFileName("a\u0000b\u001f.jpg")).toBe("ab");
    expect(assetNameFromFileName(".png")).toBe("Untitled");
  });

  it("reads the library's filters from the URL and ignores what it cannot read", () => {
    expect(parseAssetFilters(new URLSearchParams("q=+hero+&tag=Summer%20Sale&kind=video&page=3"))).toEqual({
      search: "hero",
      tag: "summer sale",
      kind: "video",
      page: 3,
    });
    expect(parseAssetFilters(new URLSearchParams("kind=audio&page=-1"))).toEqual({
      search: "",
      tag: null,
      kind: "all",
      page: 1,
    });
  });
});
