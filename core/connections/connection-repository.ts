import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";
import type { ExternalAdAccount, PlatformErrorKind } from "#core/shared/connector-port.ts";
import type { ConnectionStatus } from "#core/shared/domain-enums.ts";
import { AD_PLATFORM_IDS, type PlatformId } from "#core/shared/platforms.ts";

/** A connection as the domain sees it. Tokens stay sealed here; only the sync opens them. */
export interface ConnectionRecord {
  id: string;
  organizationId: string;
  platform: PlatformId;
  status: ConnectionStatus;
  displayName: string | null;
  context: Record<string, string>;
  sealedAccessToken: string | null;
  sealedRefreshToken: string | null;
  tokenExpiresAt: Date | null;
  lastSyncedAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

export interface AdAccountRecord {
  id: string;
  connectionId: string;
  externalId: string;
  name: string;
  currency: string;
  timeZone: string;
  isManaged: boolean;
  context: Record<string, string>;
}

export interface SealedTokens {
  sealedAccessToken: string;
  sealedRefreshToken: string | null;
  expiresAt: Date | null;
}

export interface OAuthStateRecord {
  organizationId: string;
  userId: string;
  sessionId: string;
  platform: string;
  storeAddress: string | null;
  pendingTokensSealed: string | null;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface ConnectionRepository {
  findById(organizationId: string, connectionId: string): Promise<ConnectionRecord | null>;
  /** The organization's newest connection to a platform, whatever its status. */
  findByPlatform(organizationId: string, platform: PlatformId): Promise<ConnectionRecord | null>;
  listForOrganization(organizationId: string): Promise<ConnectionRecord[]>;
  /**
   * Stores a fresh grant: revives the platform's connection, or creates it (one per organization
   * and platform, enforced by a unique index, so parallel callbacks end on the same row). The tokens
   * are sealed by `sealTokens` once the connection's id is known, since they are bound to it.
   */
  saveGrant(input: {
    organizationId: string;
    platform: PlatformId;
    userId: string;
    sealTokens: (connectionId: string) => SealedTokens;
    context: Record<string, string>;
    displayName: string | null;
  }): Promise<string>;
  saveTokens(connectionId: string, tokens: SealedTokens): Promise<void>;
  /**
   * `lastError` given: the failure's words, and its kind (null when there is none); omitted, the
   * last error and its kind stay as they were.
   */
  setStatus(
    connectionId: string,
    status: ConnectionStatus,
    lastError?: string | null,
    errorKind?: PlatformErrorKind | null,
  ): Promise<void>;
  markSynced(connectionId: string, at: Date): Promise<void>;
  /** Stops syncing and forgets the tokens; the synced data stays unless `deleteData`. */
  disconnect(organizationId: string, connectionId: string, options: { deleteData: boolean }): Promise<void>;
  /** Connections not disconnected whose last sync is older than `before` (or that never synced). */
  listDueForSync(before: Date, limit: number): Promise<Array<{ id: string; organizationId: string }>>;

  /** Inserts new accounts (managed as `isManagedWhenNew` says) and refreshes known ones. */
  upsertAdAccounts(
    organizationId: string,
    connectionId: string,
    accounts: ExternalAdAccount[],
    isManagedWhenNew: boolean,
  ): Promise<void>;
  listAdAccounts(organizationId: string, connectionId: string): Promise<AdAccountRecord[]>;
  /** Manages exactly the given accounts (our ids) of the connection; returns how many are managed. */
  setManagedAccounts(organizationId: string, connectionId: string, adAccountIds: string[]): Promise<number>;

  createOAuthState(input: {
    stateHash: string;
    organizationId: string;
    userId: string;
    sessionId: string;
    platform: PlatformId;
    storeAddress: string | null;
    expiresAt: Date;
  }): Promise<void>;
  findOAuthState(stateHash: string): Promise<OAuthStateRecord | null>;
  /** Marks the state used; false when it was already used (a replayed callback). */
  consumeOAuthState(stateHash: string, at: Date): Promise<boolean>;
  attachPendingTokens(stateHash: string, sealed: string): Promise<boolean>;
  deleteExpiredOAuthStates(before: Date): Promise<void>;
}

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));
const parseContext = (value: string | null): Record<string, string> =>
  value ? (JSON.parse(value) as Record<string, string>) : {};

export function createConnectionRepository(db: Kysely<Database>): ConnectionRepository {
  const selectConnections = () => db.selectFrom("connections").selectAll();
  type ConnectionRow = Awaited<ReturnType<ReturnType<typeof selectConnections>["executeTakeFirstOrThrow"]>>;
  const toRecord = (row: ConnectionRow): ConnectionRecord => ({
    id: row.id,
    organizationId: row.organization_id,
    platform: row.platform as PlatformId,
    status: row.status,
    displayName: row.display_name,
    context: parseContext(row.platform_context),
    sealedAccessToken: row.access_token_encrypted,
    sealedRefreshToken: row.refresh_token_encrypted,
    tokenExpiresAt: toDate(row.token_expires_at),
    lastSyncedAt: toDate(row.last_synced_at),
    lastError: row.last_error,
    createdAt: new Date(row.created_at),
  });
  const now = () => new Date().toISOString();

  return {
    async findById(organizationId, connectionId) {
      const row = await selectConnections()
        .where("organization_id", "=", organizationId)
        .where("id", "=", connectionId)
        .executeTakeFirst();
      return row ? toRecord(row) : null;
    },
    async findByPlatform(organizationId, platform) {
      const row = await selectConnections()
        .where("organization_id", "=", organizationId)
        .where("platform", "=", platform)
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      return row ? toRecord(row) : null;
    },
    async listForOrganization(organizationId) {
      const rows = await selectConnections()
        .where("organization_id", "=", organizationId)
        .orderBy("created_at")
        .execute();
      return rows.map(toRecord);
    },
    async saveGrant({ organizationId, platform, userId, sealTokens, context, displayName }) {
      const tokenColumns = (tokens: SealedTokens) => ({
        access_token_encrypted: tokens.sealedAccessToken,
        refresh_token_encrypted: tokens.sealedRefreshToken,
        token_expires_at: tokens.expiresAt?.toISOString() ?? null,
      });
      const revived = {
        status: "active" as const,
        platform_context: JSON.stringify(context),
        display_name: displayName,
        last_error: null,
        updated_at: now(),
      };
      return db.transaction().execute(async (trx) => {
        const newId = randomUUID();
        const { id } = await trx
          .insertInto("connections")
          .values({
            id: newId,
            organization_id: organizationId,
            platform,
            created_by: userId,
            created_at: now(),
            ...revived,
            ...tokenColumns(sealTokens(newId)),
          })
          .onConflict((conflict) => conflict.columns(["organization_id", "platform"]).doUpdateSet(revived))
          .returning("id")
          .executeTakeFirstOrThrow();
        // The platform's existing connection was revived: its tokens are sealed for its own id.
        if (id !== newId)
          await trx
            .updateTable("connections")
            .set(tokenColumns(sealTokens(id)))
            .where("id", "=", id)
            .execute();
        return id;
      });
    },
    async saveTokens(connectionId, tokens) {
      await db
        .updateTable("connections")
        .set({
          access_token_encrypted: tokens.sealedAccessToken,
          refresh_token_encrypted: tokens.sealedRefreshToken,
          token_expires_at: tokens.expiresAt?.toISOString() ?? null,
          updated_at: now(),
        })
        .where("id", "=", connectionId)
        .execute();
    },
    async setStatus(connectionId, status, lastError, errorKind) {
      await db
        .updateTable("connections")
        .set({
          status,
          ...(lastError === undefined ? {} : { last_error: lastError, last_error_kind: errorKind ?? null }),
          updated_at: now(),
        })
        .where("id", "=", connectionId)
        // A disconnected connection stays disconnected whatever a late job says.
        .where("status", "!=", "disconnected")
        .execute();
    },
    async markSynced(connectionId, at) {
      await db
        .updateTable("connections")
        .set({
          status: "active",
          last_synced_at: at.toISOString(),
          last_error: null,
          last_error_kind: null,
          updated_at: now(),
        })
        .where("id", "=", connectionId)
        .where("status", "!=", "disconnected")
        .execute();
    },
    async disconnect(organizationId, connectionId, { deleteData }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("connections")
          .set({
            status: "disconnected",
            access_token_encrypted: null,
            refresh_token_encrypted: null,
            token_expires_at: null,
            updated_at: now(),
          })
          .where("organization_id", "=", organizationId)
          .where("id", "=", connectionId)
          .execute();
        if (deleteData) {
          // Cascades to campaigns, their metrics, store orders and the sync history.
          await trx
            .deleteFrom("connections")
            .where("organization_id", "=", organizationId)
            .where("id", "=", connectionId)
            .execute();
        }
      });
    },
    async listDueForSync(before, limit) {
      return (
        db
          .selectFrom("connections")
          .select(["id", "organization_id as organizationId"])
          .where("status", "in", ["active", "error"])
          .where((eb) => eb.or([eb("last_synced_at", "is", null), eb("last_synced_at", "<", before.toISOString())]))
          // Not one still waiting for its accounts to be chosen (list-integrations' awaitsChoice):
          // an ad platform that never synced nor tried, with accounts to choose from.
          .where(({ eb, and, not, exists, selectFrom }) =>
            not(
              and([
                eb("connections.platform", "in", [...AD_PLATFORM_IDS]),
                eb("connections.status", "=", "active"),
                eb("connections.last_synced_at", "is", null),
                exists(
                  selectFrom("ad_accounts")
                    .select("ad_accounts.id")
                    .whereRef("ad_accounts.connection_id", "=", "connections.id"),
                ),
                not(
                  exists(
                    selectFrom("sync_runs")
                      .select("sync_runs.id")
                      .whereRef("sync_runs.connection_id", "=", "connections.id"),
                  ),
                ),
              ]),
            ),
          )
          .orderBy("last_synced_at")
          .limit(limit)
          .execute()
      );
    },

    async upsertAdAccounts(organizationId, connectionId, accounts, isManagedWhenNew) {
      if (accounts.length === 0) return;
      await db
        .insertInto("ad_accounts")
        .values(
          accounts.map((account) => ({
            id: randomUUID(),
            organization_id: organizationId,
            connection_id: connectionId,
            external_id: account.externalId,
            name: account.name,
            currency: account.currency,
            time_zone: account.timeZone,
            is_managed: isManagedWhenNew,
            platform_context: JSON.stringify(account.context),
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(["connection_id", "external_id"]).doUpdateSet((eb) => ({
            name: eb.ref("excluded.name"),
            currency: eb.ref("excluded.currency"),
            time_zone: eb.ref("excluded.time_zone"),
            platform_context: eb.ref("excluded.platform_context"),
            updated_at: now(),
          })),
        )
        .execute();
    },
    async listAdAccounts(organizationId, connectionId) {
      const rows = await db
        .selectFrom("ad_accounts")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("connection_id", "=", connectionId)
        .orderBy("name")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        connectionId: row.connection_id,
        externalId: row.external_id,
        name: row.name,
        currency: row.currency,
        timeZone: row.time_zone,
        isManaged: Boolean(row.is_managed),
        context: parseContext(row.platform_context),
      }));
    },
    async setManagedAccounts(organizationId, connectionId, adAccountIds) {
      return db.transaction().execute(async (trx) => {
        const scoped = () =>
          trx
            .updateTable("ad_accounts")
            .where("organization_id", "=", organizationId)
            .where("connection_id", "=", connectionId);
        await scoped().set({ is_managed: false, updated_at: now() }).execute();
        if (adAccountIds.length === 0) return 0;
        const result = await scoped()
          .set({ is_managed: true, updated_at: now() })
          .where("id", "in", adAccountIds)
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      });
    },

    async createOAuthState(input) {
      await db
        .insertInto("oauth_states")
        .values({
          id: input.stateHash,
          organization_id: input.organizationId,
          user_id: input.userId,
          session_id: input.sessionId,
          platform: input.platform,
          store_address: input.storeAddress,
          expires_at: input.expiresAt.toISOString(),
          created_at: now(),
        })
        .execute();
    },
    async findOAuthState(stateHash) {
      const row = await db.selectFrom("oauth_states").selectAll().where("id", "=", stateHash).executeTakeFirst();
      if (!row) return null;
      return {
        organizationId: row.organization_id,
        userId: row.user_id,
        sessionId: row.session_id,
        platform: row.platform,
        storeAddress: row.store_address,
        pendingTokensSealed: row.pending_tokens_encrypted,
        expiresAt: new Date(row.expires_at),
        usedAt: toDate(row.used_at),
      };
    },
    async consumeOAuthState(stateHash, at) {
      const result = await db
        .updateTable("oauth_states")
        .set({ used_at: at.toISOString() })
        .where("id", "=", stateHash)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async attachPendingTokens(stateHash, sealed) {
      const result = await db
        .updateTable("oauth_states")
        .set({ pending_tokens_encrypted: sealed })
        .where("id", "=", stateHash)
        .where("used_at", "is", null)
        .where("pending_tokens_encrypted", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async deleteExpiredOAuthStates(before) {
      await db.deleteFrom("oauth_states").where("expires_at", "<", before.toISOString()).execute();
    },
  };
}
