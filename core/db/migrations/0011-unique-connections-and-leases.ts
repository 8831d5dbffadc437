import { type Kysely, sql } from "kysely";

/**
 * Two durability fixes (it carries its own SQL: migrations import no application code).
 *
 * 1. One connection per organization and platform, enforced by a unique index, so that two OAuth
 *    callbacks racing each other cannot make two (saveGrant is one `INSERT … ON CONFLICT`). The
 *    data model already meant it: connecting again revives the platform's connection, and there is
 *    no column naming the external account (one grant lists many ad accounts; a store is one per
 *    platform). Duplicates made before it are merged first, into the one to keep: the newest not
 *    disconnected, else the newest. From each other one:
 *    - ad accounts and store orders the kept connection lacks move to it (their campaigns,
 *      metrics and rollups with them; the kept store's revenue rollup is recomputed);
 *    - change log entries of campaigns the kept connection has too point at its campaign;
 *    - finished sync runs move to it (the history stays); a running one goes;
 *    - the rest (copies of what the kept connection has) goes with the duplicate, and the next
 *      sync of the kept connection fetches anything it lacked.
 * 2. An idempotency key's in-progress claim becomes a lease with an owner token and an expiry that
 *    its holder renews while the request runs (see core/public-api/idempotent-request.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL's migrator runs each migration in a transaction; SQLite's does not, so this one
  // opens its own: a crash half-way leaves the database as it was.
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute(migrate);
}

async function migrate(db: Kysely<unknown>): Promise<void> {
  await mergeDuplicateConnections(db);
  await db.schema
    .createIndex("connections_organization_platform_unique")
    .ifNotExists()
    .unique()
    .on("connections")
    .columns(["organization_id", "platform"])
    .execute();
  // The unique index serves every lookup the old one did.
  await db.schema.dropIndex("connections_organization_idx").ifExists().execute();

  // Who holds a pending key (a random token per request) and until when; null on older rows.
  await db.schema.alterTable("api_idempotency_keys").addColumn("lease_token", "varchar(64)").execute();
  await db.schema.alterTable("api_idempotency_keys").addColumn("lease_expires_at", "timestamptz").execute();
}

interface ConnectionRow {
  id: string;
  organization_id: string;
  platform: string;
  status: string;
  created_at: Date | string;
}

/** SQLite's CURRENT_TIMESTAMP default is UTC without a zone ("2026-03-01 12:00:00"). */
function millisOf(value: Date | string): number {
  if (value instanceof Date) return value.getTime();
  const isZoneless = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value);
  const millis = Date.parse(isZoneless ? `${value.replace(" ", "T")}Z` : value);
  return Number.isNaN(millis) ? 0 : millis;
}

async function mergeDuplicateConnections(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<ConnectionRow>`
    select c.id, c.organization_id, c.platform, c.status, c.created_at
    from connections c
    join (
      select organization_id, platform from connections group by organization_id, platform having count(*) > 1
    ) d on d.organization_id = c.organization_id and d.platform = c.platform`.execute(db);
  const groups = new Map<string, ConnectionRow[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.organization_id, row.platform]);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const group of groups.values()) {
    const [kept, ...duplicates] = group.sort(
      (a, b) =>
        Number(b.status !== "disconnected") - Number(a.status !== "disconnected") ||
        millisOf(b.created_at) - millisOf(a.created_at) ||
        (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
    if (!kept) continue;
    for (const duplicate of duplicates) await mergeInto(db, kept.id, duplicate.id);
  }
}

async function mergeInto(db: Kysely<unknown>, keptId: string, duplicateId: string): Promise<void> {
  // Ad accounts only the duplicate has move, with their campaigns, metrics and rollups (keyed by account).
  await sql`
    update ad_accounts set connection_id = ${keptId}
    where connection_id = ${duplicateId}
      and external_id not in (select external_id from ad_accounts where connection_id = ${keptId})`.execute(db);
  // The history of the campaigns both have follows the kept twin (otherwise it is kept, unlinked).
  await sql`
    update change_log set campaign_id = (
      select kept_campaign.id
      from campaigns duplicate_campaign
      join ad_accounts duplicate_account on duplicate_account.id = duplicate_campaign.ad_account_id
      join ad_accounts kept_account
        on kept_account.connection_id = ${keptId} and kept_account.external_id = duplicate_account.external_id
      join campaigns kept_campaign
        on kept_campaign.ad_account_id = kept_account.id and kept_campaign.external_id = duplicate_campaign.external_id
      where duplicate_campaign.id = change_log.campaign_id
    )
    where campaign_id in (
      select campaign.id from campaigns campaign
      join ad_accounts account on account.id = campaign.ad_account_id
      where account.connection_id = ${duplicateId}
    )`.execute(db);

  const movedOrders = await sql`
    update store_orders set connection_id = ${keptId}
    where connection_id = ${duplicateId}
      and external_id not in (select external_id from store_orders where connection_id = ${keptId})`.execute(db);
  if (Number(movedOrders.numAffectedRows ?? 0) > 0) {
    // The same rollup as core/analytics/analytics-rollups.ts writes, for the whole store.
    await sql`delete from store_order_daily_revenue where connection_id = ${keptId}`.execute(db);
    await sql`
      insert into store_order_daily_revenue (organization_id, date, connection_id, currency, utm_source, revenue_minor, orders)
      select o.organization_id, substr(o.ordered_at, 1, 10), o.connection_id, o.currency, coalesce(o.utm_source, ''),
        sum(o.total_minor - o.refunded_minor), count(*)
      from store_orders o
      where o.connection_id = ${keptId}
      group by o.organization_id, substr(o.ordered_at, 1, 10), o.connection_id, o.currency, coalesce(o.utm_source, '')`.execute(
      db,
    );
  }

  await sql`
    update sync_runs set connection_id = ${keptId}
    where connection_id = ${duplicateId} and status <> 'running'`.execute(db);
  // Cascades to what is left: the duplicate's copies of accounts, campaigns, metrics, orders and rollups.
  await sql`delete from connections where id = ${duplicateId}`.execute(db);
}
