import { describe, expect, it } from "vitest";
import { readSearchStreamRows } from "./fast-rows.ts";
import { searchStreamResponseSchema } from "./schemas.ts";

const bySchema = (body: unknown) => {
  const parsed = searchStreamResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.flatMap((batch) => batch.results) : null;
};

const metricRow = {
  campaign: { resourceName: "customers/1/campaigns/2", id: "2" },
  segments: { date: "2026-11-01" },
  metrics: {
    impressions: "1200",
    clicks: 34,
    costMicros: "5670000",
    conversions: 1.5,
    conversionsValue: "12.25",
  },
};

describe("readSearchStreamRows", () => {
  it("reads report rows exactly as the schema does: int64 as strings, doubles as numbers, unknown keys dropped", () => {
    const body = [
      {
        results: [
          metricRow,
          { ...metricRow, metrics: { impressions: 0 }, extra: { ignored: true } },
          {
            campaign: { id: 7, name: "Brand", status: "ENABLED", primaryStatusReasons: ["HAS_ADS_DISAPPROVED"] },
            campaignBudget: { amountMicros: "1000000", unknown: 1 },
          },
        ],
        fieldMask: "campaign.id,segments.date",
        requestId: "r1",
      },
      { fieldMask: "campaign.id", requestId: "r1" },
    ];
    const rows = readSearchStreamRows(body);
    expect(rows).not.toBeNull();
    expect(rows).toEqual(bySchema(body));
    expect(rows?.[0]?.metrics).toEqual({
      impressions: "1200",
      clicks: "34",
      costMicros: "5670000",
      conversions: 1.5,
      conversionsValue: 12.25,
    });
  });

  it("reads ad-level and per-conversion-action report rows exactly as the schema does", () => {
    const body = [
      {
        results: [
          {
            adGroupAd: {
              resourceName: "customers/1/adGroupAds/3~4",
              ad: { id: "4", resourceName: "customers/1/ads/4" },
            },
            campaign: { id: "2" },
            segments: { date: "2026-11-01" },
            metrics: { impressions: "900", clicks: "12", costMicros: "3000000", videoTrueviewViews: "340" },
          },
          {
            campaign: { id: "2" },
            segments: {
              date: "2026-11-01",
              conversionAction: "customers/1/conversionActions/9",
              conversionActionName: "Add to cart",
              conversionActionCategory: "ADD_TO_CART",
            },
            metrics: { allConversions: 4.5, allConversionsValue: "88.2" },
          },
        ],
      },
    ];
    const rows = readSearchStreamRows(body);
    expect(rows).not.toBeNull();
    expect(rows).toEqual(bySchema(body));
    expect(rows?.[0]?.adGroupAd?.ad?.id).toBe("4");
    expect(rows?.[0]?.metrics?.videoTrueviewViews).toBe("340");
    expect(rows?.[1]?.segments?.conversionActionCategory).toBe("ADD_TO_CART");
  });

  it.each([
    [
      "an ad listing (creative fields)",
      [{ results: [{ adGroupAd: { status: "ENABLED", ad: { id: "4", finalUrls: ["https://x.test"] } } }] }],
    ],
    ["an ad group listing", [{ results: [{ adGroup: { id: "3", name: "Group" } }] }]],
    ["an asset listing", [{ results: [{ asset: { id: "5", type: "IMAGE" } }] }]],
    ["a conversion action listing", [{ results: [{ conversionAction: { id: "9", name: "Purchase" } }] }]],
  ])("leaves %s to the schema, which reads every field of it", (_, body) => {
    expect(readSearchStreamRows(body)).toBeNull();
    expect(bySchema(body)).not.toBeNull();
  });

  it.each([
    ["a row that is not an object", [{ results: [42] }]],
    ["an id that is not an integer", [{ results: [{ ...metricRow, campaign: { id: "2a" } }] }]],
    ["a fractional number as int64", [{ results: [{ ...metricRow, metrics: { clicks: 1.5 } }] }]],
    ["a date in another format", [{ results: [{ ...metricRow, segments: { date: "01/11/2026" } }] }]],
    ["a double that is not a number", [{ results: [{ ...metricRow, metrics: { conversions: "many" } }] }]],
    ["results that are not a list", [{ results: {} }]],
    ["an answer that is not a list of batches", { results: [metricRow] }],
  ])("leaves %s to the schema, which refuses it too", (_, body) => {
    expect(readSearchStreamRows(body)).toBeNull();
    expect(bySchema(body)).toBeNull();
  });

  it("leaves customer rows to the schema", () => {
    const body = [{ results: [{ customer: { id: "1", currencyCode: "EUR" } }] }];
    expect(readSearchStreamRows(body)).toBeNull();
    expect(bySchema(body)).toEqual([{ customer: { id: "1", currencyCode: "EUR" } }]);
  });
});
