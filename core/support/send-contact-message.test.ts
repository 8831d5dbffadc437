import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { EMAIL_MESSAGE } from "#core/forms/form-fields.ts";
import { createRateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import { createRecordingMailer } from "#tests/support/recording-mailer.ts";
import { refusalOf } from "#tests/support/refusal.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { createContactMessageRepository } from "./contact-message-repository.ts";
import { generateReference, REFERENCE_PATTERN, type SupportDeps, sendContactMessage } from "./send-contact-message.ts";

const logger = createLogger({ level: "silent", isPretty: false });
let database: DatabaseHandle;
let recorder: ReturnType<typeof createRecordingMailer>;
let deps: SupportDeps;
let clientCounter = 0;
let client: string;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  recorder = createRecordingMailer();
  client = `192.0.2.${++clientCounter}`;
  deps = {
    contactMessages: createContactMessageRepository(database.db),
    rateLimits: createRateLimitRepository(database.db),
    mailer: recorder.mailer,
    logger,
    env: testEnv({
      APP_URL: "https://ads.example.com",
      SUPPORT_EMAIL: "help@example.com",
      PUBLIC_FORMS_PER_IP_PER_HOUR: "2",
    }),
  };
});

const valid = {
  name: "Grace Hopper",
  email: "grace@example.com",
  topic: "integrations",
  message: "My LinkedIn account does not appear after connecting. What role do I need?",
};

const countMessages = async () =>
  Number(
    (
      await database.db
        .selectFrom("contact_messages")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("sendContactMessage", () => {
  it("draws readable references", () => {
    const references = new Set(Array.from({ length: 200 }, generateReference));
    expect(references.size).toBe(200);
    for (const reference of references) expect(reference).toMatch(REFERENCE_PATTERN);
  });

  it("stores the message under a reference and mails support and the sender", async () => {
    const result = await sendContactMessage(deps, valid, client);
    expect(result.reference).toMatch(REFERENCE_PATTERN);
    expect(result).toMatchObject({ email: "grace@example.com", isConfirmationSent: true });
    const row = await database.db
      .selectFrom("contact_messages")
      .selectAll()
      .where("reference", "=", result.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Grace Hopper",
      email: "grace@example.com",
      topic: "integrations",
      message: valid.message,
    });

    const [toSupport] = recorder.to("help@example.com");
    expect(toSupport?.subject).toBe(`[${result.reference}] Connecting ad platforms: message from Grace Hopper`);
    expect(toSupport?.headers).toEqual({ "Reply-To": "grace@example.com" });
    expect(toSupport?.text).toContain(valid.message);

    const [toSender] = recorder.to("grace@example.com");
    expect(toSender?.subject).toBe(`We received your message (${result.reference})`);
    expect(toSender?.text).toContain(`Your reference is ${result.reference}.`);
    expect(toSender?.html).toContain(result.reference);
    expect(toSender?.text).not.toContain(valid.message);
  });

  it("refuses bad input field by field and stores nothing", async () => {
    const before = await countMessages();
    const error = await refusalOf(
      sendContactMessage(deps, { name: "", email: "grace at example", topic: "refund-now", message: "help" }, client),
    );
    expect(error.status).toBe(400);
    expect(error.details?.fieldErrors).toEqual({
      name: "Enter your name",
      email: EMAIL_MESSAGE,
      topic: "Choose a topic",
      message: "Write at least 20 characters",
    });
    expect(await countMessages()).toBe(before);
    expect(recorder.sent).toHaveLength(0);
  });

  it("keeps the message when the confirmation cannot be sent, and says so", async () => {
    const failing = createRecordingMailer({ failFor: ["ada@example.com"] });
    const result = await sendContactMessage(
      { ...deps, mailer: failing.mailer },
      { ...valid, email: "ada@example.com" },
      client,
    );
    expect(result.isConfirmationSent).toBe(false);
    expect(failing.to("help@example.com")).toHaveLength(1);
    expect(
      await database.db.selectFrom("contact_messages").select("id").where("reference", "=", result.reference).execute(),
    ).toHaveLength(1);
  });

  it("limits messages per client address", async () => {
    await sendContactMessage(deps, valid, client);
    await sendContactMessage(deps, valid, client);
    const before = await countMessages();
    const error = await refusalOf(sendContactMessage(deps, valid, client));
    expect(error.status).toBe(429);
    expect(error.message).toMatch(
      /^Too many messages came from your network\. Try again in \d+ (minutes?|seconds?)\.$/,
    );
    expect(await countMessages()).toBe(before);
  });
});
