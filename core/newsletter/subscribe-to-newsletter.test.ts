import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { EMAIL_MESSAGE } from "#core/forms/form-fields.ts";
import { createRateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import { createRecordingMailer, linkInText } from "#tests/support/recording-mailer.ts";
import { refusalOf } from "#tests/support/refusal.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { confirmNewsletterSubscription } from "./confirm-newsletter-subscription.ts";
import { createNewsletterRepository, type NewsletterRepository } from "./newsletter-repository.ts";
import { readUnsubscribeLink } from "./read-unsubscribe-link.ts";
import { resubscribeToNewsletter } from "./resubscribe-to-newsletter.ts";
import { CONFIRM_LINK_DAYS, type NewsletterDeps, subscribeToNewsletter } from "./subscribe-to-newsletter.ts";
import { unsubscribeFromNewsletter } from "./unsubscribe-from-newsletter.ts";

const APP_URL = "https://ads.example.com";
const logger = createLogger({ level: "silent", isPretty: false });
let database: DatabaseHandle;
let newsletter: NewsletterRepository;
let recorder: ReturnType<typeof createRecordingMailer>;
let deps: NewsletterDeps;
let clientCounter = 0;
/** A fresh client address per test, so the per-IP limit of one test does not reach the next. */
let client: string;

beforeAll(async () => {
  database = await createTestDatabase();
  newsletter = createNewsletterRepository(database.db);
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  recorder = createRecordingMailer();
  client = `203.0.113.${++clientCounter}`;
  deps = {
    newsletter,
    rateLimits: createRateLimitRepository(database.db),
    mailer: recorder.mailer,
    logger,
    env: testEnv({ APP_URL, PUBLIC_FORMS_PER_IP_PER_HOUR: "5", NEWSLETTER_MAILS_PER_ADDRESS_PER_HOUR: "3" }),
  };
});

const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

async function subscribe(email: string, source = "footer", now?: Date) {
  await subscribeToNewsletter(deps, { email, source }, client, now);
  const mail = recorder.to(email.trim().toLowerCase()).at(-1);
  return {
    mail,
    confirmToken: mail ? tokenOf(linkInText(mail, `${APP_URL}/newsletter/confirm?token=`)) : "",
    unsubscribeToken: mail ? tokenOf(linkInText(mail, `${APP_URL}/newsletter/unsubscribe?token=`)) : "",
  };
}

describe("subscribeToNewsletter", () => {
  it("stores a pending subscriber and mails one confirmation with both links and the one-click headers", async () => {
    const { mail, confirmToken, unsubscribeToken } = await subscribe("  Ada@Example.COM ", "blog");
    expect(recorder.sent).toHaveLength(1);
    expect(mail?.subject).toBe("Confirm your subscription to Adhelm product news");
    expect(mail?.html).toContain(`${APP_URL}/newsletter/confirm?token=${confirmToken}`);
    expect(mail?.html).toContain(`${APP_URL}/newsletter/unsubscribe?token=${unsubscribeToken}`);
    expect(mail?.headers).toEqual({
      "List-Unsubscribe": `<${APP_URL}/newsletter/unsubscribe?token=${unsubscribeToken}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    const row = await database.db
      .selectFrom("newsletter_subscribers")
      .selectAll()
      .where("email", "=", "ada@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", source: "blog", confirmed_at: null });
    // Only hashes are stored: the row alone gives no working link.
    expect(row.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(confirmToken);
    expect(JSON.stringify(row)).not.toContain(unsubscribeToken);
  });

  it("confirms once; the same link again is harmless", async () => {
    const { confirmToken } = await subscribe("grace@example.com");
    expect(await confirmNewsletterSubscription(deps, confirmToken)).toBe("confirmed");
    const confirmed = await newsletter.findByEmail("grace@example.com");
    expect(confirmed?.status).toBe("confirmed");
    expect(confirmed?.confirmedAt).toBeInstanceOf(Date);

    expect(await confirmNewsletterSubscription(deps, confirmToken)).toBe("already-confirmed");
    expect(await newsletter.findByEmail("grace@example.com")).toEqual(confirmed);
  });

  it("answers a confirmed address the same, sends it nothing and changes nothing", async () => {
    const { confirmToken } = await subscribe("hedy@example.com");
    await confirmNewsletterSubscription(deps, confirmToken);
    const before = await database.db
      .selectFrom("newsletter_subscribers")
      .selectAll()
      .where("email", "=", "hedy@example.com")
      .executeTakeFirstOrThrow();

    await expect(subscribeToNewsletter(deps, { email: "HEDY@example.com", source: "changelog" }, client)).resolves.toBe(
      undefined,
    );
    expect(recorder.to("hedy@example.com")).toHaveLength(1);
    const after = await database.db
      .selectFrom("newsletter_subscribers")
      .selectAll()
      .where("email", "=", "hedy@example.com")
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it("mails a pending address a fresh link, and the older one stops working", async () => {
    const first = await subscribe("katherine@example.com");
    const second = await subscribe("katherine@example.com");
    expect(recorder.to("katherine@example.com")).toHaveLength(2);
    expect(second.confirmToken).not.toBe(first.confirmToken);
    expect(await confirmNewsletterSubscription(deps, first.confirmToken)).toBe("invalid");
    expect(await confirmNewsletterSubscription(deps, second.confirmToken)).toBe("confirmed");
    const rows = await database.db
      .selectFrom("newsletter_subscribers")
      .select("id")
      .where("email", "=", "katherine@example.com")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("says a link has expired after 7 days, and that an unknown one is not valid", async () => {
    const subscribedAt = new Date("2026-03-01T10:00:00Z");
    const { confirmToken } = await subscribe("dorothy@example.com", "footer", subscribedAt);
    const afterExpiry = new Date(subscribedAt.getTime() + CONFIRM_LINK_DAYS * 24 * 60 * 60 * 1000 + 1000);
    expect(await confirmNewsletterSubscription(deps, confirmToken, afterExpiry)).toBe("expired");
    expect((await newsletter.findByEmail("dorothy@example.com"))?.status).toBe("pending");

    expect(await confirmNewsletterSubscription(deps, "x".repeat(43))).toBe("invalid");
    expect(await confirmNewsletterSubscription(deps, "not a token")).toBe("invalid");
    expect(await confirmNewsletterSubscription(deps, null)).toBe("invalid");
  });

  it.each([
    ["not-an-email", EMAIL_MESSAGE],
    ["", "Enter your email address"],
    ["ada@", EMAIL_MESSAGE],
  ])("refuses %j with a clear message and stores nothing", async (email, message) => {
    const error = await refusalOf(subscribeToNewsletter(deps, { email, source: "footer" }, client));
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
    expect(error.details?.fieldErrors).toEqual({ email: message });
    expect(recorder.sent).toHaveLength(0);
    const rows = await database.db
      .selectFrom("newsletter_subscribers")
      .select("id")
      .where("email", "=", email)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("refuses a subscribe box it does not know", async () => {
    const error = await refusalOf(subscribeToNewsletter(deps, { email: "x@example.com", source: "sidebar" }, client));
    expect(error.details?.fieldErrors).toEqual({ source: "Unknown subscribe box" });
    expect(await newsletter.findByEmail("x@example.com")).toBeNull();
  });

  it("limits confirmation mails per address, whether or not it is subscribed", async () => {
    for (let attempt = 0; attempt < 3; attempt++) await subscribe("ida@example.com");
    const error = await refusalOf(subscribeToNewsletter(deps, { email: "ida@example.com", source: "footer" }, client));
    expect(error.status).toBe(429);
    expect(error.message).toMatch(
      /^Too many confirmation emails were requested for this address\. Try again in \d+ (minutes?|seconds?)\.$/,
    );
    expect(recorder.to("ida@example.com")).toHaveLength(3);
  });

  it("limits subscriptions per client address", async () => {
    for (let index = 0; index < 5; index++) await subscribe(`person-${index}@example.com`);
    const error = await refusalOf(
      subscribeToNewsletter(deps, { email: "one-more@example.com", source: "footer" }, client),
    );
    expect(error.status).toBe(429);
    expect(error.message).toMatch(/^Too many subscription requests came from your network\. Try again in/);
    expect(error.details?.retryAfterSeconds).toBeGreaterThan(0);
    expect(await newsletter.findByEmail("one-more@example.com")).toBeNull();
  });
});

describe("unsubscribe and resubscribe", () => {
  it("unsubscribes with the mailed link, retires the confirmation link, and resubscribes", async () => {
    const { confirmToken, unsubscribeToken } = await subscribe("margaret@example.com");
    await confirmNewsletterSubscription(deps, confirmToken);
    expect(await readUnsubscribeLink(deps, unsubscribeToken)).toEqual({
      email: "margaret@example.com",
      isSubscribed: true,
    });

    expect(await unsubscribeFromNewsletter(deps, unsubscribeToken)).toEqual({
      email: "margaret@example.com",
      isSubscribed: false,
    });
    const unsubscribed = await newsletter.findByEmail("margaret@example.com");
    expect(unsubscribed?.status).toBe("unsubscribed");
    expect(unsubscribed?.unsubscribedAt).toBeInstanceOf(Date);
    // Twice is harmless, and the old confirmation link cannot subscribe them again.
    expect(await unsubscribeFromNewsletter(deps, unsubscribeToken)).toMatchObject({ isSubscribed: false });
    expect(await confirmNewsletterSubscription(deps, confirmToken)).toBe("invalid");

    expect(await resubscribeToNewsletter(deps, unsubscribeToken)).toMatchObject({ isSubscribed: true });
    expect((await newsletter.findByEmail("margaret@example.com"))?.status).toBe("confirmed");
  });

  it("starts a new double opt-in when an unsubscribed address subscribes again", async () => {
    const { unsubscribeToken } = await subscribe("annie@example.com");
    await unsubscribeFromNewsletter(deps, unsubscribeToken);
    const again = await subscribe("annie@example.com");
    expect((await newsletter.findByEmail("annie@example.com"))?.status).toBe("pending");
    expect(await confirmNewsletterSubscription(deps, again.confirmToken)).toBe("confirmed");
  });

  it("knows nothing of an unknown link", async () => {
    expect(await readUnsubscribeLink(deps, "y".repeat(43))).toBeNull();
    expect(await unsubscribeFromNewsletter(deps, "y".repeat(43))).toBeNull();
    expect(await resubscribeToNewsletter(deps, "")).toBeNull();
  });
});
