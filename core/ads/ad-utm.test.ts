import { describe, expect, it } from "vitest";
import { hasUtmParameters } from "./ad-utm.ts";

describe("whether an ad's clicks carry the UTM parameters store attribution needs", () => {
  it("finds them in the landing URL, in the platform's suffix, or split between the two", () => {
    expect(hasUtmParameters("https://shop.example/p?utm_source=google&utm_medium=cpc&utm_campaign=fall", null)).toBe(
      true,
    );
    expect(hasUtmParameters("https://shop.example/p", "utm_source=meta&utm_medium=paid&utm_campaign=fall")).toBe(true);
    expect(
      hasUtmParameters("https://shop.example/p?utm_source=google", "?utm_medium=cpc&utm_campaign={campaignid}"),
    ).toBe(true);
  });

  it("says no when one is missing or empty, or there is no URL", () => {
    expect(hasUtmParameters("https://shop.example/p?utm_source=google&utm_medium=cpc", null)).toBe(false);
    expect(hasUtmParameters("https://shop.example/p?utm_source=google&utm_medium=cpc&utm_campaign=", null)).toBe(false);
    expect(hasUtmParameters("https://shop.example/p#utm_source=a&utm_medium=b&utm_campaign=c", null)).toBe(false);
    expect(hasUtmParameters(null, null)).toBe(false);
  });
});
