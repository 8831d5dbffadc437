import { describe, expect, it } from "vitest";
import { mapLinkedInCreative, mapLinkedInCreativeAnalyticsElement } from "./creative-mappers.ts";
import type { LinkedInCreativeFiles } from "./creatives-client.ts";

/** LinkedIn's quirks in creatives as the live API prints them, beyond what the sandbox draws. */

const files: LinkedInCreativeFiles = {
  posts: new Map([
    [
      "urn:li:share:1",
      {
        id: "urn:li:share:1",
        commentary: "Carousel copy",
        content: { carousel: { cards: [{ media: { id: "urn:li:image:A" } }] } },
        contentLandingPage: "https://shop.example/c?utm_source=linkedin",
      },
    ],
    [
      "urn:li:ugcPost:2",
      {
        id: "urn:li:ugcPost:2",
        commentary: "Read this",
        content: {
          article: {
            source: "https://blog.example/a?utm_source=linkedin",
            title: "The article",
            thumbnail: "urn:li:image:B",
          },
        },
      },
    ],
  ]),
  media: new Map([
    ["urn:li:image:A", { id: "urn:li:image:A", downloadUrl: "https://media.example/a.jpg" }],
    ["urn:li:image:B", { id: "urn:li:image:B", downloadUrl: "https://media.example/b.jpg" }],
  ]),
};

const account = { externalId: "9", name: "A", currency: "GBP", timeZone: "UTC", context: {} };

describe("mapLinkedInCreative", () => {
  it("reads a carousel post and an article post (landing page and thumbnail from the article)", () => {
    const carousel = mapLinkedInCreative(
      {
        id: "urn:li:sponsoredCreative:5",
        campaign: "urn:li:sponsoredCampaign:7",
        intendedStatus: "ACTIVE",
        content: { reference: "urn:li:share:1" },
      },
      files,
    );
    expect(carousel).toMatchObject({
      externalId: "5",
      adGroupExternalId: "7",
      campaignExternalId: "7",
      status: "enabled",
      creative: {
        kind: "carousel",
        body: "Carousel copy",
        landingUrl: "https://shop.example/c?utm_source=linkedin",
        mediaUrl: "https://media.example/a.jpg",
      },
    });
    const article = mapLinkedInCreative(
      {
        id: "urn:li:sponsoredCreative:6",
        campaign: "urn:li:sponsoredCampaign:7",
        intendedStatus: "CANCELED",
        content: { reference: "urn:li:ugcPost:2" },
      },
      files,
    );
    expect(article).toMatchObject({
      status: "removed",
      creative: {
        kind: "image",
        headline: "The article",
        landingUrl: "https://blog.example/a?utm_source=linkedin",
        mediaUrl: "https://media.example/b.jpg",
        urlSuffix: null,
      },
    });
  });

  it("keeps a creative whose post it cannot read, without content, rather than failing", () => {
    const orphan = mapLinkedInCreative(
      {
        id: "urn:li:sponsoredCreative:8",
        campaign: "urn:li:sponsoredCampaign:7",
        intendedStatus: "DRAFT",
        content: { reference: "urn:li:share:404" },
      },
      files,
    );
    expect(orphan).toMatchObject({ status: "paused", name: "Creative 8", creative: { kind: "text", body: null } });
  });
});

describe("mapLinkedInCreativeAnalyticsElement", () => {
  it("takes the campaign from the creative, costs in local currency, and no video views for an image", () => {
    const ad = mapLinkedInCreative(
      {
        id: "urn:li:sponsoredCreative:5",
        campaign: "urn:li:sponsoredCampaign:7",
        intendedStatus: "ACTIVE",
        content: { reference: "urn:li:share:1" },
      },
      files,
    );
    const metric = mapLinkedInCreativeAnalyticsElement(
      {
        dateRange: { start: { year: 2026, month: 11, day: 3 } },
        pivotValues: ["urn:li:sponsoredCreative:5"],
        impressions: 500,
        clicks: 9,
        costInLocalCurrency: "41.7",
        externalWebsiteConversions: 1,
        conversionValueInLocalCurrency: "80",
        videoViews: 0,
      },
      account,
      new Map([["5", ad]]),
    );
    expect(metric).toEqual({
      adExternalId: "5",
      campaignExternalId: "7",
      date: "2026-11-03",
      impressions: 500,
      reach: null,
      clicks: 9,
      spendMinor: 4170,
      conversions: 1,
      conversionValueMinor: 8000,
      videoViews: null,
      currency: "GBP",
    });
  });
});
