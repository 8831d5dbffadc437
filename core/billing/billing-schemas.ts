import { z } from "zod";
import { BILLING_CURRENCIES } from "./plan-catalog.ts";

export const BILLING_MESSAGES = {
  plan: "Choose the Starter or Professional plan; Enterprise is arranged with our sales team.",
  interval: "Choose monthly or yearly billing.",
  currency: "Choose USD or EUR.",
  email: "Enter a valid email address.",
  name: "Enter your name.",
  company: "Enter your company's name.",
  message: "Tell us a little about what you need (at most 5,000 characters).",
  adAccounts: "Enter the number of ad accounts as a whole number.",
  vatNumber: "Enter the VAT number with its country prefix, e.g. DE123456789.",
  invalid: "Check the highlighted fields.",
} as const;

export const selfServePlanSchema = z.object({
  planId: z.enum(["starter", "professional"], { error: BILLING_MESSAGES.plan }),
  interval: z.enum(["monthly", "yearly"], { error: BILLING_MESSAGES.interval }),
});

export const checkoutSchema = selfServePlanSchema.extend({
  currency: z.enum(BILLING_CURRENCIES, { error: BILLING_MESSAGES.currency }).optional(),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional();

export const billingDetailsSchema = z.object({
  billingEmail: z
    .string()
    .trim()
    .max(320)
    .transform((value) => (value === "" ? null : value))
    .pipe(z.email({ error: BILLING_MESSAGES.email }).nullable())
    .nullable()
    .optional(),
  companyName: optionalText(200),
  address: optionalText(1000),
  vatNumber: z
    .string()
    .trim()
    .toUpperCase()
    .transform((value) => (value === "" ? null : value.replace(/\s+/g, "")))
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{2}[A-Z0-9]{2,14}$/, { error: BILLING_MESSAGES.vatNumber })
        .nullable(),
    )
    .nullable()
    .optional(),
});

export const enterpriseRequestSchema = z.object({
  name: z.string({ error: BILLING_MESSAGES.name }).trim().min(1, { error: BILLING_MESSAGES.name }).max(200),
  email: z.email({ error: BILLING_MESSAGES.email }),
  company: z.string({ error: BILLING_MESSAGES.company }).trim().min(1, { error: BILLING_MESSAGES.company }).max(200),
  adAccounts: z.coerce
    .number({ error: BILLING_MESSAGES.adAccounts })
    .int({ error: BILLING_MESSAGES.adAccounts })
    .min(0, { error: BILLING_MESSAGES.adAccounts })
    .max(1_000_000)
    .nullable()
    .optional(),
  message: z.string({ error: BILLING_MESSAGES.message }).trim().min(1, { error: BILLING_MESSAGES.message }).max(5000, {
    error: BILLING_MESSAGES.message,
  }),
});
