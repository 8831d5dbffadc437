import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

export type ClientAddressResolver = (c: Context) => string;

/**
 * The client's address for per-address rate limits: the socket's remote address, or the first
 * X-Forwarded-For entry behind a trusted proxy (TRUST_PROXY). In-process requests (tests) are "local".
 */
export function clientAddressOf(c: Context, isProxyTrusted: boolean): string {
  if (isProxyTrusted) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // In-process requests (tests) have no socket.
    return "local";
  }
}
