import type { Kysely } from "kysely";
import { inject } from "vitest";
import { openDatabase } from "#core/db/database.ts";
import type { Database } from "#core/db/schema.ts";

/** Runs `work` on the browser tests' server database: the rows a sync would have written. */
export async function withServerDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const handle = openDatabase(inject("serverDatabase"));
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** The id of the organization that `email` owns. */
export async function organizationOwnedBy(db: Kysely<Database>, email: string): Promise<string> {
  const row = await db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .where("user.email", "=", email)
    .where("member.role", "=", "owner")
    .select("member.organizationId")
    .executeTakeFirstOrThrow();
  return row.organizationId;
}
