/**
 * A creative's landing URL as its page shows it: the URL its clicks reach (the platform's tracking
 * suffix appended), its UTM parameters, and the ones Adhelm needs that are missing.
 */
import { REQUIRED_UTM_PARAMETERS } from "#core/ads/ad-utm.ts";

export interface LandingUrlFacts {
  /** The landing URL with the suffix appended, as a visitor arrives. */
  finalUrl: string;
  /** utm_* parameters, in order, from the URL and the suffix. */
  utm: Array<{ name: string; value: string; from: "url" | "suffix" }>;
  /** Required parameters with no value anywhere. */
  missing: string[];
}

function queryOf(text: string): URLSearchParams {
  const trimmed = text.trim();
  const start = trimmed.indexOf("?");
  const query = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
    ? start === -1
      ? ""
      : trimmed.slice(start + 1)
    : trimmed.replace(/^[?&]/, "");
  return new URLSearchParams(query.split("#")[0]);
}

export function landingUrlFacts(landingUrl: string | null, urlSuffix: string | null): LandingUrlFacts | null {
  if (!landingUrl) return null;
  const suffix = urlSuffix?.trim().replace(/^[?&]/, "") ?? "";
  const [beforeHash = "", hash] = landingUrl.split("#", 2);
  const finalUrl = suffix
    ? `${beforeHash}${beforeHash.includes("?") ? "&" : "?"}${suffix}${hash ? `#${hash}` : ""}`
    : landingUrl;
  const utm: LandingUrlFacts["utm"] = [];
  for (const [from, params] of [
    ["url", queryOf(landingUrl)],
    ["suffix", queryOf(suffix)],
  ] as const) {
    for (const [name, value] of params) if (name.toLowerCase().startsWith("utm_")) utm.push({ name, value, from });
  }
  const missing = REQUIRED_UTM_PARAMETERS.filter(
    (name) => !utm.some((parameter) => parameter.name === name && parameter.value.trim() !== ""),
  );
  return { finalUrl, utm, missing };
}
