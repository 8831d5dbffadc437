/** What store attribution needs from an ad's clicks, and the suffix that gives it without losing the team's own parameters. */
import { describe, expect, it } from "vitest";
import { storeOrderClaimant } from "#core/analytics/utm-attribution.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";
import { diagnoseUtm, fixBlockerOf, isTagged, proposeUtmSuffix, UTM_TAGS_BY_PLATFORM } from "./utm-tagging.ts";

describe("diagnosing an ad's UTM parameters", () => {
  it("finds them in the landing URL or the suffix, and names what is missing", () => {
    expect(
      diagnoseUtm("google-ads", "https://shop.example/?utm_source=google&utm_medium=cpc", "utm_campaign=123"),
    ).toEqual({ missing: [], wrongSource: null });
    expect(diagnoseUtm("google-ads", "https://shop.example/p?utm_source=google", null)).toEqual({
      missing: ["utm_medium", "utm_campaign"],
      wrongSource: null,
    });
    expect(diagnoseUtm("facebook-ads", null, "utm_source=&utm_medium=paid_social")).toEqual({
      missing: ["utm_source", "utm_campaign"],
      wrongSource: null,
    });
  });

  it("flags a utm_source that names no platform or another one, which attribution would not credit", () => {
    const newsletter = diagnoseUtm(
      "google-ads",
      "https://shop.example/?utm_source=newsletter&utm_medium=email&utm_campaign=x",
      null,
    );
    expect(newsletter).toEqual({ missing: [], wrongSource: "newsletter" });
    expect(isTagged(newsletter)).toBe(false);
    expect(diagnoseUtm("microsoft-ads", null, "utm_source=bing&utm_medium=cpc&utm_campaign=x").wrongSource).toBeNull();
    // The landing URL's parameter comes first in the click, so it is the one a store reads.
    expect(diagnoseUtm("google-ads", "https://s.example/?utm_source=facebook", "utm_source=google").wrongSource).toBe(
      "facebook",
    );
  });
});

describe("the suffix a fix sets", () => {
  it("adds the three parameters with values store attribution reads back as the ad's platform and campaign", () => {
    for (const platform of AD_PLATFORM_IDS) {
      const suffix = proposeUtmSuffix(platform, {
        landingUrl: "https://shop.example/p",
        urlSuffix: null,
        campaignExternalId: "987",
      });
      const query = new URLSearchParams(suffix);
      expect(query.get("utm_source")).toBe(UTM_TAGS_BY_PLATFORM[platform].source);
      expect(query.get("utm_campaign")).toBe("987");
      const claimant = storeOrderClaimant(
        [
          { platform, currency: "USD" },
          { platform, currency: "EUR" },
        ],
        [{ platform, name: "Spring sale", externalId: "987", currency: "USD" }],
      );
      // A store order carrying these parameters is credited to the platform, in the campaign's currency only.
      expect(claimant(query.get("utm_source"), "USD", query.get("utm_campaign"))).toBe(platform);
      expect(claimant(query.get("utm_source"), "EUR", query.get("utm_campaign"))).toBeNull();
      expect(isTagged(diagnoseUtm(platform, "https://shop.example/p", suffix))).toBe(true);
    }
  });

  it("keeps the team's own parameters as written and only sets what is missing or wrong", () => {
    expect(
      proposeUtmSuffix("google-ads", {
        landingUrl: "https://shop.example/?utm_medium=search",
        urlSuffix: "gclsrc={lpurl}&utm_source=newsletter&utm_content={creative}&utm_source=old",
        campaignExternalId: "42",
      }),
    ).toBe("gclsrc={lpurl}&utm_source=google&utm_content={creative}&utm_campaign=42");
    expect(
      proposeUtmSuffix("facebook-ads", {
        landingUrl: null,
        urlSuffix: "?utm_campaign={{campaign.name}}&ad={{ad.id}}",
        campaignExternalId: "7",
      }),
    ).toBe("utm_campaign={{campaign.name}}&ad={{ad.id}}&utm_source=facebook&utm_medium=paid_social");
  });

  it("cannot fix TikTok or LinkedIn, nor a landing URL whose own utm_source names another source", () => {
    expect(fixBlockerOf("tiktok-ads", "https://shop.example/")).toBe("platform_unsupported");
    expect(fixBlockerOf("linkedin-ads", null)).toBe("platform_unsupported");
    expect(fixBlockerOf("google-ads", "https://shop.example/?utm_source=newsletter")).toBe("landing_url_conflict");
    expect(fixBlockerOf("microsoft-ads", "https://shop.example/?utm_source=bing")).toBeNull();
  });
});
