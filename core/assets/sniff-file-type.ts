/**
 * The file's type from its first bytes (magic numbers), never from its name or the browser's word:
 * a renamed file is what its bytes say it is.
 */
export type AssetKind = "image" | "video";

export interface SniffedType {
  kind: AssetKind;
  contentType: string;
  /** The file name extension the type is stored under. */
  extension: string;
}

/** How many leading bytes the sniff needs; fewer only when the whole file is shorter. */
export const SNIFF_BYTES = 16;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// QuickTime files older than the ftyp box start with one of these atoms.
const QUICKTIME_ATOMS = new Set(["moov", "mdat", "wide", "free", "skip", "pnot"]);
// ISO media brands that are still images or audio, not videos we accept (HEIC, AVIF, M4A).
const NOT_VIDEO_BRANDS = /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif|avis|M4A |M4B |M4P |crx )$/;

export function sniffFileType(head: Buffer): SniffedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { kind: "image", contentType: "image/jpeg", extension: "jpg" };
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG))
    return { kind: "image", contentType: "image/png", extension: "png" };
  const ascii = head.toString("latin1");
  if (ascii.startsWith("GIF87a") || ascii.startsWith("GIF89a"))
    return { kind: "image", contentType: "image/gif", extension: "gif" };
  if (head.length >= 12 && ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP")
    return { kind: "image", contentType: "image/webp", extension: "webp" };
  if (head.length >= 12) {
    const box = ascii.slice(4, 8);
    if (box === "ftyp") {
      const brand = ascii.slice(8, 12);
      if (NOT_VIDEO_BRANDS.test(brand)) return null;
      return brand === "qt  "
        ? { kind: "video", contentType: "video/quicktime", extension: "mov" }
        : { kind: "video", contentType: "video/mp4", extension: "mp4" };
    }
    if (QUICKTIME_ATOMS.has(box) && head.readUInt32BE(0) >= 8)
      return { kind: "video", contentType: "video/quicktime", extension: "mov" };
  }
  return null;
}
