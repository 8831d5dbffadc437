import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";
import { DEFAULT_PREFERENCES, type Preferences, preferencesSchema } from "./preferences-schema.ts";

export interface PreferencesRepository {
  /** The saved preferences, or the defaults for a user who never saved any. */
  findByUserId(userId: string): Promise<Preferences>;
  save(userId: string, preferences: Preferences): Promise<void>;
}

export function createPreferencesRepository(db: Kysely<Database>): PreferencesRepository {
  return {
    async findByUserId(userId) {
      const row = await db
        .selectFrom("user_preferences")
        .select("preferences")
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (!row) return DEFAULT_PREFERENCES;
      // Stored documents are merged over the defaults, so a preference added later gets its default.
      const parsed = preferencesSchema.safeParse(mergeOverDefaults(JSON.parse(row.preferences)));
      return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
    },
    async save(userId, preferences) {
      const document = JSON.stringify(preferences);
      const now = new Date();
      await db
        .insertInto("user_preferences")
        .values({ user_id: userId, preferences: document, updated_at: now })
        .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ preferences: document, updated_at: now }))
        .execute();
    },
  };
}

function mergeOverDefaults(stored: Partial<Preferences>): Preferences {
  return {
    language: stored.language ?? DEFAULT_PREFERENCES.language,
    notifications: { ...DEFAULT_PREFERENCES.notifications, ...stored.notifications },
    dashboard: { ...DEFAULT_PREFERENCES.dashboard, ...stored.dashboard },
    privacy: { ...DEFAULT_PREFERENCES.privacy, ...stored.privacy },
  };
}
