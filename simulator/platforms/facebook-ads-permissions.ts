import type { Context, Hono } from "hono";
import type { SandboxKit } from "../sandbox-kit.ts";
import { PLATFORM } from "./facebook-ads-common.ts";

/** How the Graph API routes authenticate a call: the tenant and parameters, or Meta's error answer. */
type Authenticate = (c: Context) => Promise<{ tenant: string; params: Record<string, string> } | Response>;

/**
 * `DELETE /me/permissions`: the person removes the app (Meta's deauthorization). Every token of
 * the grant then fails with code 190, subcode 458 ("The user has not authorized application").
 */
export function registerFacebookPermissions(graph: Hono, kit: SandboxKit, authenticate: Authenticate): void {
  graph.delete("/me/permissions", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    await kit.credentials.revokeGrant(auth.tenant, PLATFORM);
    return c.json({ success: true });
  });
}
