import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";

export type DataExportKind = "personal" | "organization";
export type DataExportStatus = "queued" | "running" | "ready" | "failed";

export interface DataExport {
  id: string;
  kind: DataExportKind;
  userId: string;
  organizationId: string | null;
  status: DataExportStatus;
  /** 0–100 while it is built. */
  progress: number;
  fileKey: string | null;
  sizeBytes: number | null;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** The download stops working then (7 days after it was ready). */
  expiresAt: Date | null;
}

export interface PrivacyRepository {
  insertExport(input: {
    kind: DataExportKind;
    userId: string;
    organizationId: string | null;
    at: Date;
  }): Promise<DataExport>;
  findExport(id: string): Promise<DataExport | null>;
  /** The person's recent exports (personal, and the organization's they asked for), newest first. */
  listExports(userId: string, organizationId: string, limit: number): Promise<DataExport[]>;
  /** An export of this kind still queued or being built, if any. */
  findUnfinishedExport(input: {
    kind: DataExportKind;
    userId: string;
    organizationId: string | null;
  }): Promise<DataExport | null>;
  markRunning(id: string): Promise<void>;
  setProgress(id: string, progress: number): Promise<void>;
  markReady(id: string, input: { fileKey: string; sizeBytes: number; at: Date; expiresAt: Date }): Promise<void>;
  markFailed(id: string, error: string, at: Date): Promise<void>;
  /** Ready exports past their expiry, whose files should go. */
  listExpiredExports(now: Date): Promise<DataExport[]>;
  forgetExportFile(id: string): Promise<void>;
  /** The name, address and mail language of a person, for the mails they get. */
  findReader(userId: string): Promise<{ to: string; name: string; language: string } | null>;
  /** The organization's name (the deletion mails name it). */
  organizationName(organizationId: string): Promise<string | null>;
  /** The stored export files of these organizations, and of this person when given (the purge removes them). */
  listExportFiles(input: { organizationIds: readonly string[]; userId: string | null }): Promise<string[]>;
}

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export function createPrivacyRepository(db: Kysely<Database>): PrivacyRepository {
  const exports = () => db.selectFrom("data_exports").selectAll();
  const toExport = (row: Database["data_exports"] & Record<string, unknown>): DataExport => ({
    id: row.id,
    kind: row.kind as DataExportKind,
    userId: row.user_id,
    organizationId: row.organization_id,
    status: row.status as unknown as DataExportStatus,
    progress: Number(row.progress),
    fileKey: row.file_key,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    error: row.error,
    createdAt: new Date(row.created_at as unknown as string),
    finishedAt: toDate(row.finished_at),
    expiresAt: toDate(row.expires_at),
  });
  return {
    async insertExport({ kind, userId, organizationId, at }) {
      const id = randomUUID();
      await db
        .insertInto("data_exports")
        .values({ id, kind, user_id: userId, organization_id: organizationId, created_at: at.toISOString() })
        .execute();
      return (await this.findExport(id)) as DataExport;
    },
    async findExport(id) {
      const row = await exports().where("id", "=", id).executeTakeFirst();
      return row ? toExport(row as never) : null;
    },
    async listExports(userId, organizationId, limit) {
      const rows = await exports()
        .where("user_id", "=", userId)
        .where((eb) => eb.or([eb("kind", "=", "personal"), eb("organization_id", "=", organizationId)]))
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => toExport(row as never));
    },
    async findUnfinishedExport({ kind, userId, organizationId }) {
      let query = exports().where("kind", "=", kind).where("status", "in", ["queued", "running"]);
      query =
        kind === "personal" ? query.where("user_id", "=", userId) : query.where("organization_id", "=", organizationId);
      const row = await query.executeTakeFirst();
      return row ? toExport(row as never) : null;
    },
    async markRunning(id) {
      await db.updateTable("data_exports").set({ status: "running" }).where("id", "=", id).execute();
    },
    async setProgress(id, progress) {
      await db
        .updateTable("data_exports")
        .set({ progress: Math.max(0, Math.min(100, Math.round(progress))) })
        .where("id", "=", id)
        .execute();
    },
    async markReady(id, { fileKey, sizeBytes, at, expiresAt }) {
      await db
        .updateTable("data_exports")
        .set({
          status: "ready",
          progress: 100,
          file_key: fileKey,
          size_bytes: sizeBytes,
          finished_at: at.toISOString(),
          expires_at: expiresAt.toISOString(),
        })
        .where("id", "=", id)
        .execute();
    },
    async markFailed(id, error, at) {
      await db
        .updateTable("data_exports")
        .set({ status: "failed", error, finished_at: at.toISOString() })
        .where("id", "=", id)
        .execute();
    },
    async listExpiredExports(now) {
      const rows = await exports()
        .where("status", "=", "ready")
        .where("file_key", "is not", null)
        .where("expires_at", "<=", now.toISOString())
        .execute();
      return rows.map((row) => toExport(row as never));
    },
    async forgetExportFile(id) {
      await db.updateTable("data_exports").set({ file_key: null }).where("id", "=", id).execute();
    },
    async findReader(userId) {
      const row = await db
        .selectFrom("user")
        .leftJoin("user_profiles", "user_profiles.id", "user.id")
        .leftJoin("user_preferences", "user_preferences.user_id", "user.id")
        .select(["user.email", "user.name", "user_profiles.first_name", "user_preferences.preferences"])
        .where("user.id", "=", userId)
        .executeTakeFirst();
      if (!row) return null;
      let language = "en";
      try {
        language = (JSON.parse(row.preferences ?? "{}") as { language?: string }).language ?? "en";
      } catch {
        language = "en";
      }
      return { to: row.email, name: row.first_name || row.name, language };
    },
    async organizationName(organizationId) {
      const row = await db
        .selectFrom("organization")
        .select("name")
        .where("id", "=", organizationId)
        .executeTakeFirst();
      return row?.name ?? null;
    },
    async listExportFiles({ organizationIds, userId }) {
      if (organizationIds.length === 0 && userId === null) return [];
      const rows = await db
        .selectFrom("data_exports")
        .select("file_key")
        .where((eb) =>
          eb.or([
            ...(organizationIds.length ? [eb("organization_id", "in", [...organizationIds])] : []),
            ...(userId !== null ? [eb("user_id", "=", userId)] : []),
          ]),
        )
        .where("file_key", "is not", null)
        .execute();
      return rows.flatMap((row) => (row.file_key ? [row.file_key] : []));
    },
  };
}
