import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Actor } from "#core/access/actor.ts";
import type { Database } from "#core/db/schema.ts";
import type { ChangeAction, ChangeOutcome, ChangeSource } from "#core/shared/domain-enums.ts";
import type { CampaignSettings, ChangeLogEntry } from "./campaign-change-types.ts";
import { toIsoTimestamp } from "./iso-timestamp.ts";

export interface NewChangeLogEntry {
  organizationId: string;
  campaignId: string | null;
  campaignName: string;
  platform: string;
  /** Stored as its kind, id and label. */
  actor: Pick<Actor, "kind" | "id" | "label">;
  source: ChangeSource;
  action: ChangeAction;
  reason: string | null;
  before: CampaignSettings;
  after: CampaignSettings;
  outcome: ChangeOutcome;
  platformResponse: string | null;
  batchId: string | null;
  undoOf: string | null;
  /** A rule's key for this campaign and run: one succeeded entry per key, ever. Kept on successes only. */
  idempotencyKey?: string | null;
}

/** Where a page of the log ended: the last entry's sort key, as the database holds it. */
export interface ChangeLogPosition {
  createdAt: string;
  id: string;
}

export interface ChangeLogRepository {
  /** Reserves the id (and time) of an entry before it is written, e.g. to claim an undo first. */
  nextId(): { id: string; at: Date };
  insert(entry: NewChangeLogEntry, reserved?: { id: string; at: Date }): Promise<ChangeLogEntry>;
  /** The organization's entries, newest first, optionally of one campaign, after `after`. */
  list(
    organizationId: string,
    query: { campaignId?: string; limit: number; after?: ChangeLogPosition | null },
  ): Promise<Array<{ entry: ChangeLogEntry; position: ChangeLogPosition }>>;
  find(organizationId: string, changeId: string): Promise<ChangeLogEntry | null>;
  /** The succeeded entry written under a rule's idempotency key, if any. */
  findByIdempotencyKey(organizationId: string, key: string): Promise<ChangeLogEntry | null>;
  /** Marks the entry undone by `undoId`; false when it already was (another undo got there first). */
  markUndone(organizationId: string, changeId: string, undoId: string): Promise<boolean>;
  /** Takes back `markUndone` when the undo did not reach the platform. */
  clearUndone(organizationId: string, changeId: string, undoId: string): Promise<void>;
  /**
   * Writes what a push achieved into the entry written before it (see INTERRUPTED_RESPONSE):
   * its outcome and the platform's answer, and the fields it really changed when fewer went out.
   */
  complete(
    organizationId: string,
    changeId: string,
    result: Pick<NewChangeLogEntry, "outcome" | "platformResponse" | "idempotencyKey"> &
      Partial<Pick<NewChangeLogEntry, "before" | "after" | "action">>,
  ): Promise<ChangeLogEntry>;
  /**
   * Whether a change of the campaign was left interrupted since `since` (Adhelm stopped while the
   * platform had it): the platform may already hold what a retry of it asks for.
   */
  hasInterrupted(organizationId: string, campaignId: string, since: Date): Promise<boolean>;
  /**
   * In one transaction: marks `changeId` undone by the reserved entry and writes that entry (the
   * undo, before its push). Null when another undo got there first.
   */
  claimUndo(
    organizationId: string,
    changeId: string,
    undo: NewChangeLogEntry,
    reserved: { id: string; at: Date },
  ): Promise<ChangeLogEntry | null>;
}

/**
 * What an entry written before its push says until the push's answer replaces it: it stays so only
 * when Adhelm stopped in between (a crash, a deploy), and then the platform may have the change.
 */
export const INTERRUPTED_RESPONSE =
  "Adhelm stopped before the platform answered; the change may have reached it. Check the campaign.";

/**
 * How far back an interrupted change may still be retried: an API client's Idempotency-Key is
 * kept 24 hours, and a rule run is retried within that too.
 */
export function retriesSince(now: Date = new Date()): Date {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000);
}

let clockMs = 0;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562) whose 12 bits after the version count up within a millisecond, so ids made in
 * one process sort in the order they were made; with `created_at` set to the same instant, the log
 * reads newest first even for entries of one batch written within a millisecond.
 */
function nextTimeOrderedId(): { id: string; at: Date } {
  const now = Date.now();
  if (now > clockMs) {
    clockMs = now;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    clockMs += 1;
    sequence = 0;
  }
  const time = clockMs.toString(16).padStart(12, "0");
  const random = randomBytes(8);
  random[0] = (random[0]! & 0x3f) | 0x80;
  const tail = random.toString("hex");
  return {
    id: `${time.slice(0, 8)}-${time.slice(8)}-7${sequence.toString(16).padStart(3, "0")}-${tail.slice(0, 4)}-${tail.slice(4)}`,
    at: new Date(clockMs),
  };
}

export function createChangeLogRepository(db: Kysely<Database>): ChangeLogRepository {
  const selectEntries = (organizationId: string) =>
    db
      .selectFrom("change_log")
      .leftJoin("campaigns", "campaigns.id", "change_log.campaign_id")
      .selectAll("change_log")
      .select([
        "campaigns.currency",
        // The exact stored value (PostgreSQL keeps microseconds a JavaScript Date would drop), for the cursor.
        sql<string>`cast(change_log.created_at as text)`.as("created_at_text"),
      ])
      .where("change_log.organization_id", "=", organizationId);
  type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>["executeTakeFirstOrThrow"]>>;
  const toEntry = (row: EntryRow): ChangeLogEntry => {
    const entry: ChangeLogEntry = {
      id: row.id,
      campaignId: row.campaign_id,
      campaignName: row.campaign_name,
      platform: row.platform,
      actor: { type: row.actor_type, id: row.actor_id, label: row.actor_label },
      source: row.source,
      action: row.action,
      reason: row.reason,
      before: JSON.parse(row.before_json) as CampaignSettings,
      after: JSON.parse(row.after_json) as CampaignSettings,
      currency: row.currency,
      outcome: row.outcome,
      platformResponse: row.platform_response,
      batchId: row.batch_id,
      undoOf: row.undo_of,
      undoneBy: row.undone_by,
      createdAt: toIsoTimestamp(row.created_at),
      canUndo: false,
    };
    entry.canUndo = isUndoable(entry);
    return entry;
  };

  const valuesOf = (entry: NewChangeLogEntry, reserved: { id: string; at: Date }) => ({
    id: reserved.id,
    organization_id: entry.organizationId,
    campaign_id: entry.campaignId,
    campaign_name: entry.campaignName,
    platform: entry.platform,
    actor_type: entry.actor.kind,
    actor_id: entry.actor.id,
    actor_label: entry.actor.label,
    source: entry.source,
    action: entry.action,
    reason: entry.reason,
    before_json: JSON.stringify(entry.before),
    after_json: JSON.stringify(entry.after),
    outcome: entry.outcome,
    platform_response: entry.platformResponse,
    batch_id: entry.batchId,
    undo_of: entry.undoOf,
    undone_by: null,
    idempotency_key: entry.outcome === "succeeded" ? (entry.idempotencyKey ?? null) : null,
    created_at: reserved.at.toISOString(),
  });

  return {
    nextId: nextTimeOrderedId,
    async complete(organizationId, changeId, result) {
      await db
        .updateTable("change_log")
        .set({
          outcome: result.outcome,
          platform_response: result.platformResponse,
          idempotency_key: result.outcome === "succeeded" ? (result.idempotencyKey ?? null) : null,
          ...(result.before ? { before_json: JSON.stringify(result.before) } : {}),
          ...(result.after ? { after_json: JSON.stringify(result.after) } : {}),
          ...(result.action ? { action: result.action } : {}),
        })
        .where("organization_id", "=", organizationId)
        .where("id", "=", changeId)
        .execute();
      const stored = await this.find(organizationId, changeId);
      if (!stored) throw new Error(`change log entry ${changeId} vanished before it was completed`);
      return stored;
    },
    async hasInterrupted(organizationId, campaignId, since) {
      const row = await db
        .selectFrom("change_log")
        .select("id")
        .where("organization_id", "=", organizationId)
        .where("campaign_id", "=", campaignId)
        .where("outcome", "=", "failed")
        .where("platform_response", "=", INTERRUPTED_RESPONSE)
        .where("created_at", ">=", since.toISOString())
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    async claimUndo(organizationId, changeId, undo, reserved) {
      const isClaimed = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable("change_log")
          .set({ undone_by: reserved.id })
          .where("organization_id", "=", organizationId)
          .where("id", "=", changeId)
          .where("undone_by", "is", null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        await trx.insertInto("change_log").values(valuesOf(undo, reserved)).execute();
        return true;
      });
      return isClaimed ? this.find(organizationId, reserved.id) : null;
    },
    async insert(entry, reserved = nextTimeOrderedId()) {
      await db.insertInto("change_log").values(valuesOf(entry, reserved)).execute();
      const stored = await this.find(entry.organizationId, reserved.id);
      if (!stored) throw new Error(`change log entry ${reserved.id} vanished after insert`);
      return stored;
    },
    async list(organizationId, { campaignId, limit, after }) {
      let query = selectEntries(organizationId);
      if (campaignId) query = query.where("change_log.campaign_id", "=", campaignId);
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb("change_log.created_at", "<", after.createdAt),
            eb.and([eb("change_log.created_at", "=", after.createdAt), eb("change_log.id", "<", after.id)]),
          ]),
        );
      const rows = await query
        .orderBy("change_log.created_at", "desc")
        .orderBy("change_log.id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ entry: toEntry(row), position: { createdAt: row.created_at_text, id: row.id } }));
    },
    async find(organizationId, changeId) {
      const row = await selectEntries(organizationId).where("change_log.id", "=", changeId).executeTakeFirst();
      return row ? toEntry(row) : null;
    },
    async findByIdempotencyKey(organizationId, key) {
      const row = await selectEntries(organizationId).where("change_log.idempotency_key", "=", key).executeTakeFirst();
      return row ? toEntry(row) : null;
    },
    async markUndone(organizationId, changeId, undoId) {
      const result = await db
        .updateTable("change_log")
        .set({ undone_by: undoId })
        .where("organization_id", "=", organizationId)
        .where("id", "=", changeId)
        .where("undone_by", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async clearUndone(organizationId, changeId, undoId) {
      await db
        .updateTable("change_log")
        .set({ undone_by: null })
        .where("organization_id", "=", organizationId)
        .where("id", "=", changeId)
        .where("undone_by", "=", undoId)
        .execute();
    },
  };
}

/** A succeeded change, not undone yet, of a campaign we still have, and not a creation. */
export function isUndoable(entry: Pick<ChangeLogEntry, "outcome" | "undoneBy" | "action" | "campaignId">): boolean {
  return (
    entry.outcome === "succeeded" && entry.undoneBy === null && entry.action !== "create" && entry.campaignId !== null
  );
}

/** Where a change came from, by who made it: a person in the app, an API key, or Adhelm's own rules. */
export function changeSourceOf(actor: Pick<Actor, "kind">): ChangeSource {
  if (actor.kind === "api_key") return "api";
  return actor.kind === "system" ? "rule" : "app";
}
