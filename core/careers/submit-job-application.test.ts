import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { EMAIL_MESSAGE } from "#core/forms/form-fields.ts";
import { createRateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import { createRecordingMailer } from "#tests/support/recording-mailer.ts";
import { refusalOf } from "#tests/support/refusal.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { LINK_MESSAGE } from "./application-schema.ts";
import { createJobApplicationRepository } from "./job-application-repository.ts";
import { JOB_OPENINGS } from "./job-openings.ts";
import { type CareersDeps, submitJobApplication } from "./submit-job-application.ts";

const logger = createLogger({ level: "silent", isPretty: false });
let database: DatabaseHandle;
let recorder: ReturnType<typeof createRecordingMailer>;
let deps: CareersDeps;
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
  client = `198.51.100.${++clientCounter}`;
  deps = {
    jobApplications: createJobApplicationRepository(database.db),
    rateLimits: createRateLimitRepository(database.db),
    mailer: recorder.mailer,
    logger,
    env: testEnv({
      APP_URL: "https://ads.example.com",
      CAREERS_EMAIL: "jobs@example.com",
      PUBLIC_FORMS_PER_IP_PER_HOUR: "2",
    }),
  };
});

const valid = {
  position: "integrations-engineer",
  name: " Ada Lovelace ",
  email: "Ada@Example.com",
  link: "https://linkedin.com/in/ada-lovelace",
  message: "I wrote the first published algorithm and I would love to connect ad platforms next.",
};

const countApplications = async () =>
  Number(
    (
      await database.db
        .selectFrom("job_applications")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("submitJobApplication", () => {
  it("offers six open positions", () => {
    expect(JOB_OPENINGS).toHaveLength(6);
    expect(new Set(JOB_OPENINGS.map((opening) => opening.slug)).size).toBe(6);
  });

  it("stores the application and mails it to the team, with a confirmation to the applicant", async () => {
    const result = await submitJobApplication(deps, valid, client);
    expect(result).toEqual({
      position: { slug: "integrations-engineer", title: "Ad Platform Integrations Engineer" },
      email: "ada@example.com",
      isConfirmationSent: true,
    });
    const row = await database.db
      .selectFrom("job_applications")
      .selectAll()
      .where("email", "=", "ada@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      position_slug: "integrations-engineer",
      name: "Ada Lovelace",
      link: "https://linkedin.com/in/ada-lovelace",
      message: valid.message,
    });

    const [toTeam] = recorder.to("jobs@example.com");
    expect(toTeam?.subject).toBe("New application: Ad Platform Integrations Engineer (Ada Lovelace)");
    expect(toTeam?.headers).toEqual({ "Reply-To": "ada@example.com" });
    for (const detail of ["Ada Lovelace", "ada@example.com", "https://linkedin.com/in/ada-lovelace", valid.message])
      expect(toTeam?.text).toContain(detail);

    const [toApplicant] = recorder.to("ada@example.com");
    expect(toApplicant?.subject).toBe("We received your application for Ad Platform Integrations Engineer");
    expect(toApplicant?.text).toContain("https://ads.example.com/careers");
    // Nothing the applicant typed is sent back to the address they entered.
    expect(toApplicant?.text).not.toContain(valid.message);
    expect(toApplicant?.text).not.toContain("linkedin.com/in/ada-lovelace");
  });

  it("refuses bad input field by field and stores nothing", async () => {
    const before = await countApplications();
    const error = await refusalOf(
      submitJobApplication(
        deps,
        { position: "astronaut", name: "  ", email: "ada@", link: "javascript:alert(1)", message: "Hi" },
        client,
      ),
    );
    expect(error.status).toBe(400);
    expect(error.details?.fieldErrors).toEqual({
      position: "This position is not open. Choose one from the list.",
      name: "Enter your name",
      email: EMAIL_MESSAGE,
      link: LINK_MESSAGE,
      message: "Write at least 30 characters",
    });
    expect(await countApplications()).toBe(before);
    expect(recorder.sent).toHaveLength(0);
  });

  it.each([
    ["a link without its scheme", "link", "linkedin.com/in/ada", LINK_MESSAGE],
    ["an ftp link", "link", "ftp://files.example.com/cv.pdf", LINK_MESSAGE],
    ["no link", "link", "", "Add a link to your LinkedIn profile, portfolio or GitHub"],
    [
      "a name with a line break",
      "name",
      "Ada\nBcc: everyone@example.com",
      "Your name can only contain printable characters",
    ],
    ["a message over 5,000 characters", "message", "x".repeat(5001), "Keep your message under 5,000 characters"],
  ])("refuses %s", async (_case, field, value, message) => {
    const error = await refusalOf(submitJobApplication(deps, { ...valid, [field]: value }, client));
    expect(error.details?.fieldErrors).toEqual({ [field]: message });
  });

  it("refuses a body that is not a form at all", async () => {
    const error = await refusalOf(submitJobApplication(deps, null, client));
    expect(error.status).toBe(400);
    expect(error.details?.fieldErrors).toMatchObject({
      position: "This position is not open. Choose one from the list.",
    });
    expect(recorder.sent).toHaveLength(0);
  });

  it("keeps the application when the confirmation cannot be sent, and says so", async () => {
    const failing = createRecordingMailer({ failFor: ["grace@example.com"] });
    const result = await submitJobApplication(
      { ...deps, mailer: failing.mailer },
      { ...valid, email: "grace@example.com" },
      client,
    );
    expect(result.isConfirmationSent).toBe(false);
    expect(failing.to("jobs@example.com")).toHaveLength(1);
    const rows = await database.db
      .selectFrom("job_applications")
      .select("id")
      .where("email", "=", "grace@example.com")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("limits applications per client address", async () => {
    await submitJobApplication(deps, valid, client);
    await submitJobApplication(deps, valid, client);
    const before = await countApplications();
    const error = await refusalOf(submitJobApplication(deps, valid, client));
    expect(error.status).toBe(429);
    // The hourly window ends on the hour: just before it, the wait is a matter of seconds.
    expect(error.message).toMatch(
      /^Too many applications came from your network\. Try again in \d+ (minutes?|seconds?)\.$/,
    );
    expect(await countApplications()).toBe(before);
  });
});
