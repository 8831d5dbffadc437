/**
 * What store attribution needs from an ad's clicks, and the suffix that gives it. Store orders are
 * claimed by the platform their utm_source names (core/analytics/utm-attribution.ts, word by word:
 * "google", "bing", "facebook"…), and their utm_campaign tells which campaign (by its platform id or
 * name) when a platform spends in several currencies; utm_medium is what analytics tools read
 * beside them. So an ad is tagged when its clicks carry all three and the source names its platform.
 *
 * A platform appends the suffix (Google/Microsoft final URL suffix, Meta url_tags) to the landing
 * URL's own query, so where both carry a parameter the landing URL's comes first and is the one a
 * store reads. Parameters are handled as raw text: a team's ValueTrack ({campaignid}) or Meta
 * macros ({{ad.id}}) are kept byte for byte.
 */
import { platformOfUtmSource } from "#core/analytics/utm-attribution.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { RequiredUtmParameter, UtmDiagnosis, UtmFixBlocker } from "./utm-health-types.ts";

export const REQUIRED_UTM_PARAMETERS: readonly RequiredUtmParameter[] = ["utm_source", "utm_medium", "utm_campaign"];

/** The values Adhelm sets: the source store attribution reads back as the platform, and the usual medium. */
export const UTM_TAGS_BY_PLATFORM: Record<AdPlatformId, { source: string; medium: string }> = {
  "google-ads": { source: "google", medium: "cpc" },
  "microsoft-ads": { source: "bing", medium: "cpc" },
  "facebook-ads": { source: "facebook", medium: "paid_social" },
  "tiktok-ads": { source: "tiktok", medium: "paid_social" },
  "linkedin-ads": { source: "linkedin", medium: "paid_social" },
};

/** The platforms whose API edits an ad's URL suffix (Google and Microsoft final URL suffix, Meta url_tags). */
export const SUFFIX_EDITABLE_PLATFORMS: ReadonlySet<AdPlatformId> = new Set([
  "google-ads",
  "microsoft-ads",
  "facebook-ads",
]);

interface RawParameter {
  /** The decoded name, for comparing. */
  name: string;
  /** The decoded value ("" when none). */
  value: string;
  /** The piece as written ("utm_source=google", "{ignore}"). */
  raw: string;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** The pieces of a query or a bare suffix ("a=1&b=2", "?a=1"), in order, as written. */
function piecesOf(query: string): RawParameter[] {
  return query
    .split("&")
    .filter((piece) => piece !== "")
    .map((raw) => {
      const equals = raw.indexOf("=");
      const name = decode(equals === -1 ? raw : raw.slice(0, equals)).trim();
      const value = equals === -1 ? "" : decode(raw.slice(equals + 1)).trim();
      return { name, value, raw };
    });
}

function queryOfUrl(url: string | null): RawParameter[] {
  if (!url) return [];
  const withoutFragment = url.trim().split("#")[0] ?? "";
  const start = withoutFragment.indexOf("?");
  return start === -1 ? [] : piecesOf(withoutFragment.slice(start + 1));
}

function queryOfSuffix(suffix: string | null): RawParameter[] {
  if (!suffix) return [];
  return piecesOf(suffix.trim().replace(/^[?&]+/, ""));
}

/** The first non-empty value of `name`. */
const valueIn = (parameters: RawParameter[], name: string): string | null =>
  parameters.find((parameter) => parameter.name === name && parameter.value !== "")?.value ?? null;

/** Which parameters the ad's clicks lack, and a utm_source that names no platform or another one. */
export function diagnoseUtm(platform: AdPlatformId, landingUrl: string | null, urlSuffix: string | null): UtmDiagnosis {
  const fromUrl = queryOfUrl(landingUrl);
  const fromSuffix = queryOfSuffix(urlSuffix);
  const effective = (name: string) => valueIn(fromUrl, name) ?? valueIn(fromSuffix, name);
  const missing = REQUIRED_UTM_PARAMETERS.filter((name) => effective(name) === null);
  const source = effective("utm_source");
  return { missing, wrongSource: source !== null && platformOfUtmSource(source) !== platform ? source : null };
}

export const isTagged = (diagnosis: UtmDiagnosis) => diagnosis.missing.length === 0 && diagnosis.wrongSource === null;

/** Why the ad cannot be fixed by setting its suffix; null when it can. */
export function fixBlockerOf(platform: AdPlatformId, landingUrl: string | null): UtmFixBlocker | null {
  if (!SUFFIX_EDITABLE_PLATFORMS.has(platform)) return "platform_unsupported";
  const source = valueIn(queryOfUrl(landingUrl), "utm_source");
  return source !== null && platformOfUtmSource(source) !== platform ? "landing_url_conflict" : null;
}

/**
 * The suffix that makes the ad's clicks carry what attribution needs, keeping every other parameter
 * of the current suffix as written: a parameter the landing URL already carries is left alone, one
 * the suffix carries with a usable value is kept, and the rest are set (utm_source to the platform's
 * source, utm_medium to its medium, utm_campaign to the campaign's platform id, which attribution
 * maps back to the campaign even after a rename).
 */
export function proposeUtmSuffix(
  platform: AdPlatformId,
  ad: { landingUrl: string | null; urlSuffix: string | null; campaignExternalId: string },
): string {
  const fromUrl = queryOfUrl(ad.landingUrl);
  const pieces = queryOfSuffix(ad.urlSuffix);
  const tags = UTM_TAGS_BY_PLATFORM[platform];
  const wanted: Record<RequiredUtmParameter, string> = {
    utm_source: tags.source,
    utm_medium: tags.medium,
    utm_campaign: ad.campaignExternalId,
  };
  const usable = (name: RequiredUtmParameter, value: string) =>
    value !== "" && (name !== "utm_source" || platformOfUtmSource(value) === platform);
  let result = pieces;
  for (const name of REQUIRED_UTM_PARAMETERS) {
    if (valueIn(fromUrl, name) !== null) continue;
    const first = result.find((piece) => piece.name === name);
    if (first && usable(name, first.value)) continue;
    const piece: RawParameter = {
      name,
      value: wanted[name],
      raw: `${name}=${encodeURIComponent(wanted[name])}`,
    };
    // Replaces an empty or wrong one in place (and drops its repeats), else appends.
    result = first
      ? result.flatMap((item) => (item.name !== name ? [item] : item === first ? [piece] : []))
      : [...result, piece];
  }
  return result.map((piece) => piece.raw).join("&");
}
