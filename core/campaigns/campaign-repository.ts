import { randomUUID } from "node:crypto";
import { CompiledQuery, type Kysely, sql } from "kysely";
import type { CampaignFilters, CampaignSummary } from "#core/analytics/analytics-types.ts";
import type { Database } from "#core/db/schema.ts";
import type { ExternalCampaign } from "#core/shared/connector-port.ts";
import type { CampaignStatus, ConnectionStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { toIsoTimestamp } from "./iso-timestamp.ts";
import { campaignSummaryColumns, visibleCampaigns } from "./visible-campaigns.ts";

export interface AdAccountForChange {
  id: string;
  externalId: string;
  name: string;
  currency: string;
  timeZone: string;
  context: Record<string, string>;
  isManaged: boolean;
  connectionId: string;
  connectionStatus: ConnectionStatus;
  /** The connection's platform; an ad platform id for every ad account the sync writes. */
  platform: string;
}

export interface CampaignForChange {
  id: string;
  externalId: string;
  name: string;
  status: CampaignStatus;
  dailyBudgetMinor: number | null;
  currency: string;
  connectionId: string;
  adAccount: AdAccountForChange;
}

/** The settings a change mirrors into our row once the platform accepted it. */
export interface CampaignRowChange {
  status?: CampaignStatus;
  dailyBudgetMinor?: number;
  name?: string;
}

/** Where a page of the campaign list ended: the last row's sort key, as the database holds it. */
export interface CampaignListPosition {
  createdAt: string;
  id: string;
}

export interface CampaignListQuery {
  organizationId: string;
  filters: CampaignFilters;
  limit: number;
  after: CampaignListPosition | null;
}

export interface CampaignRepository {
  /** The campaign with what a platform call needs, if it belongs to the organization. */
  findForChange(organizationId: string, campaignId: string): Promise<CampaignForChange | null>;
  /** The organization's campaigns among `campaignIds` (others are left out), in no particular order. */
  listForChange(organizationId: string, campaignIds: string[]): Promise<CampaignForChange[]>;
  /** Mirrors a change the platform accepted, so the product shows it before the next sync. */
  recordChange(organizationId: string, campaignId: string, change: CampaignRowChange): Promise<void>;
  findAdAccount(organizationId: string, adAccountId: string): Promise<AdAccountForChange | null>;
  /**
   * Stores a campaign just created on the platform, keyed like the sync (ad account + external id),
   * so the next sync updates this row instead of adding a second one. Returns our id.
   */
  saveCreated(organizationId: string, adAccountId: string, campaign: ExternalCampaign): Promise<string>;
  /** Managed campaigns, newest first (created_at, then id, both descending), after `after`. */
  listSummaries(
    query: CampaignListQuery,
  ): Promise<Array<{ campaign: CampaignSummary; position: CampaignListPosition }>>;
  /** A managed campaign of the organization. */
  findSummary(organizationId: string, campaignId: string): Promise<CampaignSummary | null>;
  /**
   * A number that moves (by triggers, migration 0010) whenever the organization's campaign list
   * could read differently: a page read after this was read is current for this version.
   */
  listVersion(organizationId: string): Promise<number>;
}

// The escape character works alike on SQLite and PostgreSQL.
const LIKE_ESCAPE = "\\";

/** A user's text as a LIKE pattern that matches it anywhere, with its own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `${LIKE_ESCAPE}${character}`)}%`;
}

interface ListValues {
  organizationId: string;
  platforms: string[];
  statuses: string[];
  adAccountIds: string[];
  searchPattern: string | null;
  after: CampaignListPosition | null;
}

const MAX_LIST_TEMPLATES = 500;
// A parameter value no request can send: it marks where a request's own value goes.
const PLACEHOLDER = "\u0000list-value:";

/** The list's values in one fixed order: the placeholders index into it. */
function flattenListValues(values: ListValues): unknown[] {
  return [
    values.organizationId,
    ...values.platforms,
    ...values.statuses,
    ...values.adAccountIds,
    ...(values.searchPattern === null ? [] : [values.searchPattern]),
    ...(values.after ? [values.after.createdAt, values.after.id] : []),
  ];
}

/** The same shape of values, each replaced by the placeholder of its index in `flattenListValues`. */
function placeholdersFor(values: ListValues): ListValues {
  let index = 0;
  const next = () => `${PLACEHOLDER}${index++}`;
  return {
    organizationId: next(),
    platforms: values.platforms.map(next),
    statuses: values.statuses.map(next),
    adAccountIds: values.adAccountIds.map(next),
    searchPattern: values.searchPattern === null ? null : next(),
    after: values.after ? { createdAt: next(), id: next() } : null,
  };
}

/**
 * A creation time with milliseconds, so campaigns created within one second still list newest
 * first. Written like SQLite's CURRENT_TIMESTAMP (which the sync's rows get) plus milliseconds and
 * an explicit UTC offset: on SQLite it still compares as text in time order with those rows, and
 * PostgreSQL reads the offset.
 */
function preciseTimestamp(at: Date): string {
  return `${at.toISOString().replace("T", " ").replace("Z", "")}+00:00`;
}

export function createCampaignRepository(db: Kysely<Database>): CampaignRepository {
  const selectForChange = (organizationId: string) =>
    db
      .selectFrom("campaigns")
      .innerJoin("ad_accounts", "ad_accounts.id", "campaigns.ad_account_id")
      .innerJoin("connections", "connections.id", "ad_accounts.connection_id")
      .select([
        "campaigns.id",
        "campaigns.external_id",
        "campaigns.name",
        "campaigns.status",
        "campaigns.daily_budget_minor",
        "campaigns.currency",
        "ad_accounts.connection_id",
        "ad_accounts.id as account_id",
        "ad_accounts.external_id as account_external_id",
        "ad_accounts.name as account_name",
        "ad_accounts.currency as account_currency",
        "ad_accounts.time_zone as account_time_zone",
        "ad_accounts.platform_context as account_context",
        "ad_accounts.is_managed as account_is_managed",
        "connections.status as connection_status",
        "connections.platform",
      ])
      .where("campaigns.organization_id", "=", organizationId);
  type ChangeRow = Awaited<ReturnType<ReturnType<typeof selectForChange>["executeTakeFirstOrThrow"]>>;
  const toCampaignForChange = (row: ChangeRow): CampaignForChange => ({
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    status: row.status,
    dailyBudgetMinor: row.daily_budget_minor === null ? null : Number(row.daily_budget_minor),
    currency: row.currency,
    connectionId: row.connection_id,
    adAccount: {
      id: row.account_id,
      externalId: row.account_external_id,
      name: row.account_name,
      currency: row.account_currency,
      timeZone: row.account_time_zone,
      context: row.account_context ? (JSON.parse(row.account_context) as Record<string, string>) : {},
      isManaged: Boolean(row.account_is_managed),
      connectionId: row.connection_id,
      connectionStatus: row.connection_status,
      platform: row.platform,
    },
  });

  // The visible campaigns (visible-campaigns.ts), removed ones too: the API lists them with their status.
  const selectSummaries = (organizationId: string) =>
    visibleCampaigns(db, organizationId, { removed: "include" }).select([
      ...campaignSummaryColumns,
      // The exact stored value (PostgreSQL keeps microseconds a JavaScript Date would drop), for the cursor.
      sql<string>`cast(c.created_at as text)`.as("created_at_text"),
    ]);
  type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>["executeTakeFirstOrThrow"]>>;
  const toSummary = (row: SummaryRow): CampaignSummary => ({
    id: row.id,
    platform: row.platform as AdPlatformId,
    adAccountId: row.ad_account_id,
    adAccountName: row.account_name,
    externalId: row.external_id,
    name: row.name,
    status: row.status,
    dailyBudgetMinor: row.daily_budget_minor === null ? null : Number(row.daily_budget_minor),
    currency: row.currency,
    createdAt: toIsoTimestamp(row.created_at),
  });

  function buildList(values: ListValues, limit: number) {
    let query = selectSummaries(values.organizationId);
    if (values.platforms.length) query = query.where("n.platform", "in", values.platforms);
    if (values.statuses.length) query = query.where("c.status", "in", values.statuses as CampaignStatus[]);
    if (values.adAccountIds.length) query = query.where("c.ad_account_id", "in", values.adAccountIds);
    if (values.searchPattern !== null)
      query = query.where(sql<boolean>`lower(c.name) like ${values.searchPattern} escape ${LIKE_ESCAPE}`);
    const { after } = values;
    if (after)
      query = query.where((eb) =>
        eb.or([
          eb("c.created_at", "<", after.createdAt),
          eb.and([eb("c.created_at", "=", after.createdAt), eb("c.id", "<", after.id)]),
        ]),
      );
    return query.orderBy("c.created_at", "desc").orderBy("c.id", "desc").limit(limit);
  }
  // Building a query with Kysely costs about as much as SQLite answering this one, and the API
  // lists campaigns thousands of times a second: the SQL depends only on which filters are set
  // (and how many values each has), so it is compiled once per such shape and then run with the
  // request's values in place of the placeholders.
  const listTemplates = new Map<string, CompiledQuery>();
  // Asked on every API list call, so compiled once as well.
  const listVersionSql = db
    .selectFrom("campaign_list_versions")
    .select("version")
    .where("organization_id", "=", "")
    .compile().sql;

  return {
    async findForChange(organizationId, campaignId) {
      const row = await selectForChange(organizationId).where("campaigns.id", "=", campaignId).executeTakeFirst();
      return row ? toCampaignForChange(row) : null;
    },
    async listForChange(organizationId, campaignIds) {
      if (campaignIds.length === 0) return [];
      const rows = await selectForChange(organizationId).where("campaigns.id", "in", campaignIds).execute();
      return rows.map(toCampaignForChange);
    },
    async recordChange(organizationId, campaignId, change) {
      await db
        .updateTable("campaigns")
        .set({
          ...(change.status ? { status: change.status } : {}),
          ...(change.dailyBudgetMinor !== undefined ? { daily_budget_minor: change.dailyBudgetMinor } : {}),
          ...(change.name !== undefined ? { name: change.name } : {}),
          updated_at: new Date().toISOString(),
        })
        .where("organization_id", "=", organizationId)
        .where("id", "=", campaignId)
        .execute();
    },
    async findAdAccount(organizationId, adAccountId) {
      const row = await db
        .selectFrom("ad_accounts")
        .innerJoin("connections", "connections.id", "ad_accounts.connection_id")
        .select([
          "ad_accounts.id",
          "ad_accounts.external_id",
          "ad_accounts.name",
          "ad_accounts.currency",
          "ad_accounts.time_zone",
          "ad_accounts.platform_context",
          "ad_accounts.is_managed",
          "ad_accounts.connection_id",
          "connections.status as connection_status",
          "connections.platform",
        ])
        .where("ad_accounts.organization_id", "=", organizationId)
        .where("ad_accounts.id", "=", adAccountId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        externalId: row.external_id,
        name: row.name,
        currency: row.currency,
        timeZone: row.time_zone,
        context: row.platform_context ? (JSON.parse(row.platform_context) as Record<string, string>) : {},
        isManaged: Boolean(row.is_managed),
        connectionId: row.connection_id,
        connectionStatus: row.connection_status,
        platform: row.platform,
      };
    },
    async saveCreated(organizationId, adAccountId, campaign) {
      await db
        .insertInto("campaigns")
        .values({
          id: randomUUID(),
          organization_id: organizationId,
          ad_account_id: adAccountId,
          external_id: campaign.externalId,
          name: campaign.name,
          status: campaign.status,
          daily_budget_minor: campaign.dailyBudgetMinor,
          currency: campaign.currency,
          created_at: preciseTimestamp(new Date()),
        })
        .onConflict((conflict) =>
          conflict.columns(["ad_account_id", "external_id"]).doUpdateSet((eb) => ({
            name: eb.ref("excluded.name"),
            status: eb.ref("excluded.status"),
            daily_budget_minor: eb.ref("excluded.daily_budget_minor"),
            currency: eb.ref("excluded.currency"),
            updated_at: new Date().toISOString(),
          })),
        )
        .execute();
      const row = await db
        .selectFrom("campaigns")
        .select("id")
        .where("organization_id", "=", organizationId)
        .where("ad_account_id", "=", adAccountId)
        .where("external_id", "=", campaign.externalId)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async listSummaries({ organizationId, filters, limit, after }) {
      const search = filters.search?.trim();
      const values: ListValues = {
        organizationId,
        platforms: filters.platforms ?? [],
        statuses: filters.statuses ?? [],
        adAccountIds: filters.adAccountIds ?? [],
        searchPattern: search ? containsPattern(search) : null,
        after,
      };
      const shape = [
        values.platforms.length,
        values.statuses.length,
        values.adAccountIds.length,
        values.searchPattern === null ? 0 : 1,
        after ? 1 : 0,
        limit,
      ].join(":");
      let template = listTemplates.get(shape);
      if (!template) {
        if (listTemplates.size >= MAX_LIST_TEMPLATES) listTemplates.clear();
        template = buildList(placeholdersFor(values), limit).compile();
        listTemplates.set(shape, template);
      }
      const flat = flattenListValues(values);
      const parameters = template.parameters.map((parameter) =>
        typeof parameter === "string" && parameter.startsWith(PLACEHOLDER)
          ? flat[Number(parameter.slice(PLACEHOLDER.length))]
          : parameter,
      );
      const { rows } = await db.executeQuery<SummaryRow>(CompiledQuery.raw(template.sql, parameters));
      return rows.map((row) => ({
        campaign: toSummary(row),
        position: { createdAt: row.created_at_text, id: row.id },
      }));
    },
    async listVersion(organizationId) {
      const { rows } = await db.executeQuery<{ version: number }>(CompiledQuery.raw(listVersionSql, [organizationId]));
      return Number(rows[0]?.version ?? 0);
    },
    async findSummary(organizationId, campaignId) {
      const row = await selectSummaries(organizationId).where("c.id", "=", campaignId).executeTakeFirst();
      return row ? toSummary(row) : null;
    },
  };
}
