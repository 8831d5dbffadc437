import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";

/**
 * The organization's time zone: its (first) owner's profile's, UTC when none is set or the value is
 * not a zone this runtime knows. Rules (windows, schedule slots) and monitoring (the judged day)
 * count days in it.
 */
export async function organizationTimeZone(db: Kysely<Database>, organizationId: string): Promise<string> {
  const row = await db
    .selectFrom("member")
    .innerJoin("user_profiles", "user_profiles.id", "member.userId")
    .select("user_profiles.timezone")
    .where("member.organizationId", "=", organizationId)
    .where("member.role", "=", "owner")
    .orderBy("member.createdAt")
    .executeTakeFirst();
  const zone = row?.timezone;
  if (!zone) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}
