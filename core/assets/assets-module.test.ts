/**
 * The asset library's use cases on the real database: rename, tags and search (by name, by tag,
 * by kind, paged), who may change what, and that one organization never sees another's creatives.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalFileStorage } from "#adapters/file-storage.ts";
import { type Role, userActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { parseAssetFilters } from "./asset-schemas.ts";
import { createAssetsModule } from "./assets-module.ts";
import { mp4Video, pngOf } from "./assets-test-fixture.ts";

let database: DatabaseHandle;
let folder: string;
let assets: ReturnType<typeof createAssetsModule>;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = mkdtempSync(path.join(TEST_DATA_DIR, "assets-module-"));
  assets = createAssetsModule({
    db: database.db,
    storage: createLocalFileStorage(path.join(folder, "uploads")),
    workDirectory: path.join(folder, "work"),
  });
});

afterAll(async () => {
  await database?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function organization(name: string) {
  const userId = randomUUID();
  await database.db
    .insertInto("user")
    .values({ id: userId, name, email: `${userId}@example.test`, emailVerified: true })
    .execute();
  const { organizationId } = await createOrganizationRepository(database.db).createWithOwner({
    name: `${name}'s workspace`,
    ownerId: userId,
  });
  return (role: Role = "owner") => userActor({ userId, name, organizationId, role });
}

const filters = (query: string) => parseAssetFilters(new URLSearchParams(query));

async function uploadPng(actor: ReturnType<Awaited<ReturnType<typeof organization>>>, fileName: string) {
  return assets.uploadAsset(actor, { body: Readable.from([await pngOf(32, 32)]), fileName, declaredBytes: null });
}

describe("the asset library", () => {
  it("renames, tags and finds creatives by name, tag and kind, a page at a time", async () => {
    const as = await organization("Ada");
    const owner = as();
    const hero = await uploadPng(owner, "hero.png");
    const banner = await uploadPng(owner, "Banner 100% off.png");
    await assets.renameAsset(owner, { assetId: hero.id, name: "  Black Friday hero " });
    expect(await assets.setAssetTags(owner, { assetId: hero.id, tags: ["Summer Sale", "summer sale ", "Q4"] })).toEqual(
      {
        tags: ["q4", "summer sale"],
      },
    );
    const all = await assets.listAssets(owner, filters(""));
    // Newest first; both arrived within the same second here, so only the set is certain.
    expect(all.items.map((item) => item.name).sort()).toEqual(["Banner 100% off", "Black Friday hero"]);
    expect(all.tags).toEqual(["q4", "summer sale"]);
    expect((await assets.listAssets(owner, filters("q=friday"))).items.map((item) => item.id)).toEqual([hero.id]);
    expect((await assets.listAssets(owner, filters("q=100%25"))).items.map((item) => item.id)).toEqual([banner.id]);
    expect((await assets.listAssets(owner, filters("q=summer"))).items.map((item) => item.id)).toEqual([hero.id]);
    expect((await assets.listAssets(owner, filters("tag=Q4"))).items.map((item) => item.tags)).toEqual([
      ["q4", "summer sale"],
    ]);
    expect((await assets.listAssets(owner, filters("kind=video"))).total).toBe(0);
    expect((await assets.listAssets(owner, filters("page=2"))).items).toEqual([]);
    const log = await database.db
      .selectFrom("audit_events")
      .select(["action", "target_label"])
      .where("organization_id", "=", owner.organizationId)
      .orderBy("id")
      .execute();
    expect(log.map((entry) => [entry.action, entry.target_label])).toEqual([
      ["creative.uploaded", "hero"],
      ["creative.uploaded", "Banner 100% off"],
      ["creative.updated", "Black Friday hero"],
      ["creative.updated", "Black Friday hero"],
    ]);
  });

  it("refuses a bad name or tag with the field's message and changes nothing", async () => {
    const owner = (await organization("Bea"))();
    const asset = await uploadPng(owner, "a.png");
    await expect(assets.renameAsset(owner, { assetId: asset.id, name: "   " })).rejects.toMatchObject({
      message: "Enter a name.",
      details: { fieldErrors: { name: "Enter a name." } },
    });
    await expect(assets.setAssetTags(owner, { assetId: asset.id, tags: ["<script>"] })).rejects.toMatchObject({
      message: "Tags use letters, numbers, spaces and - _ & + . only.",
    });
    const [item] = (await assets.listAssets(owner, filters(""))).items;
    expect(item).toMatchObject({ name: "a", tags: [] });
  });

  it("lets analysts and viewers read the library but not change it", async () => {
    const as = await organization("Cy");
    const asset = await uploadPng(as("manager"), "m.png");
    for (const role of ["analyst", "viewer"] as const) {
      expect((await assets.listAssets(as(role), filters(""))).total).toBe(1);
      await expect(uploadPng(as(role), "x.png")).rejects.toMatchObject({ code: "forbidden" });
      await expect(assets.renameAsset(as(role), { assetId: asset.id, name: "x" })).rejects.toMatchObject({
        code: "forbidden",
      });
      await expect(assets.deleteAsset(as(role), { assetId: asset.id })).rejects.toMatchObject({ code: "forbidden" });
    }
  });

  it("keeps each organization's creatives to itself, and deletes a creative with its files", async () => {
    const mine = (await organization("Dee"))();
    const theirs = (await organization("Eve"))();
    const asset = await uploadPng(mine, "secret.png");
    expect((await assets.listAssets(theirs, filters(""))).total).toBe(0);
    expect(await assets.getAssetFile(theirs, { assetId: asset.id, variant: "file" })).toBeNull();
    await expect(assets.renameAsset(theirs, { assetId: asset.id, name: "mine now" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(assets.deleteAsset(theirs, { assetId: asset.id })).rejects.toMatchObject({ code: "not_found" });
    const file = await assets.getAssetFile(mine, { assetId: asset.id, variant: "file" });
    file?.body.destroy();
    expect(file?.contentType).toBe("image/png");
    await assets.deleteAsset(mine, { assetId: asset.id });
    expect((await assets.listAssets(mine, filters(""))).total).toBe(0);
    expect(await assets.getAssetFile(mine, { assetId: asset.id, variant: "file" })).toBeNull();
  });

  it("keeps a video without a poster when no tool can make one: the library shows a placeholder", async () => {
    const owner = (await organization("Flo"))();
    const withoutTool = createAssetsModule({
      db: database.db,
      storage: createLocalFileStorage(path.join(folder, "uploads")),
      workDirectory: path.join(folder, "work"),
      makePoster: async () => "unavailable",
    });
    const video = await withoutTool.uploadAsset(owner, {
      body: Readable.from([await mp4Video(folder)]),
      fileName: "clip.mov",
      declaredBytes: null,
    });
    expect(video).toMatchObject({ kind: "video", thumbnailUrl: null, upload: { contentType: "video/mp4" } });
    expect(await withoutTool.getAssetFile(owner, { assetId: video.id, variant: "thumbnail" })).toBeNull();
  });
});
