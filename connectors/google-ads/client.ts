import type { z } from "zod";
import { microsToMinor } from "#connectors/money-units.ts";
import { parseDurationMs, parseRetryAfter } from "#connectors/platform-error.ts";
import { errorFromStatus, readJsonBody, sendPlatformRequest } from "#connectors/platform-http.ts";
import type { ConnectorConfig } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { minorToDecimal } from "#core/shared/money.ts";
import { readSearchStreamRows } from "./fast-rows.ts";
import {
  type GoogleAdsFailureError,
  type GoogleAdsRow,
  type GoogleStatusError,
  googleStatusErrorSchema,
  listAccessibleCustomersSchema,
  mutateResponseSchema,
  searchResponseSchema,
  searchStreamResponseSchema,
} from "./schemas.ts";

export const GOOGLE_ADS_API_VERSION = "v26";

/** Enough pages for 10 million rows; a loop beyond that means the platform keeps repeating a token. */
const MAX_SEARCH_PAGES = 1000;

/** One operation of a `campaigns:mutate` or `campaignBudgets:mutate`: a create, an update with its mask, or a remove. */
export type MutateOperation =
  | { create: Record<string, unknown> }
  | { updateMask: string; update: Record<string, unknown> }
  | { remove: string };

/** The Google Ads REST API (v26) for one app; every call takes the user's access token. */
export function createGoogleAdsClient(config: ConnectorConfig) {
  const apiRoot = `${config.urls.api ?? ""}/${GOOGLE_ADS_API_VERSION}`;

  async function call(accessToken: string, path: string, json?: unknown): Promise<unknown> {
    const response = await sendPlatformRequest({
      platform: "google-ads",
      url: `${apiRoot}/${path}`,
      method: json === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${accessToken}` },
      json,
    });
    const body = await readJsonBody(response, "google-ads");
    if (!response.ok) throw readGoogleAdsError(response, body);
    return body;
  }

  return {
    /** The ids of the customers the user reaches directly. */
    async listAccessibleCustomers(accessToken: string): Promise<string[]> {
      const body = parseGoogleAds(
        listAccessibleCustomersSchema,
        await call(accessToken, "customers:listAccessibleCustomers"),
      );
      return body.resourceNames.map((name) => name.slice("customers/".length));
    },

    /** Runs a GAQL query with `:search`, following nextPageToken through every page of 10,000 rows. */
    async search(accessToken: string, customerId: string, query: string): Promise<GoogleAdsRow[]> {
      const rows: GoogleAdsRow[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_SEARCH_PAGES; page++) {
        const body = parseGoogleAds(
          searchResponseSchema,
          await call(
            accessToken,
            `customers/${customerId}/googleAds:search`,
            pageToken ? { query, pageToken } : { query },
          ),
        );
        rows.push(...body.results);
        if (!body.nextPageToken) return rows;
        pageToken = body.nextPageToken;
      }
      throw new PlatformError(
        "google-ads",
        "rejected",
        "Google Ads kept returning more pages than any query can have.",
      );
    },

    /**
     * Runs a GAQL query with `:searchStream`: one answer, a JSON array of batches. `bySchema` reads
     * it with the schema alone (resources the hand-written reader does not know, e.g. ad_group_ad).
     */
    async searchStream(
      accessToken: string,
      customerId: string,
      query: string,
      options: { bySchema?: boolean } = {},
    ): Promise<GoogleAdsRow[]> {
      const body = await call(accessToken, `customers/${customerId}/googleAds:searchStream`, { query });
      // A stream that fails after it started carries the error as an element of the array.
      if (Array.isArray(body)) {
        const failed = body.find((batch) => typeof batch === "object" && batch !== null && "error" in batch);
        if (failed) throw readGoogleAdsError(new Response(null, { status: 200 }), failed);
      }
      // Report rows come by the hundred thousand: read them by hand, and by the schema when unsure.
      return (
        (options.bySchema ? null : readSearchStreamRows(body)) ??
        parseGoogleAds(searchStreamResponseSchema, body).flatMap((batch) => batch.results)
      );
    },

    /** `campaigns:mutate`, `campaignBudgets:mutate` or `ads:mutate`; answers the resource name of each operation, in order. */
    async mutate(
      accessToken: string,
      customerId: string,
      service: "campaigns" | "campaignBudgets" | "ads" | "assets" | "adGroupAds",
      operations: MutateOperation[],
    ): Promise<string[]> {
      const body = parseGoogleAds(
        mutateResponseSchema,
        await call(accessToken, `customers/${customerId}/${service}:mutate`, { operations }),
      );
      return body.results.map((result) => result.resourceName ?? "");
    },
  };
}

/** Parses a successful answer; an unexpected shape is a rejection, not a crash. */
export function parseGoogleAds<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
    throw new PlatformError(
      "google-ads",
      "rejected",
      `Google Ads answered in an unexpected shape${where}: ${issue?.message ?? "invalid"}.`,
    );
  }
  return parsed.data;
}

/**
 * Reads Google's Status envelope (and the GoogleAdsFailure inside it) as a PlatformError:
 * QuotaError → throttled with QuotaErrorDetails.retryDelay, UNAUTHENTICATED → token_expired
 * (revoked or disabled tokens → access_revoked), 5xx → unavailable, the rest → rejected.
 */
export function readGoogleAdsError(response: Response, body: unknown): PlatformError {
  const envelope = Array.isArray(body) ? body.find((item) => googleStatusErrorSchema.safeParse(item).success) : body;
  const parsed = googleStatusErrorSchema.safeParse(envelope);
  if (!parsed.success) return errorFromStatus("google-ads", response);
  const status = parsed.data.error;
  const failures = (status.details ?? []).flatMap((detail) => detail.errors ?? []);
  const codes = failures.flatMap((failure) => Object.entries(failure.errorCode ?? {}));
  const first = failures[0];
  const firstCode = codes[0];
  const httpStatus = status.code ?? response.status;
  const platformCode = firstCode ? `${firstCode[0]}.${firstCode[1]}` : (status.status ?? null);
  const message =
    (first?.message ?? status.message ?? `Google Ads answered ${httpStatus}.`) + describeBudgetMinimum(first);
  const details = { platformCode, httpStatus };

  const quota = codes.find(([kind]) => kind === "quotaError");
  if (quota || status.status === "RESOURCE_EXHAUSTED" || httpStatus === 429) {
    const delays = failures.map((failure) => parseDurationMs(failure.details?.quotaErrorDetails?.retryDelay));
    const retryAfterMs = delays.find((delay) => delay !== null) ?? parseRetryAfter(response.headers.get("retry-after"));
    return new PlatformError("google-ads", "throttled", message, { ...details, retryAfterMs });
  }
  if (status.status === "UNAUTHENTICATED" || httpStatus === 401) {
    const auth = codes.find(([kind]) => kind === "authenticationError")?.[1];
    const isGrantGone = auth === "OAUTH_TOKEN_REVOKED" || auth === "OAUTH_TOKEN_DISABLED";
    return new PlatformError("google-ads", isGrantGone ? "access_revoked" : "token_expired", message, details);
  }
  if (isUnavailable(status, httpStatus)) {
    return new PlatformError("google-ads", "unavailable", message, {
      ...details,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
    });
  }
  return new PlatformError("google-ads", "rejected", message, details);
}

/** Google's message for a budget under the per-day minimum names no amount; its details do. */
function describeBudgetMinimum(failure: GoogleAdsFailureError | undefined): string {
  const minimum = failure?.details?.budgetPerDayMinimumErrorDetails;
  const micros = minimum?.minimumBudgetAmountMicros ?? minimum?.budgetPerDayMinimumMicros;
  if (!minimum?.currencyCode || micros === undefined) return "";
  const amount = minorToDecimal(microsToMinor(micros, minimum.currencyCode), minimum.currencyCode);
  return ` The minimum daily budget is ${amount} ${minimum.currencyCode}.`;
}

function isUnavailable(status: GoogleStatusError, httpStatus: number): boolean {
  return (
    httpStatus >= 500 ||
    status.status === "INTERNAL" ||
    status.status === "UNAVAILABLE" ||
    status.status === "DEADLINE_EXCEEDED"
  );
}
