import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";

/** Reads of better-auth's tables that our own rules in front of it need. */
export interface IdentityRepository {
  /** The user a still-stored password-reset token belongs to. */
  findPasswordResetOwner(token: string): Promise<string | null>;
  isEmailVerified(email: string): Promise<boolean>;
  /** Whether anyone has signed up yet: a fresh install has no users. */
  hasAnyUser(): Promise<boolean>;
}

export function createIdentityRepository(db: Kysely<Database>): IdentityRepository {
  return {
    async findPasswordResetOwner(token) {
      const row = await db
        .selectFrom("verification")
        .select("value")
        .where("identifier", "=", `reset-password:${token}`)
        .executeTakeFirst();
      return row?.value ?? null;
    },
    async isEmailVerified(email) {
      const row = await db.selectFrom("user").select("emailVerified").where("email", "=", email).executeTakeFirst();
      // SQLite stores the flag as 0/1.
      return Boolean(row?.emailVerified);
    },
    async hasAnyUser() {
      return (await db.selectFrom("user").select("id").limit(1).executeTakeFirst()) !== undefined;
    },
  };
}
