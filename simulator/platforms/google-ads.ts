import { Hono } from "hono";
import type { SandboxKit } from "../sandbox-kit.ts";
import { registerGoogleYouTube } from "./google-ads-ads.ts";
import { registerGoogleAdsApi } from "./google-ads-api.ts";
import { registerGoogleOAuth } from "./google-ads-oauth.ts";

/**
 * The Google Ads sandbox, mounted at /sandbox/google-ads: Google's OAuth consent and token
 * endpoints (/o/oauth2/v2/auth, /token, /revoke) and the Ads API REST v26 (/v26/…) with its real shapes:
 * int64 as strings, money in micros, GAQL, `:search` pages of 10,000 rows with nextPageToken,
 * `:searchStream` as a JSON array of batches, and Google's Status + GoogleAdsFailure errors; ad groups,
 * ads and assets (google-ads-ads.ts) and the YouTube URLs of its video assets.
 */

export interface GoogleAdsSandboxOptions {
  /** Rows per `:search` page and per `:searchStream` batch; Google's is a fixed 10,000. Tests lower it. */
  pageSize?: number;
}

export function createGoogleAdsSandbox(kit: SandboxKit, options: GoogleAdsSandboxOptions = {}): Hono {
  const pageSize = options.pageSize ?? 10_000;
  const app = new Hono();
  registerGoogleOAuth(app, kit);
  registerGoogleAdsApi(app, kit, pageSize);
  registerGoogleYouTube(app);
  return app;
}
