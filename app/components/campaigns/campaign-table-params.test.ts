import { describe, expect, it } from "vitest";
import {
  hasActiveFilters,
  parseCampaignTableParams,
  searchWith,
  searchWithoutFilters,
} from "./campaign-table-params.ts";

const parse = (query: string) => parseCampaignTableParams(new URLSearchParams(query));

describe("parseCampaignTableParams", () => {
  it("defaults to spend, highest first, page 1 of 50, no filters", () => {
    const params = parse("");
    expect(params).toEqual({
      sort: { key: "spend", direction: "desc" },
      page: 1,
      pageSize: 50,
      search: "",
      filters: {},
    });
    expect(hasActiveFilters(params)).toBe(false);
  });

  it("reads sort, page, size and every filter", () => {
    const params = parse(
      "sort=roas&dir=asc&page=3&size=100&q=%20Brand%20&platform=google-ads&platform=tiktok-ads&account=acc-1&status=paused",
    );
    expect(params.sort).toEqual({ key: "roas", direction: "asc" });
    expect(params.page).toBe(3);
    expect(params.pageSize).toBe(100);
    expect(params.search).toBe("Brand");
    expect(params.filters).toEqual({
      platforms: ["google-ads", "tiktok-ads"],
      adAccountIds: ["acc-1"],
      statuses: ["paused"],
      search: "Brand",
    });
    expect(hasActiveFilters(params)).toBe(true);
  });

  it("ignores what it does not know instead of failing", () => {
    const params = parse("sort=drop_table&dir=up&page=-4&size=33&platform=myspace&platform=google-ads&status=archived");
    expect(params.sort).toEqual({ key: "spend", direction: "desc" });
    expect(params.page).toBe(1);
    expect(params.pageSize).toBe(50);
    expect(params.filters).toEqual({ platforms: ["google-ads"] });
  });
});

describe("searchWith", () => {
  it("keeps the date range, drops defaults and goes back to page 1 when a filter changes", () => {
    expect(searchWith("range=last_7_days&page=4", { status: ["paused", "enabled"] })).toBe(
      "?range=last_7_days&status=paused&status=enabled",
    );
    expect(searchWith("page=2", { page: "3" })).toBe("?page=3");
    expect(searchWith("page=2&sort=roas&dir=asc", { sort: "spend", dir: "desc" })).toBe("");
    expect(searchWith("q=x", { q: "" })).toBe("");
  });

  it("clears every filter and the search but keeps the range and sort", () => {
    expect(searchWithoutFilters("from=2026-01-01&to=2026-01-31&q=a&platform=google-ads&sort=clicks&dir=asc")).toBe(
      "?from=2026-01-01&to=2026-01-31&sort=clicks&dir=asc",
    );
  });
});
