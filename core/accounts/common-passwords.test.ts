import { readFileSync } from "node:fs";
import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { signupSchema } from "./account-schemas.ts";
import { COMMON_PASSWORD_COUNT, isCommonPassword } from "./common-passwords.ts";

describe("finding 9: the 10,000 most common passwords", () => {
  it("are the first 10,000 of the ranked list, compared case-insensitively", async () => {
    const ranked = dictionary["passwords-common"];
    expect(ranked.length).toBeGreaterThan(COMMON_PASSWORD_COUNT);
    expect(await isCommonPassword(ranked[0] ?? "")).toBe(true);
    expect(await isCommonPassword(ranked[COMMON_PASSWORD_COUNT - 1] ?? "")).toBe(true);
    expect(await isCommonPassword(ranked[COMMON_PASSWORD_COUNT] ?? "")).toBe(false);
    for (const password of ["Password1", "PASSWORD123", "Qwerty123"])
      expect(await isCommonPassword(password)).toBe(true);
    expect(await isCommonPassword("Engine-1843")).toBe(false);
  });

  it("pass the shared form schema (the check is the server's) and stay out of its module", () => {
    // The browser validates with account-schemas.ts; the list must not ship with it.
    const form = { firstName: "A", lastName: "B", email: "a@example.com", acceptTerms: true };
    expect(signupSchema.safeParse({ ...form, password: "Password1", confirmPassword: "Password1" }).success).toBe(true);
    expect(readFileSync(new URL("./account-schemas.ts", import.meta.url), "utf8")).not.toMatch(
      /zxcvbn|common-passwords/,
    );
  });
});
