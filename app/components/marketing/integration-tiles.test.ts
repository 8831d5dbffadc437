import { describe, expect, it } from "vitest";
import { monogramOf } from "./integration-tiles.tsx";

describe("monogramOf", () => {
  it.each([
    ["Google Ads", "GA"],
    ["Microsoft Advertising", "MA"],
    ["Meta", "M"],
    ["WooCommerce", "W"],
    ["Twitter/X", "X"],
  ])("%s → %s", (name, expected) => {
    expect(monogramOf(name)).toBe(expected);
  });
});
