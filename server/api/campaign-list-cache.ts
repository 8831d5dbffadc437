/**
 * Finished pages of GET /api/v1/campaigns (the JSON text), filed under the organization's campaign
 * list version (migration 0010's triggers move it on every write the list could show), so a page
 * is served again only while nothing it shows has changed, on this node or any other. Reading the
 * version is one key lookup; building a page is a joined query, the mapping and the JSON, which is
 * most of what a list call costs. Old versions' pages are never asked for again and age out.
 */
import type { Context, TypedResponse } from "hono";
import type { WireCampaignList } from "../../core/public-api/public-api-schemas.ts";

/** A page as JSON text, still typed as the page, so answering with it is checked like c.json(). */
export type CampaignListJson = string & { readonly page: WireCampaignList };

export function toCampaignListJson(page: WireCampaignList): CampaignListJson {
  return JSON.stringify(page) as CampaignListJson;
}

export function campaignListResponse(c: Context, json: CampaignListJson) {
  return c.body(json, 200, { "Content-Type": "application/json" }) as unknown as TypedResponse<
    WireCampaignList,
    200,
    "json"
  >;
}

export interface CampaignListCache {
  get(key: string): CampaignListJson | undefined;
  set(key: string, json: CampaignListJson): void;
}

/** Pages of every organization together: about 2,500 pages of 25 campaigns. */
const DEFAULT_MAX_CHARACTERS = 16 * 1024 * 1024;

export function campaignListCacheKey(organizationId: string, version: number, query: unknown): string {
  return `${organizationId}\n${version}\n${JSON.stringify(query)}`;
}

export function createCampaignListCache(maxCharacters = DEFAULT_MAX_CHARACTERS): CampaignListCache {
  // A Map iterates in insertion order; a hit moves its page to the end, so the first is the least recently used.
  const pages = new Map<string, CampaignListJson>();
  let characters = 0;
  return {
    get(key) {
      const json = pages.get(key);
      if (json !== undefined) {
        pages.delete(key);
        pages.set(key, json);
      }
      return json;
    },
    set(key, json) {
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
    },
  };
}
