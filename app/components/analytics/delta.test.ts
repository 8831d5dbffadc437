import { describe, expect, it } from "vitest";
import { deltaOf, percentChange } from "./delta.ts";

describe("change against the previous period", () => {
  it("is a fraction of the previous value, or null without one", () => {
    expect(percentChange(150, 100)).toBe(0.5);
    expect(percentChange(50, 100)).toBe(-0.5);
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(null, 100)).toBeNull();
    expect(percentChange(100, null)).toBeNull();
  });

  it.each([
    ["revenue up", 120, 100, "higher", "good", "up"],
    ["revenue down", 80, 100, "higher", "bad", "down"],
    ["CPA up", 120, 100, "lower", "bad", "up"],
    ["CPA down", 80, 100, "lower", "good", "down"],
    ["spend up", 120, 100, "neutral", "neutral", "up"],
    ["a tiny change", 100.01, 100, "higher", "neutral", "flat"],
    ["no previous", 100, 0, "higher", "neutral", "flat"],
  ] as const)("%s is %s", (_, current, previous, goodDirection, tone, direction) => {
    expect(deltaOf(current, previous, goodDirection)).toMatchObject({ tone, direction });
  });
});
