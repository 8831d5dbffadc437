import { z } from "zod";

/**
 * The account forms' contract, with the spec's exact messages. The browser validates with these
 * schemas on change and the server validates again with the same ones.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Longer inputs only cost hashing time; nobody types more. */
export const PASSWORD_MAX_LENGTH = 128;

const email = z.string().trim().toLowerCase().pipe(z.email("Invalid email address").max(320, "Invalid email address"));
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, "Password must be at least 8 characters")
  .max(PASSWORD_MAX_LENGTH, "Password must be at most 128 characters");
/** A password someone chooses (sign-up, reset): the spec's rules beyond the minimum length. */
export const newPasswordSchema = password.regex(
  /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/,
  "Password must contain uppercase, lowercase, and number",
);

export const loginSchema = z.object({
  email,
  password,
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const signupSchema = z
  .object({
    firstName: z.string().trim().min(1, "First name is required").max(100, "First name is too long"),
    lastName: z.string().trim().min(1, "Last name is required").max(100, "Last name is too long"),
    companyName: z.string().trim().max(200, "Company name is too long").optional(),
    email,
    password: newPasswordSchema,
    confirmPassword: z.string(),
    acceptTerms: z.boolean().refine((value) => value === true, "You must accept the terms"),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type SignupInput = z.input<typeof signupSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The spec's strength meter: one point each for length, lowercase, uppercase, digit and special character. */
export const PASSWORD_STRENGTH_LABELS = ["Very Weak", "Very Weak", "Weak", "Fair", "Good", "Strong"] as const;

export function scorePassword(value: string): number {
  return [
    value.length >= PASSWORD_MIN_LENGTH,
    /[a-z]/.test(value),
    /[A-Z]/.test(value),
    /\d/.test(value),
    /[^A-Za-z0-9]/.test(value),
  ].filter(Boolean).length;
}
