import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createOrganizationRepository, type OrganizationRepository } from "./organization-repository.ts";
import { ensureWorkspace, personalWorkspaceName, resolveOrganization } from "./resolve-organization.ts";

let database: DatabaseHandle;
let organizations: OrganizationRepository;
beforeAll(async () => {
  database = await createTestDatabase();
  organizations = createOrganizationRepository(database.db);
});
afterAll(async () => {
  await database.close();
});

async function newUser(firstName = "Grace", companyName: string | null = null) {
  const id = randomUUID();
  await database.db
    .insertInto("user")
    .values({ id, name: firstName, email: `${id}@example.com`, emailVerified: true })
    .execute();
  return { id, firstName, companyName };
}

describe("personal workspace name", () => {
  it.each([
    [{ firstName: "Grace", companyName: "Cobol Ads" }, "Cobol Ads"],
    [{ firstName: "Grace", companyName: "  " }, "Grace's workspace"],
    [{ firstName: "Grace", companyName: null }, "Grace's workspace"],
    [{ firstName: "", companyName: null }, "My workspace"],
  ])("%o is %s", (owner, expected) => {
    expect(personalWorkspaceName(owner)).toBe(expected);
  });
});

describe("the organization a request works in", () => {
  it("is created once, with the user as its owner", async () => {
    const user = await newUser("Grace", "Cobol Ads");
    const first = await ensureWorkspace({ organizations }, user);
    const again = await ensureWorkspace({ organizations }, user);
    expect(first).toMatchObject({ name: "Cobol Ads", role: "owner" });
    expect(first.slug).toMatch(/^cobol-ads-[0-9a-f]{6}$/);
    expect(again).toEqual(first);
    expect(await organizations.listMemberships(user.id)).toEqual([first]);
  });

  it("is the session's active organization while the user is a member", async () => {
    const user = await newUser();
    const personal = await ensureWorkspace({ organizations }, user);
    // Joined a day later: the personal workspace stays the user's first.
    const agency = await organizations.createWithOwner({
      name: "Agency",
      ownerId: user.id,
      createdAt: new Date(Date.now() + 86_400_000),
    });
    expect(await resolveOrganization({ organizations }, user, agency.organizationId)).toEqual(agency);
    expect(await resolveOrganization({ organizations }, user, null)).toEqual(personal);
  });

  it("falls back to the user's own when the session names an organization they are not in", async () => {
    const user = await newUser();
    const stranger = await newUser("Mallory");
    const foreign = await ensureWorkspace({ organizations }, stranger);
    const resolved = await resolveOrganization({ organizations }, user, foreign.organizationId);
    expect(resolved.organizationId).not.toBe(foreign.organizationId);
    expect(resolved).toMatchObject({ name: "Grace's workspace", role: "owner" });
  });
});
