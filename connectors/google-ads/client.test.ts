import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { PlatformError } from "#core/shared/connector-port.ts";
import { createGoogleAdsClient, readGoogleAdsError } from "./client.ts";

const FAILURE = "type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure";

function statusBody(code: number, status: string, errors: unknown[]) {
  return { error: { code, message: "Top-level message.", status, details: [{ "@type": FAILURE, errors }] } };
}

describe("readGoogleAdsError", () => {
  it("reads a quota error inside a searchStream array as throttled with its retry delay", () => {
    const body = [
      statusBody(429, "RESOURCE_EXHAUSTED", [
        {
          errorCode: { quotaError: "RESOURCE_EXHAUSTED" },
          message: "Too many requests.",
          details: { quotaErrorDetails: { retryDelay: "2.5s" } },
        },
      ]),
    ];
    const error = readGoogleAdsError(new Response(null, { status: 200 }), body);
    expect(error).toMatchObject({
      kind: "throttled",
      retryAfterMs: 2500,
      httpStatus: 429,
      platformCode: "quotaError.RESOURCE_EXHAUSTED",
      message: "Too many requests.",
    });
  });

  it("reads a revoked or disabled OAuth token as access_revoked and an expired one as token_expired", () => {
    const revoked = statusBody(401, "UNAUTHENTICATED", [{ errorCode: { authenticationError: "OAUTH_TOKEN_REVOKED" } }]);
    expect(readGoogleAdsError(new Response(null, { status: 401 }), revoked).kind).toBe("access_revoked");
    const expired = statusBody(401, "UNAUTHENTICATED", [{ errorCode: { authenticationError: "OAUTH_TOKEN_EXPIRED" } }]);
    expect(readGoogleAdsError(new Response(null, { status: 401 }), expired).kind).toBe("token_expired");
  });

  it("falls back to the HTTP status when the body is not Google's envelope", () => {
    const gateway = readGoogleAdsError(new Response(null, { status: 502, headers: { "retry-after": "30" } }), null);
    expect(gateway).toMatchObject({ kind: "unavailable", retryAfterMs: 30_000 });
    expect(readGoogleAdsError(new Response(null, { status: 404 }), "<html>").kind).toBe("rejected");
  });

  it("keeps Google's own message for a rejection", () => {
    const body = statusBody(400, "INVALID_ARGUMENT", [
      { errorCode: { campaignBudgetError: "NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT" }, message: "Not a multiple." },
    ]);
    expect(readGoogleAdsError(new Response(null, { status: 400 }), body)).toMatchObject({
      kind: "rejected",
      message: "Not a multiple.",
      platformCode: "campaignBudgetError.NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT",
    });
  });
});

describe("a report answer cut off mid-body", () => {
  it("is Google being unavailable, which a later attempt retries, not an answer of the wrong shape", async () => {
    // Google starts the stream, then the connection drops before the array is closed.
    const server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": "100000" });
      response.write('[{"results":[{"campaign":{"id":"1"}}');
      setImmediate(() => response.socket?.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = createGoogleAdsClient({
        clientId: "id",
        clientSecret: "secret",
        urls: { api: `http://127.0.0.1:${port}` },
      });
      const failure = await client
        .searchStream("token", "123", "SELECT campaign.id FROM campaign")
        .catch((error) => error);
      expect(failure).toBeInstanceOf(PlatformError);
      expect(failure).toMatchObject({ kind: "unavailable", isRetryable: true });
    } finally {
      server.close();
    }
  });
});
