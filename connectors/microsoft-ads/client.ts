import type { z } from "zod";
import { parseRetryAfter } from "#connectors/platform-error.ts";
import { errorFromStatus, readJsonBody, sendPlatformRequest } from "#connectors/platform-http.ts";
import type { ConnectorConfig } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { readCsvRecords, readZipEntries } from "./report-file.ts";
import { microsoftFaultSchema } from "./schemas.ts";

export type MicrosoftService = "customerManagement" | "campaignManagement" | "reporting";

/** The account scope a call acts in: the CustomerId and CustomerAccountId headers. */
export interface MicrosoftScope {
  customerId?: string;
  accountId?: string;
}

/** Throttling: 117 CallRateExceeded; 207 ConcurrentRequestOverLimit (too many reports in flight). */
const THROTTLE_CODES = new Set([117, 207]);
/** 109 AuthenticationTokenExpired; 105 InvalidCredentials (an unknown or revoked token). */
const TOKEN_CODES = new Set([105, 109]);

/** The Microsoft Advertising REST API (v13) for one app; every call takes the user's access token. */
export function createMicrosoftAdsClient(config: ConnectorConfig) {
  return {
    /** Calls one service operation (POST …/Query, PUT …/Campaigns) and parses the answer. */
    async call<T extends z.ZodType>(input: {
      service: MicrosoftService;
      path: string;
      accessToken: string;
      body: unknown;
      schema: T;
      scope?: MicrosoftScope;
      method?: "POST" | "PUT";
    }): Promise<z.output<T>> {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${input.accessToken}`,
        DeveloperToken: config.developerToken ?? "",
      };
      if (input.scope?.customerId) headers.CustomerId = input.scope.customerId;
      if (input.scope?.accountId) headers.CustomerAccountId = input.scope.accountId;
      const response = await sendPlatformRequest({
        platform: "microsoft-ads",
        url: `${config.urls[input.service] ?? ""}/${input.path}`,
        method: input.method ?? "POST",
        headers,
        json: input.body,
      });
      const body = await readJsonBody(response);
      if (!response.ok) throw readMicrosoftAdsError(response, body);
      return parseMicrosoftAds(input.schema, body);
    },

    /** Downloads a finished report (a ZIP holding one CSV) and reads its records. */
    async downloadReport(url: string): Promise<Record<string, string>[]> {
      // The download URL is pre-signed; it takes no credentials.
      const response = await sendPlatformRequest({ platform: "microsoft-ads", url, headers: { accept: "*/*" } });
      if (!response.ok) {
        await response.body?.cancel();
        throw errorFromStatus("microsoft-ads", response, `The report download answered ${response.status}.`);
      }
      const archive = Buffer.from(await response.arrayBuffer());
      try {
        const csv = readZipEntries(archive).find((entry) => entry.name.toLowerCase().endsWith(".csv"));
        if (!csv) throw new Error("The report ZIP holds no CSV file.");
        return readCsvRecords(csv.content.toString("utf8"));
      } catch (error) {
        throw new PlatformError("microsoft-ads", "rejected", (error as Error).message);
      }
    },
  };
}

export function parseMicrosoftAds<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
    throw new PlatformError(
      "microsoft-ads",
      "rejected",
      `Microsoft Ads answered in an unexpected shape${where}: ${issue?.message ?? "invalid"}.`,
    );
  }
  return parsed.data;
}

/**
 * Reads ApiFaultDetail / AdApiFaultDetail as a PlatformError: 117/207 → throttled, 105/109 →
 * token_expired, 0 InternalError or 5xx → unavailable, anything else → rejected with Microsoft's message.
 */
export function readMicrosoftAdsError(response: Response, body: unknown): PlatformError {
  const parsed = microsoftFaultSchema.safeParse(body);
  const errors = parsed.success
    ? [...(parsed.data.OperationErrors ?? []), ...(parsed.data.Errors ?? []), ...(parsed.data.BatchErrors ?? [])]
    : [];
  const first = errors[0];
  if (!first) return errorFromStatus("microsoft-ads", response);
  const message = first.Message || first.ErrorCode || `Microsoft Ads answered ${response.status}.`;
  const details = {
    platformCode: first.ErrorCode ? `${first.Code ?? ""} ${first.ErrorCode}`.trim() : (first.Code ?? null),
    httpStatus: response.status,
  };
  const codes = errors.map((error) => error.Code);
  if (codes.some((code) => code !== undefined && THROTTLE_CODES.has(code)) || response.status === 429) {
    return new PlatformError("microsoft-ads", "throttled", message, {
      ...details,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
    });
  }
  if (codes.some((code) => code !== undefined && TOKEN_CODES.has(code))) {
    return new PlatformError("microsoft-ads", "token_expired", message, details);
  }
  if (response.status >= 500 || codes.includes(0)) {
    return new PlatformError("microsoft-ads", "unavailable", message, details);
  }
  return new PlatformError("microsoft-ads", "rejected", message, details);
}
