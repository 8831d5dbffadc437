import { describe, expect, it } from "vitest";
import { parseGaql, toFieldMaskPath } from "./google-ads-gaql.ts";

describe("parseGaql", () => {
  it("reads the queries the Google Ads connector sends", () => {
    expect(
      parseGaql(
        "SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager FROM customer",
      ),
    ).toEqual({
      ok: true,
      query: {
        fields: [
          "customer.id",
          "customer.descriptive_name",
          "customer.currency_code",
          "customer.time_zone",
          "customer.manager",
        ],
        resource: "customer",
        dateRange: null,
        campaignId: null,
        adGroupId: null,
        limit: null,
      },
    });
    expect(
      parseGaql(
        "SELECT campaign.id, segments.date, metrics.cost_micros FROM campaign WHERE segments.date BETWEEN '2026-10-01' AND '2026-10-31'",
      ),
    ).toMatchObject({ ok: true, query: { resource: "campaign", dateRange: { from: "2026-10-01", to: "2026-10-31" } } });
    expect(
      parseGaql("select campaign.id, campaign.campaign_budget from campaign where campaign.id = 21234567890"),
    ).toMatchObject({ ok: true, query: { campaignId: "21234567890" } });
  });

  it("takes several conditions joined by AND, a single date and a LIMIT", () => {
    expect(
      parseGaql(
        "SELECT campaign.id, segments.date, metrics.clicks FROM campaign WHERE segments.date = '2026-10-02' AND campaign.id = 7 LIMIT 5",
      ),
    ).toMatchObject({
      ok: true,
      query: { dateRange: { from: "2026-10-02", to: "2026-10-02" }, campaignId: "7", limit: 5 },
    });
  });

  it("reads ad-level queries: ad groups, ads by ad group with metrics by date, assets", () => {
    expect(
      parseGaql(
        "SELECT ad_group_ad.ad.id, ad_group.id, segments.date, metrics.video_trueview_views FROM ad_group_ad WHERE ad_group.id = 12 AND segments.date BETWEEN '2026-10-01' AND '2026-10-02'",
      ),
    ).toMatchObject({
      ok: true,
      query: { resource: "ad_group_ad", adGroupId: "12", dateRange: { from: "2026-10-01", to: "2026-10-02" } },
    });
    expect(parseGaql("SELECT asset.id, asset.image_asset.full_size.url FROM asset")).toMatchObject({
      ok: true,
      query: { resource: "asset" },
    });
  });

  it.each([
    ["campaign.id FROM campaign", "EXPECTED_SELECT"],
    ["SELECT campaign.id", "EXPECTED_FROM"],
    ["SELECT campaign.id FROM ad_group_criterion", "BAD_RESOURCE_TYPE_IN_FROM_CLAUSE"],
    ["SELECT ad_group_criterion.keyword.text FROM campaign", "UNRECOGNIZED_FIELD"],
    ["SELECT ad_group.id FROM campaign", "PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE"],
    [
      "SELECT metrics.clicks FROM ad_group WHERE segments.date = '2026-10-02'",
      "PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE",
    ],
    ["SELECT asset.id FROM ad_group_ad", "PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE"],
    ["SELECT campaign.id FROM customer", "PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE"],
    ["SELECT campaign.id, segments.date FROM campaign", "EXPECTED_FILTERS_ON_DATE_RANGE"],
    ["SELECT campaign.id, metrics.clicks FROM campaign", "PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE"],
    [
      "SELECT segments.date FROM campaign WHERE segments.date BETWEEN '2026-10-31' AND '2026-10-01'",
      "DATE_RANGE_TOO_NARROW",
    ],
    [
      "SELECT segments.date FROM campaign WHERE segments.date BETWEEN '2026-02-30' AND '2026-03-01'",
      "INVALID_VALUE_WITH_BETWEEN_OPERATOR",
    ],
    ["SELECT campaign.id FROM campaign WHERE campaign.name = 'x'", "BAD_OPERATOR"],
    ["SELECT campaign.id FROM campaign WHERE campaign.id = 'x'", "BAD_NUMBER"],
    ["SELECT campaign.id FROM campaign LIMIT 0", "BAD_LIMIT_VALUE"],
    ["SELECT campaign.id FROM campaign ORDER BY campaign.id", "UNEXPECTED_INPUT"],
    ["SELECT campaign.id FROM campaign WHERE", "UNEXPECTED_END_OF_QUERY"],
    ["SELECT campaign.id; DROP TABLE campaign", "BAD_SYMBOL"],
  ])("refuses %s with %s", (query, code) => {
    expect(parseGaql(query)).toMatchObject({ ok: false, code });
  });
});

describe("toFieldMaskPath", () => {
  it("writes GAQL's snake_case fields as the camelCase paths of the JSON answer", () => {
    expect(toFieldMaskPath("campaign_budget.amount_micros")).toBe("campaignBudget.amountMicros");
    expect(toFieldMaskPath("segments.date")).toBe("segments.date");
  });

  it("segments by conversion action only with conversion metrics, as Google does", () => {
    const range = "WHERE segments.date BETWEEN '2026-10-01' AND '2026-10-31'";
    expect(
      parseGaql(
        `SELECT campaign.id, segments.date, segments.conversion_action, metrics.all_conversions, metrics.all_conversions_value FROM campaign ${range}`,
      ),
    ).toMatchObject({ ok: true, query: { resource: "campaign" } });
    for (const metric of ["metrics.impressions", "metrics.clicks", "metrics.cost_micros"]) {
      expect(
        parseGaql(`SELECT campaign.id, segments.date, segments.conversion_action, ${metric} FROM campaign ${range}`),
      ).toMatchObject({ ok: false, code: "PROHIBITED_SEGMENT_WITH_METRIC_IN_SELECT_OR_WHERE_CLAUSE" });
    }
    expect(
      parseGaql("SELECT conversion_action.id, conversion_action.name, customer.id FROM conversion_action"),
    ).toMatchObject({ ok: true, query: { resource: "conversion_action" } });
    expect(parseGaql("SELECT conversion_action.id, campaign.id FROM conversion_action")).toMatchObject({
      ok: false,
      code: "PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE",
    });
  });
});
