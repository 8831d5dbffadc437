import { describe, expect, it } from "vitest";
import { toIsoTimestamp } from "./iso-timestamp.ts";

describe("stored timestamps as ISO 8601 UTC", () => {
  it.each([
    ["2025-03-09 07:05:01", "2025-03-09T07:05:01.000Z"],
    ["2025-03-09 07:05:01.123+00:00", "2025-03-09T07:05:01.123Z"],
    ["2025-03-09T07:05:01.123Z", "2025-03-09T07:05:01.123Z"],
    ["2025-03-09 08:05:01.5+01", "2025-03-09T07:05:01.500Z"],
    [new Date("2025-03-09T07:05:01.123Z"), "2025-03-09T07:05:01.123Z"],
  ])("%s reads as %s", (stored, iso) => {
    expect(toIsoTimestamp(stored)).toBe(iso);
  });
});
