/** The sandbox's creative images: real JPEGs, the same bytes every time, 404 for unknown ones. */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { sandboxHostOptions } from "#tests/support/sandbox-server.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { tenantToken } from "./market/ads.ts";
import { createSandboxApp } from "./sandbox-app.ts";

describe("creative images", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const appOf = () =>
    createSandboxApp({
      ...sandboxHostOptions(database.db),
      secret: "m".repeat(40),
      platforms: {},
      requestsPerMinute: 1000,
    });

  async function creativesOf(kind: "image" | "video") {
    const { kit } = appOf();
    for (const platform of ["facebook-ads", "google-ads", "tiktok-ads"] as const) {
      for (const account of kit.engine.listAccounts("org_media", platform)) {
        const ad = (await kit.engine.listAds("org_media", platform, account.id)).find((a) => a.creative.kind === kind);
        if (ad) return { platform, creative: ad.creative };
      }
    }
    throw new Error(`no ${kind} creative`);
  }

  it("serves the same real JPEG twice, full size and as a 320 px thumbnail, cacheable for ever", async () => {
    const { creative } = await creativesOf("image");
    const first = await appOf().app.request(creative.mediaUrlPath!);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/jpeg");
    expect(first.headers.get("cache-control")).toContain("immutable");
    const bytes = Buffer.from(await first.arrayBuffer());
    // Another sandbox (no shared cache) renders the very same bytes.
    const again = Buffer.from(await (await appOf().app.request(creative.mediaUrlPath!)).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.width).toBeGreaterThanOrEqual(1080);
    const thumbnail = await appOf().app.request(creative.thumbnailUrlPath!);
    expect(thumbnail.status).toBe(200);
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).width).toBe(320);
  });

  it("gives a video creative a poster frame", async () => {
    const { creative } = await creativesOf("video");
    const poster = await appOf().app.request(creative.thumbnailUrlPath!);
    expect(poster.status).toBe(200);
    expect((await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).format).toBe("jpeg");
  });

  it("answers 404 for an unknown creative, another tenant's or a malformed path", async () => {
    const { app } = appOf();
    const { platform, creative } = await creativesOf("image");
    const token = tenantToken("org_media");
    expect((await app.request(`/media/${platform}/${token}/99999.jpg`)).status).toBe(404);
    expect((await app.request(creative.mediaUrlPath!.replace(token, tenantToken("org_other")))).status).toBe(404);
    expect((await app.request(`/media/${platform}/${token}/${creative.id}.png`)).status).toBe(404);
    expect((await app.request(`/media/nowhere/${token}/${creative.id}.jpg`)).status).toBe(404);
  });
});
