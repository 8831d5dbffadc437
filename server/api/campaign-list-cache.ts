/**
 * Finished pages of GET /api/v1/campaigns (the JSON text), filed under the organization's campaign
 * list version (migration 0010's triggers move it on every write the list could show), so a page
 * is served again only while nothing it shows has changed, on this node or any other. Reading the
 * version is one key lookup; building a page is a joined query, the mapping and the JSON, which is
 * most of what a list call costs. Old versions' pages are never asked for again and age out.
 */
import type { Context, TypedResponse } from "hono";
import type { CampaignRepository } from "../../core/campaigns/campaign-repository.ts";
import type { WireCampaignList } from "../../core/public-api/public-api-schemas.ts";

/** A page as JSON text, still typed as the page, so answering with it is checked like c.json(). */
export type CampaignListJson = string & { readonly page: WireCampaignList };

export function campaignListResponse(c: Context, json: CampaignListJson) {
  return c.body(json, 200, { "Content-Type": "application/json" }) as unknown as TypedResponse<
    WireCampaignList,
    200,
    "json"
  >;
}

export interface CampaignListCache {
  /**
   * The organization's page for `query`: kept, or built by `build` and kept. The version is read
   * before anything is built: a write landing in between moves it, so a page is never filed under
   * a version older than what it shows.
   */
  pageJson(request: {
    campaigns: Pick<CampaignRepository, "listVersion">;
    organizationId: string;
    query: unknown;
    build: () => Promise<WireCampaignList>;
  }): Promise<CampaignListJson>;
}

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
    async pageJson({ campaigns, organizationId, query, build }) {
      const version = await campaigns.listVersion(organizationId);
      const key = `${organizationId}\n${version}\n${JSON.stringify(query)}`;
      const kept = get(key);
      if (kept !== undefined) return kept;
      const json = JSON.stringify(await build()) as CampaignListJson;
      set(key, json);
      return json;
    },
  };
}
