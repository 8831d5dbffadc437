import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { AppError } from "#core/errors/app-error.ts";
import { linkInText } from "#tests/support/recording-mailer.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createNotificationsHarness, TEST_SECRET } from "./notifications-test-kit.ts";
import { type PushService, startPushService, verifyVapid } from "./push-service-test-kit.ts";
import { createUnsubscribeTokens } from "./unsubscribe-token.ts";

let database: DatabaseHandle;
let harness: ReturnType<typeof createNotificationsHarness>;
let pushService: PushService;
beforeAll(async () => {
  database = await createTestDatabase();
  harness = createNotificationsHarness(database);
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService?.close();
  await database.close();
});

describe("the daily digest", () => {
  it("sends each person one digest a day, at the first run from 08:00 in their own time zone", async () => {
    const { notifications, newTeam, spike, mail } = harness;
    const team = await newTeam({ timezone: "Asia/Tokyo" });
    const member = await team.join("Ada Lovelace", { timezone: "America/New_York" });
    const raised = new Date();
    await notifications.notify(spike(team.organizationId, { severity: "warning" }));
    const hourIn = (timeZone: string, when: Date) =>
      Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(when));
    const digestsTo = (email: string) => mail.to(email).filter((message) => message.subject.includes("digest"));

    // A run every hour for a day, as the scheduler would (twice at once: two nodes).
    const firstDigestRun = new Map<string, Date>();
    for (let hour = 0; hour < 25; hour++) {
      const when = new Date(raised.getTime() + hour * 3_600_000 + 60_000);
      await Promise.all([notifications.sendDailyDigests(when), notifications.sendDailyDigests(when)]);
      for (const email of [team.owner.email, member.email])
        if (digestsTo(email).length > 0 && !firstDigestRun.has(email)) firstDigestRun.set(email, when);
    }
    expect(digestsTo(team.owner.email)).toHaveLength(1);
    expect(digestsTo(member.email)).toHaveLength(1);
    for (const [email, timeZone] of [
      [team.owner.email, "Asia/Tokyo"],
      [member.email, "America/New_York"],
    ] as const) {
      const when = firstDigestRun.get(email) as Date;
      expect(hourIn(timeZone, when)).toBeGreaterThanOrEqual(8);
      // Not an hour later than needed: the run before was before 08:00 there (or it was already 08:00+ when raised).
      const before = new Date(when.getTime() - 3_600_000);
      if (before > raised) expect(hourIn(timeZone, before)).toBeLessThan(8);
    }
  });

  it("is deterministic at a fixed clock: before 08:00 nothing, then one mail listing the unread, then none that day", async () => {
    const { notifications, newTeam, spike, mail } = harness;
    const team = await newTeam({ timezone: "Europe/Berlin" });
    const quiet = await team.join("Alan Turing", { preferences: { notifications: { email: false } as never } });
    const raised = new Date();
    await notifications.notify(spike(team.organizationId, { severity: "warning" }));
    await notifications.notify(spike(team.organizationId, { severity: "critical" }));
    await notifications.notify(spike(team.organizationId, { severity: "info", channels: ["in_app"] }));
    // Berlin's local hour at `raised` + k hours: an instant before 08:00, then the first one at 08:00
    // or later after it. Two days hold both whatever the hour now (one day does not between 08:00 and
    // 09:00 Berlin time: its last early hour has no later 08:00 inside it).
    const hourIn = (when: Date) =>
      Number(
        new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", hour: "2-digit", hourCycle: "h23" }).format(when),
      );
    const after = (hours: number) => new Date(raised.getTime() + hours * 3_600_000 + 60_000);
    const hours = [...Array(48).keys()].map(after);
    const early = hours.find((when) => hourIn(when) < 8);
    const late = hours.find((when) => hourIn(when) >= 8 && (!early || when > early));
    if (early && (!late || early < late)) {
      await notifications.sendDailyDigests(early);
      expect(mail.to(team.owner.email).filter((message) => message.subject.includes("digest"))).toEqual([]);
    }
    if (!late) throw new Error("No 08:00+ hour within two days in Berlin: impossible");
    expect(await notifications.sendDailyDigests(late)).toEqual({ sent: 1 });
    const digests = mail.to(team.owner.email).filter((message) => message.subject.includes("digest"));
    expect(digests).toHaveLength(1);
    // The warning only: the critical one was mailed at once, the in-app one asked for no mail.
    expect(digests[0]?.subject).toBe("Your Adhelm digest: 1 new notification");
    expect(digests[0]?.text).toContain("Warning · Spend spike on Spring Sale");
    expect(digests[0]?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.to(quiet.email)).toEqual([]);
    expect(await notifications.sendDailyDigests(new Date(late.getTime() + 3_600_000))).toEqual({ sent: 0 });
  });
});

describe("one-click unsubscribe", () => {
  it("turns the person's email notifications off with the mailed link, without signing in", async () => {
    const { notifications, newTeam, spike, mail, preferences } = harness;
    const team = await newTeam();
    await notifications.notify(spike(team.organizationId, { severity: "critical" }));
    const link = linkInText(mail.to(team.owner.email)[0], "http://adhelm.test/notifications/unsubscribe?token=");
    const token = new URL(link).searchParams.get("token");

    expect(await notifications.readUnsubscribeLink(token)).toEqual({
      email: team.owner.email,
      isEmailOn: true,
      language: "en",
    });
    expect(await notifications.unsubscribeFromEmail(token)).toMatchObject({ isEmailOn: false });
    expect((await preferences.findByUserId(team.owner.userId)).notifications.email).toBe(false);
    // Again is harmless.
    expect(await notifications.unsubscribeFromEmail(token)).toMatchObject({ isEmailOn: false });

    await notifications.notify(spike(team.organizationId, { severity: "critical" }));
    expect(mail.to(team.owner.email)).toHaveLength(1);
  });

  it("refuses a forged, altered or foreign-secret token", async () => {
    const { notifications, newTeam } = harness;
    const team = await newTeam();
    const genuine = createUnsubscribeTokens(TEST_SECRET).tokenFor(team.owner.userId);
    const foreign = createUnsubscribeTokens("another-secret-another-secret-0123456789").tokenFor(team.owner.userId);
    const [payload = "", signature = ""] = genuine.split(".");
    const otherUser = `${Buffer.from("someone-else").toString("base64url")}.${signature}`;
    for (const token of [foreign, otherUser, `${payload}.`, payload, "", null, `${genuine}x`])
      expect(await notifications.unsubscribeFromEmail(token)).toBeNull();
    expect(await notifications.readUnsubscribeLink(genuine)).toMatchObject({ isEmailOn: true });
  });
});

describe("Web Push", () => {
  it("pushes to every browser of each member who wants push, signed with VAPID and encrypted for the browser", async () => {
    const { notifications, newTeam, spike } = harness;
    const team = await newTeam();
    const german = await team.join("Konrad Zuse", { preferences: { language: "de" } });
    const noPush = await team.join("Alan Turing", { preferences: { notifications: { push: false } as never } });
    const laptop = pushService.subscribeBrowser();
    const phone = pushService.subscribeBrowser();
    const germanBrowser = pushService.subscribeBrowser();
    const quietBrowser = pushService.subscribeBrowser();
    await notifications.savePushSubscription(team.owner.actor, { subscription: laptop, userAgent: "Firefox" });
    await notifications.savePushSubscription(team.owner.actor, { subscription: phone });
    await notifications.savePushSubscription(german.actor, { subscription: germanBrowser });
    await notifications.savePushSubscription(noPush.actor, { subscription: quietBrowser });

    const id = await notifications.notify(spike(team.organizationId, { severity: "critical" }));

    const [toLaptop] = pushService.receivedBy(laptop);
    if (!toLaptop) throw new Error("Nothing was pushed to the laptop");
    const claims = verifyVapid(toLaptop, pushService.origin);
    expect(claims.sub).toBe("mailto:alerts@adhelm.test");
    expect(toLaptop.headers["content-encoding"]).toBe("aes128gcm");
    expect(toLaptop.headers.urgency).toBe("high");
    expect(Number(toLaptop.headers.ttl)).toBeGreaterThan(0);
    expect(JSON.parse(laptop.decrypt(toLaptop.body))).toEqual({
      title: "Spend spike on Spring Sale",
      body: "Spend reached €1,234.56, expected €400.00.",
      url: "/campaigns/mes-ads/c1",
      tag: id,
    });
    expect(pushService.receivedBy(phone)).toHaveLength(1);
    const [toGerman] = pushService.receivedBy(germanBrowser);
    expect(JSON.parse(germanBrowser.decrypt(toGerman?.body ?? Buffer.alloc(0))).title).toBe(
      "Ausgabenspitze bei Spring Sale",
    );
    expect(pushService.receivedBy(quietBrowser)).toEqual([]);
    // The VAPID key pair is made once and kept: the same public key signs every push.
    expect(String(toLaptop.headers.authorization)).toContain(`k=${await notifications.getPushPublicKey()}`);
  });

  it("removes a subscription the push service says is gone (404, 410), and keeps one that failed otherwise", async () => {
    const { notifications, newTeam } = harness;
    const team = await newTeam();
    const gone = pushService.subscribeBrowser();
    const expired = pushService.subscribeBrowser();
    const flaky = pushService.subscribeBrowser();
    for (const subscription of [gone, expired, flaky])
      await notifications.savePushSubscription(team.owner.actor, { subscription });
    pushService.answer(gone, 410);
    pushService.answer(expired, 404);
    pushService.answer(flaky, 503);

    expect(await notifications.sendTestPush(team.owner.actor, { language: "fr" })).toEqual({
      delivered: 0,
      failed: 1,
      removed: 2,
    });
    const [test] = pushService.receivedBy(flaky);
    expect(JSON.parse(flaky.decrypt(test?.body ?? Buffer.alloc(0)))).toMatchObject({
      title: "Les notifications push fonctionnent",
      url: "/notifications",
    });
    pushService.answer(flaky, 201);
    expect(await notifications.sendTestPush(team.owner.actor, { language: "en" })).toEqual({
      delivered: 1,
      failed: 0,
      removed: 0,
    });
    expect(pushService.receivedBy(gone)).toHaveLength(1);
  });

  it("keeps one subscription per browser, lets only its person remove it, and refuses malformed ones", async () => {
    const { notifications, newTeam } = harness;
    const team = await newTeam();
    const other = await newTeam();
    const browser = pushService.subscribeBrowser();
    await notifications.savePushSubscription(team.owner.actor, { subscription: browser });
    // The same browser signed in as someone else moves to them.
    await notifications.savePushSubscription(other.owner.actor, { subscription: browser });
    expect(await notifications.deletePushSubscription(team.owner.actor, { endpoint: browser.endpoint })).toEqual({
      removed: false,
    });
    const noBrowser = await notifications.sendTestPush(team.owner.actor, { language: "en" }).catch((error) => error);
    expect(noBrowser).toBeInstanceOf(AppError);
    expect(await notifications.sendTestPush(other.owner.actor, { language: "en" })).toMatchObject({ delivered: 1 });
    expect(await notifications.deletePushSubscription(other.owner.actor, { endpoint: browser.endpoint })).toEqual({
      removed: true,
    });

    for (const subscription of [
      { endpoint: "not a url", keys: browser.keys },
      { endpoint: browser.endpoint, keys: { p256dh: "short", auth: browser.keys.auth } },
      { endpoint: browser.endpoint, keys: { p256dh: browser.keys.p256dh, auth: "" } },
      null,
    ]) {
      const error = await notifications.savePushSubscription(team.owner.actor, { subscription }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(AppError);
    }
  });
});
