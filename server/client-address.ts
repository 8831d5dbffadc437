import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { Env } from "#core/config/env.ts";

export type ClientAddressResolver = (c: Context) => string;

export type ProxyTrust = Pick<Env, "TRUST_PROXY" | "TRUST_PROXY_HOPS">;

/**
 * The client's address for per-address rate limits: the socket's remote address, or, behind
 * TRUST_PROXY, the X-Forwarded-For entry our own proxies wrote (see forwardedClientAddress).
 * In-process requests (tests) are "local".
 */
export function clientAddressOf(c: Context, trust: ProxyTrust): string {
  if (trust.TRUST_PROXY) {
    const forwarded = forwardedClientAddress(c.req.header("x-forwarded-for"), trust.TRUST_PROXY_HOPS);
    if (forwarded) return forwarded;
  }
  try {
    return normalizeAddress(getConnInfo(c).remote.address ?? "") ?? "unknown";
  } catch {
    // In-process requests (tests) have no socket.
    return "local";
  }
}

/**
 * Each proxy appends the address it received the request from, so only the right-most `hops`
 * entries were written by proxies we run; everything to their left is whatever the client sent.
 * The client is therefore the entry `hops` places from the right (the last one with one proxy).
 * A header shorter than that (a proxy that did not append, a misconfigured count) gives its
 * left-most entry. Several X-Forwarded-For headers arrive joined with commas, which reads the same.
 * Returns null when that entry is not an IP address, so the caller falls back to the socket.
 */
export function forwardedClientAddress(header: string | undefined, hops: number): string | null {
  if (!header) return null;
  const entries = header
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const entry = entries[Math.max(0, entries.length - Math.max(1, hops))] ?? "";
  return normalizeAddress(entry);
}

/**
 * "203.0.113.7:5123" → "203.0.113.7", "[2001:db8::1]:443" → "2001:db8::1", "::ffff:10.0.0.1" →
 * "10.0.0.1", IPv6 lower-cased; null for anything that is not an IP address (a rate-limit key
 * must not be free text of the client's choosing).
 */
export function normalizeAddress(raw: string): string | null {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1] ?? "";
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) address = mapped[1] ?? "";
  return isIP(address) ? address : null;
}
