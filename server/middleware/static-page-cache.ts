import { constants, crc32, deflateRawSync } from "node:zlib";
import { languageFromAcceptLanguage } from "#app/lib/i18n/languages.ts";
import { acceptedEncoding } from "./compress.ts";

/**
 * Set by app/entry.server.tsx on the whole HTML of a static page asked for anonymously: its value
 * is the language the page was written in. Removed here before the answer leaves.
 */
export const STATIC_PAGE_HEADER = "X-Adhelm-Static-Page";
/** Pages × languages kept at most: the public site has a few dozen pages, and a URL never seen is not kept once full. */
const MAX_PAGES = 400;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A last, empty stored block: the end of the deflate stream. */
const DEFLATE_END = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

interface KeptPage {
  /** The HTML around each place the nonce was. */
  parts: Buffer[];
  /** The same parts deflated on their own, each ending on a byte boundary (sync flush), none final. */
  deflatedParts: Buffer[];
  headers: Array<[string, string]>;
  uncompressedBytes: number;
}

/** The nonce as a stored (uncompressed, not final) deflate block, which may follow a sync-flushed block. */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = 0x00;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/**
 * One gzip member of the page with this request's nonce, without compressing the page again:
 * deflate blocks may follow one another, so the parts compressed once are joined around a stored
 * block holding the nonce, and the trailer's CRC-32 is computed over the page's bytes.
 */
function gzipWithNonce(page: KeptPage, nonce: Buffer): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  const nonceBlock = storedBlock(nonce);
  page.parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(nonceBlock);
      crc = crc32(nonce, crc);
    }
    pieces.push(page.deflatedParts[index] as Buffer);
    crc = crc32(part, crc);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((page.uncompressedBytes + nonce.length * (page.parts.length - 1)) >>> 0, 4);
  pieces.push(DEFLATE_END, trailer);
  return Buffer.concat(pieces);
}

/**
 * Static pages (app/lib/static-page.ts) do not change between releases: the first anonymous request
 * for one renders it, and the following ones (GET, no cookie, no query, same language) are answered
 * from memory with their own nonce put in, gzipped from parts compressed once. Anything else, or a
 * page that set a cookie or failed, is rendered as usual. Without `keepsPages` (tests, dev) nothing is kept.
 */
export function createStaticPageCache({ keepsPages }: { keepsPages: boolean }) {
  const pages = new Map<string, KeptPage>();

  /** The key of a request that may be answered from memory, or null. */
  function keyOf(request: Request, pathname: string): string | null {
    if (!keepsPages || request.method !== "GET" || request.headers.has("cookie")) return null;
    if (request.url.includes("?")) return null;
    return `${languageFromAcceptLanguage(request.headers.get("accept-language"))} ${pathname}`;
  }

  function answer(page: KeptPage, request: Request, nonce: string): Response {
    const headers = new Headers(page.headers);
    headers.set("Vary", "Accept-Encoding");
    const nonceBytes = Buffer.from(nonce);
    if (acceptedEncoding(request.headers.get("accept-encoding") ?? undefined) === "gzip") {
      const body = gzipWithNonce(page, nonceBytes);
      headers.set("Content-Encoding", "gzip");
      headers.set("Content-Length", String(body.byteLength));
      return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
        status: 200,
        headers,
      });
    }
    const body = Buffer.concat(page.parts.flatMap((part, index) => (index > 0 ? [nonceBytes, part] : [part])));
    headers.set("Content-Length", String(body.byteLength));
    return new Response(body.toString("utf8"), { status: 200, headers });
  }

  return {
    /** The kept page for this request, with its nonce, or null when it must be rendered. */
    find(request: Request, pathname: string, nonce: string): Response | null {
      const key = keyOf(request, pathname);
      const page = key === null ? undefined : pages.get(key);
      return page ? answer(page, request, nonce) : null;
    },

    /** Keeps a rendered page that entry.server.tsx marked, and answers it; anything else passes through. */
    async keep(request: Request, pathname: string, nonce: string, response: Response): Promise<Response> {
      const language = response.headers.get(STATIC_PAGE_HEADER);
      if (language === null) return response;
      const key = keyOf(request, pathname);
      if (key === null || !key.startsWith(`${language} `) || response.status !== 200 || pages.size >= MAX_PAGES) {
        response.headers.delete(STATIC_PAGE_HEADER);
        return response;
      }
      const html = Buffer.from(await response.arrayBuffer());
      const parts: Buffer[] = [];
      const nonceBytes = Buffer.from(nonce);
      let start = 0;
      for (let at = html.indexOf(nonceBytes); at !== -1; at = html.indexOf(nonceBytes, start)) {
        parts.push(html.subarray(start, at));
        start = at + nonceBytes.length;
      }
      parts.push(html.subarray(start));
      const headers: Array<[string, string]> = [];
      response.headers.forEach((value, name) => {
        if (name !== STATIC_PAGE_HEADER.toLowerCase()) headers.push([name, value]);
      });
      const page: KeptPage = {
        parts,
        deflatedParts: parts.map((part) =>
          deflateRawSync(part, { level: 9, flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH }),
        ),
        headers,
        uncompressedBytes: parts.reduce((total, part) => total + part.length, 0),
      };
      pages.set(key, page);
      return answer(page, request, nonce);
    },
  };
}
