import { randomBytes } from "node:crypto";
import { createMiddleware } from "hono/factory";

export interface SecurityHeadersOptions {
  isProduction: boolean;
  /** Vite's dev server injects inline module scripts and talks over a websocket. */
  isDevServer?: boolean;
}

export type SecurityVariables = { nonce: string };

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, drawn from the CSPRNG at once: one call instead of one per request. */
const NONCE_POOL_BYTES = NONCE_BYTES * 256;
let noncePool = Buffer.alloc(0);
let noncePoolOffset = NONCE_POOL_BYTES;

/** 16 fresh random bytes, base64: each pool byte is used once. */
function freshNonce(): string {
  if (noncePoolOffset >= NONCE_POOL_BYTES) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

/** A fresh CSP nonce per request, and the headers every response carries. */
export function securityHeaders({ isProduction, isDevServer = false }: SecurityHeadersOptions) {
  // The policy is built once; only the nonce changes from one request to the next.
  const policy = (scriptSrc: string) =>
    [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      // Radix positions popovers with inline style attributes.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self' data:",
      `connect-src 'self'${isDevServer ? " ws: wss:" : ""}`,
      "object-src 'none'",
      // The Web Push service worker (/sw.js): 'strict-dynamic' above would ignore 'self' for it.
      "worker-src 'self'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      ...(isProduction ? ["upgrade-insecure-requests"] : []),
    ].join("; ");
  const devPolicy = policy(`'self' 'unsafe-inline'`);
  const [beforeNonce, afterNonce] = policy(`'self' 'nonce-\u0000' 'strict-dynamic'`).split("\u0000");
  const fixedHeaders: Array<[string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
    ...(isProduction
      ? [["Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload"] as [string, string]]
      : []),
  ];
  return createMiddleware<{ Variables: SecurityVariables }>(async (c, next) => {
    const nonce = freshNonce();
    c.set("nonce", nonce);
    await next();
    const headers = c.res.headers;
    headers.set("Content-Security-Policy", isDevServer ? devPolicy : `${beforeNonce}${nonce}${afterNonce}`);
    for (const [name, value] of fixedHeaders) headers.set(name, value);
  });
}
