import { Hono } from "hono";
import { type DatabaseHandle, pingDatabase } from "#core/db/database.ts";

const PING_TIMEOUT_MS = 2_000;

/**
 * GET /healthz: 200 when the database answers a round-trip, 503 when it does not, and 503
 * "draining" once the node is stopping (a load balancer sends new requests to the other nodes while
 * this one finishes the requests it has).
 */
export function healthRoutes(database: DatabaseHandle, isDraining: () => boolean = () => false) {
  return new Hono().get("/healthz", async (c) => {
    c.header("Cache-Control", "no-store");
    if (isDraining()) {
      c.header("Connection", "close");
      return c.json({ status: "draining" }, 503);
    }
    try {
      await withTimeout(pingDatabase(database.db), PING_TIMEOUT_MS);
      return c.json({ status: "ok" });
    } catch {
      return c.json({ status: "error", database: "unreachable" }, 503);
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
