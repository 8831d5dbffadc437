import { randomBytes } from "node:crypto";
import { createMiddleware } from "hono/factory";

export interface SecurityHeadersOptions {
  isProduction: boolean;
  /** Vite's dev server injects inline module scripts and talks over a websocket. */
  isDevServer?: boolean;
}

export type SecurityVariables = { nonce: string };

/** A fresh CSP nonce per request, and the headers every response carries. */
export function securityHeaders({ isProduction, isDevServer = false }: SecurityHeadersOptions) {
  return createMiddleware<{ Variables: SecurityVariables }>(async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    const scriptSrc = isDevServer ? `'self' 'unsafe-inline'` : `'self' 'nonce-${nonce}' 'strict-dynamic'`;
    const csp = [
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
    const headers = c.res.headers;
    headers.set("Content-Security-Policy", csp);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (isProduction) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  });
}
