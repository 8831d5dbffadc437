/** The ads endpoints' example answers in the OpenAPI document and the reference page (ads-routes.test.ts checks them against it). */

const usd = (amountMinor: number) => ({ amount_minor: amountMinor, currency: "USD" });

const reelMetrics = {
  impressions: 48_200,
  clicks: 964,
  conversions: 31,
  spend: usd(61_500),
  revenue: usd(246_000),
  ctr: 0.02,
  cpc: usd(64),
  cpa: usd(1_984),
  roas: 4,
  reach: 39_100,
  video_views: 14_460,
  hook_rate: 0.3,
};

const reelCreative = {
  id: "6b1f3c2e-9a47-5d10-8c3e-2f7a9b4d1e60",
  external_id: "120210044113080512",
  kind: "video",
  headline: "Trail shoes that last",
  body: "Tested on 1,000 km of trail. Free returns.",
  landing_url: "https://shop.example/trail?utm_source=meta&utm_medium=paid_social",
  url_suffix: "utm_campaign=fall_launch",
  media_url: "https://cdn.example/creatives/trail-reel.mp4",
  thumbnail_url: "https://cdn.example/creatives/trail-reel.jpg",
  has_utm: true,
};

export const CAMPAIGN_ADS_EXAMPLE = {
  data: {
    campaign_id: "0f5e2a9c-3b61-4d2f-9a8e-7c1d4b6a2e90",
    platform: "meta",
    from: "2026-10-01",
    to: "2026-10-30",
    ad_groups: [
      {
        id: "8c2d1f4a-6e3b-4a90-b1c7-5d2e8f9a0b13",
        external_id: "120210044113080001",
        name: "Lookalike 1% buyers",
        status: "active",
        metrics: reelMetrics,
        ads: [
          {
            id: "3f0c9a52-8d1e-4b7a-9c61-2a7e5b0d4f18",
            external_id: "120210044113080777",
            name: "Trail reel 15s",
            status: "active",
            creative: reelCreative,
            metrics: reelMetrics,
          },
        ],
      },
    ],
  },
};

const day = (date: string, impressions: number, clicks: number, spendMinor: number, views: number) => ({
  date,
  impressions,
  clicks,
  conversions: 1,
  spend: usd(spendMinor),
  revenue: usd(8_000),
  ctr: Number((clicks / impressions).toFixed(4)),
  cpc: usd(Math.round(spendMinor / clicks)),
  cpa: usd(spendMinor),
  roas: Number((8_000 / spendMinor).toFixed(2)),
  reach: Math.round(impressions * 0.8),
  video_views: views,
  hook_rate: Number((views / impressions).toFixed(4)),
});

export const AD_METRICS_EXAMPLE = {
  data: {
    ad_id: "3f0c9a52-8d1e-4b7a-9c61-2a7e5b0d4f18",
    campaign_id: "0f5e2a9c-3b61-4d2f-9a8e-7c1d4b6a2e90",
    from: "2026-10-29",
    to: "2026-10-30",
    impressions: 3_300,
    clicks: 64,
    conversions: 2,
    spend: usd(4_200),
    revenue: usd(16_000),
    ctr: 0.0194,
    cpc: usd(66),
    cpa: usd(2_100),
    roas: 3.81,
    reach: 2_640,
    video_views: 970,
    hook_rate: 0.2939,
    daily: [day("2026-10-29", 1_600, 32, 2_050, 480), day("2026-10-30", 1_700, 32, 2_150, 490)],
  },
};

export const ASSETS_EXAMPLE = {
  from: "2026-10-01",
  to: "2026-10-30",
  data: [
    {
      ...reelCreative,
      platforms: ["meta"],
      ad_account_id: "a7d3e1b9-2c4f-4e8a-9b0d-6f1c3a5e7b21",
      status: "active",
      used_in: [
        {
          campaign_id: "0f5e2a9c-3b61-4d2f-9a8e-7c1d4b6a2e90",
          campaign_name: "Fall launch",
          ad_group_id: "8c2d1f4a-6e3b-4a90-b1c7-5d2e8f9a0b13",
          ad_group_name: "Lookalike 1% buyers",
          ad_id: "3f0c9a52-8d1e-4b7a-9c61-2a7e5b0d4f18",
          ad_name: "Trail reel 15s",
          status: "active",
        },
      ],
      metrics: reelMetrics,
      fatigue: {
        status: "tired",
        evidence: {
          first_days: {
            window: { from: "2026-09-12", to: "2026-09-18" },
            impressions: 52_000,
            clicks: 1_404,
            ctr: 0.027,
            frequency: 1.21,
            daily_spend: usd(9_000),
          },
          recent_days: {
            window: { from: "2026-10-24", to: "2026-10-30" },
            impressions: 11_900,
            clicks: 179,
            ctr: 0.015,
            frequency: 2.64,
            daily_spend: usd(8_800),
          },
          ctr_change: -0.4444,
          frequency_change: 1.1818,
          spend_change: -0.0222,
          reasons: ["ctr_fell", "frequency_rose"],
        },
      },
    },
  ],
  next_cursor: "eyJzIjo2MTUwMCwiaSI6IjZiMWYzYzJlIn0",
};
