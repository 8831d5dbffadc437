import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password-hashing.ts";

describe("password hashing", () => {
  it("uses scrypt at OWASP parameters with a fresh salt per hash", async () => {
    const first = await hashPassword("Correct-horse-1");
    const second = await hashPassword("Correct-horse-1");
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(second).not.toBe(first);
  });

  it("accepts the right password and refuses a wrong or malformed one", async () => {
    const hash = await hashPassword("Correct-horse-1");
    expect(await verifyPassword({ hash, password: "Correct-horse-1" })).toBe(true);
    expect(await verifyPassword({ hash, password: "correct-horse-1" })).toBe(false);
    expect(await verifyPassword({ hash: "bcrypt$whatever", password: "Correct-horse-1" })).toBe(false);
  });
});
