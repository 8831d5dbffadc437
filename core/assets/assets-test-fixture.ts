/**
 * Files for the upload tests, made on the spot: real images (sharp), a tiny PNG that declares a
 * huge pixel count (a decompression bomb), and a real MP4 (the bundled ffmpeg's test pattern).
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { crc32, deflateSync } from "node:zlib";
import installer from "@ffmpeg-installer/ffmpeg";
import sharp from "sharp";

export async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

export async function jpegOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few hundred bytes whose header says 100,000 × 100,000 pixels. */
export function decompressionBombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A one-second 320×240 MP4 (H.264), made by the bundled ffmpeg. */
export async function mp4Video(folder: string): Promise<Buffer> {
  const target = path.join(folder, `pattern-${process.pid}-${Date.now()}.mp4`);
  await promisify(execFile)(installer.path, [
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc=duration=1:size=320x240:rate=10",
    "-c:v",
    "libx264",
    "-pix_fmt",
    "yuv420p",
    "-movflags",
    "+faststart",
    "-y",
    target,
  ]);
  return readFile(target);
}
