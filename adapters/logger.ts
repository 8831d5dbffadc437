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

const CENSOR = "[redacted]";
const SECRETS = new Set(SECRET_KEYS);
/** Inside a `headers` object, the cookies a response sets are secret too. */
const HEADER_SECRETS = new Set([...SECRET_KEYS, "set-cookie"]);
/** A logged object is usually one or two levels deep ({ err }, { req: { headers } }): secrets are looked for that deep. */
const REDACTED_DEPTH = 2;

/**
 * `value` with every secret field (SECRET_KEYS, and `headers["set-cookie"]`) up to REDACTED_DEPTH levels below
 * the line's own fields replaced by "[redacted]". Copy on write: the caller's objects are never changed,
 * and a line without secrets (nearly all of them) is returned as it came, after a look at each key.
 * (pino's own `redact` did the same through 63 wildcard paths, which cost more than writing the line.)
 */
function redactSecrets<T>(value: T, depth = 0, secrets: ReadonlySet<string> = SECRETS): T {
  if (typeof value !== "object" || value === null) return value;
  let copy: Record<string, unknown> | undefined;
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const field = source[key];
    let redacted = field;
    if (secrets.has(key)) redacted = field === undefined ? field : CENSOR;
    else if (depth < REDACTED_DEPTH && typeof field === "object" && field !== null)
      redacted = redactSecrets(field, depth + 1, key === "headers" ? HEADER_SECRETS : SECRETS);
    if (redacted === field) continue;
    copy ??= copyOf(source);
    copy[key] = redacted;
  }
  return (copy ?? value) as T;
}

/** A shallow copy that keeps what makes an error an error (its class, message, stack and cause) for pino's serializer. */
function copyOf(source: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(source)) return [...source] as unknown as Record<string, unknown>;
  if (!(source instanceof Error)) return { ...source };
  const copy = Object.assign(Object.create(Object.getPrototypeOf(source) as object) as Error, source);
  for (const name of ["message", "stack", "cause"] as const) {
    const property = Object.getOwnPropertyDescriptor(source, name);
    // The value, not the descriptor: V8's stack is an accessor bound to the original error.
    if (property)
      Object.defineProperty(copy, name, {
        value: source[name],
        enumerable: property.enumerable,
        writable: true,
        configurable: true,
      });
  }
  return copy as unknown as Record<string, unknown>;
}

/** Structured JSON logs in production; readable lines in development. */
export function createLogger({ level, isPretty, destination }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    formatters: { log: (line) => redactSecrets(line) },
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
