/**
 * Settings → API keys through the module the server wires: who may create, revoke and list keys.
 * The organization's wiring (keys included) is an owner's or an admin's; members read.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, userActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { AppError } from "#core/errors/app-error.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { createViewer, silentLogger } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";

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

/** An organization's owner, and a member invited to it. */
async function newTeam(): Promise<{ owner: Actor; member: Actor }> {
  const ada = await createViewer(database.db, "Ada");
  const maxId = randomUUID();
  await database.db
    .insertInto("user")
    .values({ id: maxId, name: "Max", email: `${maxId}@example.test`, emailVerified: true })
    .execute();
  await database.db
    .insertInto("member")
    .values({
      id: randomUUID(),
      organizationId: ada.organizationId,
      userId: maxId,
      role: "analyst",
      createdAt: new Date(),
    })
    .execute();
  return {
    owner: userActor({ userId: ada.userId, name: "Ada", organizationId: ada.organizationId, role: "owner" }),
    member: userActor({ userId: maxId, name: "Max", organizationId: ada.organizationId, role: "analyst" }),
  };
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}

describe("API keys by role", () => {
  it("lets the owner create and revoke keys, and a member see them", async () => {
    const { owner, member } = await newTeam();
    const created = await services.apiKeys.createApiKey(owner, { name: "Reporting", scope: "read" });
    expect(created.apiKey.createdBy?.id).toBe(owner.id);
    expect((await services.apiKeys.listApiKeys(member)).map((key) => key.id)).toEqual([created.apiKey.id]);
    const revoked = await services.apiKeys.revokeApiKey(owner, created.apiKey.id);
    expect(revoked.status).toBe("revoked");
  });

  it("refuses an analyst who creates or revokes a key (403), and nothing changes", async () => {
    const { owner, member } = await newTeam();
    const kept = await services.apiKeys.createApiKey(owner, { name: "Scripts", scope: "read_write" });
    const before = await services.apiKeys.listApiKeys(owner);

    const create = await refusal(services.apiKeys.createApiKey(member, { name: "Mine", scope: "read_write" }));
    expect(create.status).toBe(403);
    expect(create.message).toBe("Your role in this organization does not allow this.");
    const revoke = await refusal(services.apiKeys.revokeApiKey(member, kept.apiKey.id));
    expect(revoke.status).toBe(403);

    expect(await services.apiKeys.listApiKeys(owner)).toEqual(before);
    // The key still works.
    expect(await services.apiKeys.authenticateApiKey(kept.plaintext)).toMatchObject({ apiKeyId: kept.apiKey.id });
  });

  it("never reaches another organization's keys", async () => {
    const ours = await newTeam();
    const theirs = await newTeam();
    const key = await services.apiKeys.createApiKey(theirs.owner, { name: "Theirs", scope: "read" });
    const missing = await refusal(services.apiKeys.revokeApiKey(ours.owner, key.apiKey.id));
    expect(missing.status).toBe(404);
    expect(await services.apiKeys.listApiKeys(ours.owner)).toEqual([]);
  });
});
