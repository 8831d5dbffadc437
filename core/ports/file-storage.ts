export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploads live. Keys are slash-separated paths such as `avatars/{userId}/avatar.webp`.
 * Local disk is the default; an S3-compatible store implements the same three calls
 * (PutObject, GetObject, DeleteObject) when S3_* is configured.
 */
export interface FileStorage {
  put(key: string, file: StoredFile): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}
