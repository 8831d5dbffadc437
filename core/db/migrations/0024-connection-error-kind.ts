import type { Kysely } from "kysely";

/**
 * What kind of failure a connection's last error was (issue 22 §4, graceful degradation): the
 * platform's own kinds (`throttled`, `unavailable`, `token_expired`, `access_revoked`, `rejected`).
 * The app shell's banner names a platform that is not answering while its sync waits to retry, and
 * still after the sync gave up on an outage (the next scheduled sync tries again); a lasting
 * failure (access revoked, a refused request) is the connection card's to explain. A successful
 * sync clears it. Connections that failed before this release have none, and show no banner.
 *
 * It carries its own SQL: migrations import no application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("connections").addColumn("last_error_kind", "varchar(16)").execute();
}
