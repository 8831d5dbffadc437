import type { Readable } from "node:stream";

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/** A stored file read as a stream: big uploads (videos up to 500 MB) are never held whole in memory. */
export interface StoredFileStream {
  body: Readable;
  contentType: string;
  /** Bytes, when the store knows it (both adapters do). */
  size: number;
}

/**
 * Where uploads live. Keys are slash-separated paths such as `avatars/{userId}/avatar.webp`.
 * Local disk is the default; an S3-compatible store (adapters/s3-file-storage.ts) implements the
 * same calls when S3_BUCKET is configured, so several nodes share the files.
 */
export interface FileStorage {
  put(key: string, file: StoredFile): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /**
   * Stores a stream without buffering it whole (a local temporary file renamed into place, or an
   * S3 multipart upload). Readers never see half a file: on failure nothing is left under the key.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<void>;
  /** The file as a stream, or null when nothing is stored under the key. */
  getStream(key: string): Promise<StoredFileStream | null>;
}
