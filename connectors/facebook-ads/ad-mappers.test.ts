import { describe, expect, it } from "vitest";
import { mapFacebookAd, mapFacebookAdInsightRow, mapFacebookCreative } from "./ad-mappers.ts";
import { adInsightRowSchema, adSchema } from "./ad-schemas.ts";

/** Meta's quirks in ads as the live Graph API prints them, beyond what the sandbox draws. */

describe("mapFacebookCreative", () => {
  it("reads a carousel from its cards, a video from video_data, and a post without media as text", () => {
    const carousel = mapFacebookCreative({
      id: "1",
      object_type: "SHARE",
      object_story_spec: {
        link_data: {
          link: "https://shop.example/c?utm_source=facebook",
          name: "Three looks",
          message: "Pick one",
          child_attachments: [{ picture: "https://cdn.example/1.jpg" }, { picture: "https://cdn.example/2.jpg" }],
        },
      },
    });
    expect(carousel).toMatchObject({
      kind: "carousel",
      headline: "Three looks",
      body: "Pick one",
      landingUrl: "https://shop.example/c?utm_source=facebook",
    });

    const video = mapFacebookCreative({
      id: "2",
      thumbnail_url: "https://cdn.example/v_thumb.jpg",
      object_story_spec: {
        video_data: {
          video_id: "99",
          title: "Watch",
          image_url: "https://cdn.example/v.jpg",
          call_to_action: { type: "SHOP_NOW", value: { link: "https://shop.example/v" } },
        },
      },
    });
    expect(video).toMatchObject({
      kind: "video",
      headline: "Watch",
      landingUrl: "https://shop.example/v",
      mediaUrl: "https://cdn.example/v.jpg",
      thumbnailUrl: "https://cdn.example/v_thumb.jpg",
    });

    expect(mapFacebookCreative({ id: "3", object_type: "STATUS", body: "Just words" })).toMatchObject({
      kind: "text",
      body: "Just words",
      mediaUrl: null,
      thumbnailUrl: null,
    });
  });

  it("keeps url_tags as the suffix, and none when Meta sends an empty string", () => {
    expect(mapFacebookCreative({ id: "4", url_tags: " utm_source=facebook&utm_medium=paid_social " }).urlSuffix).toBe(
      "utm_source=facebook&utm_medium=paid_social",
    );
    expect(mapFacebookCreative({ id: "5", url_tags: "" }).urlSuffix).toBeNull();
  });
});

describe("mapFacebookAd", () => {
  it("takes the ad's own status, not the parent's (ADSET_PAUSED stays enabled)", () => {
    const ad = adSchema.parse({
      id: "10",
      name: "Ad",
      adset_id: "20",
      campaign_id: "30",
      status: "ACTIVE",
      effective_status: "ADSET_PAUSED",
      creative: { id: "40", image_url: "https://cdn.example/i.jpg" },
    });
    expect(mapFacebookAd(ad)).toMatchObject({ status: "enabled", adGroupExternalId: "20", campaignExternalId: "30" });
  });
});

describe("mapFacebookAdInsightRow", () => {
  it("counts a purchase once (omni_purchase), spend in currency units, and 3-second plays as video views", () => {
    const row = adInsightRowSchema.parse({
      ad_id: "10",
      campaign_id: "30",
      date_start: "2026-11-01",
      date_stop: "2026-11-01",
      impressions: "1200",
      reach: "950",
      clicks: "80",
      inline_link_clicks: "61",
      spend: "5339.5",
      actions: [
        { action_type: "link_click", value: "61" },
        { action_type: "purchase", value: "3" },
        { action_type: "offsite_conversion.fb_pixel_purchase", value: "3" },
        { action_type: "omni_purchase", value: "3" },
      ],
      action_values: [
        { action_type: "purchase", value: "120.5" },
        { action_type: "omni_purchase", value: "120.5" },
      ],
      video_play_actions: [{ action_type: "video_view", value: "400" }],
    });
    expect(mapFacebookAdInsightRow(row, "USD")).toEqual({
      adExternalId: "10",
      campaignExternalId: "30",
      date: "2026-11-01",
      impressions: 1200,
      reach: 950,
      clicks: 61,
      spendMinor: 533_950,
      conversions: 3,
      conversionValueMinor: 12_050,
      videoViews: 400,
      currency: "USD",
    });
    // A currency without minor units, and an image ad: no video views at all.
    const image = mapFacebookAdInsightRow({ ...row, spend: "5340", video_play_actions: undefined, actions: [] }, "JPY");
    expect(image).toMatchObject({ spendMinor: 5340, videoViews: null, conversions: 0 });
  });
});
