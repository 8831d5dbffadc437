/** How the server reaches synced creatives' images (core/assets/get-creative-media.ts; docs/decisions/014-asset-library-media-proxy.md). */
import { createOutboundFetch } from "#adapters/outbound-http.ts";
import type { CreativeMediaFetch } from "#core/assets/get-creative-media.ts";
import type { Env } from "#core/config/env.ts";

/** Platform image URLs through the outbound guard (public addresses only, https in production). */
export function creativeMediaFetch(env: Pick<Env, "isProduction">): CreativeMediaFetch {
  return async (url, maxBytes) => {
    const fetchGuarded = createOutboundFetch({
      requireHttps: env.isProduction,
      maxResponseBytes: maxBytes,
      timeoutMs: 15_000,
      maxRedirects: 3,
    });
    const response = await fetchGuarded(url, { headers: { accept: "image/*" } });
    if (!response.ok) throw new Error(`The platform answered ${response.status}.`);
    return new Uint8Array(await response.arrayBuffer());
  };
}

/**
 * The path of an image the built-in sandbox serves on our own origin (ADS_SANDBOX with its default
 * URL, APP_URL/sandbox): its generated creatives under /media/, and the pages that stand in for a
 * platform's own image hosts (Google's i.ytimg.com thumbnails, which redirect to a poster). The
 * browser loads it from there; anything else is a foreign URL.
 */
export function ownMediaPathOf(env: Pick<Env, "APP_URL" | "ADS_SANDBOX" | "ADS_SANDBOX_URL">) {
  return (url: string): string | null => {
    if (!env.ADS_SANDBOX || !env.ADS_SANDBOX_URL) return null;
    try {
      const target = new URL(url);
      const sandbox = new URL(env.ADS_SANDBOX_URL);
      const app = new URL(env.APP_URL);
      if (target.origin !== app.origin || sandbox.origin !== app.origin) return null;
      const root = sandbox.pathname.replace(/\/+$/, "");
      return target.pathname.startsWith(`${root}/`) ? `${target.pathname}${target.search}` : null;
    } catch {
      return null;
    }
  };
}
