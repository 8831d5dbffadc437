import { z } from "zod";
import { emailField, messageField, personNameField } from "#core/forms/form-fields.ts";

/** The help center's topics, in the order the form lists them. */
export const CONTACT_TOPICS = [
  { value: "getting-started", label: "Getting started and free trial" },
  { value: "billing", label: "Billing and plans" },
  { value: "integrations", label: "Connecting ad platforms" },
  { value: "data", label: "Data and reporting" },
  { value: "account", label: "Account and team access" },
  { value: "api", label: "API and developers" },
  { value: "security", label: "Security and privacy" },
  { value: "other", label: "Something else" },
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number]["value"];

const TOPIC_VALUES = CONTACT_TOPICS.map((topic) => topic.value) as [ContactTopic, ...ContactTopic[]];

export function topicLabel(topic: string): string {
  return CONTACT_TOPICS.find((entry) => entry.value === topic)?.label ?? topic;
}

export const contactSchema = z.object({
  name: personNameField,
  email: emailField,
  topic: z.enum(TOPIC_VALUES, { error: "Choose a topic" }),
  message: messageField({ min: 20, max: 5000, label: "message" }),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
