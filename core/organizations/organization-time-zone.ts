import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";

/**
 * The organization's time zone, as its settings (/settings/general) hold it; UTC when the value is
 * not a zone this runtime knows. Rules (windows, schedule slots), monitoring (the judged day),
 * pacing and the optimizer count days in it.
 */
export async function organizationTimeZone(db: Kysely<Database>, organizationId: string): Promise<string> {
  const row = await db
    .selectFrom("organization")
    .select("time_zone")
    .where("id", "=", organizationId)
    .executeTakeFirst();
  const zone = row?.time_zone;
  if (!zone) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}
