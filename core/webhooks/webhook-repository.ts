import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";
import type { WebhookEventType } from "./webhook-events.ts";
import type { WebhookDeliveryStatus } from "./webhook-types.ts";

export interface WebhookEndpointRecord {
  id: string;
  organizationId: string;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
  isEnabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookDeliveryRecord {
  id: string;
  organizationId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payloadJson: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookAttemptRecord {
  id: string;
  deliveryId: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  createdAt: Date;
}

export interface NewWebhookDelivery {
  id: string;
  organizationId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payloadJson: string;
  createdAt: Date;
}

const toDate = (value: Date | string): Date => new Date(value);
const toDateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function parseEventTypes(json: string): WebhookEventType[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is WebhookEventType => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** The only SQL of the webhooks slice. Every read and write of an organization's rows is scoped by its id. */
export function createWebhookRepository(db: Kysely<Database>) {
  const endpoints = () => db.selectFrom("webhook_endpoints").selectAll();
  type EndpointRow = Awaited<ReturnType<ReturnType<typeof endpoints>["executeTakeFirstOrThrow"]>>;
  const toEndpoint = (row: EndpointRow): WebhookEndpointRecord => ({
    id: row.id,
    organizationId: row.organization_id,
    url: row.url,
    description: row.description ?? "",
    eventTypes: parseEventTypes(row.event_types_json),
    secretSealed: row.secret_encrypted,
    previousSecretSealed: row.previous_secret_encrypted,
    previousSecretExpiresAt: toDateOrNull(row.previous_secret_expires_at),
    isEnabled: Boolean(row.enabled),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  });

  const deliveries = () => db.selectFrom("webhook_deliveries").selectAll();
  type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliveries>["executeTakeFirstOrThrow"]>>;
  const toDelivery = (row: DeliveryRow): WebhookDeliveryRecord => ({
    id: row.id,
    organizationId: row.organization_id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    payloadJson: row.payload_json,
    status: row.status as WebhookDeliveryStatus,
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    nextAttemptAt: toDateOrNull(row.next_attempt_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  });

  return {
    async insertEndpoint(endpoint: {
      id: string;
      organizationId: string;
      url: string;
      description: string;
      eventTypes: readonly string[];
      secretSealed: string;
      createdBy: string | null;
      now: Date;
    }): Promise<void> {
      await db
        .insertInto("webhook_endpoints")
        .values({
          id: endpoint.id,
          organization_id: endpoint.organizationId,
          url: endpoint.url,
          description: endpoint.description || null,
          event_types_json: JSON.stringify(endpoint.eventTypes),
          secret_encrypted: endpoint.secretSealed,
          enabled: true,
          created_by: endpoint.createdBy,
          created_at: endpoint.now,
          updated_at: endpoint.now,
        })
        .execute();
    },

    /** The organization's endpoints, oldest first. */
    async listEndpoints(organizationId: string): Promise<WebhookEndpointRecord[]> {
      const rows = await endpoints()
        .where("organization_id", "=", organizationId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map(toEndpoint);
    },

    async findEndpoint(organizationId: string, endpointId: string): Promise<WebhookEndpointRecord | null> {
      const row = await endpoints()
        .where("organization_id", "=", organizationId)
        .where("id", "=", endpointId)
        .executeTakeFirst();
      return row ? toEndpoint(row) : null;
    },

    /** False when the organization has no such endpoint. */
    async updateEndpoint(
      organizationId: string,
      endpointId: string,
      changes: {
        url?: string;
        description?: string;
        eventTypes?: readonly string[];
        isEnabled?: boolean;
        secretSealed?: string;
        previousSecretSealed?: string | null;
        previousSecretExpiresAt?: Date | null;
        now: Date;
      },
    ): Promise<boolean> {
      const result = await db
        .updateTable("webhook_endpoints")
        .set({
          ...(changes.url !== undefined ? { url: changes.url } : {}),
          ...(changes.description !== undefined ? { description: changes.description || null } : {}),
          ...(changes.eventTypes !== undefined ? { event_types_json: JSON.stringify(changes.eventTypes) } : {}),
          ...(changes.isEnabled !== undefined ? { enabled: changes.isEnabled } : {}),
          ...(changes.secretSealed !== undefined ? { secret_encrypted: changes.secretSealed } : {}),
          ...(changes.previousSecretSealed !== undefined
            ? { previous_secret_encrypted: changes.previousSecretSealed }
            : {}),
          ...(changes.previousSecretExpiresAt !== undefined
            ? { previous_secret_expires_at: changes.previousSecretExpiresAt }
            : {}),
          updated_at: changes.now,
        })
        .where("organization_id", "=", organizationId)
        .where("id", "=", endpointId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Its deliveries and their attempts go with it. False when the organization has no such endpoint. */
    async deleteEndpoint(organizationId: string, endpointId: string): Promise<boolean> {
      const result = await db
        .deleteFrom("webhook_endpoints")
        .where("organization_id", "=", organizationId)
        .where("id", "=", endpointId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** The endpoint a delivery goes to (any organization: the delivery job's own lookup). */
    async findEndpointById(endpointId: string): Promise<WebhookEndpointRecord | null> {
      const row = await endpoints().where("id", "=", endpointId).executeTakeFirst();
      return row ? toEndpoint(row) : null;
    },

    /** Stores the delivery unless the endpoint has this event already; true when it is new. */
    async insertDelivery(delivery: NewWebhookDelivery): Promise<boolean> {
      const result = await db
        .insertInto("webhook_deliveries")
        .values({
          id: delivery.id,
          organization_id: delivery.organizationId,
          endpoint_id: delivery.endpointId,
          event_id: delivery.eventId,
          event_type: delivery.eventType,
          payload_json: delivery.payloadJson,
          status: "pending",
          attempts: 0,
          next_attempt_at: delivery.createdAt,
          created_at: delivery.createdAt,
          updated_at: delivery.createdAt,
        })
        .onConflict((conflict) => conflict.columns(["endpoint_id", "event_id"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async findDelivery(deliveryId: string): Promise<WebhookDeliveryRecord | null> {
      const row = await deliveries().where("id", "=", deliveryId).executeTakeFirst();
      return row ? toDelivery(row) : null;
    },

    /**
     * Takes the delivery's next attempt for this process: one conditional update, so of two nodes
     * running the same job only one wins. The lease keeps it from others until the attempt is
     * recorded; a process that dies mid-attempt leaves it to be retried when the lease runs out.
     */
    async claimAttempt(input: { deliveryId: string; attempts: number; now: Date; leaseUntil: Date }): Promise<boolean> {
      const result = await db
        .updateTable("webhook_deliveries")
        .set({ attempts: input.attempts + 1, next_attempt_at: input.leaseUntil, updated_at: input.now })
        .where("id", "=", input.deliveryId)
        .where("status", "=", "pending")
        .where("attempts", "=", input.attempts)
        .where("next_attempt_at", "<=", input.now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records an attempt and the delivery's new state. */
    async recordAttempt(input: {
      attemptId: string;
      deliveryId: string;
      statusCode: number | null;
      error: string | null;
      durationMs: number;
      at: Date;
      status: WebhookDeliveryStatus;
      nextAttemptAt: Date | null;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("webhook_attempts")
          .values({
            id: input.attemptId,
            delivery_id: input.deliveryId,
            status_code: input.statusCode,
            error: input.error,
            duration_ms: Math.round(input.durationMs),
            created_at: input.at,
          })
          .execute();
        await trx
          .updateTable("webhook_deliveries")
          .set({
            status: input.status,
            last_status_code: input.statusCode,
            last_error: input.error,
            next_attempt_at: input.nextAttemptAt,
            updated_at: input.at,
          })
          .where("id", "=", input.deliveryId)
          .execute();
      });
    },

    /** The endpoint's newest deliveries, with their attempts. */
    async listDeliveries(
      organizationId: string,
      endpointId: string,
      limit: number,
    ): Promise<Array<WebhookDeliveryRecord & { tries: WebhookAttemptRecord[] }>> {
      const rows = await deliveries()
        .where("organization_id", "=", organizationId)
        .where("endpoint_id", "=", endpointId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      if (rows.length === 0) return [];
      const attempts = await db
        .selectFrom("webhook_attempts")
        .selectAll()
        .where(
          "delivery_id",
          "in",
          rows.map((row) => row.id),
        )
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map((row) => ({
        ...toDelivery(row),
        tries: attempts
          .filter((attempt) => attempt.delivery_id === row.id)
          .map((attempt) => ({
            id: attempt.id,
            deliveryId: attempt.delivery_id,
            statusCode: attempt.status_code === null ? null : Number(attempt.status_code),
            error: attempt.error,
            durationMs: Number(attempt.duration_ms),
            createdAt: toDate(attempt.created_at),
          })),
      }));
    },

    /** The newest delivery of each of these endpoints. */
    async lastDeliveries(
      organizationId: string,
      endpointIds: readonly string[],
    ): Promise<Map<string, WebhookDeliveryRecord>> {
      const found = new Map<string, WebhookDeliveryRecord>();
      for (const endpointId of endpointIds) {
        const row = await deliveries()
          .where("organization_id", "=", organizationId)
          .where("endpoint_id", "=", endpointId)
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(1)
          .executeTakeFirst();
        if (row) found.set(endpointId, toDelivery(row));
      }
      return found;
    },

    /** Pending deliveries whose next attempt is due (the sweep's list), oldest first. */
    async dueDeliveries(now: Date, limit: number): Promise<Array<{ id: string; attempts: number }>> {
      const rows = await db
        .selectFrom("webhook_deliveries")
        .select(["id", "attempts"])
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", now)
        .orderBy("next_attempt_at")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, attempts: Number(row.attempts) }));
    },
  };
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
