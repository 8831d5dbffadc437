import type { Kysely } from "kysely";
import { type Migration, type MigrationResultSet, Migrator } from "kysely/migration";
import * as rateLimits from "./migrations/0001-rate-limits.ts";
import * as accounts from "./migrations/0002-accounts.ts";
import * as organizations from "./migrations/0003-organizations.ts";
import * as ads from "./migrations/0004-ads.ts";
import * as publicSite from "./migrations/0005-public-site.ts";
import * as sync from "./migrations/0006-sync.ts";
import * as campaignManagement from "./migrations/0007-campaign-management.ts";
import * as analyticsRollups from "./migrations/0008-analytics-rollups.ts";
import * as campaignListIndex from "./migrations/0009-campaign-list-index.ts";
import * as campaignListVersions from "./migrations/0010-campaign-list-versions.ts";
import * as uniqueConnectionsAndLeases from "./migrations/0011-unique-connections-and-leases.ts";
import * as automation from "./migrations/0012-automation.ts";
import * as optimizer from "./migrations/0013-optimizer.ts";
import * as teams from "./migrations/0014-teams.ts";
import * as privacy from "./migrations/0015-privacy.ts";
import * as billing from "./migrations/0016-billing.ts";
import * as tableViews from "./migrations/0017-table-views.ts";
import * as apiKeyExpiry from "./migrations/0018-api-key-expiry.ts";
import * as assistant from "./migrations/0019-assistant.ts";
import * as adLevel from "./migrations/0020-ads.ts";
import * as creativeAssets from "./migrations/0021-creative-assets.ts";
import * as conversions from "./migrations/0022-conversions.ts";
import * as connectionErrorKind from "./migrations/0024-connection-error-kind.ts";
import type { Database } from "./schema.ts";

/**
 * Forward-only migrations, in order. Listed by hand rather than read from disk so that the
 * same list works from node, from Vitest and from a bundled build.
 */
const migrations: Record<string, Migration> = {
  "0001-rate-limits": rateLimits,
  "0002-accounts": accounts,
  "0003-organizations": organizations,
  "0004-ads": ads,
  "0005-public-site": publicSite,
  "0006-sync": sync,
  "0007-campaign-management": campaignManagement,
  "0008-analytics-rollups": analyticsRollups,
  "0009-campaign-list-index": campaignListIndex,
  "0010-campaign-list-versions": campaignListVersions,
  "0011-unique-connections-and-leases": uniqueConnectionsAndLeases,
  "0012-automation": automation,
  "0013-optimizer": optimizer,
  "0014-teams": teams,
  "0015-privacy": privacy,
  "0016-billing": billing,
  "0017-table-views": tableViews,
  "0018-api-key-expiry": apiKeyExpiry,
  "0019-assistant": assistant,
  "0020-ads": adLevel,
  "0021-creative-assets": creativeAssets,
  "0022-conversions": conversions,
  "0024-connection-error-kind": connectionErrorKind,
};

export interface MigrationReport {
  applied: string[];
}

/** Runs pending migrations. Safe to run twice and from several nodes at once (Kysely takes a lock). */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationReport> {
  return report(await migratorOf(db).migrateToLatest());
}

/** Runs pending migrations up to and including `name`: how a test builds the schema as an older release had it. */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<MigrationReport> {
  if (!(name in migrations)) throw new Error(`No migration named ${name}`);
  return report(await migratorOf(db).migrateTo(name));
}

function migratorOf(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function report({ error, results = [] }: MigrationResultSet): MigrationReport {
  const failed = results.find((result) => result.status === "Error");
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return { applied: results.filter((result) => result.status === "Success").map((result) => result.migrationName) };
}

export function listMigrationNames(): string[] {
  return Object.keys(migrations);
}
