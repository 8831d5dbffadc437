/**
 * Whether an ad's clicks carry the UTM parameters Adhelm needs to attribute store orders to it
 * (utm_source, utm_medium and utm_campaign, each with a value): in the landing URL's query or in
 * the tracking parameters the platform appends (Google/Microsoft final URL suffix, Meta url_tags).
 */
export const REQUIRED_UTM_PARAMETERS = ["utm_source", "utm_medium", "utm_campaign"] as const;

/** The query parameters of a URL or of a bare suffix ("a=1&b=2", "?a=1"); none when it cannot be read. */
function parametersOf(text: string | null): URLSearchParams {
  if (!text) return new URLSearchParams();
  const trimmed = text.trim();
  const queryStart = trimmed.indexOf("?");
  const query = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
    ? queryStart === -1
      ? ""
      : trimmed.slice(queryStart + 1)
    : trimmed.replace(/^[?&]/, "");
  return new URLSearchParams(query.split("#")[0]);
}

export function hasUtmParameters(landingUrl: string | null, urlSuffix: string | null): boolean {
  const fromUrl = parametersOf(landingUrl);
  const fromSuffix = parametersOf(urlSuffix);
  return REQUIRED_UTM_PARAMETERS.every(
    (name) => (fromSuffix.get(name) ?? "").trim() !== "" || (fromUrl.get(name) ?? "").trim() !== "",
  );
}
