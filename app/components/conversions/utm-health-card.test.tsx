import { describe, expect, it } from "vitest";
import type { UtmHealth } from "#core/utm-health/utm-health-types.ts";
import { renderTextIn } from "#tests/support/render-in-language.tsx";
import { UtmHealthCard } from "./utm-health-card.tsx";

const health: UtmHealth = {
  range: { from: "2026-10-22", to: "2026-11-20" },
  overall: { ads: 4, tagged: 1, share: 0.25 },
  platforms: [
    { platform: "google-ads", canFix: true, ads: 3, tagged: 1, share: 1 / 3 },
    { platform: "tiktok-ads", canFix: false, ads: 1, tagged: 0, share: 0 },
  ],
  untagged: [
    {
      adId: "a1",
      adName: "Spring search",
      adStatus: "enabled",
      adGroupName: "Brand",
      campaignId: "c1",
      campaignName: "Search US",
      platform: "google-ads",
      landingUrl: "https://shop.example/p",
      urlSuffix: null,
      diagnosis: { missing: ["utm_source", "utm_medium", "utm_campaign"], wrongSource: null },
      spendMinor: 123_456,
      currency: "EUR",
      blocker: null,
      proposedSuffix: "utm_source=google&utm_medium=cpc&utm_campaign=111",
    },
    {
      adId: "a2",
      adName: "Newsletter echo",
      adStatus: "enabled",
      adGroupName: "Brand",
      campaignId: "c1",
      campaignName: "Search US",
      platform: "google-ads",
      landingUrl: "https://shop.example/p?utm_source=newsletter",
      urlSuffix: null,
      diagnosis: { missing: ["utm_medium", "utm_campaign"], wrongSource: "newsletter" },
      spendMinor: 500,
      currency: "EUR",
      blocker: "landing_url_conflict",
      proposedSuffix: null,
    },
    {
      adId: "a3",
      adName: "Dance clip",
      adStatus: "enabled",
      adGroupName: "Prospecting",
      campaignId: "c2",
      campaignName: "TikTok launch",
      platform: "tiktok-ads",
      landingUrl: "https://shop.example/t",
      urlSuffix: null,
      diagnosis: { missing: ["utm_source", "utm_medium", "utm_campaign"], wrongSource: null },
      spendMinor: 0,
      currency: "EUR",
      blocker: "platform_unsupported",
      proposedSuffix: null,
    },
  ],
  untaggedTotal: 3,
  fixable: 1,
};

describe("the UTM health card", () => {
  it("shows the share tagged, per platform, and the ads lacking UTMs with what they lack and how to fix them", async () => {
    const text = await renderTextIn("en", <UtmHealthCard health={health} canFix />);
    expect(text).toContain("25% 1 of 4 ads carry the UTM parameters store attribution needs.");
    expect(text).toContain("Google Ads 33% · 1 of 3");
    expect(text).toContain(
      "TikTok's API cannot edit an ad's URL parameters. Edit the landing URL in TikTok Ads Manager.",
    );
    expect(text).toContain("Fix 1 fixable ad");
    expect(text).toContain("3 ads lack UTM parameters");
    expect(text).toContain(
      "Spring search Search US → Brand https://shop.example/p Google Ads utm_source utm_medium utm_campaign €1,234.56 Fix",
    );
    expect(text).toContain("utm_source=newsletter names no ad platform");
    expect(text).toContain("The landing URL sets utm_source to another source");
    expect(text).not.toContain("Your role cannot change ads");
  });

  it("speaks the reader's language and says why a role without the right cannot fix", async () => {
    const text = await renderTextIn("de", <UtmHealthCard health={health} canFix={false} />);
    expect(text).toContain("1 von 4 Anzeigen tragen die UTM-Parameter");
    expect(text).toContain("1.234,56 €");
    expect(text).toContain("Ihre Rolle darf keine Anzeigen ändern.");
    expect(text).not.toContain("korrigierbare Anzeige korrigieren");
  });

  it("says what to do when there are no ads yet", async () => {
    const empty: UtmHealth = {
      ...health,
      overall: { ads: 0, tagged: 0, share: null },
      platforms: [],
      untagged: [],
      untaggedTotal: 0,
      fixable: 0,
    };
    expect(await renderTextIn("en", <UtmHealthCard health={empty} canFix />)).toContain(
      "No ads yet Connect an ad platform on the Integrations page and sync it",
    );
  });
});
