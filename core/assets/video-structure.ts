import { open } from "node:fs/promises";
import { ASSET_MESSAGES } from "./asset-messages.ts";
import { refused } from "./receive-upload.ts";

export interface VideoFacts {
  durationMs: number | null;
  width: number | null;
  height: number | null;
}

/** A moov box larger than this is not a creative's index (real ones are kilobytes to a few MB). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

/** A video the checks or the poster tool could not read: the same message either way. */
export const brokenVideo = () => refused(ASSET_MESSAGES.brokenVideo, "broken_video");
const broken = brokenVideo;

/** The boxes of `bytes` from `from` to `to`, or null when a box runs past its parent. */
function boxesIn(bytes: Buffer, from: number, to: number): Box[] | null {
  const boxes: Box[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    let headerSize = 8;
    if (size === 1) {
      if (offset + 16 > to) return null;
      size = Number(bytes.readBigUInt64BE(offset + 8));
      headerSize = 16;
    } else if (size === 0) size = to - offset;
    if (size < headerSize || offset + size > to) return null;
    boxes.push({ type, start: offset, headerSize, size });
    offset += size;
  }
  return offset === to ? boxes : null;
}

function durationOf(moov: Buffer, boxes: Box[]): number | null {
  const mvhd = boxes.find((box) => box.type === "mvhd");
  if (!mvhd) return null;
  const at = mvhd.start + mvhd.headerSize;
  const version = moov[at];
  const timescale = version === 1 ? moov.readUInt32BE(at + 20) : moov.readUInt32BE(at + 12);
  const duration = version === 1 ? Number(moov.readBigUInt64BE(at + 24)) : moov.readUInt32BE(at + 16);
  return timescale > 0 ? Math.round((duration / timescale) * 1000) : null;
}

function dimensionsOf(moov: Buffer, boxes: Box[]): { width: number; height: number } | null {
  for (const trak of boxes.filter((box) => box.type === "trak")) {
    const inner = boxesIn(moov, trak.start + trak.headerSize, trak.start + trak.size);
    const tkhd = inner?.find((box) => box.type === "tkhd");
    if (!tkhd) continue;
    const at = tkhd.start + tkhd.headerSize;
    const base = at + (moov[at] === 1 ? 36 : 24) + 52;
    if (base + 8 > tkhd.start + tkhd.size) continue;
    const width = moov.readUInt32BE(base) >>> 16;
    const height = moov.readUInt32BE(base + 4) >>> 16;
    if (width > 0 && height > 0) return { width, height };
  }
  return null;
}

/**
 * Checks an MP4 or MOV file's box structure without any tool: the top-level boxes must add up to
 * the file's size exactly (a file cut off while copying does not) and the index (moov) must be
 * there and whole. Reads only the box headers and the moov box, never the media data.
 */
export async function checkVideoStructure(path: string, isQuickTime: boolean): Promise<VideoFacts> {
  const file = await open(path, "r");
  try {
    const { size: fileSize } = await file.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    let moov: Buffer | null = null;
    let hasFtyp = false;
    let hasMdat = false;
    while (offset < fileSize) {
      if (offset + 8 > fileSize) throw broken();
      await file.read(header, 0, 16, offset);
      let size = header.readUInt32BE(0);
      const type = header.toString("latin1", 4, 8);
      let headerSize = 8;
      if (size === 1) {
        if (offset + 16 > fileSize) throw broken();
        size = Number(header.readBigUInt64BE(8));
        headerSize = 16;
      } else if (size === 0) size = fileSize - offset;
      if (size < headerSize || offset + size > fileSize || !/^[\x20-\x7e]{4}$/.test(type)) throw broken();
      if (type === "ftyp") hasFtyp = true;
      if (type === "mdat") hasMdat = true;
      if (type === "moov") {
        if (size > MAX_MOOV_BYTES) throw broken();
        moov = Buffer.alloc(size);
        await file.read(moov, 0, size, offset);
      }
      offset += size;
    }
    if (!moov || !hasMdat || (!isQuickTime && !hasFtyp)) throw broken();
    const boxes = boxesIn(moov, 8, moov.length);
    if (!boxes) throw broken();
    const dimensions = dimensionsOf(moov, boxes);
    return {
      durationMs: durationOf(moov, boxes),
      width: dimensions?.width ?? null,
      height: dimensions?.height ?? null,
    };
  } finally {
    await file.close();
  }
}
