import { describe, expect, it } from "vitest";
import { classifyGraphError, type GraphContext } from "./graph-request.ts";
import type { GraphError } from "./schemas.ts";

function classify(error: Partial<GraphError>, status = 400, context: GraphContext = "api", headers: HeadersInit = {}) {
  const response = new Response(null, { status, headers });
  return classifyGraphError({ message: "m", code: 0, ...error }, response, context);
}

describe("classifyGraphError", () => {
  it.each([
    [{ code: 4 }, "throttled"],
    [{ code: 17, error_subcode: 2446079 }, "throttled"],
    [{ code: 32 }, "throttled"],
    [{ code: 613, error_subcode: 1487742 }, "throttled"],
    [{ code: 80004, error_subcode: 2446079 }, "throttled"],
    [{ code: 80000 }, "throttled"],
    [{ code: 190, error_subcode: 463 }, "token_expired"],
    [{ code: 190 }, "token_expired"],
    [{ code: 190, error_subcode: 460 }, "access_revoked"],
    [{ code: 190, error_subcode: 458 }, "access_revoked"],
    [{ code: 200 }, "access_revoked"],
    [{ code: 2 }, "unavailable"],
    [{ code: 100, error_subcode: 33 }, "rejected"],
    [{ code: 1 }, "rejected"],
  ] as const)("maps %j at HTTP 400 to %s", (error, kind) => {
    expect(classify(error).kind).toBe(kind);
  });

  it("maps code 1 with HTTP 500 and transient errors to unavailable", () => {
    expect(classify({ code: 1 }, 500).kind).toBe("unavailable");
    expect(classify({ code: 1, is_transient: true }).kind).toBe("unavailable");
  });

  it("treats any refusal at the token endpoint as a grant that is gone, except a bad app configuration", () => {
    expect(classify({ code: 190, error_subcode: 463 }, 400, "oauth").kind).toBe("access_revoked");
    expect(classify({ code: 100, error_subcode: 36008 }, 400, "oauth").kind).toBe("access_revoked");
    expect(classify({ code: 101 }, 400, "oauth").kind).toBe("rejected");
  });

  it("reads the wait from X-Business-Use-Case-Usage (minutes, the longest entry) and keeps the codes", () => {
    const usage = {
      "123": [{ type: "ads_management", estimated_time_to_regain_access: 2 }],
      "456": [{ type: "ads_insights" }],
    };
    const error = classify({ code: 80004, error_subcode: 2446079 }, 400, "api", {
      "x-business-use-case-usage": JSON.stringify(usage),
    });
    expect(error).toMatchObject({
      kind: "throttled",
      retryAfterMs: 120_000,
      platformCode: "80004/2446079",
      httpStatus: 400,
    });
    expect(classify({ code: 4 }, 400, "api", { "x-business-use-case-usage": "not json" }).retryAfterMs).toBeNull();
  });

  it("adds Meta's message for people to a rejection", () => {
    const error = classify({ code: 100, message: "Invalid parameter", error_user_msg: "Budget too low." });
    expect(error.message).toBe("Invalid parameter: Budget too low.");
  });
});
