import type { Kysely } from "kysely";
import type { ReadOnlyReason } from "#core/access/actor.ts";
import type { Database } from "#core/db/schema.ts";

/**
 * Whether billing makes the organization read-only, and why: where actors are made (the session's
 * viewer, an API key's credential, Adhelm's own jobs) so that `authorize` refuses its writes.
 */
export async function organizationReadOnly(
  db: Kysely<Database>,
  organizationId: string,
): Promise<ReadOnlyReason | null> {
  const row = await db
    .selectFrom("subscriptions")
    .select(["status", "read_only_reason"])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return readOnlyOfStatus(row?.status ?? null, row?.read_only_reason ?? null);
}

export function readOnlyOfStatus(status: string | null, reason: string | null): ReadOnlyReason | null {
  if (status === "canceled") return "canceled";
  if (status !== "read_only") return null;
  return reason === "payment_failed" || reason === "canceled" ? reason : "trial_ended";
}
