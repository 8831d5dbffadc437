import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { Env } from "#core/config/env.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import { assertSafeKey } from "./file-storage.ts";

export interface S3StorageConfig {
  bucket: string;
  /** Unset: AWS S3 itself, in `region`. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither: the AWS SDK's own chain (instance role, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` URLs, as MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Bytes per part of a streamed upload (S3's minimum, 5 MiB, and up). */
  partSizeBytes?: number;
  /** Parts of one streamed upload in flight at once: memory holds at most this many parts. */
  partsInFlight?: number;
}

/** 5 MiB parts, two at a time: a 500 MB video holds about 10 MB in memory while it goes up. */
const DEFAULT_PART_BYTES = 5 * 1024 * 1024;
const DEFAULT_PARTS_IN_FLIGHT = 2;

/** The S3 settings from the environment, or null when S3_BUCKET is unset (uploads stay on local disk). */
export function s3StorageConfigFrom(env: Env): S3StorageConfig | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/** What an S3 error means, in our words; the key and the store's code, never the credentials. */
export class S3StorageError extends Error {
  override name = "S3StorageError";
}

const CREDENTIAL_CODES = new Set(["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied", "InvalidToken"]);

function explain(error: unknown, operation: string, key: string, config: S3StorageConfig): S3StorageError {
  const failure = error as {
    name?: string;
    Code?: string;
    code?: string;
    errors?: Array<{ code?: string }>;
    $metadata?: { httpStatusCode?: number };
  };
  // The store's error code (S3's XML), else the network's (ECONNREFUSED, also inside an AggregateError).
  const code =
    failure.Code ??
    (failure.name && failure.name !== "Error" && failure.name !== "AggregateError" ? failure.name : undefined) ??
    failure.code ??
    failure.errors?.find((inner) => inner.code)?.code ??
    failure.name ??
    "unknown";
  const where = `bucket "${config.bucket}"${config.endpoint ? ` at ${config.endpoint}` : ""}`;
  let reason: string;
  if (CREDENTIAL_CODES.has(code))
    reason = `the store refused the credentials (${code}): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket's policy`;
  else if (code === "NoSuchBucket") reason = `the bucket does not exist (NoSuchBucket): create it or fix S3_BUCKET`;
  else if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "ETIMEDOUT")
    reason = `the store cannot be reached (${code}): check S3_ENDPOINT`;
  else reason = `${code}${failure.$metadata?.httpStatusCode ? ` (HTTP ${failure.$metadata.httpStatusCode})` : ""}`;
  return new S3StorageError(`S3 ${operation} of "${key}" in ${where} failed: ${reason}`, { cause: error });
}

const isMissing = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  // A missing bucket is also a 404, but a configuration error, not a missing file.
  if (failure.name === "NoSuchBucket") return false;
  return failure.name === "NoSuchKey" || failure.name === "NotFound" || failure.$metadata?.httpStatusCode === 404;
};

/**
 * Uploads in any S3-compatible store (AWS S3, MinIO, Cloudflare R2), so every node serves the same
 * files. The AWS SDK is loaded on first use, not at start-up. The endpoint is operator
 * configuration (S3_ENDPOINT), not a user-typed address, so it does not go through the outbound
 * guard (adapters/outbound-http.ts); a private address such as MinIO's on the compose network is
 * the normal case. Keys are checked like the local adapter's; secrets never reach a log or an error.
 */
export function createS3FileStorage(config: S3StorageConfig): FileStorage {
  const partSize = Math.max(config.partSizeBytes ?? DEFAULT_PART_BYTES, DEFAULT_PART_BYTES);
  const queueSize = config.partsInFlight ?? DEFAULT_PARTS_IN_FLIGHT;
  let sdk: Promise<{ client: S3Client; s3: typeof import("@aws-sdk/client-s3") }> | undefined;
  const load = () => {
    sdk ??= import("@aws-sdk/client-s3").then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials:
          config.accessKeyId && config.secretAccessKey
            ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
            : undefined,
        // Checksums only where S3 requires them: R2 and older MinIO refuse the SDK's default
        // trailing CRC32 (aws-chunked bodies), and every request is signed over its payload anyway.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    }));
    return sdk;
  };
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return key;
  };

  return {
    async put(key, file) {
      const { client, s3 } = await load();
      const Key = objectKey(key);
      try {
        await client.send(
          new s3.PutObjectCommand({ Bucket: config.bucket, Key, Body: file.bytes, ContentType: file.contentType }),
        );
      } catch (error) {
        throw explain(error, "put", key, config);
      }
    },
    async get(key) {
      const { client, s3 } = await load();
      const Key = objectKey(key);
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket: config.bucket, Key }));
        const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
        return { bytes, contentType: object.ContentType ?? "application/octet-stream" };
      } catch (error) {
        if (isMissing(error)) return null;
        throw explain(error, "get", key, config);
      }
    },
    async delete(key) {
      const { client, s3 } = await load();
      const Key = objectKey(key);
      try {
        // S3 answers 204 whether or not the key existed, as the local adapter's delete does.
        await client.send(new s3.DeleteObjectCommand({ Bucket: config.bucket, Key }));
      } catch (error) {
        throw explain(error, "delete", key, config);
      }
    },
    async putStream(key, body: Readable, contentType) {
      const [{ client }, { Upload }] = await Promise.all([load(), import("@aws-sdk/lib-storage")]);
      const Key = objectKey(key);
      // A multipart upload (one PutObject when the stream is smaller than a part): at most
      // partsInFlight parts are held in memory. On failure the upload is aborted, so no parts stay
      // behind and nothing appears under the key.
      const upload = new Upload({
        client,
        params: { Bucket: config.bucket, Key, Body: body, ContentType: contentType },
        partSize,
        queueSize,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        throw explain(error, "streamed put", key, config);
      }
    },
    async getStream(key) {
      const { client, s3 } = await load();
      const Key = objectKey(key);
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket: config.bucket, Key }));
        // In Node the SDK's body is the HTTP response itself: a Readable, read as it arrives.
        const stream = object.Body as Readable | undefined;
        if (!stream) return null;
        return {
          body: stream,
          contentType: object.ContentType ?? "application/octet-stream",
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw explain(error, "streamed get", key, config);
      }
    },
  };
}
