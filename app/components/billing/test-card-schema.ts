import { z } from "zod";

/**
 * The built-in test provider's card form. Messages are keys of the "billing-test" catalog; the
 * number is checked against the test cards by the provider itself.
 */
export const testCardSchema = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{13,19}$/, { error: "errors.number" })),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { error: "errors.expiry" }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { error: "errors.cvc" }),
  name: z.string().trim().min(1, { error: "errors.name" }).max(200, { error: "errors.name" }),
});

export type TestCardInput = z.input<typeof testCardSchema>;
export const TEST_CARD_FIELDS = ["number", "expiry", "cvc", "name"] as const;
