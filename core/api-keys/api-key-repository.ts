import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { ReadOnlyReason } from "#core/access/actor.ts";
import { readOnlyOfStatus } from "#core/billing/organization-read-only.ts";
import type { Database } from "#core/db/schema.ts";
import type { ApiKeyScope } from "#core/shared/domain-enums.ts";

export interface ApiKeyRecord {
  id: string;
  organizationId: string;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  createdAt: Date;
  createdById: string | null;
  createdByName: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

/** A key as authentication needs it, with its organization's plan. */
export interface ApiKeyCredential {
  id: string;
  organizationId: string;
  name: string;
  scope: ApiKeyScope;
  /** The creator's role in the organization now; null when they left it or their account is gone. */
  creatorRole: string | null;
  planId: string;
  /** Billing: why the organization is read-only, null when it is not. */
  readOnly: ReadOnlyReason | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export interface NewApiKey {
  id: string;
  organizationId: string;
  name: string;
  prefix: string;
  keyHash: string;
  scope: ApiKeyScope;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date | null;
}

export interface ApiKeyUse {
  organizationId: string;
  apiKeyId: string;
  at: Date;
}

export interface ApiKeyRepository {
  insert(key: NewApiKey): Promise<void>;
  /** The organization's keys, newest first. */
  listForOrganization(organizationId: string): Promise<ApiKeyRecord[]>;
  findById(organizationId: string, apiKeyId: string): Promise<ApiKeyRecord | null>;
  /** Marks the key revoked (once); false when the organization has no such key. */
  revoke(organizationId: string, apiKeyId: string, at: Date): Promise<boolean>;
  /** Revokes every active key a member created in the organization (they were removed); the ids revoked. */
  revokeCreatedBy(organizationId: string, userId: string, at: Date): Promise<string[]>;
  findCredentialByHash(keyHash: string): Promise<ApiKeyCredential | null>;
  findCredentialById(organizationId: string, apiKeyId: string): Promise<ApiKeyCredential | null>;
  /** Writes last_used_at for several keys (a batch of the last second's uses). */
  touchLastUsed(uses: ReadonlyArray<ApiKeyUse>): Promise<void>;
  /** The ids of keys revoked at or after `since` (other nodes' revocations, for the cache). */
  listRevokedSince(since: Date): Promise<string[]>;
}

/** The PostgreSQL channel on which a revocation is announced, so every node's key cache drops the key at once. */
export const API_KEY_REVOKED_CHANNEL = "adhelm_api_key_revoked";

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export function createApiKeyRepository(db: Kysely<Database>): ApiKeyRepository {
  // Several nodes share PostgreSQL: each one LISTENs (server/api-key-revocation-watch.ts). SQLite is one node.
  const announceRevoked = async (ids: readonly string[]) => {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    for (const id of ids) await sql`select pg_notify(${API_KEY_REVOKED_CHANNEL}, ${id})`.execute(db);
  };
  const credentials = () =>
    db
      .selectFrom("api_keys")
      .innerJoin("organization", "organization.id", "api_keys.organization_id")
      .leftJoin("member", (join) =>
        join
          .onRef("member.userId", "=", "api_keys.created_by")
          .onRef("member.organizationId", "=", "api_keys.organization_id"),
      )
      .leftJoin("subscriptions", "subscriptions.organization_id", "api_keys.organization_id")
      .select([
        "subscriptions.plan_id as subscription_plan_id",
        "subscriptions.status as subscription_status",
        "subscriptions.read_only_reason",
        "api_keys.id",
        "api_keys.organization_id",
        "api_keys.name",
        "api_keys.scope",
        "api_keys.expires_at",
        "api_keys.revoked_at",
        "api_keys.last_used_at",
        "organization.plan_id",
        "member.role as creator_role",
      ]);
  type CredentialRow = Awaited<ReturnType<ReturnType<typeof credentials>["executeTakeFirstOrThrow"]>>;
  const toCredential = (row: CredentialRow): ApiKeyCredential => ({
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    scope: row.scope,
    creatorRole: row.creator_role,
    planId: row.subscription_plan_id ?? row.plan_id,
    readOnly: readOnlyOfStatus(row.subscription_status, row.read_only_reason),
    expiresAt: toDate(row.expires_at),
    revokedAt: toDate(row.revoked_at),
    lastUsedAt: toDate(row.last_used_at),
  });

  const records = () =>
    db
      .selectFrom("api_keys")
      .leftJoin("user", "user.id", "api_keys.created_by")
      .select([
        "api_keys.id",
        "api_keys.organization_id",
        "api_keys.name",
        "api_keys.prefix",
        "api_keys.scope",
        "api_keys.created_at",
        "api_keys.created_by",
        "user.name as created_by_name",
        "api_keys.expires_at",
        "api_keys.revoked_at",
        "api_keys.last_used_at",
      ]);
  type RecordRow = Awaited<ReturnType<ReturnType<typeof records>["executeTakeFirstOrThrow"]>>;
  const toRecord = (row: RecordRow): ApiKeyRecord => ({
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: new Date(row.created_at),
    createdById: row.created_by,
    createdByName: row.created_by_name,
    expiresAt: toDate(row.expires_at),
    revokedAt: toDate(row.revoked_at),
    lastUsedAt: toDate(row.last_used_at),
  });

  return {
    async insert(key) {
      await db
        .insertInto("api_keys")
        .values({
          id: key.id,
          organization_id: key.organizationId,
          name: key.name,
          prefix: key.prefix,
          key_hash: key.keyHash,
          scope: key.scope,
          created_by: key.createdBy,
          created_at: key.createdAt.toISOString(),
          expires_at: key.expiresAt?.toISOString() ?? null,
        })
        .execute();
    },
    async listForOrganization(organizationId) {
      const rows = await records()
        .where("api_keys.organization_id", "=", organizationId)
        .orderBy("api_keys.created_at", "desc")
        .orderBy("api_keys.id", "desc")
        .execute();
      return rows.map(toRecord);
    },
    async findById(organizationId, apiKeyId) {
      const row = await records()
        .where("api_keys.organization_id", "=", organizationId)
        .where("api_keys.id", "=", apiKeyId)
        .executeTakeFirst();
      return row ? toRecord(row) : null;
    },
    async revoke(organizationId, apiKeyId, at) {
      const exists = await db
        .selectFrom("api_keys")
        .select("id")
        .where("organization_id", "=", organizationId)
        .where("id", "=", apiKeyId)
        .executeTakeFirst();
      if (!exists) return false;
      await db
        .updateTable("api_keys")
        .set({ revoked_at: at.toISOString() })
        .where("organization_id", "=", organizationId)
        .where("id", "=", apiKeyId)
        .where("revoked_at", "is", null)
        .execute();
      await announceRevoked([apiKeyId]);
      return true;
    },
    async revokeCreatedBy(organizationId, userId, at) {
      const active = await db
        .selectFrom("api_keys")
        .select("id")
        .where("organization_id", "=", organizationId)
        .where("created_by", "=", userId)
        .where("revoked_at", "is", null)
        .execute();
      if (active.length === 0) return [];
      const ids = active.map((row) => row.id);
      await db
        .updateTable("api_keys")
        .set({ revoked_at: at.toISOString() })
        .where("organization_id", "=", organizationId)
        .where("id", "in", ids)
        .where("revoked_at", "is", null)
        .execute();
      await announceRevoked(ids);
      return ids;
    },
    async findCredentialByHash(keyHash) {
      const row = await credentials().where("api_keys.key_hash", "=", keyHash).executeTakeFirst();
      return row ? toCredential(row) : null;
    },
    async findCredentialById(organizationId, apiKeyId) {
      const row = await credentials()
        .where("api_keys.organization_id", "=", organizationId)
        .where("api_keys.id", "=", apiKeyId)
        .executeTakeFirst();
      return row ? toCredential(row) : null;
    },
    async touchLastUsed(uses) {
      if (uses.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const use of uses)
          await trx
            .updateTable("api_keys")
            .set({ last_used_at: use.at.toISOString() })
            .where("organization_id", "=", use.organizationId)
            .where("id", "=", use.apiKeyId)
            .execute();
      });
    },
    async listRevokedSince(since) {
      const rows = await db
        .selectFrom("api_keys")
        .select("id")
        .where("revoked_at", ">=", since.toISOString())
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
