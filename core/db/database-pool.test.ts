import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDatabaseUrl } from "#tests/support/test-database.ts";
import { openDatabase } from "./database.ts";

const baseUrl = testDatabaseUrl();

describe.skipIf(!baseUrl)("the PostgreSQL pool", () => {
  it("opens no more connections than DATABASE_POOL_MAX; further queries wait for one", async () => {
    const database = openDatabase({ databaseUrl: baseUrl, poolMax: 2 });
    try {
      const queries = Array.from({ length: 4 }, () => sql`select pg_sleep(0.3)`.execute(database.db));
      await expect.poll(() => database.poolStats?.().waiting).toBeGreaterThan(0);
      expect(database.poolStats?.().total).toBe(2);
      await Promise.all(queries);
      expect(database.poolStats?.().total).toBeLessThanOrEqual(2);
    } finally {
      await database.close();
    }
  });
});
