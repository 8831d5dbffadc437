/**
 * Keys expire: the safe defaults (read only, 90 days), the refusal of an expired key, and the
 * reminder mailed to the key's creator 7 days before it expires, once per key, in their language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createServices } from "#server/services.ts";
import { createViewer, silentLogger } from "#tests/support/integration-fixture.ts";
import { createRecordingMailer } from "#tests/support/recording-mailer.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { type ApiKeyDependencies, createApiKeyDependencies } from "./api-key-dependencies.ts";
import { createApiKeyExpiryRepository } from "./api-key-expiry-repository.ts";
import { authenticateApiKey } from "./authenticate-api-key.ts";
import { createApiKey } from "./create-api-key.ts";
import { remindExpiringApiKeys } from "./remind-expiring-api-keys.ts";
import { revokeApiKey } from "./revoke-api-key.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const DAY = 24 * 60 * 60 * 1000;

/** The key use cases and the reminder job on a clock the test moves. */
function clockAt(start: string) {
  let now = new Date(start);
  const keys: ApiKeyDependencies = {
    ...createApiKeyDependencies(database.db, { cacheTtlMs: 0 }),
    now: () => now,
  };
  const outbox = createRecordingMailer();
  const reminders = {
    expiries: createApiKeyExpiryRepository(database.db),
    mailer: outbox.mailer,
    appUrl: "https://app.test",
  };
  return {
    keys,
    outbox,
    remind: () => remindExpiringApiKeys(reminders, now),
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

async function newOwner(name: string, language?: string) {
  const viewer = await createViewer(database.db, name);
  if (language)
    await database.db
      .insertInto("user_preferences")
      .values({ user_id: viewer.userId, preferences: JSON.stringify({ language }) })
      .execute();
  const user = await database.db
    .selectFrom("user")
    .select("email")
    .where("id", "=", viewer.userId)
    .executeTakeFirstOrThrow();
  return { ...viewer, email: user.email };
}

describe("a key's defaults", () => {
  it("is read only unless read and write is asked for", async () => {
    const ada = await newOwner("Ada");
    const clock = clockAt("2026-03-10T12:00:00Z");
    const created = await createApiKey(clock.keys, {
      organizationId: ada.organizationId,
      userId: ada.userId,
      values: { name: "Dashboards", expiresOn: "2026-06-08" },
    });
    expect(created.apiKey).toMatchObject({ scope: "read", expiresAt: "2026-06-08T00:00:00.000Z", status: "active" });
  });

  it("records its expiry in the audit log with its creation", async () => {
    const ada = await newOwner("Ada");
    const services = createServices({ env: testEnv(), database, logger: silentLogger });
    try {
      const actor = userActor({ userId: ada.userId, name: "Ada", organizationId: ada.organizationId, role: "owner" });
      const created = await services.apiKeys.createApiKey(actor, { name: "Reporting", expiresOn: "2099-06-08" });
      const events = await database.db
        .selectFrom("audit_events")
        .select(["action", "details"])
        .where("organization_id", "=", ada.organizationId)
        .execute();
      expect(events.map((event) => [event.action, JSON.parse(String(event.details))])).toEqual([
        ["api_key.created", { scope: "read", expiresAt: "2099-06-08T00:00:00.000Z" }],
      ]);
      expect(created.apiKey.expiresAt).toBe("2099-06-08T00:00:00.000Z");
    } finally {
      await services.publicApi.stop();
    }
  });
});

describe("an expiring key", () => {
  it("works until its day, then is refused with a 401 that says it expired", async () => {
    const ada = await newOwner("Ada");
    const clock = clockAt("2026-03-10T12:00:00Z");
    const key = await createApiKey(clock.keys, {
      organizationId: ada.organizationId,
      userId: ada.userId,
      values: { name: "Month", expiresOn: "2026-04-09" },
    });
    clock.advance(29 * DAY);
    expect(await authenticateApiKey(clock.keys, key.plaintext)).toMatchObject({ apiKeyId: key.apiKey.id });
    clock.advance(DAY);
    await expect(authenticateApiKey(clock.keys, key.plaintext)).rejects.toMatchObject({
      code: "unauthorized",
      status: 401,
      message: "This API key expired on 2026-04-09. Create a new one in Settings → API keys.",
    });
  });

  it("mails its creator once, 7 days before it expires, in their language", async () => {
    const ada = await newOwner("Ada", "fr");
    const clock = clockAt("2026-03-10T12:00:00Z");
    const key = await createApiKey(clock.keys, {
      organizationId: ada.organizationId,
      userId: ada.userId,
      values: { name: "Rapports", expiresOn: "2026-04-09" },
    });
    // 22 days on, it expires in more than 7 days: nothing yet.
    clock.advance(22 * DAY);
    await clock.remind();
    expect(clock.outbox.to(ada.email)).toEqual([]);

    // The next day's run finds it within 7 days.
    clock.advance(DAY);
    await clock.remind();
    const mails = clock.outbox.to(ada.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Votre clé d’API « Rapports » expire le 9 avril 2026");
    expect(mails[0]?.text).toContain(`(${key.apiKey.prefix}…)`);
    expect(mails[0]?.text).toContain("https://app.test/settings/api-keys");

    // Once, not twice: later runs and a second node's run send nothing more.
    clock.advance(DAY);
    await clock.remind();
    await clock.remind();
    expect(clock.outbox.to(ada.email)).toHaveLength(1);
    const stored = await database.db
      .selectFrom("api_keys")
      .select("expiry_reminder_sent_at")
      .where("id", "=", key.apiKey.id)
      .executeTakeFirstOrThrow();
    expect(stored.expiry_reminder_sent_at).not.toBeNull();
  });

  it("mails nobody about revoked keys, keys that never expire, or keys already expired", async () => {
    const bo = await newOwner("Bo");
    const clock = clockAt("2026-03-10T12:00:00Z");
    const create = (name: string, expiresOn: string) =>
      createApiKey(clock.keys, { organizationId: bo.organizationId, userId: bo.userId, values: { name, expiresOn } });
    const revoked = await create("Revoked", "2026-03-14");
    await revokeApiKey(clock.keys, { organizationId: bo.organizationId, apiKeyId: revoked.apiKey.id });
    await create("Forever", "");
    await create("Gone", "2026-03-11");
    clock.advance(2 * DAY);
    await clock.remind();
    expect(clock.outbox.to(bo.email)).toEqual([]);
  });

  it("tries again the next day when the mail could not be sent", async () => {
    const cy = await newOwner("Cy");
    let now = new Date("2026-03-10T12:00:00Z");
    const keys: ApiKeyDependencies = { ...createApiKeyDependencies(database.db, { cacheTtlMs: 0 }), now: () => now };
    await createApiKey(keys, {
      organizationId: cy.organizationId,
      userId: cy.userId,
      values: { name: "Flaky", expiresOn: "2026-03-15" },
    });
    const expiries = createApiKeyExpiryRepository(database.db);
    const failing = createRecordingMailer({ failFor: [cy.email] });
    await remindExpiringApiKeys({ expiries, mailer: failing.mailer, appUrl: "https://app.test" }, now);
    expect(failing.to(cy.email)).toEqual([]);
    now = new Date(now.getTime() + DAY);
    const working = createRecordingMailer();
    await remindExpiringApiKeys({ expiries, mailer: working.mailer, appUrl: "https://app.test" }, now);
    expect(working.to(cy.email)).toHaveLength(1);
    expect(working.to(cy.email)[0]?.subject).toBe("Your API key “Flaky” expires on March 15, 2026");
  });
});
