import { describe, expect, it } from "vitest";
import { PlatformError } from "#core/shared/connector-port.ts";
import { retryDelayMs, withRetry } from "./retry-policy.ts";

const throttled = (retryAfterMs?: number) =>
  new PlatformError("google-ads", "throttled", "Too many requests.", { retryAfterMs });

describe("retry policy", () => {
  it.each([
    // attempt, random, hint → delay (base 500, cap 30 000)
    [1, 1, undefined, 500],
    [3, 1, undefined, 2_000],
    [3, 0.5, undefined, 1_000],
    [10, 1, undefined, 30_000],
    [1, 0, undefined, 0],
    [1, 0.1, 5_000, 5_000],
  ])("waits per attempt %i with random %f and hint %s: %i ms", (attempt, random, hint, expected) => {
    const policy = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, random: () => random };
    expect(retryDelayMs(attempt, throttled(hint), policy)).toBe(expected);
  });

  it("retries throttling and outages until the call succeeds", async () => {
    const waits: number[] = [];
    const failures = [throttled(1_000), new PlatformError("facebook-ads", "unavailable", "503")];
    const result = await withRetry(
      async () => {
        const failure = failures.shift();
        if (failure) throw failure;
        return "done";
      },
      { maxAttempts: 5, baseDelayMs: 10, maxDelayMs: 5_000, random: () => 0, sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe("done");
    expect(waits).toEqual([1_000, 0]);
  });

  it("hands a wait longer than its cap to the caller instead of sleeping through it", async () => {
    const waits: number[] = [];
    const run = withRetry(
      async () => {
        throw throttled(60_000);
      },
      { maxAttempts: 5, baseDelayMs: 10, maxDelayMs: 30_000, sleep: async (ms) => void waits.push(ms) },
    );
    await expect(run).rejects.toMatchObject({ kind: "throttled", retryAfterMs: 60_000 });
    expect(waits).toEqual([]);
  });

  it("gives up after the last attempt with the platform's error", async () => {
    let calls = 0;
    const run = withRetry(
      async () => {
        calls += 1;
        throw throttled();
      },
      { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1, sleep: async () => {} },
    );
    await expect(run).rejects.toMatchObject({ kind: "throttled" });
    expect(calls).toBe(3);
  });

  it.each(["token_expired", "access_revoked", "rejected"] as const)("does not retry %s", async (kind) => {
    let calls = 0;
    const run = withRetry(
      async () => {
        calls += 1;
        throw new PlatformError("tiktok-ads", kind, "no");
      },
      { maxAttempts: 5, baseDelayMs: 1, maxDelayMs: 1, sleep: async () => {} },
    );
    await expect(run).rejects.toMatchObject({ kind });
    expect(calls).toBe(1);
  });
});
