import { describe, expect, it } from "vitest";
import { splitRange } from "./client.ts";
import { classifyTikTokError } from "./tiktok-request.ts";

describe("classifyTikTokError", () => {
  it.each([
    [40100, 200, "api", "throttled"],
    [50000, 500, "api", "unavailable"],
    [51001, 200, "api", "unavailable"],
    [40002, 500, "api", "unavailable"],
    [40102, 200, "api", "token_expired"],
    [40104, 200, "api", "token_expired"],
    [40105, 200, "api", "token_expired"],
    [40105, 200, "grant", "access_revoked"],
    [40110, 200, "oauth", "access_revoked"],
    [40101, 200, "oauth", "rejected"],
    [40002, 200, "api", "rejected"],
  ] as const)("maps code %i at HTTP %i (%s) to %s", (code, status, context, kind) => {
    const error = classifyTikTokError(code, "message", status, context);
    expect(error).toMatchObject({ kind, platformCode: String(code), httpStatus: status, message: "message" });
  });
});

describe("splitRange", () => {
  it.each([
    [{ from: "2026-10-01", to: "2026-10-01" }, [["2026-10-01", "2026-10-01"]]],
    [{ from: "2026-10-01", to: "2026-10-30" }, [["2026-10-01", "2026-10-30"]]],
    [
      { from: "2026-10-01", to: "2026-10-31" },
      [
        ["2026-10-01", "2026-10-30"],
        ["2026-10-31", "2026-10-31"],
      ],
    ],
    [
      { from: "2026-12-15", to: "2027-03-01" },
      [
        ["2026-12-15", "2027-01-13"],
        ["2027-01-14", "2027-02-12"],
        ["2027-02-13", "2027-03-01"],
      ],
    ],
    [{ from: "2026-10-10", to: "2026-10-01" }, [["2026-10-10", "2026-10-01"]]],
  ])("splits %j into windows of at most 30 days", (range, windows) => {
    expect(splitRange(range, 30).map((chunk) => [chunk.from, chunk.to])).toEqual(windows);
  });
});
