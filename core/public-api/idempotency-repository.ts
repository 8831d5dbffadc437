import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export interface IdempotencyRecord {
  method: string;
  path: string;
  requestHash: string;
  status: "pending" | "done";
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface IdempotencyClaim {
  organizationId: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface IdempotencyRepository {
  /** Records the key as pending for this request; false when the organization already used it. */
  claim(claim: IdempotencyClaim): Promise<boolean>;
  find(organizationId: string, key: string): Promise<IdempotencyRecord | null>;
  /** Deletes the key's record if it is the one created at `createdAt` (expired or abandoned), so it can be claimed again. */
  deleteStale(organizationId: string, key: string, createdAt: Date): Promise<void>;
  complete(organizationId: string, key: string, response: { status: number; body: string }): Promise<void>;
  /** Forgets a pending key whose request failed on our side, so a retry runs it again. */
  release(organizationId: string, key: string): Promise<void>;
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
      };
    },
    async deleteStale(organizationId, key, createdAt) {
      await db
        .deleteFrom("api_idempotency_keys")
        .where("organization_id", "=", organizationId)
        .where("key", "=", key)
        .where("created_at", "=", createdAt.toISOString())
        .execute();
    },
    async complete(organizationId, key, response) {
      await db
        .updateTable("api_idempotency_keys")
        .set({ status: "done", response_status: response.status, response_body: response.body })
        .where("organization_id", "=", organizationId)
        .where("key", "=", key)
        .execute();
    },
    async release(organizationId, key) {
      await db
        .deleteFrom("api_idempotency_keys")
        .where("organization_id", "=", organizationId)
        .where("key", "=", key)
        .where("status", "=", "pending")
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
