/**
 * Two app nodes with S3 configured, on one database and one store: an avatar uploaded through one
 * node's profile screen is served by the other's /media, and neither keeps it on its own disk.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as profileRoute from "#app/routes/app/profile.tsx";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { type FakeS3, startFakeS3 } from "#tests/support/fake-s3.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";
const S3 = {
  bucket: "adhelm-media",
  accessKeyId: "AKIAADHELMNODES01",
  secretAccessKey: "nodes-share-this-secret-0123456789",
};

let database: DatabaseHandle;
let fake: FakeS3;
const dataDirs: string[] = [];
let nodes: ReturnType<typeof createApp>[];

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeS3(S3);
  nodes = ["a", "b"].map((name) => {
    const dataDir = mkdtempSync(path.join(TEST_DATA_DIR, `s3-avatars-${name}-`));
    dataDirs.push(dataDir);
    const env = testEnv({
      APP_URL,
      DATA_DIR: dataDir,
      S3_BUCKET: S3.bucket,
      S3_ENDPOINT: fake.endpoint,
      S3_ACCESS_KEY_ID: S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    });
    const handlePage = createRouteHandler([{ path: "/profile", module: profileRoute }]);
    return createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
  });
});

afterAll(async () => {
  await database?.close().catch(() => {});
  await fake?.close();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

describe("avatars on S3", () => {
  it("are uploaded through one node and served by the other", async () => {
    const [nodeA, nodeB] = nodes as [ReturnType<typeof createApp>, ReturnType<typeof createApp>];
    const cookie = await verifiedSessionCookie(nodeA, {
      appUrl: APP_URL,
      dataDir: dataDirs[0] as string,
      email: `s3-avatar-${Date.now()}@example.com`,
    });
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("avatar", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
    const uploaded = await nodeA.request("/profile.data", {
      method: "POST",
      headers: { cookie, origin: APP_URL },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { avatarUrl } = (await uploaded.json()) as { avatarUrl: string };
    expect(avatarUrl).toMatch(/^\/media\/avatars\/[^/]+\/avatar\.webp\?v=[0-9a-f]{12}$/);

    const served = await nodeB.request(avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");

    // The file is in the bucket, not on either node's disk.
    const key = avatarUrl.slice("/media/".length).split("?")[0] as string;
    expect(fake.objects.get(key)?.contentType).toBe("image/webp");
    for (const dataDir of dataDirs) expect(existsSync(path.join(dataDir, "uploads"))).toBe(false);
  });
});
