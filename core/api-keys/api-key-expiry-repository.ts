import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";

/** A key that expires soon, with whom to tell: its creator, in their language. */
export interface ExpiryReminderTarget {
  apiKeyId: string;
  organizationId: string;
  organizationName: string;
  name: string;
  prefix: string;
  expiresAt: Date;
  creator: { name: string; email: string; language: string | null };
}

export interface ApiKeyExpiryRepository {
  /**
   * Keys that expire after `now` and no later than `until`, not revoked and not reminded yet, whose
   * creator still has an account (the oldest expiry first).
   */
  listDueReminders(now: Date, until: Date, limit: number): Promise<ExpiryReminderTarget[]>;
  /** Records that the key's reminder is being sent; false when it already was (another node, another run). */
  claimReminder(apiKeyId: string, at: Date): Promise<boolean>;
  /** Gives a claimed reminder back when its mail could not be sent, so the next run tries again. */
  releaseReminder(apiKeyId: string): Promise<void>;
}

function languageOf(preferences: string | null): string | null {
  if (!preferences) return null;
  try {
    const value = (JSON.parse(preferences) as { language?: unknown }).language;
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

export function createApiKeyExpiryRepository(db: Kysely<Database>): ApiKeyExpiryRepository {
  return {
    async listDueReminders(now, until, limit) {
      const rows = await db
        .selectFrom("api_keys")
        .innerJoin("organization", "organization.id", "api_keys.organization_id")
        .innerJoin("user", "user.id", "api_keys.created_by")
        .leftJoin("user_preferences", "user_preferences.user_id", "api_keys.created_by")
        .select([
          "api_keys.id",
          "api_keys.organization_id",
          "api_keys.name",
          "api_keys.prefix",
          "api_keys.expires_at",
          "organization.name as organization_name",
          "user.name as creator_name",
          "user.email as creator_email",
          "user_preferences.preferences",
        ])
        .where("api_keys.revoked_at", "is", null)
        .where("api_keys.expiry_reminder_sent_at", "is", null)
        .where("api_keys.expires_at", "is not", null)
        .where("api_keys.expires_at", ">", now.toISOString())
        .where("api_keys.expires_at", "<=", until.toISOString())
        .orderBy("api_keys.expires_at")
        .limit(limit)
        .execute();
      return rows.flatMap((row) =>
        row.expires_at === null
          ? []
          : [
              {
                apiKeyId: row.id,
                organizationId: row.organization_id,
                organizationName: row.organization_name,
                name: row.name,
                prefix: row.prefix,
                expiresAt: new Date(row.expires_at),
                creator: {
                  name: row.creator_name,
                  email: row.creator_email,
                  language: languageOf(row.preferences),
                },
              },
            ],
      );
    },
    async claimReminder(apiKeyId, at) {
      const result = await db
        .updateTable("api_keys")
        .set({ expiry_reminder_sent_at: at.toISOString() })
        .where("id", "=", apiKeyId)
        .where("expiry_reminder_sent_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async releaseReminder(apiKeyId) {
      await db.updateTable("api_keys").set({ expiry_reminder_sent_at: null }).where("id", "=", apiKeyId).execute();
    },
  };
}
