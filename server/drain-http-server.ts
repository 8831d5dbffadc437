import type { Server as HttpServer } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/** The listener stays open until no connection came in for this long: the ones the kernel had queued get accepted. */
const QUIET_MS = 100;
/** …but no longer than this, however busy the node is. */
const MAX_LISTEN_AFTER_STOP_MS = 2_000;
/** A connection that never sent a request by then is closed (a request sent before the stop arrives long before). */
const SILENT_CONNECTION_GRACE_MS = 5_000;
const SWEEP_MS = 25;

interface Tracked {
  /** Requests received on it whose answer has not finished. */
  active: number;
  /** Whether it carried a request already (then, idle, it is a keep-alive connection waiting). */
  hasServed: boolean;
}

export interface HttpDrain {
  /**
   * Stops accepting connections and resolves once every open one is closed, losing no request that
   * was sent before: connections already queued by the kernel are accepted first, requests under
   * way finish (told not to keep alive), keep-alive connections waiting idle are closed, and a
   * connection accepted but not heard from yet gets time to send its request.
   */
  close(): Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Follows the server's connections from the start, so a stop knows which are idle keep-alives and
 * which carry a request that has not been read yet. (http.Server.close() drops every connection
 * without a parsed request at once, and closing the listening socket resets the connections the
 * kernel accepted but the process has not yet: both lose requests a client already sent.)
 */
export function drainHttpServer(server: HttpServer): HttpDrain {
  const sockets = new Map<Socket, Tracked>();
  let isClosing = false;
  let lastConnectionAt = 0;
  server.on("connection", (socket: Socket) => {
    lastConnectionAt = Date.now();
    sockets.set(socket, { active: 0, hasServed: false });
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("request", (request, response) => {
    const tracked = sockets.get(request.socket);
    if (!tracked) return;
    tracked.active += 1;
    tracked.hasServed = true;
    if (isClosing) response.shouldKeepAlive = false;
    response.once("close", () => {
      tracked.active -= 1;
      if (isClosing && tracked.active === 0) request.socket.destroySoon();
    });
  });

  async function stopListening() {
    const startedAt = Date.now();
    while (Date.now() - startedAt < MAX_LISTEN_AFTER_STOP_MS) {
      await wait(QUIET_MS);
      // A timer's continuation runs before the loop's poll phase, which is where connections are
      // accepted: after this one, what the kernel had queued has been seen.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (Date.now() - lastConnectionAt >= QUIET_MS) break;
    }
    // net's close, not http's: that one would drop the connections not heard from yet.
    await new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  }

  return {
    async close() {
      isClosing = true;
      const startedAt = Date.now();
      const listening = stopListening();
      while (sockets.size > 0 || !(await Promise.race([listening.then(() => true), wait(0).then(() => false)]))) {
        for (const [socket, tracked] of sockets) {
          if (tracked.active > 0) continue;
          if (tracked.hasServed || Date.now() - startedAt > SILENT_CONNECTION_GRACE_MS) socket.destroySoon();
        }
        await wait(SWEEP_MS);
      }
      await listening;
    },
  };
}
