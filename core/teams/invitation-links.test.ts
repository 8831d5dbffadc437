/**
 * Invitation links: a link works once, for 7 days, for the invited address only, and not after it
 * was revoked or sent again. Accepting adds the member with the invited role and points the session
 * at the organization.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createTeamsHarness, refusal } from "./teams-test-kit.ts";

let database: DatabaseHandle;
let harness: ReturnType<typeof createTeamsHarness>;
beforeAll(async () => {
  database = await createTestDatabase();
  harness = createTeamsHarness(database.db);
});
afterAll(async () => {
  await database.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** An invitation to a person who has an account and a session, and its link's token. */
async function invited(role: "admin" | "manager" | "analyst" | "viewer" = "analyst") {
  const team = await harness.newTeam();
  const person = await harness.newUser("Noor", `noor-${randomUUID()}@example.test`);
  const sessionId = randomUUID();
  await database.db
    .insertInto("session")
    .values({
      id: sessionId,
      userId: person.id,
      token: randomUUID(),
      expiresAt: new Date(Date.now() + DAY_MS),
      ipAddress: null,
      userAgent: null,
      activeOrganizationId: null,
    })
    .execute();
  const { id: invitationId } = await harness.teams.inviteMember(team.owner, { email: person.email, role });
  return { ...team, person, sessionId, invitationId, token: harness.tokenMailedTo(person.email) };
}

async function activeOrganizationOf(sessionId: string) {
  const row = await database.db
    .selectFrom("session")
    .select("activeOrganizationId")
    .where("id", "=", sessionId)
    .executeTakeFirstOrThrow();
  return row.activeOrganizationId;
}

describe("an invitation link", () => {
  it("shows the organization, the inviter and the role, then joins the invited person once", async () => {
    const { owner, person, sessionId, token, organizationId } = await invited("analyst");
    expect(await harness.teams.getInvitation(token)).toEqual({
      state: "pending",
      organizationName: "Ada's workspace",
      inviterName: "Ada",
      email: person.email,
      role: "analyst",
    });

    const accepted = await harness.teams.acceptInvitation({ token, user: person, sessionId });
    expect(accepted).toEqual({ organizationId, organizationName: "Ada's workspace", role: "analyst" });
    expect(await activeOrganizationOf(sessionId)).toBe(organizationId);
    const team = await harness.teams.listTeam(owner);
    expect(team.members.find((member) => member.userId === person.id)?.role).toBe("analyst");
    expect(team.invitations).toEqual([]);
    const joined = await database.db
      .selectFrom("audit_events")
      .select(["action", "actor_id"])
      .where("organization_id", "=", organizationId)
      .where("action", "=", "member.joined")
      .executeTakeFirst();
    expect(joined).toEqual({ action: "member.joined", actor_id: person.id });

    // The second time, the link says it was used and adds no one.
    expect((await harness.teams.getInvitation(token)).state).toBe("accepted");
    const again = await refusal(harness.teams.acceptInvitation({ token, user: person, sessionId }));
    expect(again.message).toBe("This invitation has already been used.");
    expect((await harness.teams.listTeam(owner)).members).toHaveLength(2);
  });

  it("expires after 7 days", async () => {
    const { person, sessionId, token, owner } = await invited();
    const sentAt = harness.clock.now;
    try {
      harness.clock.now = new Date(sentAt.getTime() + 7 * DAY_MS - 1000);
      expect((await harness.teams.getInvitation(token)).state).toBe("pending");
      harness.clock.now = new Date(sentAt.getTime() + 7 * DAY_MS);
      expect((await harness.teams.getInvitation(token)).state).toBe("expired");
      const error = await refusal(harness.teams.acceptInvitation({ token, user: person, sessionId }));
      expect(error.message).toBe("This invitation has expired.");
      expect((await harness.teams.listTeam(owner)).invitations[0]?.isExpired).toBe(true);
    } finally {
      harness.clock.now = sentAt;
    }
    expect((await harness.teams.listTeam(owner)).members).toHaveLength(1);
  });

  it("stops working when revoked", async () => {
    const { owner, person, sessionId, token, invitationId } = await invited();
    await harness.teams.revokeInvitation(owner, invitationId);
    expect((await harness.teams.getInvitation(token)).state).toBe("revoked");
    const error = await refusal(harness.teams.acceptInvitation({ token, user: person, sessionId }));
    expect(error.message).toBe("This invitation was revoked.");
    expect(await harness.teams.listTeam(owner)).toMatchObject({ invitations: [], members: [{ name: "Ada" }] });
  });

  it("stops working when sent again; the new link works for another 7 days", async () => {
    const { owner, person, sessionId, token, invitationId } = await invited("viewer");
    const sentAt = harness.clock.now;
    try {
      harness.clock.now = new Date(sentAt.getTime() + 6 * DAY_MS);
      await harness.teams.resendInvitation(owner, invitationId);
      const fresh = harness.tokenMailedTo(person.email);
      expect(fresh).not.toBe(token);
      expect((await harness.teams.getInvitation(token)).state).toBe("unknown");
      expect((await refusal(harness.teams.acceptInvitation({ token, user: person, sessionId }))).status).toBe(404);

      harness.clock.now = new Date(sentAt.getTime() + 12 * DAY_MS);
      await harness.teams.acceptInvitation({ token: fresh, user: person, sessionId });
    } finally {
      harness.clock.now = sentAt;
    }
    const team = await harness.teams.listTeam(owner);
    expect(team.members.find((member) => member.userId === person.id)?.role).toBe("viewer");
  });

  it("refuses someone signed in with another address", async () => {
    const { owner, sessionId, token } = await invited();
    const other = await harness.newUser("Olaf");
    const error = await refusal(harness.teams.acceptInvitation({ token, user: other, sessionId }));
    expect(error.status).toBe(403);
    expect(error.message).toBe("This invitation is for another email address.");
    expect((await harness.teams.getInvitation(token)).state).toBe("pending");
    expect((await harness.teams.listTeam(owner)).members).toHaveLength(1);
  });

  it("knows nothing of a made-up link", async () => {
    expect(await harness.teams.getInvitation("a".repeat(43))).toEqual({ state: "unknown" });
    expect(await harness.teams.getInvitation("../etc")).toEqual({ state: "unknown" });
  });
});
