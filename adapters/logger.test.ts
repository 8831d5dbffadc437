import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { logger: createLogger({ level: "info", isPretty: false, destination }), lines };
}

describe("the logger's redaction", () => {
  it("hides credentials up to three levels deep and leaves the logged objects as they were", () => {
    const { logger, lines } = capture();
    const request = {
      path: "/login",
      headers: { authorization: "Bearer adh_secret", "set-cookie": ["a=b"], accept: "text/html" },
      body: { password: "hunter2", email: "ada@example.com", nested: { token: "t0k" } },
    };
    logger.info({ request, apiKey: "adh_plain", attempt: 2 }, "signing in");
    expect(lines[0]).toMatchObject({
      msg: "signing in",
      apiKey: "[redacted]",
      attempt: 2,
      request: {
        path: "/login",
        headers: { authorization: "[redacted]", "set-cookie": "[redacted]", accept: "text/html" },
        body: { password: "[redacted]", email: "ada@example.com", nested: { token: "t0k" } },
      },
    });
    expect(request.headers.authorization).toBe("Bearer adh_secret");
    expect(request.body.password).toBe("hunter2");
  });

  it("keeps an error's class, message and stack while hiding its secret fields", () => {
    const { logger, lines } = capture();
    const error = Object.assign(new TypeError("the provider refused"), { accessToken: "ya29.secret", status: 401 });
    logger.error({ err: error }, "refresh failed");
    expect(lines[0]).toMatchObject({
      msg: "refresh failed",
      err: { type: "TypeError", message: "the provider refused", accessToken: "[redacted]", status: 401 },
    });
    expect(String((lines[0]?.err as { stack?: string } | undefined)?.stack)).toContain("the provider refused");
    expect(error.accessToken).toBe("ya29.secret");
  });

  it("writes a line without secrets as it was given", () => {
    const { logger, lines } = capture();
    logger.info({ requestId: "r1", method: "GET", path: "/", status: 200, durationMs: 1.2 }, "request");
    expect(lines[0]).toMatchObject({ requestId: "r1", method: "GET", path: "/", status: 200, durationMs: 1.2 });
  });
});
