/**
 * The MCP server at /api/mcp (issue 21 §2): the assistant's tools over the Model Context Protocol's
 * Streamable HTTP transport (the official SDK's web-standard transport, stateless: each POST is
 * answered on its own, in JSON). Callers authenticate with an API key (Authorization: Bearer),
 * counted and rate limited like the REST API; a key sees and calls only the tools its scope allows.
 * Writes are proposals; a read_write key may apply one at once with `confirm: true`. The SDK is
 * loaded on the first call (mcp-session.ts), so a server nobody asks over MCP never loads it.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { apiKeyActor } from "#core/access/actor.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { ApiEnv } from "./api-env.ts";
import { errorResponse, wwwAuthenticate } from "./api-errors.ts";
import type { McpServices } from "./mcp-session.ts";
import { MISSING_KEY_MESSAGE } from "./request-guards.ts";

export type { McpServices } from "./mcp-session.ts";

export const MCP_PATH = "/api/mcp";

/**
 * The /api/mcp route, behind the API's access middleware (key, limits, RateLimit headers): POST
 * carries JSON-RPC; GET and DELETE answer 405 (no server-sent stream, no sessions in stateless mode).
 */
export function createMcpApp(options: {
  access: MiddlewareHandler<ApiEnv>;
  services: () => McpServices;
  logger: Logger;
}) {
  const app = new Hono<ApiEnv>();
  app.use(MCP_PATH, options.access);
  app.all(MCP_PATH, async (c) => {
    const principal = c.get("principal");
    if (!principal)
      return errorResponse(c, 401, "unauthorized", MISSING_KEY_MESSAGE, { "WWW-Authenticate": wwwAuthenticate(false) });
    if (c.req.method !== "POST")
      return errorResponse(c, 405, "method_not_allowed", "The MCP endpoint takes POST requests.", { Allow: "POST" });
    const { answerMcp } = await import("./mcp-session.ts");
    return answerMcp(options.services(), apiKeyActor(principal), options.logger, c.req.raw);
  });
  return app;
}
