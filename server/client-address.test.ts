import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { createApp } from "./app.ts";
import { forwardedClientAddress, normalizeAddress } from "./client-address.ts";
import { createServices } from "./services.ts";

describe("forwardedClientAddress", () => {
  it("takes the entry TRUST_PROXY_HOPS places from the right, never a client-chosen one further left", () => {
    expect(forwardedClientAddress("198.51.100.9", 1)).toBe("198.51.100.9");
    expect(forwardedClientAddress("6.6.6.6, 198.51.100.9", 1)).toBe("198.51.100.9");
    expect(forwardedClientAddress("6.6.6.6, 198.51.100.9, 10.0.0.2", 2)).toBe("198.51.100.9");
    expect(forwardedClientAddress("1.1.1.1, 6.6.6.6, 198.51.100.9, 10.0.0.2", 2)).toBe("198.51.100.9");
  });

  it("uses the left-most entry when there are fewer entries than hops", () => {
    expect(forwardedClientAddress("198.51.100.9", 2)).toBe("198.51.100.9");
    expect(forwardedClientAddress("198.51.100.9, 10.0.0.2", 3)).toBe("198.51.100.9");
  });

  it("reads joined headers, stray whitespace and empty entries, ports and brackets", () => {
    expect(forwardedClientAddress(" 6.6.6.6 ,, 198.51.100.9 ,", 1)).toBe("198.51.100.9");
    expect(forwardedClientAddress("6.6.6.6, 198.51.100.9:51234", 1)).toBe("198.51.100.9");
    expect(forwardedClientAddress("6.6.6.6, [2001:DB8::1]:443", 1)).toBe("2001:db8::1");
    expect(forwardedClientAddress("6.6.6.6, 2001:db8::1", 1)).toBe("2001:db8::1");
    expect(forwardedClientAddress("::ffff:198.51.100.9", 1)).toBe("198.51.100.9");
  });

  it("gives null for a missing header or an entry that is not an address", () => {
    expect(forwardedClientAddress(undefined, 1)).toBeNull();
    expect(forwardedClientAddress(" , ", 1)).toBeNull();
    expect(forwardedClientAddress("6.6.6.6, not-an-address", 1)).toBeNull();
    expect(normalizeAddress("unknown")).toBeNull();
  });
});

describe("the rate-limit subject behind a trusted proxy", () => {
  let database: DatabaseHandle | undefined;
  let dataDir: string | undefined;

  afterEach(async () => {
    await database?.close().catch(() => {});
    database = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function setup(overrides: Record<string, string>) {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "client-address-"));
    const env = testEnv({
      APP_URL: "http://localhost:3000",
      DATA_DIR: dataDir,
      TRUST_PROXY: "true",
      AUTH_SIGN_UPS_PER_IP_PER_HOUR: "2",
      ...overrides,
    });
    const logger = createLogger({ level: "silent", isPretty: false });
    const app = createApp({ env, logger, services: createServices({ env, database, logger }) });
    let count = 0;
    /** A sign-up whose X-Forwarded-For headers are as given (several headers when several). */
    return (...forwardedFor: string[]) => {
      const headers = new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
      for (const value of forwardedFor) headers.append("x-forwarded-for", value);
      count += 1;
      return app.request("/api/auth/sign-up/email", {
        method: "POST",
        headers,
        body: JSON.stringify({
          firstName: "Ada",
          lastName: "Lovelace",
          email: `ada-${count}@example.com`,
          password: "Engine-1843",
          confirmPassword: "Engine-1843",
          acceptTerms: true,
        }),
      });
    };
  }

  it("counts a client whose left-most entries change at every request as one client", async () => {
    const signUp = await setup({});
    expect((await signUp("1.1.1.1, 198.51.100.9")).status).toBe(200);
    expect((await signUp("2.2.2.2, 198.51.100.9")).status).toBe(200);
    // A third spoofed entry, and the same entry sent as a header of its own: still the same client.
    expect((await signUp("3.3.3.3", "198.51.100.9")).status).toBe(429);
    expect((await signUp("4.4.4.4, 198.51.100.9")).status).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await signUp("1.1.1.1, 198.51.100.10")).status).toBe(200);
  });

  it("with two hops, counts the entry before the last one", async () => {
    const signUp = await setup({ TRUST_PROXY_HOPS: "2" });
    expect((await signUp("1.1.1.1, 198.51.100.9, 10.0.0.2")).status).toBe(200);
    expect((await signUp("2.2.2.2, 198.51.100.9, 10.0.0.3")).status).toBe(200);
    expect((await signUp("3.3.3.3, 198.51.100.9, 10.0.0.2")).status).toBe(429);
  });

  it("records the resolved client address on the session, whatever address header the client sends", async () => {
    const signUp = await setup({});
    expect((await signUp("198.51.100.7")).status).toBe(200);
    const db = (database as DatabaseHandle).db;
    await db.updateTable("user").set({ emailVerified: true }).where("email", "=", "ada-1@example.com").execute();
    const env = testEnv({ APP_URL: "http://localhost:3000", DATA_DIR: dataDir as string, TRUST_PROXY: "true" });
    const logger = createLogger({ level: "silent", isPretty: false });
    const app = createApp({
      env,
      logger,
      services: createServices({ env, database: database as DatabaseHandle, logger }),
    });
    const response = await app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "http://localhost:3000",
        "x-forwarded-for": "6.6.6.6, 198.51.100.7",
        "x-adhelm-client-address": "9.9.9.9",
      },
      body: JSON.stringify({ email: "ada-1@example.com", password: "Engine-1843" }),
    });
    expect(response.status).toBe(200);
    const sessions = await db.selectFrom("session").select("ipAddress").execute();
    expect(sessions.map((session) => session.ipAddress)).toEqual(["198.51.100.7"]);
  });
});
