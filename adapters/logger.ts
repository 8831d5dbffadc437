import pino, { type DestinationStream } from "pino";
import { requestLogFields } from "#core/observability/request-context.ts";
import type { Logger } from "#core/ports/logger.ts";

export interface LoggerOptions {
  level: string;
  isPretty: boolean;
  /** Where JSON lines go instead of stdout (tests read what was logged). Ignored when pretty. */
  destination?: DestinationStream;
}

/** Field names whose values are credentials or one-time secrets, wherever they are logged. */
const SECRET_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "confirmPassword",
  "token",
  "token_hash",
  "access_token",
  "refresh_token",
  "accessToken",
  "refreshToken",
  "idToken",
  "handoff",
  "secret",
  "clientSecret",
  "apiKey",
  "plaintext",
  "authorization",
  "cookie",
  // Stripe: the secret key, the webhook signing secret and a webhook's signature header.
  "secretKey",
  "webhookSecret",
  "stripe-signature",
];

// A logged object is usually one or two levels deep ({ err }, { req: { headers } }); fast-redact
// needs a path per depth.
export const REDACTED_PATHS = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  'headers["set-cookie"]',
  '*.headers["set-cookie"]',
];

/** Structured JSON logs in production; readable lines in development. */
export function createLogger({ level, isPretty, destination }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    // Every line logged while serving a request carries its id and, once known, its organization.
    mixin: requestLogFields,
    ...(isPretty
      ? {
          transport: {
            target: "pino-pretty",
            options: { colorize: true, translateTime: "HH:MM:ss.l", ignore: "pid,hostname" },
          },
        }
      : {}),
  };
  return destination && !isPretty ? pino(options, destination) : pino(options);
}
