import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";

export interface IdempotencyRecord {
  method: string;
  path: string;
  requestHash: string;
  status: "pending" | "done";
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** Until when the request that holds a pending key holds it (null on rows older than leases). */
  leaseExpiresAt: Date | null;
}

export interface IdempotencyClaim {
  organizationId: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
  createdAt: Date;
  expiresAt: Date;
  /** A random value of the claiming request's own: only it may renew, complete or release the key. */
  leaseToken: string;
  leaseExpiresAt: Date;
}

export interface IdempotencyRepository {
  /** Records the key as pending for this request; false when the organization already used it. */
  claim(claim: IdempotencyClaim): Promise<boolean>;
  find(organizationId: string, key: string): Promise<IdempotencyRecord | null>;
  /**
   * Deletes the key's record if it is the one created at `createdAt` and is still stale at `now`
   * (expired, or pending with its lease run out), so it can be claimed again. A lease renewed in
   * the meantime keeps it.
   */
  deleteStale(organizationId: string, key: string, createdAt: Date, now: Date): Promise<void>;
  /** Extends a pending key's lease; false when `leaseToken` no longer holds it. */
  renew(organizationId: string, key: string, leaseToken: string, leaseExpiresAt: Date): Promise<boolean>;
  /** Stores the answer, if `leaseToken` still holds the pending key; false otherwise. */
  complete(
    organizationId: string,
    key: string,
    leaseToken: string,
    response: { status: number; body: string },
  ): Promise<boolean>;
  /** Forgets a pending key whose request failed on our side, so a retry runs it again (its holder only). */
  release(organizationId: string, key: string, leaseToken: string): Promise<void>;
  deleteExpired(before: Date): Promise<number>;
}

export function createIdempotencyRepository(db: Kysely<Database>): IdempotencyRepository {
  return {
    async claim(claim) {
      const inserted = await db
        .insertInto("api_idempotency_keys")
        .values({
          organization_id: claim.organizationId,
          key: claim.key,
          method: claim.method,
          path: claim.path,
          request_hash: claim.requestHash,
          status: "pending",
          created_at: claim.createdAt.toISOString(),
          expires_at: claim.expiresAt.toISOString(),
          lease_token: claim.leaseToken,
          lease_expires_at: claim.leaseExpiresAt.toISOString(),
        })
        .onConflict((conflict) => conflict.columns(["organization_id", "key"]).doNothing())
        .returning("key")
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async find(organizationId, key) {
      const row = await db
        .selectFrom("api_idempotency_keys")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("key", "=", key)
        .executeTakeFirst();
      if (!row) return null;
      return {
        method: row.method,
        path: row.path,
        requestHash: row.request_hash,
        status: row.status,
        responseStatus: row.response_status === null ? null : Number(row.response_status),
        responseBody: row.response_body,
        createdAt: new Date(row.created_at),
        expiresAt: new Date(row.expires_at),
        leaseExpiresAt: row.lease_expires_at === null ? null : new Date(row.lease_expires_at),
      };
    },
    async deleteStale(organizationId, key, createdAt, now) {
      const at = now.toISOString();
      await db
        .deleteFrom("api_idempotency_keys")
        .where("organization_id", "=", organizationId)
        .where("key", "=", key)
        .where("created_at", "=", createdAt.toISOString())
        .where((eb) =>
          eb.or([
            eb("expires_at", "<=", at),
            eb.and([
              eb("status", "=", "pending"),
              // No lease: a row claimed before leases existed, judged by its age by the caller.
              eb.or([eb("lease_expires_at", "is", null), eb("lease_expires_at", "<=", at)]),
            ]),
          ]),
        )
        .execute();
    },
    async renew(organizationId, key, leaseToken, leaseExpiresAt) {
      const result = await db
        .updateTable("api_idempotency_keys")
        .set({ lease_expires_at: leaseExpiresAt.toISOString() })
        .where("organization_id", "=", organizationId)
        .where("key", "=", key)
        .where("status", "=", "pending")
        .where("lease_token", "=", leaseToken)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async complete(organizationId, key, leaseToken, response) {
      const result = await db
        .updateTable("api_idempotency_keys")
        .set({
          status: "done",
          response_status: response.status,
          response_body: response.body,
          lease_expires_at: null,
        })
        .where("organization_id", "=", organizationId)
        .where("key", "=", key)
        .where("status", "=", "pending")
        .where("lease_token", "=", leaseToken)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async release(organizationId, key, leaseToken) {
      await db
        .deleteFrom("api_idempotency_keys")
        .where("organization_id", "=", organizationId)
        .where("key", "=", key)
        .where("status", "=", "pending")
        .where("lease_token", "=", leaseToken)
        .execute();
    },
    async deleteExpired(before) {
      const result = await db
        .deleteFrom("api_idempotency_keys")
        .where("expires_at", "<=", before.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
