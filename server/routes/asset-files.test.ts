/**
 * Creative uploads and their files over HTTP, in process (issue 20 §2 and §5): what a member sees
 * uploading an image or a video, each refusal's message with nothing stored (no row, no file), and
 * another organization that cannot list or fetch a file even with its URL.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import { ASSET_MESSAGES } from "#core/assets/asset-messages.ts";
import { decompressionBombPng, jpegOf, mp4Video, pngOf } from "#core/assets/assets-test-fixture.ts";
import type { LibraryCreative } from "#core/assets/library-types.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;
let ada: { cookie: string; organizationId: string };
let grace: { cookie: string; organizationId: string };
let video: Buffer;

async function person(email: string) {
  const cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email, mailTimeoutMs: 30_000 });
  const row = await database.db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select("member.organizationId")
    .where("user.email", "=", email)
    .executeTakeFirstOrThrow();
  return { cookie, organizationId: row.organizationId };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "asset-files-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  app = createApp({ env, logger, services: createServices({ env, database, logger }) });
  ada = await person(`ada-${Date.now()}@example.com`);
  grace = await person(`grace-${Date.now()}@example.com`);
  video = await mp4Video(dataDir);
}, 120_000);

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function upload(
  cookie: string | null,
  body: Buffer | Uint8Array,
  fileName: string,
  headers: Record<string, string> = {},
) {
  return app.request("/asset-uploads", {
    method: "POST",
    headers: {
      origin: APP_URL,
      "content-type": "application/octet-stream",
      "x-file-name": encodeURIComponent(fileName),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: new Uint8Array(body),
  });
}

const fetchFile = (url: string, cookie: string | null, headers: Record<string, string> = {}) =>
  app.request(url, { headers: { ...(cookie ? { cookie } : {}), ...headers } });

/** Every file under the organization's folder of the storage, and the work folder's leftovers. */
function storedFiles(organizationId: string): string[] {
  const walk = (folder: string): string[] => {
    try {
      return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
      );
    } catch {
      return [];
    }
  };
  return [...walk(path.join(dataDir, "uploads", "assets", organizationId)), ...walk(path.join(dataDir, "upload-work"))];
}

const rowsOf = async (organizationId: string) =>
  database.db.selectFrom("creative_assets").select("id").where("organization_id", "=", organizationId).execute();

async function expectRefusedAndNothingStored(response: Response, message: string) {
  expect(response.status).toBe(422);
  expect(await response.json()).toEqual({ error: { code: "unprocessable_entity", message } });
}

describe("uploading a creative", () => {
  it("stores an image re-encoded with a thumbnail and serves it to the organization's members", async () => {
    const response = await upload(ada.cookie, await pngOf(640, 360), "Summer sale hero.png");
    expect(response.status).toBe(201);
    const { asset } = (await response.json()) as { asset: LibraryCreative };
    expect(asset).toMatchObject({
      source: "upload",
      kind: "image",
      name: "Summer sale hero",
      upload: { contentType: "image/png", width: 640, height: 360 },
    });
    const file = await fetchFile(asset.fileUrl ?? "", ada.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    const thumbnail = await fetchFile(asset.thumbnailUrl ?? "", ada.cookie);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    expect((await thumbnail.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("stores a video with its duration, size and a poster frame, and serves byte ranges", async () => {
    const response = await upload(ada.cookie, video, "pattern.mp4");
    expect(response.status).toBe(201);
    const { asset } = (await response.json()) as { asset: LibraryCreative };
    expect(asset).toMatchObject({ kind: "video", upload: { contentType: "video/mp4", width: 320, height: 240 } });
    expect(asset.upload?.durationMs).toBeGreaterThanOrEqual(900);
    expect(asset.thumbnailUrl).not.toBeNull();
    const poster = await fetchFile(asset.thumbnailUrl ?? "", ada.cookie);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
    const part = await fetchFile(asset.fileUrl ?? "", ada.cookie, { range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(video.subarray(0, 100));
  });

  it("refuses a file that is not an image or a video, and one renamed to look like one", async () => {
    const before = await rowsOf(ada.organizationId);
    const files = storedFiles(ada.organizationId);
    await expectRefusedAndNothingStored(
      await upload(ada.cookie, Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n"), "brief.pdf"),
      ASSET_MESSAGES.wrongType,
    );
    await expectRefusedAndNothingStored(
      await upload(
        ada.cookie,
        Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"),
        "banner.png",
      ),
      ASSET_MESSAGES.wrongType,
    );
    await expectRefusedAndNothingStored(await upload(ada.cookie, Buffer.alloc(0), "empty.jpg"), ASSET_MESSAGES.empty);
    expect(await rowsOf(ada.organizationId)).toEqual(before);
    expect(storedFiles(ada.organizationId)).toEqual(files);
  });

  it("refuses an image over 30 MB while it streams, and a declared size over 500 MB before reading it", async () => {
    const before = await rowsOf(ada.organizationId);
    const files = storedFiles(ada.organizationId);
    const oversized = Buffer.concat([await jpegOf(16, 16), Buffer.alloc(31 * 1024 * 1024)]);
    await expectRefusedAndNothingStored(await upload(ada.cookie, oversized, "huge.jpg"), ASSET_MESSAGES.imageTooLarge);
    await expectRefusedAndNothingStored(
      await upload(ada.cookie, video, "long.mp4", { "content-length": String(600 * 1024 * 1024) }),
      ASSET_MESSAGES.videoTooLarge,
    );
    expect(await rowsOf(ada.organizationId)).toEqual(before);
    expect(storedFiles(ada.organizationId)).toEqual(files);
  });

  it("refuses a decompression bomb and a truncated video, storing nothing", async () => {
    const before = await rowsOf(ada.organizationId);
    const files = storedFiles(ada.organizationId);
    await expectRefusedAndNothingStored(
      await upload(ada.cookie, decompressionBombPng(), "tiny.png"),
      ASSET_MESSAGES.tooManyPixels,
    );
    await expectRefusedAndNothingStored(
      await upload(ada.cookie, video.subarray(0, Math.floor(video.length / 2)), "cut.mp4"),
      ASSET_MESSAGES.brokenVideo,
    );
    await expectRefusedAndNothingStored(
      await upload(ada.cookie, (await jpegOf(200, 200)).subarray(0, 300), "cut.jpg"),
      ASSET_MESSAGES.brokenImage,
    );
    expect(await rowsOf(ada.organizationId)).toEqual(before);
    expect(storedFiles(ada.organizationId)).toEqual(files);
  });

  it("refuses an anonymous upload and one without our origin", async () => {
    expect((await upload(null, await pngOf(10, 10), "a.png")).status).toBe(401);
    const forged = await app.request("/asset-uploads", {
      method: "POST",
      headers: { origin: "https://evil.example", cookie: ada.cookie },
      body: new Uint8Array(await pngOf(10, 10)),
    });
    expect(forged.status).toBe(403);
  });
});

describe("tenant isolation", () => {
  it("lists and serves an upload only to its own organization, even with its URL", async () => {
    const response = await upload(ada.cookie, await pngOf(100, 100), "Private launch.png");
    const { asset } = (await response.json()) as { asset: LibraryCreative };
    for (const url of [asset.fileUrl, asset.thumbnailUrl, asset.fileUrl?.replace(/file$/, "original")]) {
      expect((await fetchFile(url ?? "", grace.cookie)).status).toBe(404);
      expect((await fetchFile(url ?? "", null)).status).toBe(401);
      expect((await fetchFile(url ?? "", ada.cookie)).status).toBe(200);
    }
    expect(await rowsOf(grace.organizationId)).toEqual([]);
  });
});
