import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { type BackoffRule, claimBackoff, resetBackoff } from "./backoff.ts";
import { consumeRateLimit, releaseRateLimit } from "./consume-rate-limit.ts";
import { backoffDelayMs, createRateLimitRepository } from "./rate-limit-repository.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const rule: BackoffRule = {
  name: "test-backoff",
  freeAttempts: 3,
  baseDelayMs: 1000,
  maxDelayMs: 8000,
  forgetAfterMs: 60_000,
};
const start = Date.UTC(2026, 10, 21, 12, 0, 0);

describe("claimBackoff (finding 5: exponential back-off per subject)", () => {
  it("lets the free attempts through, then waits 1 s, 2 s, 4 s … up to the cap", async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => backoffDelayMs(attempt, rule))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
    const repository = createRateLimitRepository(database.db);
    let now = start;
    for (let attempt = 1; attempt <= 3; attempt++)
      expect(await claimBackoff(repository, rule, "a", now)).toEqual({ isAllowed: true, retryAfterSeconds: 0 });
    // The third attempt set a 1 s wait: refused in between, and a refusal does not lengthen it.
    expect(await claimBackoff(repository, rule, "a", now + 400)).toEqual({ isAllowed: false, retryAfterSeconds: 1 });
    now += 1000;
    expect((await claimBackoff(repository, rule, "a", now)).isAllowed).toBe(true);
    expect(await claimBackoff(repository, rule, "a", now + 10)).toEqual({ isAllowed: false, retryAfterSeconds: 2 });
    for (const wait of [2000, 4000, 8000, 8000]) {
      now += wait;
      expect((await claimBackoff(repository, rule, "a", now - 1)).isAllowed).toBe(false);
      expect((await claimBackoff(repository, rule, "a", now)).isAllowed).toBe(true);
    }
    expect((await claimBackoff(repository, rule, "a", now + 1)).retryAfterSeconds).toBe(8);
    // Another subject is not affected.
    expect((await claimBackoff(repository, rule, "b", now + 1)).isAllowed).toBe(true);
  });

  it("lets the free attempts through whatever order their clocks read in (parallel requests, several nodes)", async () => {
    const repository = createRateLimitRepository(database.db);
    // The second request read the clock a millisecond before the first, but reached the row after it.
    for (const now of [start + 5, start + 4, start + 3])
      expect(await claimBackoff(repository, rule, "out-of-order", now)).toEqual({
        isAllowed: true,
        retryAfterSeconds: 0,
      });
    // The free attempts are used up: now the wait counts.
    expect((await claimBackoff(repository, rule, "out-of-order", start + 6)).isAllowed).toBe(false);
  });

  it("forgets a subject after a quiet spell, and at once when reset", async () => {
    const repository = createRateLimitRepository(database.db);
    for (let attempt = 0; attempt < 3; attempt++) await claimBackoff(repository, rule, "quiet", start);
    expect((await claimBackoff(repository, rule, "quiet", start + 10)).isAllowed).toBe(false);
    const later = start + 1000 + rule.forgetAfterMs + 1;
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await claimBackoff(repository, rule, "quiet", later)).isAllowed).toBe(true);
    expect((await claimBackoff(repository, rule, "quiet", later)).isAllowed).toBe(false);
    await resetBackoff(repository, rule, "quiet");
    expect((await claimBackoff(repository, rule, "quiet", later)).isAllowed).toBe(true);
  });

  it("lets exactly the free attempts through when they all arrive at once", async () => {
    const repository = createRateLimitRepository(database.db);
    const decisions = await Promise.all(
      Array.from({ length: 12 }, () => claimBackoff(repository, rule, "parallel", start)),
    );
    expect(decisions.filter((decision) => decision.isAllowed)).toHaveLength(3);
  });
});

describe("releaseRateLimit and deleteKeysStartingWith", () => {
  it("gives a counted hit back in the same window only", async () => {
    const repository = createRateLimitRepository(database.db);
    const limit = { name: "release", limit: 2, windowSeconds: 60 };
    await consumeRateLimit(repository, limit, "s", start);
    await consumeRateLimit(repository, limit, "s", start);
    await releaseRateLimit(repository, limit, "s", start);
    expect((await consumeRateLimit(repository, limit, "s", start)).isAllowed).toBe(true);
    expect((await consumeRateLimit(repository, limit, "s", start)).isAllowed).toBe(false);
    // A release in a later window does not touch the count (nor go below zero).
    await releaseRateLimit(repository, limit, "s", start + 60_000);
    await releaseRateLimit(repository, limit, "fresh", start);
    expect(await repository.countHits("release:s", start)).toBe(3);
  });

  it("deletes keys by prefix, reading _ and % literally", async () => {
    const repository = createRateLimitRepository(database.db);
    for (const key of ["p:a_b% x", "p:a_b% y", "p:aXbZ x", "q:a_b% x"]) await repository.incrementHit(key, start);
    expect(await repository.deleteKeysStartingWith("p:a_b% ")).toBe(2);
    const left = await database.db
      .selectFrom("rate_limits")
      .select("key")
      .where("key", "in", ["p:aXbZ x", "q:a_b% x"])
      .execute();
    expect(left).toHaveLength(2);
  });
});
