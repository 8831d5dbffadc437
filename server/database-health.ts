import { type DatabaseHandle, pingDatabase } from "#core/db/database.ts";

const PING_TIMEOUT_MS = 2_000;
/** While the database is unreachable, how often a node looks again (and so how soon it recovers). */
const RECHECK_INTERVAL_MS = 1_000;

/** Errors that say the database cannot be reached (as opposed to a query that is wrong). */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  // PostgreSQL: terminated by an administrator, crash shutdown, starting up, too many connections.
  "57P01",
  "57P02",
  "57P03",
  "53300",
  // SQLite: the file cannot be opened or read.
  "SQLITE_CANTOPEN",
  "SQLITE_IOERR",
]);
const UNREACHABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed/i;

/** Whether `error` (or what caused it) says the database is out of reach. */
export function isDatabaseUnreachableError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && UNREACHABLE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}

export interface DatabaseHealth {
  /** True from a failed round-trip until one succeeds again (checked every second meanwhile). */
  isUnreachable(): boolean;
  /** One round-trip now; records the result. */
  check(): Promise<boolean>;
  stop(): void;
}

/**
 * The node's view of its database: once a round-trip fails, requests are answered at once with the
 * "database unreachable" page instead of each waiting out the connection timeout, and the node looks
 * again every second; the first success ends it. The pool reconnects by itself: nothing restarts.
 */
export function createDatabaseHealth(database: Pick<DatabaseHandle, "db">): DatabaseHealth {
  let isDown = false;
  let recheck: NodeJS.Timeout | undefined;
  let checking: Promise<boolean> | undefined;

  const check = () => {
    checking ??= withTimeout(pingDatabase(database.db), PING_TIMEOUT_MS)
      .then(
        () => true,
        () => false,
      )
      .then((isReachable) => {
        checking = undefined;
        isDown = !isReachable;
        if (isDown && !recheck) {
          recheck = setInterval(() => void check(), RECHECK_INTERVAL_MS);
          recheck.unref();
        } else if (!isDown && recheck) {
          clearInterval(recheck);
          recheck = undefined;
        }
        return isReachable;
      });
    return checking;
  };

  return {
    isUnreachable: () => isDown,
    check,
    stop() {
      clearInterval(recheck);
      recheck = undefined;
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
