/**
 * A person's sessions in better-auth's `session` table, for Account → Security: the ones still
 * valid, and revoking (deleting) them. Every query names the user, so nobody reaches another's.
 */
import type { Kysely, Selectable } from "kysely";
import type { Database } from "#core/db/schema.ts";

export interface StoredSession {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
}

export function createSessionRepository(db: Kysely<Database>) {
  return {
    /** The user's sessions that have not expired, most recently seen first. */
    async listActive(userId: string, now: Date): Promise<StoredSession[]> {
      const rows = await db
        .selectFrom("session")
        .selectAll()
        .where("userId", "=", userId)
        .where("expiresAt", ">", now.toISOString())
        .orderBy("updatedAt", "desc")
        .orderBy("id")
        .execute();
      return rows.map(toSession);
    },

    /** Deletes one of the user's sessions; false when the user has no such session. */
    async deleteOwn(userId: string, sessionId: string): Promise<boolean> {
      const result = await db
        .deleteFrom("session")
        .where("userId", "=", userId)
        .where("id", "=", sessionId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Deletes every session of the user but `keptSessionId`; answers how many. */
    async deleteOthers(userId: string, keptSessionId: string): Promise<number> {
      const result = await db
        .deleteFrom("session")
        .where("userId", "=", userId)
        .where("id", "!=", keptSessionId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The account's display name ("" when it is gone). */
    async userName(userId: string): Promise<string> {
      const row = await db.selectFrom("user").select("name").where("id", "=", userId).executeTakeFirst();
      return row?.name ?? "";
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;

function toSession(row: Selectable<Database["session"]>): StoredSession {
  return {
    id: row.id,
    ipAddress: row.ipAddress || null,
    userAgent: row.userAgent || null,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    expiresAt: new Date(row.expiresAt),
  };
}
