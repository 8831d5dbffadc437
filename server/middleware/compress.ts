import { promisify } from "node:util";
import { deflate, gzip } from "node:zlib";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

const THRESHOLD_BYTES = 1024;
/** A body that ends within this many bytes is compressed whole, off the event loop, and sent with its length. */
const WHOLE_BODY_BYTES = 1024 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;
const compressWhole = { gzip: promisify(gzip), deflate: promisify(deflate) };
type Encoding = keyof typeof compressWhole;

/** gzip or deflate, whichever the client prefers (gzip on a tie), or none. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  let best: { encoding: Encoding; q: number } | undefined;
  let wildcard = 0;
  const explicit = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.trim().split(";");
    const qParameter = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    const q = qParameter ? Number(qParameter.slice(2)) : 1;
    const type = name.trim().toLowerCase();
    if (type === "*") wildcard = Number.isFinite(q) ? q : 0;
    else explicit.set(type, Number.isFinite(q) ? q : 0);
  }
  for (const encoding of ["gzip", "deflate"] as const) {
    const q = explicit.get(encoding) ?? wildcard;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  if (chunks.length === 1 && chunks[0]) return chunks[0] as Uint8Array<ArrayBuffer>;
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}

/**
 * Puts `response` in place of the finished one as it is: assigning c.res over a response would
 * rebuild it around its body as a stream (and copy the headers it already shares).
 */
function replaceResponse(c: Context, response: Response): void {
  c.res = undefined;
  c.res = response;
}

/**
 * Compression of text answers (what hono/compress did, without its costs on small bodies): every
 * compressible answer says `Vary: Accept-Encoding`; nothing else happens unless the client accepts
 * gzip or deflate. Then a page (HTML, streamed by React) is compressed as it streams; another body
 * is read first: under 1 KB it goes out as it is, up to 1 MB it is compressed whole on the thread
 * pool and sent with its length, and a longer one is compressed as it streams.
 * Headers are changed in place: c.header() after the handler would rebuild the finished response
 * around a stream, which @hono/node-server then writes chunk by chunk.
 */
export function compressText() {
  return createMiddleware(async (c, next) => {
    await next();
    const response = c.res;
    const headers = response.headers;
    const status = response.status;
    if (c.req.method === "HEAD" || status === 204 || status === 206 || status === 304) return;
    if (headers.has("Content-Encoding") || headers.has("Transfer-Encoding")) return;
    const type = headers.get("Content-Type");
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    const length = headers.get("Content-Length");
    if (length !== null && Number(length) < THRESHOLD_BYTES) return;
    const cacheControl = headers.get("Cache-Control");
    if (cacheControl && NO_TRANSFORM.test(cacheControl)) return;
    const vary = headers.get("Vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary)))
      headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");

    const encoding = acceptedEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    const body = response.body;
    if (!body) return;
    const etag = headers.get("ETag");
    if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    const init = { status, statusText: response.statusText, headers };

    const isPage = /^\s*text\/html/i.test(type);
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    let isWhole = false;
    // A page streams (the shell first); another body is read until it ends or is too long to hold.
    while (size < (isPage && length === null ? 1 : WHOLE_BODY_BYTES)) {
      const read = await reader.read();
      if (read.done) {
        isWhole = true;
        break;
      }
      chunks.push(read.value);
      size += read.value.byteLength;
    }
    if (isWhole && size < THRESHOLD_BYTES) {
      headers.set("Content-Length", String(size));
      replaceResponse(c, new Response(concat(chunks, size), init));
      return;
    }
    headers.set("Content-Encoding", encoding);
    if (isWhole) {
      const compressed = await compressWhole[encoding](concat(chunks, size));
      headers.set("Content-Length", String(compressed.byteLength));
      replaceResponse(
        c,
        new Response(new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength), init),
      );
      return;
    }
    headers.delete("Content-Length");
    const rest = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
      },
      async pull(controller) {
        const read = await reader.read();
        if (read.done) controller.close();
        else controller.enqueue(read.value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    replaceResponse(
      c,
      new Response(
        rest.pipeThrough(new CompressionStream(encoding) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>),
        init,
      ),
    );
  });
}
