/** Finding 5: the failed sign-in limits count before the password check, and lock out fairly. */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type AuthContext,
  CookieJar,
  cleanUpAfterEach,
  PASSWORD,
  resetToken,
  setup,
  verifiedUser,
} from "./auth-test-kit.ts";

cleanUpAfterEach();
afterEach(() => {
  vi.useRealTimers();
});

/**
 * Stops the clock (Date only): a slow password check must not let a back-off wait run out, nor a
 * fixed window end, in the middle of a test.
 */
const stopTheClock = () => vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });

const WRONG = "Wrong-Engine-1";

function signInFrom(context: AuthContext, address: string, email: string, password: string) {
  return context.post("/api/auth/sign-in/email", { email, password }, { "x-forwarded-for": address });
}

describe("finding 5: the per-account limit cannot be raced", () => {
  it("lets 10 of 14 parallel wrong passwords from 14 addresses reach the password check, and answers 429 to 4", async () => {
    const context = await setup({ TRUST_PROXY: "true", AUTH_FAILED_SIGN_INS_PER_ACCOUNT: "10" });
    await verifiedUser(context, "target@example.com");
    stopTheClock();
    const responses = await Promise.all(
      Array.from({ length: 14 }, (_, index) =>
        signInFrom(context, `198.51.100.${index + 1}`, "target@example.com", WRONG),
      ),
    );
    const statuses = responses.map((response) => response.status);
    // A 401 is an answer from the password check; a 429 never reached it.
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });

  it("lets at most 10 of 14 parallel wrong passwords from one address reach the password check", async () => {
    const context = await setup({ AUTH_FAILED_SIGN_INS_PER_ACCOUNT: "10" });
    await verifiedUser(context, "target@example.com");
    stopTheClock();
    const responses = await Promise.all(
      Array.from({ length: 14 }, () =>
        context.post("/api/auth/sign-in/email", { email: "target@example.com", password: WRONG }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(4);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });
});

describe("finding 5: lockout is fair to the owner", () => {
  it("backs off an address that keeps failing, while the owner signs in from another address", async () => {
    const context = await setup({ TRUST_PROXY: "true" });
    await verifiedUser(context, "owner@example.com");
    const attacker = "203.0.113.9";
    stopTheClock();
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await signInFrom(context, attacker, "owner@example.com", WRONG)).status).toBe(401);
    const backedOff = await signInFrom(context, attacker, "owner@example.com", WRONG);
    expect(backedOff.status).toBe(429);
    expect(backedOff.headers.get("retry-after")).toBe("1");
    expect((await backedOff.json()).message).toBe("Too many failed sign-in attempts. Try again in 1 second.");
    // Even the right password waits from that address…
    expect((await signInFrom(context, attacker, "owner@example.com", PASSWORD)).status).toBe(429);
    // …but the owner, elsewhere, is not locked out.
    expect((await signInFrom(context, "198.51.100.7", "owner@example.com", PASSWORD)).status).toBe(200);
  });

  it("lets a reset link work while the account is locked, and the reset clears its failure counters", async () => {
    const context = await setup({ TRUST_PROXY: "true", AUTH_FAILED_SIGN_INS_PER_ACCOUNT: "3" });
    await verifiedUser(context, "owner@example.com");
    stopTheClock();
    for (const address of ["203.0.113.1", "203.0.113.2", "203.0.113.3"])
      expect((await signInFrom(context, address, "owner@example.com", WRONG)).status).toBe(401);
    const locked = await signInFrom(context, "198.51.100.7", "owner@example.com", PASSWORD);
    expect(locked.status).toBe(429);

    const browser = new CookieJar();
    const token = await resetToken(context, "owner@example.com");
    const reset = await context.post(
      "/api/auth/reset-password",
      { token, newPassword: "New-Engine-1843" },
      {},
      browser,
    );
    expect(reset.status).toBe(200);
    const { handoff } = await reset.json();
    expect((await context.post("/auth/handoff", handoff, {}, browser)).status).toBe(200);
    expect((await context.session(browser))?.user.email).toBe("owner@example.com");

    const counters = await context.db.selectFrom("rate_limits").select("key").execute();
    expect(counters.filter((row) => row.key.startsWith("sign-in") && row.key.includes("owner@example.com"))).toEqual(
      [],
    );
    const signedIn = await signInFrom(context, "198.51.100.7", "owner@example.com", "New-Engine-1843");
    expect(signedIn.status).toBe(200);
  });
});
