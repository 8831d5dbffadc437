import { z } from "zod";

/**
 * The fields the public site's forms share (newsletter, job application, contact). The browser
 * validates with these on change and the server validates again with the same schemas.
 */
export const EMAIL_MESSAGE = "Enter a valid email address, like name@company.com";

export const emailField = z
  .string({ error: "Enter your email address" })
  .trim()
  .toLowerCase()
  .min(1, "Enter your email address")
  .pipe(z.email(EMAIL_MESSAGE).max(320, EMAIL_MESSAGE));

// Names end up in mail subjects and headers: no control characters, line breaks included.
export const personNameField = z
  .string({ error: "Enter your name" })
  .trim()
  .min(1, "Enter your name")
  .max(100, "Keep your name under 100 characters")
  .regex(/^[^\p{Cc}]*$/u, "Your name can only contain printable characters");

export function messageField({ min, max, label }: { min: number; max: number; label: string }) {
  return z
    .string({ error: `Write your ${label}` })
    .trim()
    .min(1, `Write your ${label}`)
    .min(min, `Write at least ${min} characters`)
    .max(max, `Keep your ${label} under ${max.toLocaleString("en-US")} characters`);
}

/** The first message for each field of a failed parse, keyed by field name. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field] ??= issue.message;
  }
  return fieldErrors;
}
