import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";

export type DeletionKind = "account" | "organization";

export interface DeletionRequest {
  id: string;
  kind: DeletionKind;
  userId: string;
  organizationId: string | null;
  email: string;
  subjectName: string;
  language: string;
  status: "pending" | "cancelled" | "completed";
  requestedAt: Date;
  purgeAfter: Date;
}

export interface DeletionRepository {
  insert(request: Omit<DeletionRequest, "id" | "status">): Promise<DeletionRequest>;
  /** The pending request for an account (by user) or an organization, if any. */
  findPending(kind: DeletionKind, subjectId: string): Promise<DeletionRequest | null>;
  cancel(id: string, at: Date): Promise<boolean>;
  listDue(now: Date): Promise<DeletionRequest[]>;
  complete(id: string, at: Date): Promise<void>;
  /** Organizations whose only member is this user (deleted with their account). */
  organizationsOnlyOf(userId: string): Promise<string[]>;
  /** Organizations this user owns that have other members (they must hand them over first). */
  ownedSharedOrganizations(userId: string): Promise<Array<{ id: string; name: string }>>;
  deleteOrganization(organizationId: string): Promise<void>;
  deleteUser(userId: string): Promise<void>;
}

export function createDeletionRepository(db: Kysely<Database>): DeletionRepository {
  const toRequest = (row: Record<string, unknown>): DeletionRequest => ({
    id: row.id as string,
    kind: row.kind as DeletionKind,
    userId: row.user_id as string,
    organizationId: (row.organization_id as string | null) ?? null,
    email: row.email as string,
    subjectName: row.subject_name as string,
    language: row.language as string,
    status: row.status as DeletionRequest["status"],
    requestedAt: new Date(row.requested_at as string),
    purgeAfter: new Date(row.purge_after as string),
  });
  return {
    async insert(request) {
      const id = randomUUID();
      await db
        .insertInto("deletion_requests")
        .values({
          id,
          kind: request.kind,
          user_id: request.userId,
          organization_id: request.organizationId,
          email: request.email,
          subject_name: request.subjectName,
          language: request.language,
          requested_at: request.requestedAt.toISOString(),
          purge_after: request.purgeAfter.toISOString(),
        })
        .execute();
      return { ...request, id, status: "pending" };
    },
    async findPending(kind, subjectId) {
      const row = await db
        .selectFrom("deletion_requests")
        .selectAll()
        .where("status", "=", "pending")
        .where("kind", "=", kind)
        .where(kind === "account" ? "user_id" : "organization_id", "=", subjectId)
        .executeTakeFirst();
      return row ? toRequest(row) : null;
    },
    async cancel(id, at) {
      const result = await db
        .updateTable("deletion_requests")
        .set({ status: "cancelled", cancelled_at: at.toISOString() })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async listDue(now) {
      const rows = await db
        .selectFrom("deletion_requests")
        .selectAll()
        .where("status", "=", "pending")
        .where("purge_after", "<=", now.toISOString())
        .orderBy("purge_after")
        .execute();
      return rows.map(toRequest);
    },
    async complete(id, at) {
      await db
        .updateTable("deletion_requests")
        .set({ status: "completed", completed_at: at.toISOString() })
        .where("id", "=", id)
        .execute();
    },
    async organizationsOnlyOf(userId) {
      const rows = await db
        .selectFrom("member as mine")
        .select("mine.organizationId")
        .where("mine.userId", "=", userId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("member as other")
                .select("other.id")
                .whereRef("other.organizationId", "=", "mine.organizationId")
                .where("other.userId", "!=", userId),
            ),
          ),
        )
        .execute();
      return rows.map((row) => row.organizationId);
    },
    async ownedSharedOrganizations(userId) {
      return db
        .selectFrom("member as mine")
        .innerJoin("organization", "organization.id", "mine.organizationId")
        .select(["organization.id", "organization.name"])
        .where("mine.userId", "=", userId)
        .where("mine.role", "=", "owner")
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom("member as other")
              .select("other.id")
              .whereRef("other.organizationId", "=", "mine.organizationId")
              .where("other.userId", "!=", userId),
          ),
        )
        .execute();
    },
    async deleteOrganization(organizationId) {
      await db.transaction().execute(async (trx) => {
        // The campaign list's version triggers (migration 0010) write a row for the organization
        // whenever a campaign, ad account or connection goes; deleting those first keeps them from
        // writing one for an organization that is itself being deleted.
        for (const table of ["campaigns", "ad_accounts", "connections"] as const)
          await trx.deleteFrom(table).where("organization_id", "=", organizationId).execute();
        await trx.deleteFrom("organization").where("id", "=", organizationId).execute();
      });
    },
    async deleteUser(userId) {
      await db.deleteFrom("user").where("id", "=", userId).execute();
    },
  };
}
