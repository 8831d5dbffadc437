/**
 * Which campaigns an organization sees: the one place this rule is written. A campaign counts when
 * it belongs to the organization, its ad account is one the team chose to manage (`is_managed`) and
 * the account's connection is not disconnected. Removed campaigns are a choice of each question: the
 * dashboard's count and the table (unless its status filter asks) leave them out, while a campaign's
 * page, the API and the rankings still show one that was removed on its platform.
 *
 * Migration 0010's triggers (frozen) and the change use cases' messages (which say why a campaign
 * cannot change: not connected, not managed) follow the same rule.
 */
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "#core/db/schema.ts";
import type { ConnectionStatus } from "#core/shared/domain-enums.ts";

/** For a query that joined the ad account as `a` and its connection as `n`. */
export const isVisibleAccount = sql<SqlBool>`a.is_managed = ${true} and n.status != ${"disconnected"}`;

/** The organization's visible ad accounts, as `a`, with their connection as `n`. */
export function visibleAccounts(db: Kysely<Database>, organizationId: string) {
  return db
    .selectFrom("ad_accounts as a")
    .innerJoin("connections as n", "n.id", "a.connection_id")
    .where("a.organization_id", "=", organizationId)
    .where(isVisibleAccount);
}

/** The organization's visible campaigns, as `c`, with their ad account as `a` and its connection as `n`. */
export function visibleCampaigns(
  db: Kysely<Database>,
  organizationId: string,
  options: { removed: "include" | "exclude" },
) {
  const query = db
    .selectFrom("campaigns as c")
    .innerJoin("ad_accounts as a", "a.id", "c.ad_account_id")
    .innerJoin("connections as n", "n.id", "a.connection_id")
    .where("c.organization_id", "=", organizationId)
    .where(isVisibleAccount);
  return options.removed === "include" ? query : query.where("c.status", "!=", "removed");
}

/** The same rule over an ad account already read (the organization was part of the read). */
export function isVisibleAdAccount(account: { isManaged: boolean; connectionStatus: ConnectionStatus }): boolean {
  return account.isManaged && account.connectionStatus !== "disconnected";
}

/** What a summary of a visible campaign shows: the campaigns API's items and the analytics' campaign summaries. */
export const campaignSummaryColumns = [
  "c.id",
  "n.platform",
  "c.ad_account_id",
  "a.name as account_name",
  "c.external_id",
  "c.name",
  "c.status",
  "c.daily_budget_minor",
  "c.currency",
  "c.created_at",
] as const;
