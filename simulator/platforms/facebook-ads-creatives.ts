import type { SimAccount, SimCreative } from "../sandbox-kit.ts";
import { PLATFORM } from "./facebook-ads-common.ts";
import type { GraphErrorSpec } from "./facebook-ads-graph.ts";

/**
 * Meta's ad creatives in the Graph API sandbox: the fields an ad's `creative{…}` expansion
 * serves, the page post (object_story_spec) behind it, and the checks of a new creative
 * (POST /act_{id}/adcreatives), which the sandbox keeps in its records.
 */

export const CREATIVE_FIELDS = [
  "id",
  "account_id",
  "name",
  "object_type",
  "title",
  "body",
  "link_url",
  "url_tags",
  "image_url",
  "thumbnail_url",
  "video_id",
  "call_to_action_type",
  "object_story_spec",
] as const;

/** A field of a `fields=` selection, with the sub-selection of an expanded edge (`creative{id,title}`). */
export interface FieldSelection {
  name: string;
  fields: string[] | null;
}

/** Reads `a,b,creative{x,y}`; the first field not in `allowed` (or not in the creative's fields) is named. */
export function readFieldSelection(
  value: string | undefined,
  allowed: readonly string[],
): FieldSelection[] | { unknownField: string; nodeType: string } {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const character of (value ?? "id").replace(/\s+/g, "")) {
    if (character === "," && depth === 0) {
      parts.push(current);
      current = "";
      continue;
    }
    if (character === "{") depth++;
    if (character === "}") depth--;
    current += character;
  }
  parts.push(current);
  const selections: FieldSelection[] = [];
  for (const part of parts.filter(Boolean)) {
    const match = /^([a-z_]+)(?:\{([a-z_,]*)\})?$/.exec(part);
    const name = match?.[1];
    if (!match || !name || !allowed.includes(name)) return { unknownField: part, nodeType: "Ad" };
    const sub = match[2] === undefined ? null : match[2].split(",").filter(Boolean);
    const unknownSub = sub?.find((field) => !(CREATIVE_FIELDS as readonly string[]).includes(field));
    if (unknownSub !== undefined) return { unknownField: unknownSub, nodeType: "AdCreative" };
    selections.push({ name, fields: sub });
  }
  return selections;
}

export function swappedKey(accountId: string): string {
  return `ad-creatives:${accountId}`;
}

export function creativeKey(creativeId: string): string {
  return `adcreative:${creativeId}`;
}

export interface StoredCreative {
  accountId: string;
  name: string;
  urlTags: string | null;
  /** The page post as sent (JSON); a new ad made of this creative shows it. Absent on older records. */
  objectStorySpec?: string | null;
}

/** The account's Facebook Page its ads run from. */
export function pageIdOf(account: SimAccount): string {
  return `1${account.id.slice(-9).padStart(9, "0")}55`;
}

export function objectTypeOf(creative: SimCreative): string {
  if (creative.kind === "video") return "VIDEO";
  if (creative.kind === "text") return "STATUS";
  return "SHARE";
}

export function videoIdOf(creative: SimCreative): string {
  return `2${creative.id.slice(-12).padStart(12, "0")}7`;
}

/** The sandbox-served file as an absolute URL on the host the request came to. */
export function absoluteMediaUrl(requestUrl: string, path: string | null): string | undefined {
  if (!path) return undefined;
  if (/^https?:\/\//.test(path)) return path;
  const url = new URL(requestUrl);
  const root = url.pathname.slice(0, Math.max(0, url.pathname.indexOf(`/${PLATFORM}/`)));
  return new URL(path.startsWith(`${root}/`) ? path : `${root}${path}`, url.origin).toString();
}

export function describeCreative(
  creative: SimCreative,
  creativeId: string,
  account: SimAccount,
  requestUrl: string,
): Record<string, unknown> {
  const image = absoluteMediaUrl(requestUrl, creative.mediaUrlPath);
  const thumbnail = absoluteMediaUrl(requestUrl, creative.thumbnailUrlPath);
  const callToAction = { type: "SHOP_NOW", value: { link: creative.landingUrl } };
  const objectStorySpec =
    creative.kind === "video"
      ? {
          page_id: pageIdOf(account),
          video_data: {
            video_id: videoIdOf(creative),
            title: creative.headline,
            message: creative.body,
            image_url: image,
            call_to_action: callToAction,
          },
        }
      : {
          page_id: pageIdOf(account),
          link_data: {
            link: creative.landingUrl,
            name: creative.headline,
            message: creative.body,
            picture: image,
            call_to_action: callToAction,
            // A carousel's cards; the sandbox knows the first one's image.
            ...(creative.kind === "carousel"
              ? {
                  child_attachments: [1, 2, 3].map((card) => ({
                    link: creative.landingUrl,
                    name: `${creative.headline} (${card}/3)`,
                    picture: image,
                  })),
                }
              : {}),
          },
        };
  return {
    id: creativeId,
    account_id: account.id,
    name: `${creative.headline} creative`,
    object_type: objectTypeOf(creative),
    title: creative.headline,
    body: creative.body,
    link_url: creative.landingUrl,
    url_tags: creative.urlSuffix ?? undefined,
    image_url: image,
    thumbnail_url: thumbnail,
    video_id: creative.kind === "video" ? videoIdOf(creative) : undefined,
    call_to_action_type: creative.kind === "text" ? undefined : "SHOP_NOW",
    object_story_spec: objectStorySpec,
  };
}

export function checkNewCreative(params: Record<string, string>, account: SimAccount): GraphErrorSpec | null {
  if (params.object_story_spec === undefined && params.object_story_id === undefined)
    return {
      message: "(#100) Either object_story_spec or object_story_id must be specified",
      code: 100,
    };
  if (params.object_story_spec !== undefined) {
    let spec: unknown;
    try {
      spec = JSON.parse(params.object_story_spec);
    } catch {
      spec = null;
    }
    const value = spec as { page_id?: unknown; link_data?: unknown; video_data?: unknown } | null;
    if (!value || typeof value !== "object")
      return { message: "(#100) Param object_story_spec must be a JSON object", code: 100 };
    if (String(value.page_id ?? "") !== pageIdOf(account))
      return {
        message: "(#100) The page_id of object_story_spec must be a Page this ad account can advertise for",
        code: 100,
        error_subcode: 1487472,
      };
    if (!value.link_data && !value.video_data)
      return { message: "(#100) object_story_spec must contain link_data or video_data", code: 100 };
  }
  if (params.url_tags !== undefined && (params.url_tags.includes("?") || params.url_tags.length > 1024))
    return {
      message: "(#100) url_tags must be query parameters (key=value&…) without a leading '?'",
      code: 100,
    };
  return null;
}
