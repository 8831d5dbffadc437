import { describe, expect, it } from "vitest";
import { describeWait } from "./enforce-rate-limit.ts";

describe("describeWait", () => {
  // Fixed windows end at a boundary, so the wait can be anything from a second to the whole window.
  it.each([
    [1, "1 second"],
    [43, "43 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [900, "15 minutes"],
  ])("%i s reads %s", (seconds, text) => {
    expect(describeWait(seconds)).toBe(text);
  });
});
