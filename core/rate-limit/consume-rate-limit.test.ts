import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { consumeRateLimit } from "./consume-rate-limit.ts";
import { createRateLimitRepository } from "./rate-limit-repository.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const rule = { name: "test", limit: 3, windowSeconds: 60 };
const windowStart = Date.UTC(2026, 10, 21, 12, 0, 0);

describe("consumeRateLimit", () => {
  it("allows the limit, refuses the next hit and says when the window resets", async () => {
    const repository = createRateLimitRepository(database.db);
    const decisions = [];
    for (let hit = 0; hit < 4; hit++)
      decisions.push(await consumeRateLimit(repository, rule, "1.2.3.4", windowStart + 15_000));
    expect(decisions.map((decision) => [decision.isAllowed, decision.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(decisions[3]?.resetSeconds).toBe(45);
  });

  it("counts each subject separately and starts afresh in the next window", async () => {
    const repository = createRateLimitRepository(database.db);
    expect((await consumeRateLimit(repository, rule, "5.6.7.8", windowStart)).remaining).toBe(2);
    const nextWindow = await consumeRateLimit(repository, rule, "1.2.3.4", windowStart + 60_000);
    expect(nextWindow).toMatchObject({ isAllowed: true, remaining: 2 });
  });

  it("keeps its counts in the database, not in the process", async () => {
    const repository = createRateLimitRepository(database.db);
    await consumeRateLimit(repository, rule, "9.9.9.9", windowStart);
    const again = createRateLimitRepository(database.db);
    expect((await consumeRateLimit(again, rule, "9.9.9.9", windowStart)).remaining).toBe(1);
    expect(await again.deleteWindowsBefore(windowStart + 60_000)).toBeGreaterThan(0);
  });
});
