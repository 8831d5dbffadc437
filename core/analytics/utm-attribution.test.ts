import { describe, expect, it } from "vitest";
import { platformOfUtmSource } from "./utm-attribution.ts";

describe("UTM attribution", () => {
  it.each([
    ["google", "google-ads"],
    ["Google_Ads", "google-ads"],
    ["adwords", "google-ads"],
    ["gclid", "google-ads"],
    ["bing", "microsoft-ads"],
    ["Microsoft", "microsoft-ads"],
    ["facebook", "facebook-ads"],
    ["l.facebook.com", "facebook-ads"],
    ["FB", "facebook-ads"],
    ["instagram", "facebook-ads"],
    ["ig", "facebook-ads"],
    ["meta", "facebook-ads"],
    ["TikTok", "tiktok-ads"],
    ["linkedin", "linkedin-ads"],
    ["lnkd.in", "linkedin-ads"],
    ["newsletter", null],
    ["bigshop", null],
    ["", null],
    [null, null],
  ] as const)("%s → %s", (source, platform) => {
    expect(platformOfUtmSource(source)).toBe(platform);
  });
});
