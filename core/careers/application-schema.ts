import { z } from "zod";
import { emailField, messageField, personNameField } from "#core/forms/form-fields.ts";

export const LINK_MESSAGE = "Enter a full link that starts with https://, like https://linkedin.com/in/your-name";

/** The Apply Now form; the server also checks that the position is one that is open. */
export const applicationSchema = z.object({
  position: z.string({ error: "Choose an open position" }).trim().min(1, "Choose an open position"),
  name: personNameField,
  email: emailField,
  link: z
    .string({ error: "Add a link to your LinkedIn profile, portfolio or GitHub" })
    .trim()
    .min(1, "Add a link to your LinkedIn profile, portfolio or GitHub")
    .max(2048, "Keep the link under 2,048 characters")
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: LINK_MESSAGE })),
  message: messageField({ min: 30, max: 5000, label: "message" }),
});
export type ApplicationInput = z.input<typeof applicationSchema>;
export type Application = z.output<typeof applicationSchema>;
