import type { Hono } from "hono";
import type { SandboxKit } from "../sandbox-kit.ts";
import { PLATFORM, SHOP_DOMAIN } from "./shopify-common.ts";

/**
 * `DELETE /{shop}/admin/api_permissions/current.json` with the app's access token: the app
 * uninstalls itself from the shop. Shopify answers `{}`; afterwards every token of the
 * installation is refused (401), and so is its refresh token.
 */
export function registerShopifyUninstall(app: Hono, kit: SandboxKit): void {
  app.delete("/:shop/admin/api_permissions/current.json", async (c) => {
    if (!SHOP_DOMAIN.test(c.req.param("shop"))) return c.json({ errors: "Not Found" }, 404);
    const token = c.req.header("X-Shopify-Access-Token") ?? "";
    const check = token ? await kit.credentials.checkAccessToken(token, PLATFORM) : null;
    if (!check?.ok)
      return c.json({ errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" }, 401);
    await kit.credentials.revokeGrant(check.tenant, PLATFORM);
    return c.json({});
  });
}
