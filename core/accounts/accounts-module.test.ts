/** A person's own account through the module the server wires: "self.manage" is one's own rows only. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyActor, userActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { AppError } from "#core/errors/app-error.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { createViewer, silentLogger } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { DEFAULT_PREFERENCES } from "./preferences-schema.ts";

let database: DatabaseHandle;
let services: ServerServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices({ env: testEnv(), database, logger: silentLogger });
});
afterAll(async () => {
  await services?.publicApi.stop();
  await database.close();
});

const PROFILE = { first_name: "Ada", last_name: "Lovelace", timezone: "UTC", currency: "EUR" };

async function person(name: string) {
  const viewer = await createViewer(database.db, name);
  await database.db
    .insertInto("user_profiles")
    .values({
      id: viewer.userId,
      email: `${viewer.userId}@example.test`,
      first_name: name,
      last_name: "",
      company_name: null,
      company_size: null,
      role: "admin",
      timezone: "UTC",
      currency: "USD",
      avatar_url: null,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
  return userActor({ userId: viewer.userId, name, organizationId: viewer.organizationId, role: "manager" });
}

const profileOf = (userId: string) =>
  database.db.selectFrom("user_profiles").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();

describe("one's own account", () => {
  it("changes the acting person's profile and preferences, and no one else's", async () => {
    const ada = await person("Ada");
    const bo = await person("Bo");
    const boBefore = await profileOf(bo.id);

    const saved = await services.accounts.updateProfile(ada, PROFILE);
    expect(saved).toMatchObject({ id: ada.id, firstName: "Ada", lastName: "Lovelace", currency: "EUR" });
    await services.accounts.savePreferences(ada, { ...DEFAULT_PREFERENCES, language: "de" });
    const stored = await database.db.selectFrom("user_preferences").select("user_id").execute();
    expect(stored.map((row) => row.user_id)).toContain(ada.id);
    expect(stored.map((row) => row.user_id)).not.toContain(bo.id);

    expect(await profileOf(bo.id)).toEqual(boBefore);
  });

  it("keeps a person's role whatever role a forged profile form sends: only the team page changes it", async () => {
    const ada = await person("Ada");
    await database.db
      .updateTable("member")
      .set({ role: "viewer" })
      .where("userId", "=", ada.id)
      .where("organizationId", "=", ada.organizationId)
      .execute();
    const viewer = userActor({ userId: ada.id, name: "Ada", organizationId: ada.organizationId, role: "viewer" });

    await services.accounts.updateProfile(viewer, { ...PROFILE, role: "admin" });

    const team = await services.teams.listTeam(viewer);
    expect(team.members.map((member) => [member.name, member.role])).toEqual([["Ada Lovelace", "viewer"]]);
  });

  it("refuses an API key (403): a key has no profile of its own", async () => {
    const ada = await person("Ada");
    const before = await profileOf(ada.id);
    const key = apiKeyActor({
      apiKeyId: "k1",
      keyName: "Scripts",
      organizationId: ada.organizationId,
      scope: "read_write",
      creatorRole: "owner",
    });
    const refused = await services.accounts.updateProfile(key, PROFILE).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(403);
    expect(await profileOf(ada.id)).toEqual(before);
  });
});
