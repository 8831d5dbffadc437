/**
 * The asset library's files over HTTP (issue 20 §2):
 * - POST /asset-uploads: one creative per request, its bytes as the body (the file's name in
 *   X-File-Name, URI-encoded). The body is streamed through core's checks, never held whole; it is
 *   mounted before the app's 5 MB body limit because core counts its own limits (30 MB images,
 *   500 MB videos) while streaming. The origin check (CSRF) has run; the session names the actor,
 *   and the use case checks the role.
 * - GET /asset-files/:assetId/:variant: a creative's file for a member of its organization only
 *   (another organization's id reads as missing), with its type, nosniff, a sandboxing CSP and
 *   byte ranges (videos seek).
 * Neither lives under /assets/, which production serves as the build's static files.
 */
import { Readable, Transform, type TransformCallback } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { type Context, Hono } from "hono";
import { actorOf } from "#app/lib/session.server.ts";
import { ASSET_MESSAGES } from "#core/assets/asset-messages.ts";
import { ASSET_FILE_VARIANTS, type AssetFileVariant } from "#core/assets/get-asset-file.ts";
import type { ServerServices } from "../services.ts";

type Services = Pick<ServerServices, "accounts" | "assets">;

const NOT_SIGNED_IN = { error: { code: "unauthorized", message: ASSET_MESSAGES.signIn } };

async function actorFor(services: Services, c: Context) {
  const viewer = await services.accounts.getViewerContext(c.req.raw.headers);
  return viewer ? actorOf(viewer) : null;
}

/** Passes bytes `start` to `end` (inclusive) of a stream, and ends it after them. */
function slice(start: number, end: number): Transform {
  let position = 0;
  let isDone = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (isDone) return done();
      const from = Math.max(start - position, 0);
      const to = Math.min(end + 1 - position, chunk.length);
      position += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (position > end) {
        // The range is sent: end the answer now instead of reading the rest of the file.
        isDone = true;
        this.push(null);
      }
      done();
    },
  });
}

/** "bytes=START-END" / "bytes=START-" / "bytes=-SUFFIX" → the inclusive range, or null (whole file). */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(size - Number(match[2]), 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

const headerSafeName = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);

export function assetFileRoutes(services: Services) {
  return new Hono()
    .post("/asset-uploads", async (c) => {
      const actor = await actorFor(services, c);
      if (!actor) return c.json(NOT_SIGNED_IN, 401);
      let fileName = "";
      try {
        fileName = decodeURIComponent(c.req.header("x-file-name") ?? "");
      } catch {
        fileName = "";
      }
      const length = Number(c.req.header("content-length"));
      const webBody = c.req.raw.body as WebReadableStream<Uint8Array> | null;
      const body = webBody ? Readable.fromWeb(webBody) : Readable.from([]);
      const asset = await services.assets.uploadAsset(actor, {
        body,
        fileName,
        declaredBytes: Number.isFinite(length) && length >= 0 ? length : null,
      });
      return c.json({ asset }, 201);
    })
    .get("/asset-files/:assetId/:variant", async (c) => {
      const actor = await actorFor(services, c);
      if (!actor) return c.json(NOT_SIGNED_IN, 401);
      const variant = c.req.param("variant");
      if (!ASSET_FILE_VARIANTS.includes(variant as AssetFileVariant)) return c.text("Not found", 404);
      const file = await services.assets.getAssetFile(actor, {
        assetId: c.req.param("assetId"),
        variant: variant as AssetFileVariant,
      });
      if (!file) return c.text("Not found", 404);
      const headers: Record<string, string> = {
        "Content-Type": file.contentType,
        "X-Content-Type-Options": "nosniff",
        // A file is never a document that runs anything, whatever its bytes.
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "private, max-age=3600",
        "Accept-Ranges": "bytes",
        "Content-Disposition":
          variant === "original" ? `attachment; filename*=UTF-8''${headerSafeName(file.name)}` : "inline",
      };
      const range = parseRange(c.req.header("range"), file.size);
      if (range === "unsatisfiable") {
        file.body.destroy();
        return c.body(null, 416, { ...headers, "Content-Range": `bytes */${file.size}` });
      }
      if (range) {
        const part = file.body.pipe(slice(range.start, range.end));
        part.on("end", () => file.body.destroy());
        part.on("close", () => file.body.destroy());
        return c.body(Readable.toWeb(part) as ReadableStream, 206, {
          ...headers,
          "Content-Range": `bytes ${range.start}-${range.end}/${file.size}`,
          "Content-Length": String(range.end - range.start + 1),
        });
      }
      return c.body(Readable.toWeb(file.body) as ReadableStream, 200, {
        ...headers,
        "Content-Length": String(file.size),
      });
    });
}
