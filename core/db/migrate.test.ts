import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DatabaseHandle } from "./database.ts";
import { listMigrationNames, migrateToLatest } from "./migrate.ts";

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe(`migrations (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("are all applied to the template and a second run applies nothing", async () => {
    database = await createTestDatabase();
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    expect(recorded.rows.map((row) => row.name)).toEqual(listMigrationNames());
    expect(await migrateToLatest(database.db)).toEqual({ applied: [] });
  });

  it("create tables that take writes on this dialect", async () => {
    database = await createTestDatabase();
    await database.db
      .insertInto("rate_limits")
      .values({ key: "k", window_start: 1_700_000_000_000, count: 1 })
      .execute();
    const row = await database.db.selectFrom("rate_limits").selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ key: "k", window_start: 1_700_000_000_000, count: 1 });
  });
});
