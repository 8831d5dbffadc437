import { describe, expect, it } from "vitest";
import { DEVELOPMENT_AUTH_SECRET, EnvError, parseEnv, publicEnv } from "./env.ts";

describe("parseEnv", () => {
  it("works with no variables at all, on the embedded defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "127.0.0.1", DATA_DIR: "./data", APP_URL: "http://localhost:3000" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADS_SANDBOX).toBe(true);
    expect(env.DATABASE_POOL_MAX).toBe(10);
    expect(parseEnv({ DATABASE_POOL_MAX: "40" }).DATABASE_POOL_MAX).toBe(40);
  });

  it("sends the public site's forms to our own inboxes unless told otherwise", () => {
    expect(parseEnv({})).toMatchObject({
      CAREERS_EMAIL: "careers@adhelm.com",
      SUPPORT_EMAIL: "support@adhelm.com",
      PUBLIC_FORMS_PER_IP_PER_HOUR: 20,
      NEWSLETTER_MAILS_PER_ADDRESS_PER_HOUR: 3,
    });
    const env = parseEnv({ CAREERS_EMAIL: "jobs@example.com", SUPPORT_EMAIL: "help@example.com" });
    expect(env).toMatchObject({ CAREERS_EMAIL: "jobs@example.com", SUPPORT_EMAIL: "help@example.com" });
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ ADS_SANDBOX: "maybe" }, "ADS_SANDBOX"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ CAREERS_EMAIL: "careers" }, "CAREERS_EMAIL"],
    [{ SUPPORT_EMAIL: "help at adhelm" }, "SUPPORT_EMAIL"],
    [{ PUBLIC_FORMS_PER_IP_PER_HOUR: "0" }, "PUBLIC_FORMS_PER_IP_PER_HOUR"],
    [{ DATABASE_POOL_MAX: "0" }, "DATABASE_POOL_MAX"],
    [{ DATABASE_POOL_MAX: "many" }, "DATABASE_POOL_MAX"],
  ])("refuses %o with a message naming %s", (source, name) => {
    expect(() => parseEnv(source)).toThrowError(new RegExp(`^Invalid environment configuration:\\n  ${name}: `));
  });

  it("refuses to run in production with the development secret or none", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrowError(EnvError);
    expect(() => parseEnv({ NODE_ENV: "production", AUTH_SECRET: DEVELOPMENT_AUTH_SECRET })).toThrowError(
      /AUTH_SECRET/,
    );
    const env = parseEnv({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(48) });
    expect(env.isProduction).toBe(true);
  });

  it("keeps the sandboxes (ads and payments) and the demo off in production unless they are enabled explicitly", () => {
    const secret = "x".repeat(48);
    expect(parseEnv({ NODE_ENV: "production", AUTH_SECRET: secret })).toMatchObject({
      ADS_SANDBOX: false,
      PAYMENTS_SANDBOX: false,
      SEED_DEMO: false,
    });
    expect(parseEnv({ NODE_ENV: "production", AUTH_SECRET: secret, ADS_SANDBOX: "true" }).ADS_SANDBOX).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", AUTH_SECRET: secret, PAYMENTS_SANDBOX: "1" }).PAYMENTS_SANDBOX).toBe(
      true,
    );
    expect(parseEnv({ NODE_ENV: "development" })).toMatchObject({
      ADS_SANDBOX: true,
      PAYMENTS_SANDBOX: true,
      SEED_DEMO: true,
    });
  });

  it("listens on loopback by default and refuses the development secret on a reachable host", () => {
    expect(parseEnv({}).HOST).toBe("127.0.0.1");
    expect(() => parseEnv({ HOST: "0.0.0.0" })).toThrowError(/AUTH_SECRET: the published development secret/);
    expect(() => parseEnv({ HOST: "0.0.0.0", AUTH_SECRET: DEVELOPMENT_AUTH_SECRET })).toThrowError(EnvError);
    for (const host of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"])
      expect(parseEnv({ HOST: host }).HOST).toBe(host);
    const exposed = parseEnv({ HOST: "0.0.0.0", AUTH_SECRET: "y".repeat(48) });
    // The demo's password is public: it is not seeded on a reachable host unless asked for.
    expect(exposed.SEED_DEMO).toBe(false);
    expect(parseEnv({ HOST: "0.0.0.0", AUTH_SECRET: "y".repeat(48), SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
  });

  it("treats empty values as unset and trims a trailing slash from APP_URL", () => {
    const env = parseEnv({ DATABASE_URL: "", APP_URL: "https://ads.example.com/" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.APP_URL).toBe("https://ads.example.com");
  });

  it("hands the browser no secret", () => {
    const env = parseEnv({ AUTH_SECRET: "s".repeat(40), GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "secret" });
    const exposed = JSON.stringify(publicEnv(env));
    expect(exposed).not.toContain("s".repeat(40));
    expect(exposed).not.toContain("secret");
    expect(publicEnv(env).isGitHubConfigured).toBe(true);
  });
});
