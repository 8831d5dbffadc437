import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { ASSIGNABLE_ROLES, type AssignableRole, type Role, roleOf } from "#core/access/actor.ts";
import type { Database } from "#core/db/schema.ts";
import type { TeamMember } from "./team-types.ts";

/** An invitation row as the use cases need it. */
export interface InvitationRecord {
  id: string;
  organizationId: string;
  organizationName: string;
  email: string;
  role: AssignableRole;
  status: string;
  inviterId: string;
  inviterName: string | null;
  sentAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
}

const toDate = (value: Date | string): Date => new Date(value);
const assignable = (value: string | null): AssignableRole =>
  ASSIGNABLE_ROLES.includes(value as AssignableRole) ? (value as AssignableRole) : "viewer";

/** The only SQL of the team slice: members, invitations, and the sessions that point at an organization. */
export function createTeamRepository(db: Kysely<Database>) {
  const members = () =>
    db
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .leftJoin("user_profiles", "user_profiles.id", "member.userId")
      .select([
        "member.id",
        "member.userId",
        "member.role",
        "member.createdAt",
        "user.name",
        "user.email",
        "user_profiles.first_name",
        "user_profiles.last_name",
        "user_profiles.avatar_url",
      ]);
  type MemberRow = Awaited<ReturnType<ReturnType<typeof members>["executeTakeFirstOrThrow"]>>;
  const toMember = (row: MemberRow): TeamMember => ({
    id: row.id,
    userId: row.userId,
    name: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() || row.name,
    email: row.email,
    avatarUrl: row.avatar_url ?? null,
    role: roleOf(row.role),
    joinedAt: toDate(row.createdAt).toISOString(),
  });

  const invitations = () =>
    db
      .selectFrom("invitation")
      .innerJoin("organization", "organization.id", "invitation.organizationId")
      .leftJoin("user", "user.id", "invitation.inviterId")
      .select([
        "invitation.id",
        "invitation.organizationId",
        "organization.name as organizationName",
        "invitation.email",
        "invitation.role",
        "invitation.status",
        "invitation.inviterId",
        "user.name as inviterName",
        "invitation.sent_at",
        "invitation.createdAt",
        "invitation.expiresAt",
        "invitation.accepted_at",
      ]);
  type InvitationRow = Awaited<ReturnType<ReturnType<typeof invitations>["executeTakeFirstOrThrow"]>>;
  const toInvitation = (row: InvitationRow): InvitationRecord => ({
    id: row.id,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    email: row.email,
    role: assignable(row.role),
    status: row.status,
    inviterId: row.inviterId,
    inviterName: row.inviterName ?? null,
    sentAt: toDate(row.sent_at ?? row.createdAt),
    expiresAt: toDate(row.expiresAt),
    acceptedAt: row.accepted_at ? toDate(row.accepted_at) : null,
  });

  return {
    /** The organization's members, the owner first, then by join date. */
    async listMembers(organizationId: string): Promise<TeamMember[]> {
      const rows = await members()
        .where("member.organizationId", "=", organizationId)
        .orderBy("member.createdAt")
        .orderBy("member.id")
        .execute();
      const list = rows.map(toMember);
      return [...list.filter((member) => member.role === "owner"), ...list.filter((member) => member.role !== "owner")];
    },
    async findMember(organizationId: string, memberId: string): Promise<TeamMember | null> {
      const row = await members()
        .where("member.organizationId", "=", organizationId)
        .where("member.id", "=", memberId)
        .executeTakeFirst();
      return row ? toMember(row) : null;
    },
    async findMemberByUser(organizationId: string, userId: string): Promise<TeamMember | null> {
      const row = await members()
        .where("member.organizationId", "=", organizationId)
        .where("member.userId", "=", userId)
        .executeTakeFirst();
      return row ? toMember(row) : null;
    },
    async isMemberByEmail(organizationId: string, email: string): Promise<boolean> {
      const row = await members()
        .where("member.organizationId", "=", organizationId)
        .where((eb) => eb(eb.fn("lower", ["user.email"]), "=", email.toLowerCase()))
        .executeTakeFirst();
      return row !== undefined;
    },
    async setRole(organizationId: string, memberId: string, role: Role): Promise<void> {
      await db
        .updateTable("member")
        .set({ role })
        .where("organizationId", "=", organizationId)
        .where("id", "=", memberId)
        .execute();
    },
    /** Hands the organization over in one transaction: the new owner, and the old one as an admin. */
    async transferOwnership(organizationId: string, fromMemberId: string, toMemberId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("member")
          .set({ role: "admin" })
          .where("organizationId", "=", organizationId)
          .where("id", "=", fromMemberId)
          .execute();
        await trx
          .updateTable("member")
          .set({ role: "owner" })
          .where("organizationId", "=", organizationId)
          .where("id", "=", toMemberId)
          .execute();
      });
    },
    /**
     * Takes the member out of the organization: the membership goes, and the user's sessions that
     * worked in it fall back to another of their organizations on their next request.
     */
    async deleteMember(organizationId: string, member: { id: string; userId: string }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom("member")
          .where("organizationId", "=", organizationId)
          .where("id", "=", member.id)
          .execute();
        await trx
          .updateTable("session")
          .set({ activeOrganizationId: null })
          .where("userId", "=", member.userId)
          .where("activeOrganizationId", "=", organizationId)
          .execute();
      });
    },

    async listPendingInvitations(organizationId: string): Promise<InvitationRecord[]> {
      const rows = await invitations()
        .where("invitation.organizationId", "=", organizationId)
        .where("invitation.status", "=", "pending")
        .orderBy("invitation.createdAt", "desc")
        .orderBy("invitation.id")
        .execute();
      return rows.map(toInvitation);
    },
    async findPendingInvitation(organizationId: string, invitationId: string): Promise<InvitationRecord | null> {
      const row = await invitations()
        .where("invitation.organizationId", "=", organizationId)
        .where("invitation.id", "=", invitationId)
        .where("invitation.status", "=", "pending")
        .executeTakeFirst();
      return row ? toInvitation(row) : null;
    },
    async hasPendingInvitation(organizationId: string, email: string): Promise<boolean> {
      const row = await db
        .selectFrom("invitation")
        .select("id")
        .where("organizationId", "=", organizationId)
        .where("email", "=", email)
        .where("status", "=", "pending")
        .executeTakeFirst();
      return row !== undefined;
    },
    async findInvitationByTokenHash(tokenHash: string): Promise<InvitationRecord | null> {
      const row = await invitations().where("invitation.token_hash", "=", tokenHash).executeTakeFirst();
      return row ? toInvitation(row) : null;
    },
    async insertInvitation(input: {
      organizationId: string;
      email: string;
      role: AssignableRole;
      inviterId: string;
      tokenHash: string;
      sentAt: Date;
      expiresAt: Date;
    }): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto("invitation")
        .values({
          id,
          organizationId: input.organizationId,
          email: input.email,
          role: input.role,
          status: "pending",
          inviterId: input.inviterId,
          createdAt: input.sentAt.toISOString(),
          expiresAt: input.expiresAt.toISOString(),
          token_hash: input.tokenHash,
          sent_at: input.sentAt.toISOString(),
          accepted_at: null,
          accepted_by: null,
        })
        .execute();
      return id;
    },
    /** A new link for a pending invitation: the old one stops working. */
    async reissueInvitation(
      organizationId: string,
      invitationId: string,
      input: { tokenHash: string; sentAt: Date; expiresAt: Date },
    ): Promise<void> {
      await db
        .updateTable("invitation")
        .set({
          token_hash: input.tokenHash,
          sent_at: input.sentAt.toISOString(),
          expiresAt: input.expiresAt.toISOString(),
        })
        .where("organizationId", "=", organizationId)
        .where("id", "=", invitationId)
        .where("status", "=", "pending")
        .execute();
    },
    async revokeInvitation(organizationId: string, invitationId: string): Promise<void> {
      await db
        .updateTable("invitation")
        .set({ status: "canceled" })
        .where("organizationId", "=", organizationId)
        .where("id", "=", invitationId)
        .where("status", "=", "pending")
        .execute();
    },
    /**
     * Accepts a pending invitation once, in one transaction: marks it accepted (only if it still is
     * pending under this link), adds the member, and points the session at the organization. False
     * when another request used the link first.
     */
    async acceptInvitation(input: {
      invitation: InvitationRecord;
      tokenHash: string;
      userId: string;
      sessionId: string | null;
      at: Date;
    }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("invitation")
          .set({ status: "accepted", accepted_at: input.at.toISOString(), accepted_by: input.userId })
          .where("id", "=", input.invitation.id)
          .where("status", "=", "pending")
          .where("token_hash", "=", input.tokenHash)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto("member")
          .values({
            id: randomUUID(),
            organizationId: input.invitation.organizationId,
            userId: input.userId,
            role: input.invitation.role,
            createdAt: input.at.toISOString(),
            last_active_at: input.at.toISOString(),
          })
          .execute();
        if (input.sessionId)
          await trx
            .updateTable("session")
            .set({ activeOrganizationId: input.invitation.organizationId })
            .where("id", "=", input.sessionId)
            .where("userId", "=", input.userId)
            .execute();
        return true;
      });
    },
    /** The language the user reads Adhelm in (their saved preference), or null. */
    async languageOf(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom("user_preferences")
        .select("preferences")
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (!row) return null;
      try {
        const language = (JSON.parse(row.preferences) as { language?: unknown }).language;
        return typeof language === "string" ? language : null;
      } catch {
        return null;
      }
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
