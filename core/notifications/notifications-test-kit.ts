/**
 * The notifications module as the server wires it, over a private test database, with what it
 * talks to replaced at the edge: a recording mailer, a recording webhook publisher, and push
 * requests sent with plain fetch to a local push service (push-service-test-kit.ts).
 */
import { randomUUID } from "node:crypto";
import { type Actor, userActor } from "#core/access/actor.ts";
import { createPreferencesRepository } from "#core/accounts/preferences-repository.ts";
import { DEFAULT_PREFERENCES, type Preferences } from "#core/accounts/preferences-schema.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { createTokenCipher } from "#core/security/token-cipher.ts";
import { createCatalogText } from "#core/shared/catalog-text.ts";
import type { WebhookEvent } from "#core/webhooks/webhook-events.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { createRecordingMailer } from "#tests/support/recording-mailer.ts";
import type { NewNotification } from "./notification-types.ts";
import { createNotificationsModule } from "./notifications-module.ts";

export const APP_URL = "http://adhelm.test";
export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";

/** A producer's catalog, as rules or monitoring register theirs. */
export const testAlerts = createCatalogText("test-alerts", {
  en: {
    spendSpike: { title: "Spend spike on {{campaign}}", body: "Spend reached {{amount}}, expected {{expected}}." },
    expiring: { title: "{{platform}} access expires soon", body: "Access to {{platform}} expires on {{date}}." },
  },
  es: {
    spendSpike: {
      title: "Pico de gasto en {{campaign}}",
      body: "El gasto llegó a {{amount}}; se esperaba {{expected}}.",
    },
  },
  fr: {
    spendSpike: {
      title: "Pic de dépenses sur {{campaign}}",
      body: "Les dépenses ont atteint {{amount}}, {{expected}} attendu.",
    },
  },
  de: {
    expiring: {
      title: "Zugriff auf {{platform}} läuft ab",
      body: "Der Zugriff auf {{platform}} läuft am {{date}} ab.",
    },
    spendSpike: {
      title: "Ausgabenspitze bei {{campaign}}",
      body: "Die Ausgaben erreichten {{amount}}, erwartet {{expected}}.",
    },
  },
});

export function createNotificationsHarness(database: DatabaseHandle) {
  const mail = createRecordingMailer();
  const webhookEvents: WebhookEvent[] = [];
  const preferences = createPreferencesRepository(database.db);
  const notifications = createNotificationsModule({
    db: database.db,
    preferences,
    messageCatalogs: { "test-alerts": testAlerts },
    mailer: mail.mailer,
    cipher: createTokenCipher(TEST_SECRET),
    authSecret: TEST_SECRET,
    appUrl: APP_URL,
    publishWebhookEvent: async (event) => {
      webhookEvents.push(event);
    },
    pushFetch: (url, init) => fetch(url, init),
    vapidSubject: "mailto:alerts@adhelm.test",
    requireHttpsPush: false,
    logger: silentLogger,
  });

  async function newPerson(name: string, options: { timezone?: string; preferences?: Partial<Preferences> } = {}) {
    const userId = randomUUID();
    await database.db
      .insertInto("user")
      .values({ id: userId, name, email: `${userId}@example.com`, emailVerified: true })
      .execute();
    await database.db
      .insertInto("user_profiles")
      .values({
        id: userId,
        email: `${userId}@example.com`,
        first_name: name.split(" ")[0] ?? name,
        last_name: "",
        role: "marketer",
        timezone: options.timezone ?? "UTC",
        currency: "USD",
      })
      .execute();
    if (options.preferences)
      await preferences.save(userId, {
        ...DEFAULT_PREFERENCES,
        ...options.preferences,
        notifications: { ...DEFAULT_PREFERENCES.notifications, ...options.preferences.notifications },
      });
    return { userId, email: `${userId}@example.com`, name };
  }

  /** An organization with its owner; `join` adds a member. */
  async function newTeam(ownerOptions: Parameters<typeof newPerson>[1] = {}) {
    const owner = await newPerson("Grace Hopper", ownerOptions);
    const { organizationId } = await createOrganizationRepository(database.db).createWithOwner({
      name: "Compilers Inc",
      ownerId: owner.userId,
    });
    const actorOf = (person: { userId: string; name: string }, role = "owner"): Actor =>
      userActor({ userId: person.userId, name: person.name, organizationId, role });
    return {
      organizationId,
      owner: { ...owner, actor: actorOf(owner) },
      async join(name: string, options: Parameters<typeof newPerson>[1] = {}) {
        const person = await newPerson(name, options);
        await database.db
          .insertInto("member")
          .values({ id: randomUUID(), organizationId, userId: person.userId, role: "manager", createdAt: new Date() })
          .execute();
        return { ...person, actor: actorOf(person, "manager") };
      },
    };
  }

  const spike = (organizationId: string, overrides: Partial<NewNotification> = {}): NewNotification => ({
    organizationId,
    kind: "anomaly",
    severity: "warning",
    message: {
      catalog: "test-alerts",
      key: "spendSpike",
      params: {
        campaign: "Spring Sale",
        amount: { amountMinor: 123_456, currency: "EUR" },
        expected: { amountMinor: 40_000, currency: "EUR" },
      },
    },
    link: "/campaigns/mes-ads/c1",
    objectType: "campaign",
    objectId: "c1",
    ...overrides,
  });

  return { notifications, mail, webhookEvents, preferences, newPerson, newTeam, spike };
}
