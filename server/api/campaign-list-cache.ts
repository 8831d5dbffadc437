/**
 * Finished pages of GET /api/v1/campaigns (the JSON text), filed under the organization's campaign
 * list version (migration 0010's triggers move it on every write the list could show), so a page
 * is served again only while nothing it shows has changed, on this node or any other. Reading the
 * version is one key lookup; building a page is a joined query, the mapping and the JSON, which is
 * most of what a list call costs. Old versions' pages are never asked for again and age out.
 *
 * The same three things name the page to clients: its ETag is a digest of them and the page's
 * documented shape, so a client that sends it back in If-None-Match gets 304 Not Modified while nothing
 * it saw has changed, without the page being built or kept on this node.
 */
import { hash } from "node:crypto";
import type { Context, TypedResponse } from "hono";
import { z } from "zod";
import { campaignListSchema, type WireCampaignList } from "#core/public-api/public-api-schemas.ts";

/** A page as JSON text, still typed as the page, so answering with it is checked like c.json(). */
export type CampaignListJson = string & { readonly page: WireCampaignList };

/** The answer to a list call: the page, or null when the client's ETag still names it. */
export interface CampaignListPage {
  etag: string;
  json: CampaignListJson | null;
}

/** Revalidated on every use, never kept by a shared cache: a page is one organization's. */
const LIST_CACHE_CONTROL = "private, no-cache";

export function campaignListResponse(c: Context, { etag, json }: CampaignListPage) {
  const headers = { ETag: etag, "Cache-Control": LIST_CACHE_CONTROL };
  // No body: typed as what the route declares for its content-less 304.
  if (json === null) return c.body(null, 304, headers) as unknown as TypedResponse<Record<never, never>, 304, string>;
  return c.body(json, 200, { ...headers, "Content-Type": "application/json" }) as unknown as TypedResponse<
    WireCampaignList,
    200,
    "json"
  >;
}

export interface CampaignListCache {
  /**
   * The organization's page for `query`: kept, or built by `build` and kept; none when
   * `ifNoneMatch` (the request's If-None-Match) names it. The version is read before anything is
   * built: a write landing in between moves it, so a page is never filed under a version older
   * than what it shows.
   */
  page(request: {
    /** The organization's campaign list version (the campaigns module's `getCampaignListVersion`). */
    listVersion: () => Promise<number>;
    organizationId: string;
    query: unknown;
    ifNoneMatch?: string;
    build: () => Promise<WireCampaignList>;
  }): Promise<CampaignListPage>;
}

/** If-None-Match's list of entity tags (or `*`) names `etag`, compared weakly as RFC 9110 says for GET. */
function namesEtag(ifNoneMatch: string, etag: string): boolean {
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === opaque;
  });
}

/**
 * The page's shape as documented, digested into every ETag: a release that changes what a page
 * carries must not answer 304 to a tag from before it, though the list itself has not changed.
 */
const PAGE_FORMAT = hash("sha256", JSON.stringify(z.toJSONSchema(campaignListSchema)), "base64url");

/** Pages of every organization together: about 2,500 pages of 25 campaigns. */
const DEFAULT_MAX_CHARACTERS = 16 * 1024 * 1024;

export function createCampaignListCache(maxCharacters = DEFAULT_MAX_CHARACTERS): CampaignListCache {
  // A Map iterates in insertion order; a hit moves its page to the end, so the first is the least recently used.
  const pages = new Map<string, CampaignListJson>();
  let characters = 0;
  function get(key: string) {
    const json = pages.get(key);
    if (json !== undefined) {
      pages.delete(key);
      pages.set(key, json);
    }
    return json;
  }
  function set(key: string, json: CampaignListJson) {
    const size = key.length + json.length;
    if (size > maxCharacters) return;
    const previous = pages.get(key);
    if (previous !== undefined) {
      pages.delete(key);
      characters -= key.length + previous.length;
    }
    for (const [oldestKey, oldestJson] of pages) {
      if (characters + size <= maxCharacters) break;
      pages.delete(oldestKey);
      characters -= oldestKey.length + oldestJson.length;
    }
    pages.set(key, json);
    characters += size;
  }
  return {
    async page({ listVersion, organizationId, query, ifNoneMatch, build }) {
      const version = await listVersion();
      const key = `${organizationId}\n${version}\n${JSON.stringify(query)}`;
      // Weak: the same page is also sent gzipped, which a strong tag would have to tell apart.
      const etag = `W/"${hash("sha256", `${PAGE_FORMAT}\n${key}`, "base64url").slice(0, 27)}"`;
      if (ifNoneMatch !== undefined && namesEtag(ifNoneMatch, etag)) return { etag, json: null };
      const kept = get(key);
      if (kept !== undefined) return { etag, json: kept };
      const json = JSON.stringify(await build()) as CampaignListJson;
      set(key, json);
      return { etag, json };
    },
  };
}
