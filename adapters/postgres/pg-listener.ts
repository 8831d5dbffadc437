import pg from "pg";
import type { Logger } from "#core/ports/logger.ts";

export interface PgListener {
  close(): Promise<void>;
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

/**
 * LISTENs on a PostgreSQL channel on a connection of its own (a pooled one would be handed back),
 * and reconnects with a growing wait when that connection drops. After each (re)connect `onListening`
 * runs: what was announced while nobody listened is caught up there.
 */
export function listenToPostgres({
  connectionString,
  channel,
  onNotification,
  onListening,
  logger,
}: {
  connectionString: string;
  channel: string;
  onNotification: (payload: string) => void;
  onListening?: () => void;
  logger: Logger;
}): PgListener {
  let client: pg.Client | undefined;
  let isClosed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (isClosed || retry) return;
    const waitMs = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, waitMs);
    retry.unref();
  };

  async function connect() {
    if (isClosed) return;
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    const drop = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners("notification");
      next.end().catch(() => {});
      if (!isClosed) {
        logger.warn({ err: error, channel }, "lost the database notification connection; reconnecting");
        scheduleReconnect();
      }
    };
    client = next;
    next.on("error", drop);
    next.on("end", () => drop());
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload) onNotification(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (isClosed) return;
      failures = 0;
      onListening?.();
    } catch (error) {
      drop(error as Error);
    }
  }

  void connect();
  return {
    async close() {
      isClosed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
