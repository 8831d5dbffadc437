/**
 * GET /creative-media/:creativeId/:variant (thumbnail | media): a synced creative's image for a
 * member of its organization (another organization's id reads as missing). The platform's URL is
 * never given to the browser: core fetches it once through the outbound guard and keeps it in
 * storage (docs/decisions/014-asset-library-media-proxy.md); an image our own origin serves (the sandbox
 * in development) is redirected to. No image: 404, and the library shows its placeholder.
 */
import { type Context, Hono } from "hono";
import { actorOf } from "#app/lib/session.server.ts";
import { ASSET_MESSAGES } from "#core/assets/asset-messages.ts";
import { CREATIVE_MEDIA_VARIANTS, type CreativeMediaVariant } from "#core/assets/get-creative-media.ts";
import type { ServerServices } from "../services.ts";

type Services = Pick<ServerServices, "accounts" | "assets">;

export function creativeMediaRoutes(services: Services) {
  return new Hono().get("/creative-media/:creativeId/:variant", async (c: Context) => {
    const viewer = await services.accounts.getViewerContext(c.req.raw.headers);
    if (!viewer) return c.json({ error: { code: "unauthorized", message: ASSET_MESSAGES.signIn } }, 401);
    const variant = c.req.param("variant");
    if (!CREATIVE_MEDIA_VARIANTS.includes(variant as CreativeMediaVariant)) return c.text("Not found", 404);
    const media = await services.assets.getCreativeMedia(actorOf(viewer), {
      creativeId: c.req.param("creativeId") ?? "",
      variant: variant as CreativeMediaVariant,
    });
    if (!media) return c.text("Not found", 404, { "Cache-Control": "private, max-age=60" });
    if (media.type === "redirect") return c.redirect(media.location, 302);
    return c.body(new Uint8Array(media.bytes), 200, {
      "Content-Type": media.contentType,
      "Content-Length": String(media.bytes.length),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, max-age=3600",
    });
  });
}
