import { describe, expect, it } from "vitest";
import {
  collectSearchWarnings,
  matchesSearch,
  parseShopifySearch,
  readCreatedAtWindow,
  SearchSyntaxError,
  zonedTimeToUtcMs,
} from "./shopify-search.ts";

const order = (createdAt: string, financialStatus = "paid") => ({
  createdAtMs: Date.parse(createdAt),
  financialStatus,
  name: "#1001",
});
const NEW_YORK = "America/New_York";

describe("Shopify search syntax", () => {
  const connectorQuery =
    "created_at:>='2026-10-01T00:00:00Z' created_at:<'2026-10-06T00:00:00Z' (financial_status:paid OR financial_status:partially_refunded OR financial_status:refunded)";

  it("reads the connector's query: a created_at window and paid-like statuses", () => {
    const search = parseShopifySearch(connectorQuery);
    expect(matchesSearch(search, order("2026-10-01T00:00:00Z"), "UTC")).toBe(true);
    expect(matchesSearch(search, order("2026-10-05T23:59:59Z", "partially_refunded"), "UTC")).toBe(true);
    expect(matchesSearch(search, order("2026-10-06T00:00:00Z"), "UTC")).toBe(false);
    expect(matchesSearch(search, order("2026-09-30T23:59:59Z"), "UTC")).toBe(false);
    expect(matchesSearch(search, order("2026-10-02T00:00:00Z", "pending"), "UTC")).toBe(false);
    expect(readCreatedAtWindow(search, "UTC")).toEqual({
      fromMs: Date.parse("2026-10-01T00:00:00Z"),
      toMs: Date.parse("2026-10-06T00:00:00Z"),
    });
    expect(collectSearchWarnings(search, "UTC")).toEqual([]);
  });

  it("takes date-only values as days in the shop's time zone", () => {
    const search = parseShopifySearch("created_at:>=2026-10-01 created_at:<=2026-10-01");
    expect(matchesSearch(search, order("2026-10-01T04:00:00Z"), NEW_YORK)).toBe(true);
    expect(matchesSearch(search, order("2026-10-01T03:59:59Z"), NEW_YORK)).toBe(false);
    expect(matchesSearch(search, order("2026-10-02T03:59:59Z"), NEW_YORK)).toBe(true);
    expect(matchesSearch(search, order("2026-10-02T04:00:00Z"), NEW_YORK)).toBe(false);
  });

  it("supports NOT, -term and explicit AND", () => {
    expect(matchesSearch(parseShopifySearch("-financial_status:paid"), order("2026-10-01T00:00:00Z"), "UTC")).toBe(
      false,
    );
    expect(
      matchesSearch(
        parseShopifySearch("NOT financial_status:refunded AND financial_status:paid"),
        order("2026-10-01T00:00:00Z"),
        "UTC",
      ),
    ).toBe(true);
  });

  it("ignores unknown fields with a warning, as Shopify does", () => {
    const search = parseShopifySearch("tag:vip financial_status:paid");
    expect(matchesSearch(search, order("2026-10-01T00:00:00Z"), "UTC")).toBe(true);
    expect(collectSearchWarnings(search, "UTC")).toEqual([
      { field: "tag", message: "Invalid search field for this query." },
    ]);
  });

  it("refuses unbalanced parentheses and quotes", () => {
    expect(() => parseShopifySearch("(financial_status:paid")).toThrow(SearchSyntaxError);
    expect(() => parseShopifySearch("created_at:>'2026-10-01")).toThrow(SearchSyntaxError);
  });
});

describe("zonedTimeToUtcMs", () => {
  it.each([
    ["2026-07-01T00:00:00", NEW_YORK, "2026-07-01T04:00:00.000Z"],
    ["2026-12-01T00:00:00", NEW_YORK, "2026-12-01T05:00:00.000Z"],
    ["2026-03-08T03:30:00", NEW_YORK, "2026-03-08T07:30:00.000Z"],
    ["2026-10-01T12:00:00", "UTC", "2026-10-01T12:00:00.000Z"],
    ["2026-10-01T00:00:00", "Asia/Kolkata", "2026-09-30T18:30:00.000Z"],
  ])("reads %s in %s as %s", (local, zone, expected) => {
    expect(new Date(zonedTimeToUtcMs(local, zone)).toISOString()).toBe(expected);
  });
});
