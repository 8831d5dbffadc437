import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyActor } from "#core/access/actor.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { AppError } from "#core/errors/app-error.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createNotificationsHarness } from "./notifications-test-kit.ts";

let database: DatabaseHandle;
let harness: ReturnType<typeof createNotificationsHarness>;
beforeAll(async () => {
  database = await createTestDatabase();
  harness = createNotificationsHarness(database);
});
afterAll(async () => {
  await database.close();
});

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}

describe("raising a notification", () => {
  it("stores it once per dedupe key, in English, and the centre shows it in the reader's language", async () => {
    const { notifications, newTeam, spike } = harness;
    const team = await newTeam();
    const german = await team.join("Konrad Zuse", { preferences: { language: "de" } });
    const first = await notifications.notify(spike(team.organizationId, { dedupeKey: "spike:c1:2026-05-01" }));
    const again = await notifications.notify(spike(team.organizationId, { dedupeKey: "spike:c1:2026-05-01" }));
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();

    const english = await notifications.listNotifications(team.owner.actor, { language: "en" });
    expect(english.items).toEqual([
      expect.objectContaining({
        id: first,
        kind: "anomaly",
        severity: "warning",
        title: "Spend spike on Spring Sale",
        body: "Spend reached €1,234.56, expected €400.00.",
        link: "/campaigns/mes-ads/c1",
        isRead: false,
      }),
    ]);
    const inGerman = await notifications.listNotifications(german.actor, { language: "de" });
    expect(inGerman.items[0]?.title).toBe("Ausgabenspitze bei Spring Sale");
    expect(inGerman.items[0]?.body).toBe("Die Ausgaben erreichten 1.234,56\u00a0€, erwartet 400,00\u00a0€.");
  });

  it("formats a calendar date in each reader's locale", async () => {
    const { notifications, newTeam, spike } = harness;
    const team = await newTeam();
    const german = await team.join("Grace Hopper", { preferences: { language: "de" } });
    await notifications.notify(
      spike(team.organizationId, {
        kind: "token",
        dedupeKey: "token:meta",
        message: {
          catalog: "test-alerts",
          key: "expiring",
          params: { platform: "Meta", date: { date: "2026-12-01" } },
        },
      }),
    );
    const english = await notifications.listNotifications(team.owner.actor, { language: "en" });
    expect(english.items[0]?.body).toBe("Access to Meta expires on Dec 1, 2026.");
    const inGerman = await notifications.listNotifications(german.actor, { language: "de" });
    expect(inGerman.items[0]?.body).toBe("Der Zugriff auf Meta läuft am 01.12.2026 ab.");
  });

  it("refuses a message from a catalog nobody registered, and a link off the app", async () => {
    const { notifications, newTeam, spike } = harness;
    const team = await newTeam();
    await expect(
      notifications.notify(spike(team.organizationId, { message: { catalog: "nope", key: "x" } })),
    ).rejects.toThrow(/No notification catalog named "nope"/);
    await expect(notifications.notify(spike(team.organizationId, { link: "https://evil.example" }))).rejects.toThrow();
    expect((await notifications.listNotifications(team.owner.actor)).items).toEqual([]);
  });

  it("publishes every notification to the organization's webhooks as notification.created", async () => {
    const { notifications, newTeam, spike, webhookEvents } = harness;
    const team = await newTeam();
    const id = await notifications.notify(spike(team.organizationId, { data: { campaign_id: "c1" } }));
    expect(webhookEvents.filter((event) => event.organizationId === team.organizationId)).toEqual([
      {
        organizationId: team.organizationId,
        type: "notification.created",
        eventId: id,
        data: expect.objectContaining({
          id,
          kind: "anomaly",
          severity: "warning",
          title: "Spend spike on Spring Sale",
          object_type: "campaign",
          object_id: "c1",
          data: { campaign_id: "c1" },
        }),
      },
    ]);
    // A rule that asked for in-app only is not published.
    await notifications.notify(spike(team.organizationId, { channels: ["in_app"] }));
    expect(webhookEvents.filter((event) => event.organizationId === team.organizationId)).toHaveLength(1);
  });
});

describe("reading notifications", () => {
  it("shows the organization's to every member and a personal one to its person only; reads are per person", async () => {
    const { notifications, newTeam, spike } = harness;
    const team = await newTeam();
    const member = await team.join("Ada Lovelace");
    const shared = await notifications.notify(spike(team.organizationId));
    const personal = await notifications.notify(
      spike(team.organizationId, { userId: member.userId, severity: "info" }),
    );

    expect(await notifications.countUnreadNotifications(team.owner.actor)).toBe(1);
    expect(await notifications.countUnreadNotifications(member.actor)).toBe(2);
    const memberList = await notifications.listNotifications(member.actor);
    expect(memberList.items.map((item) => [item.id, item.isPersonal])).toEqual([
      [personal, true],
      [shared, false],
    ]);

    await notifications.markNotificationRead(member.actor, { notificationId: shared ?? "" });
    expect(await notifications.countUnreadNotifications(member.actor)).toBe(1);
    // The owner's copy of the organization's notification is still unread.
    expect(await notifications.countUnreadNotifications(team.owner.actor)).toBe(1);
    // Someone else's personal notification is not found, as if it did not exist.
    const error = await refusal(
      notifications.markNotificationRead(team.owner.actor, { notificationId: personal ?? "" }),
    );
    expect(error.code).toBe("not_found");

    expect(await notifications.markAllNotificationsRead(member.actor)).toEqual({ marked: 1 });
    expect(await notifications.countUnreadNotifications(member.actor)).toBe(0);
    expect(await notifications.countUnreadNotifications(team.owner.actor)).toBe(1);
  });

  it("filters by kind and by read state, and pages newest first without gaps or repeats", async () => {
    const { notifications, newTeam, spike } = harness;
    const team = await newTeam();
    const ids: string[] = [];
    for (let index = 0; index < 7; index++)
      ids.push(
        (await notifications.notify(spike(team.organizationId, { kind: index % 2 === 0 ? "anomaly" : "sync" }))) ?? "",
      );
    const actor = team.owner.actor;
    await notifications.markNotificationRead(actor, { notificationId: ids[0] ?? "" });

    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await notifications.listNotifications(actor, { limit: 3, cursor });
      pages.push(page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    // Every one once, in the order of the whole list (newest first; ties by id).
    const whole = await notifications.listNotifications(actor, { limit: 100 });
    expect(pages.flat()).toEqual(whole.items.map((item) => item.id));
    expect([...pages.flat()].sort()).toEqual([...ids].sort());

    const anomalies = await notifications.listNotifications(actor, { kind: "anomaly" });
    expect(anomalies.items.map((item) => item.kind)).toEqual(["anomaly", "anomaly", "anomaly", "anomaly"]);
    const unread = await notifications.listNotifications(actor, { state: "unread" });
    expect(unread.items.map((item) => item.id)).not.toContain(ids[0]);
    expect(unread.items).toHaveLength(6);
    const read = await notifications.listNotifications(actor, { state: "read" });
    expect(read.items.map((item) => item.id)).toEqual([ids[0]]);
    const badCursor = await refusal(notifications.listNotifications(actor, { cursor: "garbage" }));
    expect(badCursor.code).toBe("bad_request");
  });

  it("keeps organizations apart: another organization's notifications are neither listed, counted nor markable", async () => {
    const { notifications, newTeam, spike } = harness;
    const ours = await newTeam();
    const theirs = await newTeam();
    const theirNotification = await notifications.notify(spike(theirs.organizationId));
    expect((await notifications.listNotifications(ours.owner.actor)).items).toEqual([]);
    expect(await notifications.countUnreadNotifications(ours.owner.actor)).toBe(0);
    const error = await refusal(
      notifications.markNotificationRead(ours.owner.actor, { notificationId: theirNotification ?? "" }),
    );
    expect(error.code).toBe("not_found");
    expect(await notifications.markAllNotificationsRead(ours.owner.actor)).toEqual({ marked: 0 });
    expect(await notifications.countUnreadNotifications(theirs.owner.actor)).toBe(1);
  });

  it("has no inbox for an API key", async () => {
    const { notifications, newTeam } = harness;
    const team = await newTeam();
    const key = apiKeyActor({
      apiKeyId: "k1",
      keyName: "Reporting",
      organizationId: team.organizationId,
      scope: "read",
      creatorRole: "owner",
    });
    expect((await refusal(notifications.listNotifications(key))).code).toBe("forbidden");
    expect((await refusal(notifications.countUnreadNotifications(key))).code).toBe("forbidden");
  });
});

describe("critical alerts by email", () => {
  it("mails a critical alert at once to each member whose preferences allow it, in their language", async () => {
    const { notifications, newTeam, spike, mail } = harness;
    const team = await newTeam();
    const german = await team.join("Konrad Zuse", { preferences: { language: "de" } });
    const noEmail = await team.join("Alan Turing", { preferences: { notifications: { email: false } as never } });
    const noCampaignAlerts = await team.join("Edsger Dijkstra", {
      preferences: { notifications: { campaigns: false } as never },
    });
    await notifications.notify(spike(team.organizationId, { severity: "critical" }));

    const [ownerMail] = mail.to(team.owner.email);
    expect(ownerMail?.subject).toBe("Critical alert: Spend spike on Spring Sale");
    expect(ownerMail?.text).toContain("Spend reached €1,234.56, expected €400.00.");
    expect(ownerMail?.text).toContain("http://adhelm.test/campaigns/mes-ads/c1");
    expect(ownerMail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(ownerMail?.headers?.["List-Unsubscribe"]).toMatch(
      /^<http:\/\/adhelm\.test\/notifications\/unsubscribe\?token=[\w.%-]+>$/,
    );
    expect(mail.to(german.email)[0]?.subject).toBe("Kritische Warnung: Ausgabenspitze bei Spring Sale");
    expect(mail.to(noEmail.email)).toEqual([]);
    // An anomaly is a campaign alert: off for this person.
    expect(mail.to(noCampaignAlerts.email)).toEqual([]);

    // A warning waits for the digest; an operations alert ignores the campaign toggle.
    await notifications.notify(spike(team.organizationId, { severity: "warning" }));
    expect(mail.to(team.owner.email)).toHaveLength(1);
    await notifications.notify(spike(team.organizationId, { severity: "critical", kind: "sync" }));
    expect(mail.to(noCampaignAlerts.email)).toHaveLength(1);
  });

  it("mails a personal critical alert to its person only, and not when the rule asked for in-app only", async () => {
    const { notifications, newTeam, spike, mail } = harness;
    const team = await newTeam();
    const member = await team.join("Ada Lovelace");
    await notifications.notify(spike(team.organizationId, { severity: "critical", userId: member.userId }));
    expect(mail.to(member.email)).toHaveLength(1);
    expect(mail.to(team.owner.email)).toEqual([]);
    await notifications.notify(spike(team.organizationId, { severity: "critical", channels: ["in_app"] }));
    expect(mail.to(team.owner.email)).toEqual([]);
  });
});
