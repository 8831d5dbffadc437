import { randomUUID } from "node:crypto";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, NotificationTable } from "#core/db/schema.ts";
import { timeOrderedId } from "#core/shared/time-ordered-id.ts";
import type { NotificationKind, Severity } from "./notification-types.ts";

export type NotificationChannel = "in_app" | "email" | "push" | "webhook";

/** A stored notification as the centre, the mails and the pushes read it. */
export interface StoredNotification {
  id: string;
  organizationId: string;
  userId: string | null;
  kind: NotificationKind;
  severity: Severity;
  /** English, as raised; readers get it again from its catalog in their language (`message`). */
  title: string;
  body: string;
  link: string | null;
  objectType: string | null;
  objectId: string | null;
  data: Record<string, unknown>;
  /** Null: every channel. */
  channels: NotificationChannel[] | null;
  emailedAt: string | null;
  createdAt: string;
}

export interface NotificationInsert {
  organizationId: string;
  userId: string | null;
  kind: NotificationKind;
  severity: Severity;
  title: string;
  body: string;
  link: string | null;
  objectType: string | null;
  objectId: string | null;
  dedupeKey: string | null;
  /** Holds the message (catalog, key, params) under `message`, beside the producer's details. */
  data: Record<string, unknown>;
  channels: readonly NotificationChannel[] | null;
}

/** Whose eyes: a notification is visible to `userId` when it is theirs or the organization's. */
export interface Reader {
  organizationId: string;
  userId: string;
}

export interface ListFilter {
  kind?: NotificationKind;
  state?: "read" | "unread";
  /** Keyset: the page after this (created_at, id). */
  after?: { createdAt: string; id: string };
  limit: number;
}

export interface Member {
  userId: string;
  email: string;
  name: string;
  timezone: string;
}

export interface PushSubscriptionRow {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const toIso = (value: Date | string) => new Date(value).toISOString();

function toStored(row: Selectable<NotificationTable>): StoredNotification {
  return {
    id: row.id,
    organizationId: row.organization_id,
    userId: row.user_id,
    kind: row.kind as NotificationKind,
    severity: row.severity as Severity,
    title: row.title,
    body: row.body,
    link: row.link,
    objectType: row.object_type,
    objectId: row.object_id,
    data: row.data_json ? (JSON.parse(row.data_json) as Record<string, unknown>) : {},
    channels: row.channels ? (row.channels.split(",") as NotificationChannel[]) : null,
    emailedAt: row.emailed_at ? toIso(row.emailed_at) : null,
    createdAt: toIso(row.created_at),
  };
}

export function createNotificationRepository(db: Kysely<Database>) {
  /** Notifications `reader` may see, with whether they read each one. */
  const visibleTo = (reader: Reader) =>
    db
      .selectFrom("notifications as n")
      .leftJoin("notification_reads as r", (join) =>
        join.onRef("r.notification_id", "=", "n.id").on("r.user_id", "=", reader.userId),
      )
      .where("n.organization_id", "=", reader.organizationId)
      .where((eb) => eb.or([eb("n.user_id", "is", null), eb("n.user_id", "=", reader.userId)]));

  return {
    /** Stores it; null when the organization already has one with the same dedupe key. */
    async insert(input: NotificationInsert): Promise<StoredNotification | null> {
      // Time-ordered, so two notifications made in the same millisecond still list newest first.
      const id = timeOrderedId();
      const row = await db
        .insertInto("notifications")
        .values({
          id,
          organization_id: input.organizationId,
          user_id: input.userId,
          kind: input.kind,
          severity: input.severity,
          title: input.title,
          body: input.body,
          link: input.link,
          object_type: input.objectType,
          object_id: input.objectId,
          dedupe_key: input.dedupeKey,
          data_json: JSON.stringify(input.data),
          channels: input.channels ? input.channels.join(",") : null,
          emailed_at: null,
          // Written by us (not the column default) so SQLite and PostgreSQL order the same ISO instants.
          created_at: new Date(),
        })
        .onConflict((conflict) => conflict.columns(["organization_id", "dedupe_key"]).doNothing())
        .returningAll()
        .executeTakeFirst();
      return row ? toStored(row) : null;
    },

    async markEmailed(id: string, at: Date): Promise<void> {
      await db.updateTable("notifications").set({ emailed_at: at }).where("id", "=", id).execute();
    },

    async list(reader: Reader, filter: ListFilter): Promise<Array<StoredNotification & { isRead: boolean }>> {
      let query = visibleTo(reader).selectAll("n").select("r.read_at");
      if (filter.kind) query = query.where("n.kind", "=", filter.kind);
      if (filter.state === "read") query = query.where("r.read_at", "is not", null);
      if (filter.state === "unread") query = query.where("r.read_at", "is", null);
      const after = filter.after;
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb("n.created_at", "<", new Date(after.createdAt)),
            eb.and([eb("n.created_at", "=", new Date(after.createdAt)), eb("n.id", "<", after.id)]),
          ]),
        );
      const rows = await query.orderBy("n.created_at", "desc").orderBy("n.id", "desc").limit(filter.limit).execute();
      return rows.map((row) => ({ ...toStored(row), isRead: row.read_at != null }));
    },

    async findVisible(reader: Reader, id: string): Promise<StoredNotification | null> {
      const row = await visibleTo(reader).selectAll("n").where("n.id", "=", id).executeTakeFirst();
      return row ? toStored(row) : null;
    },

    async countUnread(reader: Reader): Promise<number> {
      const row = await visibleTo(reader)
        .where("r.read_at", "is", null)
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async markRead(userId: string, notificationIds: string[]): Promise<void> {
      if (notificationIds.length === 0) return;
      const now = new Date();
      await db
        .insertInto("notification_reads")
        .values(notificationIds.map((id) => ({ notification_id: id, user_id: userId, read_at: now })))
        .onConflict((conflict) => conflict.columns(["notification_id", "user_id"]).doNothing())
        .execute();
    },

    /** Marks every visible unread one read; returns how many. */
    async markAllRead(reader: Reader): Promise<number> {
      const unread = await visibleTo(reader).where("r.read_at", "is", null).select("n.id").execute();
      const ids = unread.map((row) => row.id);
      for (let start = 0; start < ids.length; start += 500)
        await this.markRead(reader.userId, ids.slice(start, start + 500));
      return ids.length;
    },

    /** The organization's members, or the one person a personal notification is for. */
    async recipients(organizationId: string, userId: string | null): Promise<Member[]> {
      let query = db
        .selectFrom("member as m")
        .innerJoin("user as u", "u.id", "m.userId")
        .leftJoin("user_profiles as p", "p.id", "u.id")
        .select(["u.id as userId", "u.email", "u.name", "p.timezone"])
        .where("m.organizationId", "=", organizationId);
      if (userId) query = query.where("u.id", "=", userId);
      const rows = await query.execute();
      return rows.map((row) => ({
        userId: row.userId,
        email: row.email,
        name: row.name,
        timezone: row.timezone ?? "UTC",
      }));
    },

    async organizationName(organizationId: string): Promise<string | null> {
      const row = await db
        .selectFrom("organization")
        .select("name")
        .where("id", "=", organizationId)
        .executeTakeFirst();
      return row?.name ?? null;
    },

    async findUser(userId: string): Promise<{ email: string; name: string } | null> {
      const row = await db.selectFrom("user").select(["email", "name"]).where("id", "=", userId).executeTakeFirst();
      return row ?? null;
    },

    // ── The daily digest ──────────────────────────────────────────────────────────────────

    /**
     * Who may be due a digest: members of an organization with a notification that is not critical
     * (those were mailed at once) and newer than `since`, with their last digest's cut-off.
     */
    async digestCandidates(since: Date): Promise<Array<Member & { organizationId: string }>> {
      const rows = await db
        .selectFrom("notifications as n")
        .innerJoin("member as m", "m.organizationId", "n.organization_id")
        .innerJoin("user as u", "u.id", "m.userId")
        .leftJoin("user_profiles as p", "p.id", "u.id")
        .where("n.created_at", ">=", since)
        .where("n.severity", "!=", "critical")
        .where((eb) => eb.or([eb("n.user_id", "is", null), eb("n.user_id", "=", eb.ref("u.id"))]))
        .select(["u.id as userId", "u.email", "u.name", "p.timezone", "n.organization_id as organizationId"])
        .distinct()
        .execute();
      return rows.map((row) => ({ ...row, timezone: row.timezone ?? "UTC" }));
    },

    /** The cut-off of the person's last digest in the organization, if any. */
    async lastDigestCutoff(userId: string, organizationId: string): Promise<Date | null> {
      const row = await db
        .selectFrom("notification_digests")
        .select(sql<Date | string>`max(covers_until)`.as("until"))
        .where("user_id", "=", userId)
        .where("organization_id", "=", organizationId)
        .executeTakeFirst();
      return row?.until ? new Date(row.until) : null;
    },

    /** Unread, not critical, visible to the reader, created in [from, until). */
    async digestItems(reader: Reader, from: Date, until: Date): Promise<StoredNotification[]> {
      const rows = await visibleTo(reader)
        .selectAll("n")
        .where("r.read_at", "is", null)
        .where("n.severity", "!=", "critical")
        .where("n.created_at", ">=", from)
        .where("n.created_at", "<", until)
        .orderBy("n.created_at", "desc")
        .orderBy("n.id", "desc")
        .limit(200)
        .execute();
      return rows.map(toStored);
    },

    /** Claims the person's digest of `day`; false when it was claimed already (another node, a rerun). */
    async claimDigest(input: {
      userId: string;
      organizationId: string;
      day: string;
      coversUntil: Date;
      count: number;
    }): Promise<boolean> {
      const row = await db
        .insertInto("notification_digests")
        .values({
          user_id: input.userId,
          organization_id: input.organizationId,
          day: input.day,
          covers_until: input.coversUntil,
          notification_count: input.count,
          sent_at: null,
        })
        .onConflict((conflict) => conflict.columns(["user_id", "organization_id", "day"]).doNothing())
        .returning("day")
        .executeTakeFirst();
      return Boolean(row);
    },

    async markDigestSent(userId: string, organizationId: string, day: string, at: Date): Promise<void> {
      await db
        .updateTable("notification_digests")
        .set({ sent_at: at })
        .where("user_id", "=", userId)
        .where("organization_id", "=", organizationId)
        .where("day", "=", day)
        .execute();
    },

    /** Gives a claim back after its mail failed, so the next tick tries again. */
    async releaseDigest(userId: string, organizationId: string, day: string): Promise<void> {
      await db
        .deleteFrom("notification_digests")
        .where("user_id", "=", userId)
        .where("organization_id", "=", organizationId)
        .where("day", "=", day)
        .where("sent_at", "is", null)
        .execute();
    },

    // ── Web Push ──────────────────────────────────────────────────────────────────────────

    /** One subscription per browser (endpoint): a browser that signs in as someone else moves to them. */
    async savePushSubscription(input: {
      userId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      userAgent: string | null;
    }): Promise<void> {
      const values = { user_id: input.userId, p256dh: input.p256dh, auth: input.auth, user_agent: input.userAgent };
      await db
        .insertInto("push_subscriptions")
        .values({ id: randomUUID(), endpoint: input.endpoint, ...values, failures: 0, created_at: new Date() })
        .onConflict((conflict) => conflict.column("endpoint").doUpdateSet({ ...values, failures: 0 }))
        .execute();
    },

    async deletePushSubscription(userId: string, endpoint: string): Promise<boolean> {
      const result = await db
        .deleteFrom("push_subscriptions")
        .where("user_id", "=", userId)
        .where("endpoint", "=", endpoint)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async pushSubscriptionsOf(userId: string): Promise<PushSubscriptionRow[]> {
      const rows = await db
        .selectFrom("push_subscriptions")
        .select(["id", "user_id", "endpoint", "p256dh", "auth"])
        .where("user_id", "=", userId)
        .execute();
      return rows.map((row) => ({ ...row, userId: row.user_id }));
    },

    async removePushSubscription(id: string): Promise<void> {
      await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
    },

    async recordPushResult(id: string, isDelivered: boolean): Promise<void> {
      await db
        .updateTable("push_subscriptions")
        .set(isDelivered ? { last_used_at: new Date(), failures: 0 } : { failures: sql<number>`failures + 1` })
        .where("id", "=", id)
        .execute();
    },

    // ── The installation's settings ───────────────────────────────────────────────────────

    async readSetting(key: string): Promise<string | null> {
      const row = await db.selectFrom("app_settings").select("value").where("key", "=", key).executeTakeFirst();
      return row?.value ?? null;
    },

    /** Writes it unless another node wrote it first; returns the value that is stored. */
    async insertSettingOnce(key: string, value: string): Promise<string> {
      await db
        .insertInto("app_settings")
        .values({ key, value, created_at: new Date() })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .execute();
      return (await this.readSetting(key)) ?? value;
    },

    async replaceSetting(key: string, value: string): Promise<void> {
      await db
        .insertInto("app_settings")
        .values({ key, value, created_at: new Date() })
        .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
        .execute();
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
