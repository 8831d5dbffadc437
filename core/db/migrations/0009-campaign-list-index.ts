import type { Kysely } from "kysely";

/**
 * The API's campaign list reads an organization's campaigns newest first (created_at, then id) a
 * page at a time after a keyset cursor: this index serves that order and the cursor's range
 * directly, so a page costs a short index walk whatever the number of campaigns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("campaigns_organization_created_idx")
    .ifNotExists()
    .on("campaigns")
    .columns(["organization_id", "created_at", "id"])
    .execute();
}
