import { describe, expect, it } from "vitest";
import { timeOrderedId } from "./time-ordered-id.ts";

describe("time-ordered ids", () => {
  it("are version 7 UUIDs that sort in the order they were made, even within one millisecond", () => {
    const ids = Array.from({ length: 5000 }, () => timeOrderedId(1_800_000_000_000));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const later = timeOrderedId(1_800_000_001_000);
    expect(later > ids.at(-1)!).toBe(true);
  });
});
