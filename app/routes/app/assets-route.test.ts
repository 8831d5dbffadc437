/**
 * /assets over HTTP, in process: the library's edit refused with each field's message and nothing
 * changed, then saved and found by its tag; an anonymous visitor sent to sign in and refused.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as assetsRoute from "#app/routes/app/assets.tsx";
import { pngOf } from "#core/assets/assets-test-fixture.ts";
import type { LibraryCreative } from "#core/assets/library-types.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;
let cookie: string;
let asset: LibraryCreative;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "assets-route-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([{ path: "/assets", module: assetsRoute }]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
  cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email: `ada-${Date.now()}@example.com` });
  const uploaded = await app.request("/asset-uploads", {
    method: "POST",
    headers: { origin: APP_URL, cookie, "x-file-name": "hero.png" },
    body: new Uint8Array(await pngOf(64, 64)),
  });
  asset = ((await uploaded.json()) as { asset: LibraryCreative }).asset;
}, 120_000);

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await app.request("/assets.data", {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const stored = () =>
  database.db
    .selectFrom("creative_assets")
    .leftJoin("creative_asset_tags", "creative_asset_tags.asset_id", "creative_assets.id")
    .select(["creative_assets.name", "creative_asset_tags.tag"])
    .where("creative_assets.id", "=", asset.id)
    .execute();

describe("/assets over HTTP", () => {
  it("refuses an edit with each field's message and changes nothing, then saves a good one", async () => {
    const refused = await post(
      { intent: "edit", assetId: asset.id, name: "Hero v2", tags: ["ok", "<bad>"] },
      { cookie },
    );
    expect(refused.status).toBe(422);
    expect(refused.text).toContain("Tags use letters, numbers, spaces and - _ & + . only.");
    expect(await stored()).toEqual([{ name: "hero", tag: null }]);

    const saved = await post(
      { intent: "edit", assetId: asset.id, name: " Hero v2 ", tags: ["Summer", "q4"] },
      { cookie },
    );
    expect(saved.status).toBe(200);
    expect((await stored()).map((row) => [row.name, row.tag]).sort()).toEqual([
      ["Hero v2", "q4"],
      ["Hero v2", "summer"],
    ]);
    const page = await app.request("/assets?tag=summer", { headers: { cookie } });
    expect(await page.text()).toContain("Hero v2");
  });

  it("sends an anonymous visitor to sign in and refuses their changes", async () => {
    const page = await app.request("/assets");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    expect((await post({ intent: "delete", assetId: asset.id })).status).toBe(401);
    expect(await stored()).not.toEqual([]);
  });
});
