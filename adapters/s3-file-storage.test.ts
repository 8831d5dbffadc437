/**
 * Uploads in an S3-compatible store, against a local fake of S3's REST protocol that checks every
 * request's SigV4 signature (tests/support/fake-s3.ts). The streaming pair is also held to the same
 * contract by the local adapter, so either store serves a 500 MB video without holding it in memory.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#core/config/env.ts";
import type { FileStorage } from "#core/ports/file-storage.ts";
import { type FakeS3, startFakeS3 } from "#tests/support/fake-s3.ts";
import { createLocalFileStorage } from "./file-storage.ts";
import { createS3FileStorage, type S3StorageConfig, S3StorageError, s3StorageConfigFrom } from "./s3-file-storage.ts";

const BUCKET = "adhelm-uploads";
const ACCESS_KEY_ID = "AKIATESTADHELM0001";
const SECRET_ACCESS_KEY = "fake-secret-access-key-0123456789abcdef";
const MiB = 1024 * 1024;

let fake: FakeS3;
let config: S3StorageConfig;
let localRoot: string;

beforeAll(async () => {
  fake = await startFakeS3({ bucket: BUCKET, accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY });
  config = {
    bucket: BUCKET,
    endpoint: fake.endpoint,
    region: "us-east-1",
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    forcePathStyle: true,
  };
  localRoot = await mkdtemp(path.join(tmpdir(), "adhelm-storage-"));
});
afterAll(async () => {
  await fake?.close();
  if (localRoot) await rm(localRoot, { recursive: true, force: true });
});

/** `total` bytes of a repeating pattern, made as they are read; `produced()` says how far it got. */
function generatedStream(total: number, chunk = 64 * 1024) {
  let produced = 0;
  const stream = Readable.from(
    (function* () {
      while (produced < total) {
        const size = Math.min(chunk, total - produced);
        const bytes = Buffer.alloc(size);
        for (let index = 0; index < size; index++) bytes[index] = (produced + index) % 251;
        produced += size;
        yield bytes;
      }
    })(),
  );
  return { stream, produced: () => produced };
}

const patternAt = (offset: number) => (offset % 251) as number;

async function readAll(stream: Readable): Promise<Buffer> {
  return Buffer.concat(await stream.toArray());
}

const stores: [string, () => FileStorage][] = [
  ["S3", () => createS3FileStorage(config)],
  ["local disk", () => createLocalFileStorage(localRoot)],
];

describe.each(stores)("storage on %s", (_name, makeStorage) => {
  it("reads back what was put, with its content type", async () => {
    const storage = makeStorage();
    const bytes = Buffer.from("RIFF....WEBPVP8 fake avatar bytes");
    await storage.put("avatars/user-1/avatar.webp", { bytes, contentType: "image/webp" });
    expect(await storage.get("avatars/user-1/avatar.webp")).toEqual({ bytes, contentType: "image/webp" });

    // A second put replaces the first.
    await storage.put("avatars/user-1/avatar.webp", { bytes: Buffer.from("v2"), contentType: "image/png" });
    expect(await storage.get("avatars/user-1/avatar.webp")).toEqual({
      bytes: Buffer.from("v2"),
      contentType: "image/png",
    });
  });

  it("answers null for a key never stored, plain or streamed", async () => {
    const storage = makeStorage();
    expect(await storage.get("avatars/nobody/avatar.webp")).toBeNull();
    expect(await storage.getStream("avatars/nobody/avatar.webp")).toBeNull();
  });

  it("deletes a file, and deleting a missing one is not an error", async () => {
    const storage = makeStorage();
    await storage.put("organizations/org-1/logo.webp", { bytes: Buffer.from("logo"), contentType: "image/webp" });
    await storage.delete("organizations/org-1/logo.webp");
    expect(await storage.get("organizations/org-1/logo.webp")).toBeNull();
    await expect(storage.delete("organizations/org-1/logo.webp")).resolves.toBeUndefined();
  });

  it("streams a small file in and out, keeping its type and size", async () => {
    const storage = makeStorage();
    await storage.putStream(
      "assets/org-1/note.txt",
      Readable.from([Buffer.from("hello "), Buffer.from("world")]),
      "text/plain",
    );
    const stored = await storage.getStream("assets/org-1/note.txt");
    expect(stored).not.toBeNull();
    expect({ contentType: stored?.contentType, size: stored?.size }).toEqual({ contentType: "text/plain", size: 11 });
    expect((await readAll(stored?.body as Readable)).toString()).toBe("hello world");
    // The plain read sees the same file.
    expect(await storage.get("assets/org-1/note.txt")).toEqual({
      bytes: Buffer.from("hello world"),
      contentType: "text/plain",
    });
  });

  it("stores nothing when the incoming stream fails half way", async () => {
    const storage = makeStorage();
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error("the browser went away"));
      },
    });
    await expect(storage.putStream("assets/org-1/broken.mp4", broken, "video/mp4")).rejects.toThrow();
    expect(await storage.get("assets/org-1/broken.mp4")).toBeNull();
  });

  it("refuses a key that could escape its folder", async () => {
    const storage = makeStorage();
    await expect(storage.get("../etc/passwd")).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.putStream("avatars/../../x", Readable.from([]), "text/plain")).rejects.toThrow(
      /Unsafe storage key/,
    );
  });
});

describe("streamed uploads to S3", () => {
  it("sends 20 MB in parts, reading the source only a few parts ahead, and reads it back whole", async () => {
    const storage = createS3FileStorage(config);
    const total = 20 * MiB;
    const source = generatedStream(total);
    let producedAtFirstPart: number | undefined;
    fake.onPartReceived = () => {
      producedAtFirstPart ??= source.produced();
    };
    const before = fake.requests.length;
    try {
      await storage.putStream("assets/org-1/video.mp4", source.stream, "video/mp4");
    } finally {
      fake.onPartReceived = undefined;
    }
    const calls = fake.requests.slice(before);
    const parts = calls.filter((call) => call.operation === "UploadPart");
    expect(calls.map((call) => call.operation).filter((operation) => operation !== "UploadPart")).toEqual([
      "CreateMultipartUpload",
      "CompleteMultipartUpload",
    ]);
    expect(parts).toHaveLength(4);
    // No request carried more than one 5 MiB part, and when the first part arrived the source had
    // not been read to its end: the upload never held the 20 MB whole.
    expect(Math.max(...parts.map((part) => part.bytes))).toBe(5 * MiB);
    expect(producedAtFirstPart).toBeLessThan(total);
    expect(fake.openUploads.size).toBe(0);

    const stored = await storage.getStream("assets/org-1/video.mp4");
    expect({ contentType: stored?.contentType, size: stored?.size }).toEqual({ contentType: "video/mp4", size: total });
    let offset = 0;
    let mismatches = 0;
    if (!stored) throw new Error("the upload is not in the store");
    for await (const chunk of stored.body) {
      for (let index = 0; index < chunk.length; index += 4099)
        if (chunk[index] !== patternAt(offset + index)) mismatches++;
      offset += chunk.length;
    }
    expect({ offset, mismatches }).toEqual({ offset: total, mismatches: 0 });
  });

  it("aborts the multipart upload when the source fails after some parts went up", async () => {
    const storage = createS3FileStorage(config);
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent >= 12 * MiB) return this.destroy(new Error("the browser went away"));
        sent += MiB;
        this.push(Buffer.alloc(MiB, 7));
      },
    });
    const before = fake.requests.length;
    await expect(storage.putStream("assets/org-1/half.mp4", failing, "video/mp4")).rejects.toThrow();
    const operations = fake.requests.slice(before).map((call) => call.operation);
    expect(operations).toContain("UploadPart");
    expect(operations).toContain("AbortMultipartUpload");
    expect(fake.openUploads.size).toBe(0);
    expect(fake.objects.has("assets/org-1/half.mp4")).toBe(false);
  });
});

describe("S3 errors", () => {
  it("says the credentials were refused for an unknown access key, without the secret", async () => {
    const storage = createS3FileStorage({ ...config, accessKeyId: "AKIAUNKNOWN", secretAccessKey: "do-not-print-me" });
    const error = await storage
      .put("avatars/u/avatar.webp", { bytes: Buffer.from("x"), contentType: "image/webp" })
      .catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(S3StorageError);
    expect((error as Error).message).toMatch(/refused the credentials \(InvalidAccessKeyId\).*S3_ACCESS_KEY_ID/);
    expect((error as Error).message).not.toContain("do-not-print-me");
  });

  it("says the credentials were refused for a wrong secret, on reads too", async () => {
    const storage = createS3FileStorage({ ...config, secretAccessKey: "not-the-right-secret" });
    await expect(storage.get("avatars/user-1/avatar.webp")).rejects.toThrow(
      /refused the credentials \(SignatureDoesNotMatch\)/,
    );
    await expect(
      storage.putStream("assets/x/y.bin", Readable.from([Buffer.from("z")]), "application/octet-stream"),
    ).rejects.toThrow(/refused the credentials/);
  });

  it("says when the store cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const storage = createS3FileStorage({ ...config, endpoint: `http://127.0.0.1:${port}` });
    await expect(storage.get("avatars/user-1/avatar.webp")).rejects.toThrow(
      /cannot be reached \(ECONNREFUSED\): check S3_ENDPOINT/,
    );
  });

  it("says when the bucket does not exist, rather than reporting a missing file", async () => {
    const storage = createS3FileStorage({ ...config, bucket: "no-such-bucket" });
    await expect(storage.get("avatars/user-1/avatar.webp")).rejects.toThrow(/bucket does not exist \(NoSuchBucket\)/);
  });
});

describe("S3 configuration", () => {
  const base = { NODE_ENV: "test", DATA_DIR: "./data/test" };

  it("uses S3 only when S3_BUCKET is set", () => {
    expect(s3StorageConfigFrom(parseEnv(base))).toBeNull();
    expect(
      s3StorageConfigFrom(
        parseEnv({
          ...base,
          S3_BUCKET: "adhelm-uploads",
          S3_ENDPOINT: "http://minio:9000",
          S3_ACCESS_KEY_ID: "key",
          S3_SECRET_ACCESS_KEY: "secret",
          S3_FORCE_PATH_STYLE: "true",
        }),
      ),
    ).toEqual({
      bucket: "adhelm-uploads",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
  });

  it("refuses half a configuration, naming the variables", () => {
    expect(() => parseEnv({ ...base, S3_BUCKET: "b-1", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both/,
    );
    expect(() => parseEnv({ ...base, S3_ENDPOINT: "http://minio:9000" })).toThrow(/S3_BUCKET: must be set/);
    expect(() => parseEnv({ ...base, S3_BUCKET: "Not_A_Bucket" })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
    expect(() => parseEnv({ ...base, S3_BUCKET: "b-1", S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

it("leaves no temporary files behind on local disk", async () => {
  const leftovers: string[] = [];
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith(".tmp")) leftovers.push(full);
    }
  };
  await walk(localRoot);
  expect(leftovers).toEqual([]);
});
