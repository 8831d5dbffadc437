import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DatabaseHandle } from "./database.ts";
import { migrateTo, migrateToLatest } from "./migrate.ts";

/**
 * Migration 0014 on a database from the release before teams: every "member" becomes a manager
 * (who may still do everything a member could), owners and admins keep their role, and each
 * organization takes its time zone and currency from its first owner's profile.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({ isEmpty: true });
  await migrateTo(database.db, "0013-optimizer");
});
afterAll(async () => {
  await database.close();
});

describe("migration 0014 (teams)", () => {
  it("turns members into managers and gives each organization its owner's time zone and currency", async () => {
    const { db } = database;
    const people = [
      { id: "ada", timezone: "Europe/Paris", currency: "EUR" },
      { id: "max", timezone: "America/New_York", currency: "USD" },
    ];
    for (const person of people) {
      await db
        .insertInto("user")
        .values({ id: person.id, name: person.id, email: `${person.id}@example.test`, emailVerified: true })
        .execute();
      await db
        .insertInto("user_profiles")
        .values({
          id: person.id,
          email: `${person.id}@example.test`,
          first_name: person.id,
          last_name: "",
          company_name: null,
          company_size: null,
          role: "admin",
          timezone: person.timezone,
          currency: person.currency,
          avatar_url: null,
        })
        .execute();
    }
    for (const id of ["org-ada", "org-empty"])
      await db.insertInto("organization").values({ id, name: id, slug: id }).execute();
    const joined = new Date("2026-01-01T00:00:00.000Z");
    await db
      .insertInto("member")
      .values([
        { id: "m1", organizationId: "org-ada", userId: "ada", role: "owner", createdAt: joined },
        { id: "m2", organizationId: "org-ada", userId: "max", role: "member", createdAt: joined },
        { id: "m3", organizationId: "org-empty", userId: "max", role: "admin", createdAt: joined },
      ] as never)
      .execute();
    await db
      .insertInto("invitation")
      .values({
        id: "i1",
        organizationId: "org-ada",
        email: "cy@example.test",
        role: "member",
        expiresAt: new Date("2026-02-01T00:00:00.000Z"),
        inviterId: "ada",
      } as never)
      .execute();

    await migrateToLatest(db);

    const roles = await db.selectFrom("member").select(["id", "role"]).orderBy("id").execute();
    expect(roles).toEqual([
      { id: "m1", role: "owner" },
      { id: "m2", role: "manager" },
      { id: "m3", role: "admin" },
    ]);
    expect((await db.selectFrom("invitation").select("role").executeTakeFirstOrThrow()).role).toBe("manager");
    const organizations = await db
      .selectFrom("organization")
      .select(["id", "time_zone", "currency", "default_attribution"])
      .orderBy("id")
      .execute();
    expect(organizations).toEqual([
      { id: "org-ada", time_zone: "Europe/Paris", currency: "EUR", default_attribution: "platform" },
      // No owner with a profile: the defaults.
      { id: "org-empty", time_zone: "UTC", currency: "USD", default_attribution: "platform" },
    ]);
  });
});
