import { describe, expect, it } from "vitest";
import { mapTikTokAd, mapTikTokAdGroup, mapTikTokAdReportRow } from "./ad-mappers.ts";
import { adReportRowSchema, adSchema } from "./ad-schemas.ts";
import type { TikTokFiles } from "./ads-client.ts";

/** TikTok's quirks in ads as the live API prints them, beyond what the sandbox draws. */

const files: TikTokFiles = {
  images: new Map([["ad-site-i18n-sg/1", "https://cdn.example/1.jpg"]]),
  videos: new Map([["v1", { cover: "https://cdn.example/v1.jpg", preview: "https://cdn.example/v1.mp4" }]]),
};

function ad(fields: Record<string, unknown>) {
  return adSchema.parse({
    campaign_id: "1",
    adgroup_id: "2",
    ad_id: "3",
    ad_name: "Ad",
    operation_status: "ENABLE",
    ...fields,
  });
}

describe("mapTikTokAd", () => {
  it("tells kinds by ad_format, reads files by id, and prefers a video's preview over its cover", () => {
    expect(mapTikTokAd(ad({ ad_format: "SINGLE_VIDEO", video_id: "v1" }), files).creative).toMatchObject({
      kind: "video",
      mediaUrl: "https://cdn.example/v1.mp4",
      thumbnailUrl: "https://cdn.example/v1.jpg",
    });
    expect(
      mapTikTokAd(ad({ ad_format: "SINGLE_IMAGE", image_ids: ["ad-site-i18n-sg/1"] }), files).creative,
    ).toMatchObject({ kind: "image", mediaUrl: "https://cdn.example/1.jpg" });
    expect(
      mapTikTokAd(ad({ ad_format: "CAROUSEL_ADS", image_ids: ["ad-site-i18n-sg/1", "x"] }), files).creative.kind,
    ).toBe("carousel");
    // A file TikTok no longer serves leaves the creative without media rather than failing the sync.
    expect(mapTikTokAd(ad({ ad_format: "SINGLE_VIDEO", video_id: "gone" }), files).creative).toMatchObject({
      kind: "video",
      mediaUrl: null,
    });
  });

  it("keeps UTM parameters in the landing page (TikTok has no suffix) and an empty ad_text as no body", () => {
    const mapped = mapTikTokAd(
      ad({ landing_page_url: "https://shop.example/p?utm_source=tiktok", ad_text: "" }),
      files,
    );
    expect(mapped.creative).toMatchObject({
      landingUrl: "https://shop.example/p?utm_source=tiktok",
      urlSuffix: null,
      headline: null,
      body: null,
    });
  });

  it("reads deletion from the secondary status as well as from operation_status", () => {
    expect(mapTikTokAd(ad({ operation_status: "DISABLE", secondary_status: "AD_STATUS_DELETE" }), files).status).toBe(
      "removed",
    );
    expect(mapTikTokAd(ad({ secondary_status: "AD_STATUS_CAMPAIGN_DISABLE" }), files).status).toBe("enabled");
    expect(
      mapTikTokAdGroup({
        campaign_id: "1",
        adgroup_id: "2",
        adgroup_name: "G",
        operation_status: "DELETE",
      }).status,
    ).toBe("removed");
  });
});

describe("mapTikTokAdReportRow", () => {
  it("reads string metrics, purchase value from total_complete_payment_rate, and 2-second views", () => {
    const row = adReportRowSchema.parse({
      dimensions: { ad_id: "3", stat_time_day: "2026-11-01 00:00:00" },
      metrics: {
        campaign_id: "1",
        spend: "12.34",
        impressions: "1000",
        clicks: "20",
        complete_payment: "2",
        total_complete_payment_rate: "99.90",
        reach: "800",
        video_watched_2s: "300",
      },
    });
    expect(mapTikTokAdReportRow(row, "EUR")).toEqual({
      adExternalId: "3",
      campaignExternalId: "1",
      date: "2026-11-01",
      impressions: 1000,
      reach: 800,
      clicks: 20,
      spendMinor: 1234,
      conversions: 2,
      conversionValueMinor: 9990,
      videoViews: 300,
      currency: "EUR",
    });
  });
});
