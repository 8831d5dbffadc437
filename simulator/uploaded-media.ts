import { type Context, Hono } from "hono";
import { AD_PLATFORM_IDS, type AdPlatformId } from "./lib/platform-ids.ts";
import { tenantOfToken } from "./market/ads.ts";
import type { MarketEngine } from "./sandbox-kit.ts";
import { THUMBNAIL_WIDTH } from "./sandbox-media.ts";

/** The API paths that upload an image (their bodies may be larger than other calls'). */
export const IMAGE_UPLOAD_PATH = /\/(assets:mutate|adimages)$/;

/**
 * Images uploaded through the platforms' APIs, as their CDNs serve them:
 * `/media/uploaded/<platform>/<tenant token>/<image id>` (the bytes as uploaded) and `…_thumb`
 * (a 320 px wide JPEG). See market/created-ads.ts.
 */
export function createUploadedMediaRoutes(engine: MarketEngine): Hono {
  const app = new Hono();
  app.get("/:platform/:tenant/:file", async (c) => {
    const platform = c.req.param("platform") as AdPlatformId;
    const tenant = tenantOfToken(c.req.param("tenant"));
    const match = /^([\w-]{1,64}?)(_thumb)?$/.exec(c.req.param("file"));
    if (!AD_PLATFORM_IDS.includes(platform) || tenant === null || !match) return notFound(c);
    const image = await engine.findUploadedImage(tenant, platform, match[1]!);
    if (!image) return notFound(c);
    const headers = { "Cache-Control": "public, max-age=31536000, immutable" };
    if (!match[2])
      return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, "Content-Type": image.contentType });
    const { default: sharp } = await import("sharp");
    const thumbnail = await sharp(image.bytes).resize({ width: THUMBNAIL_WIDTH }).jpeg({ quality: 75 }).toBuffer();
    return c.body(new Uint8Array(thumbnail) as Uint8Array<ArrayBuffer>, 200, {
      ...headers,
      "Content-Type": "image/jpeg",
    });
  });
  return app;
}

function notFound(c: Context) {
  return c.json({ error: { code: "not_found", message: "No such image." } }, 404);
}
