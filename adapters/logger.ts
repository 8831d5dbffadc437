import pino, { type Logger } from "pino";

export type { Logger };

export interface LoggerOptions {
  level: string;
  isPretty: boolean;
}

/** Structured JSON logs in production; readable lines in development. */
export function createLogger({ level, isPretty }: LoggerOptions): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.token"],
      censor: "[redacted]",
    },
    ...(isPretty
      ? {
          transport: {
            target: "pino-pretty",
            options: { colorize: true, translateTime: "HH:MM:ss.l", ignore: "pid,hostname" },
          },
        }
      : {}),
  });
}
