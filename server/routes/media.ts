import { Hono } from "hono";
import type { FileStorage } from "#core/ports/file-storage.ts";

// Avatars and organization logos (core/organizations/update-organization-logo.ts).
const MEDIA_KEY = /^(avatars\/[A-Za-z0-9_-]{1,64}\/avatar|organizations\/[A-Za-z0-9_-]{1,64}\/logo)\.webp$/;

/** GET /media/*: uploaded files. URLs carry a content version, so answers are cached for a year. */
export function mediaRoutes(storage: FileStorage) {
  return new Hono().get("/media/*", async (c) => {
    const key = c.req.path.slice("/media/".length);
    if (!MEDIA_KEY.test(key)) return c.text("Not found", 404);
    const file = await storage.get(key);
    if (!file) return c.text("Not found", 404);
    return c.body(new Uint8Array(file.bytes), 200, {
      "Content-Type": file.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Disposition": "inline",
    });
  });
}
