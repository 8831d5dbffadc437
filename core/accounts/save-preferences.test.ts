import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { refusalOf } from "#tests/support/refusal.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createPreferencesRepository, type PreferencesRepository } from "./preferences-repository.ts";
import { DEFAULT_PREFERENCES } from "./preferences-schema.ts";
import { savePreferences } from "./save-preferences.ts";

let database: DatabaseHandle;
let preferences: PreferencesRepository;
beforeAll(async () => {
  database = await createTestDatabase();
  preferences = createPreferencesRepository(database.db);
});
afterAll(async () => {
  await database.close();
});

async function createUser(): Promise<string> {
  const id = randomUUID();
  await database.db
    .insertInto("user")
    .values({ id, name: "Ada Lovelace", email: `${id}@example.com`, emailVerified: true })
    .execute();
  return id;
}

describe("savePreferences", () => {
  it("saves per user, and a second save replaces the first", async () => {
    const [ada, grace] = [await createUser(), await createUser()];
    const changed = {
      ...DEFAULT_PREFERENCES,
      language: "fr" as const,
      notifications: { ...DEFAULT_PREFERENCES.notifications, marketing: true },
      dashboard: { ...DEFAULT_PREFERENCES.dashboard, refreshInterval: "300" as const },
    };
    expect(await savePreferences({ preferences }, ada, changed)).toEqual(changed);
    expect(await preferences.findByUserId(ada)).toEqual(changed);
    expect(await preferences.findByUserId(grace)).toEqual(DEFAULT_PREFERENCES);

    await savePreferences({ preferences }, ada, { ...changed, language: "de" });
    expect((await preferences.findByUserId(ada)).language).toBe("de");
  });

  it("refuses a bad value with a message naming the field, and saves nothing", async () => {
    const userId = await createUser();
    const interval = await refusalOf(
      savePreferences({ preferences }, userId, {
        ...DEFAULT_PREFERENCES,
        language: "fr",
        dashboard: { ...DEFAULT_PREFERENCES.dashboard, refreshInterval: "5" },
      }),
    );
    expect(interval.status).toBe(400);
    expect(interval.message).toBe("Choose a refresh interval from the list (dashboard.refreshInterval).");
    expect(interval.details?.fieldErrors).toEqual({
      "dashboard.refreshInterval": "Choose a refresh interval from the list",
    });

    const cookies = await refusalOf(
      savePreferences({ preferences }, userId, {
        ...DEFAULT_PREFERENCES,
        privacy: { ...DEFAULT_PREFERENCES.privacy, cookiesNecessary: false },
      }),
    );
    expect(cookies.message).toBe("Necessary cookies cannot be turned off (privacy.cookiesNecessary).");

    const language = await refusalOf(
      savePreferences({ preferences }, userId, { ...DEFAULT_PREFERENCES, language: "xx" }),
    );
    expect(language.message).toBe("Choose a language from the list (language).");

    await refusalOf(savePreferences({ preferences }, userId, null));
    expect(await preferences.findByUserId(userId)).toEqual(DEFAULT_PREFERENCES);
  });
});
