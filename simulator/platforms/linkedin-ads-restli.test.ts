import { describe, expect, it } from "vitest";
import { parseRestliValue, RestliSyntaxError, readRawQuery } from "./linkedin-ads-restli.ts";

describe("Rest.li 2.0 query values", () => {
  it("reads records, lists and encoded primitives", () => {
    expect(parseRestliValue("(start:(year:2026,month:10,day:1),end:(year:2026,month:10,day:31))")).toEqual({
      start: { year: "2026", month: "10", day: "1" },
      end: { year: "2026", month: "10", day: "31" },
    });
    expect(parseRestliValue("List(urn%3Ali%3AsponsoredAccount%3A123,urn%3Ali%3AsponsoredAccount%3A4)")).toEqual([
      "urn:li:sponsoredAccount:123",
      "urn:li:sponsoredAccount:4",
    ]);
    expect(parseRestliValue("(status:(values:List(ACTIVE,PAUSED)))")).toEqual({
      status: { values: ["ACTIVE", "PAUSED"] },
    });
    expect(parseRestliValue("List()")).toEqual([]);
  });

  it("refuses reserved characters left unencoded", () => {
    expect(() => parseRestliValue("List(urn:li:sponsoredAccount:123)")).toThrow(RestliSyntaxError);
    expect(() => parseRestliValue("(start:(year:2026)")).toThrow(RestliSyntaxError);
    expect(() => parseRestliValue("List(it's)")).toThrow(RestliSyntaxError);
  });

  it("keeps query values encoded so their encoding can be checked", () => {
    const params = readRawQuery("http://x/rest/adAnalytics?q=analytics&accounts=List(urn%3Ali%3Ax%3A1)&flag");
    expect(params.get("q")).toBe("analytics");
    expect(params.get("accounts")).toBe("List(urn%3Ali%3Ax%3A1)");
    expect(params.get("flag")).toBe("");
  });
});
