/**
 * The team's use cases through the module: who may invite, change roles and remove people, what
 * protects the owner, and that ids of another organization are not found.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { createTeamsHarness, refusal } from "./teams-test-kit.ts";

let database: DatabaseHandle;
let harness: ReturnType<typeof createTeamsHarness>;
let services: ServerServices;
beforeAll(async () => {
  database = await createTestDatabase();
  harness = createTeamsHarness(database.db);
  services = createServices({ env: testEnv(), database, logger: silentLogger });
});
afterAll(async () => {
  await services?.publicApi.stop();
  await database.close();
});

async function auditActions(organizationId: string) {
  const rows = await database.db
    .selectFrom("audit_events")
    .select(["action", "details", "target_label"])
    .where("organization_id", "=", organizationId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({ ...row, details: row.details ? JSON.parse(row.details) : null }));
}

describe("the team list", () => {
  it("shows every member, the owner first, and pending invitations to everyone in the organization", async () => {
    const { owner, join, organizationId } = await harness.newTeam();
    const viewer = await join("Vera", "viewer");
    await harness.teams.inviteMember(owner, { email: "Newcomer@Example.test", role: "analyst" });

    const team = await harness.teams.listTeam(viewer);
    expect(team.members.map((member) => [member.name, member.role])).toEqual([
      ["Ada", "owner"],
      ["Vera", "viewer"],
    ]);
    expect(team.invitations).toEqual([
      expect.objectContaining({
        email: "newcomer@example.test",
        role: "analyst",
        invitedByName: "Ada",
        isExpired: false,
      }),
    ]);
    expect(new Date(team.invitations[0]?.expiresAt ?? 0).getTime() - harness.clock.now.getTime()).toBe(
      7 * 24 * 60 * 60 * 1000,
    );
    expect((await auditActions(organizationId)).map((entry) => entry.action)).toEqual(["member.invited"]);
  });
});

describe("inviting", () => {
  it("mails a link to the invited address, naming the organization, the inviter and the role", async () => {
    const { owner } = await harness.newTeam();
    await harness.teams.inviteMember(owner, { email: "mia@example.test", role: "manager" });
    const [mail] = harness.outbox.to("mia@example.test");
    expect(mail?.subject).toBe("Ada invited you to Ada's workspace on Adhelm");
    expect(mail?.text).toContain("Your role will be Manager.");
    expect(harness.tokenMailedTo("mia@example.test")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("refuses a bad address or role, a member, and an address already invited, with the field's message", async () => {
    const { owner, join } = await harness.newTeam();
    const max = await join("Max", "analyst");
    const maxEmail = (await harness.teams.listTeam(owner)).members.find((member) => member.userId === max.id)?.email;
    await harness.teams.inviteMember(owner, { email: "lea@example.test", role: "viewer" });
    const sentBefore = harness.outbox.sent.length;

    const badEmail = await refusal(harness.teams.inviteMember(owner, { email: "not-an-address", role: "viewer" }));
    expect(badEmail.status).toBe(422);
    expect(badEmail.details?.fieldErrors).toEqual({ email: "Enter a valid email address, like name@company.com" });
    const badRole = await refusal(harness.teams.inviteMember(owner, { email: "zoe@example.test", role: "owner" }));
    expect(badRole.details?.fieldErrors).toEqual({ role: "Choose a role from the list." });
    const member = await refusal(harness.teams.inviteMember(owner, { email: maxEmail, role: "viewer" }));
    expect(member.details?.fieldErrors).toEqual({ email: "This person is already a member of the organization." });
    const twice = await refusal(harness.teams.inviteMember(owner, { email: "LEA@example.test", role: "admin" }));
    expect(twice.details?.fieldErrors).toEqual({
      email: "This address already has a pending invitation. Resend it instead.",
    });

    expect(harness.outbox.sent.length).toBe(sentBefore);
    expect((await harness.teams.listTeam(owner)).invitations.map((invitation) => invitation.email)).toEqual([
      "lea@example.test",
    ]);
  });

  it.each<Role>(["manager", "analyst", "viewer"])("refuses a %s who manages members (403)", async (role) => {
    const { owner, join } = await harness.newTeam();
    const someone = await join("Sam", role);
    const other = await join("Olga", "viewer");
    const { id: invitationId } = await harness.teams.inviteMember(owner, { email: "kim@example.test", role: "viewer" });
    const otherMemberId = await harness.memberIdOf(owner.organizationId, other.id);

    for (const attempt of [
      () => harness.teams.inviteMember(someone, { email: "x@example.test", role: "viewer" }),
      () => harness.teams.resendInvitation(someone, invitationId),
      () => harness.teams.revokeInvitation(someone, invitationId),
      () => harness.teams.changeMemberRole(someone, { memberId: otherMemberId, role: "admin" }),
      () => harness.teams.removeMember(someone, otherMemberId),
      () => harness.teams.transferOwnership(someone, otherMemberId),
    ]) {
      const error = await refusal(attempt());
      expect(error.status).toBe(403);
      expect(error.message).toBe("Your role in this organization does not allow this.");
    }
    const team = await harness.teams.listTeam(someone);
    expect(team.members.find((member) => member.userId === other.id)?.role).toBe("viewer");
    expect(team.invitations).toHaveLength(1);
  });
});

describe("roles", () => {
  it("lets an admin change another member's role, and logs from and to", async () => {
    const { owner, join, organizationId } = await harness.newTeam();
    const admin = await join("Ann", "admin");
    const max = await join("Max", "analyst");
    const maxMemberId = await harness.memberIdOf(organizationId, max.id);
    const changed = await harness.teams.changeMemberRole(admin, { memberId: maxMemberId, role: "manager" });
    expect(changed.role).toBe("manager");
    expect((await harness.teams.listTeam(owner)).members.find((member) => member.userId === max.id)?.role).toBe(
      "manager",
    );
    expect((await auditActions(organizationId)).at(-1)).toMatchObject({
      action: "member.role_changed",
      details: { from: "analyst", to: "manager" },
    });
  });

  it("protects the owner's role, one's own role, and refuses an unknown role", async () => {
    const { owner, join, organizationId } = await harness.newTeam();
    const admin = await join("Ann", "admin");
    const ownerMemberId = await harness.memberIdOf(organizationId, owner.id);
    const adminMemberId = await harness.memberIdOf(organizationId, admin.id);
    const ownerRole = await refusal(harness.teams.changeMemberRole(admin, { memberId: ownerMemberId, role: "viewer" }));
    expect(ownerRole.message).toBe("The owner's role changes only by transferring ownership.");
    const ownRole = await refusal(harness.teams.changeMemberRole(admin, { memberId: adminMemberId, role: "viewer" }));
    expect(ownRole.message).toBe("You cannot change your own role. Ask another admin.");
    const unknown = await refusal(harness.teams.changeMemberRole(owner, { memberId: adminMemberId, role: "owner" }));
    expect(unknown.status).toBe(422);
    expect((await harness.teams.listTeam(owner)).members.map((member) => member.role)).toEqual(["owner", "admin"]);
  });

  it("does not find members or invitations of another organization", async () => {
    const mine = await harness.newTeam();
    const theirs = await harness.newTeam();
    const stranger = await theirs.join("Stu", "viewer");
    const strangerMemberId = await harness.memberIdOf(theirs.organizationId, stranger.id);
    const { id: invitationId } = await harness.teams.inviteMember(theirs.owner, {
      email: "their-hire@example.test",
      role: "viewer",
    });
    for (const attempt of [
      () => harness.teams.changeMemberRole(mine.owner, { memberId: strangerMemberId, role: "admin" }),
      () => harness.teams.removeMember(mine.owner, strangerMemberId),
      () => harness.teams.transferOwnership(mine.owner, strangerMemberId),
      () => harness.teams.resendInvitation(mine.owner, invitationId),
      () => harness.teams.revokeInvitation(mine.owner, invitationId),
    ])
      expect((await refusal(attempt())).status).toBe(404);
    const theirTeam = await harness.teams.listTeam(theirs.owner);
    expect(theirTeam.members.map((member) => member.role)).toEqual(["owner", "viewer"]);
    expect(theirTeam.invitations).toHaveLength(1);
  });
});

describe("removing and leaving", () => {
  it("removes a member, revokes the API keys they created, and sends their session elsewhere", async () => {
    const { owner, join, organizationId } = await harness.newTeam();
    const max = await join("Max", "manager");
    const key = await services.apiKeys.createApiKey(max, { name: "Max's script", scope: "read" });
    const kept = await services.apiKeys.createApiKey(owner, { name: "Ada's report", scope: "read" });
    const maxMemberId = await harness.memberIdOf(organizationId, max.id);

    const removed = await harness.teams.removeMember(owner, maxMemberId);
    expect(removed.revokedApiKeys).toBe(1);

    await expect(services.apiKeys.authenticateApiKey(key.plaintext)).rejects.toThrow(
      "This API key was revoked. Create a new one in Settings → API keys.",
    );
    await expect(services.apiKeys.authenticateApiKey(kept.plaintext)).resolves.toMatchObject({
      apiKeyId: kept.apiKey.id,
    });
    expect((await harness.teams.listTeam(owner)).members.map((member) => member.name)).toEqual(["Ada"]);
    expect((await auditActions(organizationId)).at(-1)).toMatchObject({ action: "member.removed" });
  });

  it("refuses a removed member's key at once, even when it was used a moment before (no 30 s cache grace)", async () => {
    const { owner, join, organizationId } = await harness.newTeam();
    const max = await join("Max", "manager");
    const key = await services.apiKeys.createApiKey(max, { name: "Max's sync", scope: "read" });
    await expect(services.apiKeys.authenticateApiKey(key.plaintext)).resolves.toMatchObject({
      apiKeyId: key.apiKey.id,
    });

    await services.teams.removeMember(owner, await harness.memberIdOf(organizationId, max.id));

    await expect(services.apiKeys.authenticateApiKey(key.plaintext)).rejects.toThrow(
      "This API key was revoked. Create a new one in Settings → API keys.",
    );
  });

  it("refuses removing the owner or oneself", async () => {
    const { owner, join, organizationId } = await harness.newTeam();
    const admin = await join("Ann", "admin");
    const ownerMemberId = await harness.memberIdOf(organizationId, owner.id);
    const adminMemberId = await harness.memberIdOf(organizationId, admin.id);
    expect((await refusal(harness.teams.removeMember(admin, ownerMemberId))).message).toBe(
      "The owner cannot be removed. Transfer ownership first.",
    );
    expect((await refusal(harness.teams.removeMember(admin, adminMemberId))).message).toBe(
      "To remove yourself, leave the organization.",
    );
    expect((await harness.teams.listTeam(owner)).members).toHaveLength(2);
  });

  it("lets anyone but the owner leave", async () => {
    const { owner, join, organizationId } = await harness.newTeam();
    const viewer = await join("Vera", "viewer");
    await harness.teams.leaveOrganization(viewer);
    expect((await harness.teams.listTeam(owner)).members.map((member) => member.name)).toEqual(["Ada"]);
    expect((await auditActions(organizationId)).at(-1)).toMatchObject({ action: "member.left" });
    expect((await refusal(harness.teams.leaveOrganization(owner))).message).toBe(
      "The owner cannot leave the organization. Transfer ownership first.",
    );
  });
});

describe("transferring ownership", () => {
  it("hands the organization to an admin; the old owner becomes an admin", async () => {
    const { owner, join, organizationId } = await harness.newTeam();
    const admin = await join("Ann", "admin");
    const analyst = await join("Al", "analyst");
    const analystMemberId = await harness.memberIdOf(organizationId, analyst.id);
    expect((await refusal(harness.teams.transferOwnership(owner, analystMemberId))).message).toBe(
      "Ownership can only go to an admin. Make them an admin first.",
    );
    // An admin may do much, but not hand over the organization.
    expect((await refusal(harness.teams.transferOwnership(admin, analystMemberId))).status).toBe(403);

    await harness.teams.transferOwnership(owner, await harness.memberIdOf(organizationId, admin.id));
    const roles = Object.fromEntries(
      (await harness.teams.listTeam(owner)).members.map((member) => [member.name, member.role]),
    );
    expect(roles).toEqual({ Ann: "owner", Ada: "admin", Al: "analyst" });
    expect((await auditActions(organizationId)).at(-1)).toMatchObject({ action: "organization.ownership_transferred" });
  });
});
