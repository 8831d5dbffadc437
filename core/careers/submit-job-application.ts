import { randomUUID } from "node:crypto";
import type { Env } from "#core/config/env.ts";
import { AppError } from "#core/errors/app-error.ts";
import { fieldErrorsOf } from "#core/forms/form-fields.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import { enforceRateLimit } from "#core/rate-limit/enforce-rate-limit.ts";
import type { RateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import { applicationSchema } from "./application-schema.ts";
import { applicationForTeamMail, applicationReceivedMail } from "./careers-mail-templates.ts";
import type { JobApplicationRepository } from "./job-application-repository.ts";
import { findJobOpening, type JobOpening } from "./job-openings.ts";

export const APPLICATION_INVALID_MESSAGE = "Please correct the highlighted fields.";

export interface CareersDeps {
  jobApplications: JobApplicationRepository;
  rateLimits: RateLimitRepository;
  mailer: Mailer;
  logger: Logger;
  env: Pick<Env, "APP_URL" | "CAREERS_EMAIL" | "PUBLIC_FORMS_PER_IP_PER_HOUR">;
}

export interface SubmittedApplication {
  position: Pick<JobOpening, "slug" | "title">;
  email: string;
  /** False when the confirmation to the applicant could not be sent (the application is stored). */
  isConfirmationSent: boolean;
}

/**
 * Stores an application for an open position and mails it to the hiring team, with a
 * confirmation to the applicant. Bad input is refused field by field (400) and nothing is stored;
 * too many applications from one client address are refused (429).
 */
export async function submitJobApplication(
  deps: CareersDeps,
  input: unknown,
  clientAddress: string,
  now: Date = new Date(),
): Promise<SubmittedApplication> {
  const parsed = applicationSchema.safeParse(input);
  const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  const position = (input as { position?: unknown } | null)?.position;
  const opening = findJobOpening(typeof position === "string" ? position.trim() : undefined);
  if (!opening) fieldErrors.position ??= "This position is not open. Choose one from the list.";
  if (!parsed.success || !opening)
    throw new AppError("bad_request", APPLICATION_INVALID_MESSAGE, { title: "Check your application", fieldErrors });

  await enforceRateLimit(
    deps.rateLimits,
    { name: "job-applications:ip", limit: deps.env.PUBLIC_FORMS_PER_IP_PER_HOUR, windowSeconds: 60 * 60 },
    clientAddress,
    "Too many applications came from your network.",
    now.getTime(),
  );

  const application = parsed.data;
  await deps.jobApplications.create({
    id: randomUUID(),
    positionSlug: opening.slug,
    name: application.name,
    email: application.email,
    link: application.link,
    message: application.message,
    createdAt: now,
  });

  const [toTeam, toApplicant] = await Promise.allSettled([
    deps.mailer.send(applicationForTeamMail({ to: deps.env.CAREERS_EMAIL, application, opening })),
    deps.mailer.send(
      applicationReceivedMail({ to: application.email, opening, careersUrl: `${deps.env.APP_URL}/careers` }),
    ),
  ]);
  // The application is stored either way; the team can still read it if its mail failed.
  if (toTeam.status === "rejected")
    deps.logger.error({ err: toTeam.reason, position: opening.slug }, "job application mail to the team failed");
  if (toApplicant.status === "rejected")
    deps.logger.warn({ err: toApplicant.reason }, "job application confirmation mail failed");

  return {
    position: { slug: opening.slug, title: opening.title },
    email: application.email,
    isConfirmationSent: toApplicant.status === "fulfilled",
  };
}
