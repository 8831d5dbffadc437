import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { type Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "#core/errors/app-error.ts";
import { ASSET_MESSAGES } from "./asset-messages.ts";
import { SNIFF_BYTES, type SniffedType, sniffFileType } from "./sniff-file-type.ts";
import { UPLOAD_MAX_BYTES } from "./upload-limits.ts";

export interface ReceivedUpload {
  type: SniffedType;
  bytes: number;
}

export const refused = (message: string, reason: string) => new AppError("unprocessable_entity", message, { reason });

export const tooLargeFor = (type: SniffedType) =>
  refused(type.kind === "image" ? ASSET_MESSAGES.imageTooLarge : ASSET_MESSAGES.videoTooLarge, "too_large");

/**
 * Checks the bytes as they pass: the type from the first bytes (a renamed file is refused at once),
 * then the kind's size limit, counted chunk by chunk. The first refusal stops the stream.
 */
class UploadGate extends Transform {
  type: SniffedType | null = null;
  bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.type) {
      if (this.bytes > UPLOAD_MAX_BYTES[this.type.kind]) return done(tooLargeFor(this.type));
      return done(null, chunk);
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return done();
    return this.release(done);
  }

  override _flush(done: TransformCallback) {
    if (this.type) return done();
    if (this.headBytes === 0) return done(refused(ASSET_MESSAGES.empty, "empty"));
    return this.release(done);
  }

  private release(done: TransformCallback) {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.type = sniffFileType(head);
    if (!this.type) return done(refused(ASSET_MESSAGES.wrongType, "wrong_type"));
    if (this.bytes > UPLOAD_MAX_BYTES[this.type.kind]) return done(tooLargeFor(this.type));
    return done(null, head);
  }
}

/**
 * Streams an upload into `target` (a new private file), one chunk in memory at a time. Refused or
 * interrupted, the partial file is deleted and the error says why.
 */
export async function receiveUpload(body: Readable, target: string): Promise<ReceivedUpload> {
  const gate = new UploadGate();
  try {
    await pipeline(body, gate, createWriteStream(target, { flags: "wx", mode: 0o600 }));
  } catch (error) {
    await rm(target, { force: true });
    if (error instanceof AppError) throw error;
    throw refused(ASSET_MESSAGES.interrupted, "interrupted");
  }
  if (!gate.type) {
    await rm(target, { force: true });
    throw refused(ASSET_MESSAGES.wrongType, "wrong_type");
  }
  return { type: gate.type, bytes: gate.bytes };
}
